import { Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { FormField } from "~/components/ui/form-field";
import { Input, Select } from "~/components/ui/input";
import { cn } from "~/lib/cn";
import { amountInput, formatMoney, parseAmount } from "~/lib/money";
import {
  CONNECTED_PAYMENT_METHODS,
  changeDue,
  checkTenders,
  OFFLINE_PAYMENT_METHODS,
  POS_PAYMENT_METHODS,
  type PosPaymentMethod,
  quickTenders,
} from "../pos-rules";
import type { PosSaleInput } from "../schemas/pos-sale";

type Payments = PosSaleInput["payments"];
type Part = {
  key: string;
  method: PosPaymentMethod;
  amountCents: number;
  tenderedCents: number | null;
  reference: string;
};

const LABELS: Record<string, string> = Object.fromEntries(POS_PAYMENT_METHODS.map((m) => [m.value, m.label]));
const TENDER_REFUSALS: Record<string, string> = {
  POS_PAYMENTS_MISMATCH: "The parts do not add up to the total.",
  POS_CASH_TOO_LOW: "The cash tendered is less than the cash part.",
  POS_CHANGE_NOT_CASH: "Only cash gives change.",
  POS_CARD_NOT_SPLIT: "A sale takes one card or pay-on-phone part.",
};

const isConnected = (method: string) => CONNECTED_PAYMENT_METHODS.includes(method as PosPaymentMethod);

/** Cash cents tendered for `dueCents`: the typed amount and its change, or null when it does not cover it. */
function CashTendered({
  dueCents,
  currency,
  tendered,
  onTendered,
}: {
  dueCents: number;
  currency: string;
  tendered: string;
  onTendered: (value: string) => void;
}) {
  const tenderedId = useId();
  const tenderedCents = parseAmount(tendered);
  const change = tenderedCents === null ? null : changeDue(dueCents, tenderedCents);
  return (
    <>
      <FormField id={tenderedId} label="Cash tendered">
        {(control) => (
          <Input
            {...control}
            inputMode="decimal"
            value={tendered}
            onChange={(event) => onTendered(event.currentTarget.value)}
          />
        )}
      </FormField>
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">Quick amounts</legend>
        {quickTenders(dueCents).map((amount) => (
          <Button key={amount} size="sm" variant="secondary" onClick={() => onTendered(amountInput(amount))}>
            {formatMoney(amount, currency)}
          </Button>
        ))}
      </fieldset>
      <p aria-live="polite" className="text-lg font-semibold tabular-nums">
        {change === null ? "Not enough cash tendered" : `Change: ${formatMoney(change, currency)}`}
      </p>
    </>
  );
}

/**
 * The payment panel: one method for the whole sale, or a split into parts (cash with change on the cash part only,
 * one card or phone part, other methods with a reference) added until the total is covered.
 */
export function PayPanel({
  totalCents,
  currency,
  online,
  methods,
  onCancel,
  onPay,
  onStart,
}: {
  totalCents: number;
  currency: string;
  online: boolean;
  methods: PosPaymentMethod[];
  onCancel: () => void;
  onPay: (payments: Payments, changeCents: number) => Promise<void>;
  /** Starts a sale whose card or pay-on-phone part the reader or the buyer's phone takes; answers a refusal or null. */
  onStart: (payments: Payments, changeCents: number) => Promise<string | null>;
}) {
  const usable = methods.filter((m) => online || OFFLINE_PAYMENT_METHODS.includes(m));
  const offered: { value: PosPaymentMethod | "split"; label: string }[] = [
    ...usable.map((value) => ({ value, label: LABELS[value] ?? value })),
    ...(usable.length > 1 ? [{ value: "split" as const, label: "Split" }] : []),
  ];
  const [method, setMethod] = useState<PosPaymentMethod | "split">(offered[0]?.value ?? "cash");
  const [tendered, setTendered] = useState(amountInput(totalCents));
  const [reference, setReference] = useState("");
  const [parts, setParts] = useState<Part[]>([]);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const referenceId = useId();

  async function submit(payments: Payments, changeCents: number) {
    setError("");
    setBusy(true);
    try {
      if (payments.some((p) => isConnected(p.method))) {
        if (!online) return setError("Card and pay-on-phone payments need a connection.");
        const refusal = await onStart(payments, changeCents);
        if (refusal) setError(refusal);
      } else await onPay(payments, changeCents);
    } finally {
      setBusy(false);
    }
  }

  function payWhole() {
    if (method === "split") return;
    if (method === "cash") {
      const tenderedCents = parseAmount(tendered);
      const change = tenderedCents === null ? null : changeDue(totalCents, tenderedCents);
      if (tenderedCents === null || change === null) return setError("The cash tendered is less than the amount due.");
      return void submit([{ method: "cash", amountCents: totalCents, tenderedCents }], change);
    }
    if (method === "other" && !reference.trim())
      return setError("Please note how the buyer paid, like the app's name.");
    void submit([{ method, amountCents: totalCents, reference: method === "other" ? reference.trim() : "" }], 0);
  }

  function paySplit() {
    const checked = checkTenders(totalCents, parts);
    if (!checked.ok) return setError(TENDER_REFUSALS[checked.code] ?? "The parts do not add up to the total.");
    void submit(
      parts.map(({ key: _, ...p }) => ({ ...p, tenderedCents: p.method === "cash" ? p.tenderedCents : null })),
      checked.changeCents,
    );
  }

  const split = method === "split";
  const coveredCents = parts.reduce((sum, p) => sum + p.amountCents, 0);
  const connectedPart = parts.some((p) => isConnected(p.method));
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{`Payment · ${formatMoney(totalCents, currency)}`}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <fieldset>
          <legend className="text-sm font-medium">Payment method</legend>
          <div className="mt-2 flex flex-wrap gap-2">
            {offered.map(({ value, label }) => (
              <label
                key={value}
                className={cn(
                  "flex items-center gap-2 rounded-md border px-3 py-2 text-sm",
                  method === value && "border-primary",
                )}
              >
                <input
                  type="radio"
                  name="pos-method"
                  value={value}
                  checked={method === value}
                  onChange={() => {
                    setMethod(value);
                    setError("");
                  }}
                />
                {label}
              </label>
            ))}
          </div>
          {!online ? (
            <p className="mt-2 text-xs text-muted-foreground">
              Offline: card payments need a connection; cash and other methods work.
            </p>
          ) : null}
        </fieldset>
        {method === "cash" ? (
          <CashTendered dueCents={totalCents} currency={currency} tendered={tendered} onTendered={setTendered} />
        ) : null}
        {method === "other" ? (
          <FormField id={referenceId} label="Paid with (app or reference)">
            {(control) => (
              <Input {...control} value={reference} onChange={(event) => setReference(event.currentTarget.value)} />
            )}
          </FormField>
        ) : null}
        {split ? (
          <SplitParts
            totalCents={totalCents}
            currency={currency}
            methods={usable.filter((m) => !(connectedPart && isConnected(m)))}
            parts={parts}
            onAdd={(part) => {
              setParts([...parts, part]);
              setError("");
            }}
            onRemove={(index) => setParts(parts.filter((_, i) => i !== index))}
            onError={setError}
          />
        ) : null}
        {error ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            {error}
          </p>
        ) : null}
        <div className="flex gap-2">
          <Button
            size="lg"
            className="flex-1"
            disabled={busy || (split && coveredCents !== totalCents)}
            onClick={() => (split ? paySplit() : payWhole())}
          >
            {(split ? connectedPart : isConnected(method))
              ? (split ? parts.find((p) => isConnected(p.method))?.method : method) === "pay_on_phone"
                ? "Show payment code"
                : "Charge card"
              : "Complete sale"}
          </Button>
          <Button size="lg" variant="outline" onClick={onCancel}>
            Back
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

/** The parts of a split payment so far, what is left to cover, and the form that adds the next part. */
function SplitParts({
  totalCents,
  currency,
  methods,
  parts,
  onAdd,
  onRemove,
  onError,
}: {
  totalCents: number;
  currency: string;
  methods: PosPaymentMethod[];
  parts: Part[];
  onAdd: (part: Part) => void;
  onRemove: (index: number) => void;
  onError: (message: string) => void;
}) {
  const leftCents = totalCents - parts.reduce((sum, p) => sum + p.amountCents, 0);
  const [method, setMethod] = useState<PosPaymentMethod>(methods[0] ?? "cash");
  const [amount, setAmount] = useState("");
  const [tendered, setTendered] = useState("");
  const [reference, setReference] = useState("");
  const methodId = useId();
  const amountId = useId();
  const referenceId = useId();
  const chosen = methods.includes(method) ? method : (methods[0] ?? "cash");
  const partCents = amount.trim() === "" ? leftCents : parseAmount(amount);

  function add() {
    if (partCents === null || partCents <= 0 || partCents > leftCents)
      return onError(
        `Please enter a part between ${formatMoney(1, currency)} and ${formatMoney(leftCents, currency)}.`,
      );
    let tenderedCents: number | null = null;
    if (chosen === "cash") {
      tenderedCents = tendered.trim() === "" ? partCents : parseAmount(tendered);
      if (tenderedCents === null || changeDue(partCents, tenderedCents) === null)
        return onError("The cash tendered is less than the cash part.");
    }
    if (chosen === "other" && !reference.trim())
      return onError("Please note how the buyer paid this part, like the app's name.");
    onAdd({
      key: crypto.randomUUID(),
      method: chosen,
      amountCents: partCents,
      tenderedCents,
      reference: chosen === "other" ? reference.trim() : "",
    });
    setAmount("");
    setTendered("");
    setReference("");
  }

  return (
    <section aria-label="Split payment" className="space-y-3">
      {parts.length > 0 ? (
        <ul className="divide-y rounded-md border text-sm">
          {parts.map((part, index) => (
            <li key={part.key} className="flex items-center justify-between gap-2 px-3 py-2">
              <span>
                {LABELS[part.method]}
                {part.reference ? ` · ${part.reference}` : ""}
                {part.method === "cash" && part.tenderedCents !== null && part.tenderedCents > part.amountCents
                  ? ` · change ${formatMoney(part.tenderedCents - part.amountCents, currency)}`
                  : ""}
              </span>
              <span className="flex items-center gap-2 tabular-nums">
                {formatMoney(part.amountCents, currency)}
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Remove the ${LABELS[part.method]} part`}
                  onClick={() => onRemove(index)}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      <p aria-live="polite" className="font-semibold tabular-nums">
        {leftCents > 0 ? `Left to pay: ${formatMoney(leftCents, currency)}` : "The total is covered."}
      </p>
      {leftCents > 0 ? (
        <div className="grid gap-3 rounded-md border p-3">
          <div className="grid grid-cols-2 gap-3">
            <FormField id={methodId} label="Part paid by">
              {(control) => (
                <Select
                  {...control}
                  value={chosen}
                  onChange={(event) => setMethod(event.currentTarget.value as PosPaymentMethod)}
                  options={methods.map((m) => ({ value: m, label: LABELS[m] ?? m }))}
                />
              )}
            </FormField>
            <FormField id={amountId} label={`Part amount (${currency})`}>
              {(control) => (
                <Input
                  {...control}
                  inputMode="decimal"
                  placeholder={amountInput(leftCents)}
                  value={amount}
                  onChange={(event) => setAmount(event.currentTarget.value)}
                />
              )}
            </FormField>
          </div>
          {chosen === "cash" && partCents !== null && partCents > 0 ? (
            <CashTendered
              dueCents={partCents}
              currency={currency}
              tendered={tendered === "" ? amountInput(partCents) : tendered}
              onTendered={setTendered}
            />
          ) : null}
          {chosen === "other" ? (
            <FormField id={referenceId} label="Paid with (app or reference)">
              {(control) => (
                <Input {...control} value={reference} onChange={(event) => setReference(event.currentTarget.value)} />
              )}
            </FormField>
          ) : null}
          <Button variant="secondary" onClick={add}>
            Add part
          </Button>
        </div>
      ) : null}
    </section>
  );
}
