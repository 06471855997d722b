import { useId, useState } from "react";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { cn } from "~/lib/cn";
import { amountInput, formatMoney, parseAmount } from "~/lib/money";
import {
  CONNECTED_PAYMENT_METHODS,
  changeDue,
  checkTenders,
  OFFLINE_PAYMENT_METHODS,
  type PosPaymentMethod,
} from "../pos-rules";
import type { PosSaleInput } from "../schemas/pos-sale";
import { SplitParts } from "./on-demand";
import type { Part } from "./split-parts";
import { CashTendered, METHOD_LABELS } from "./tender-fields";

type Payments = PosSaleInput["payments"];

const TENDER_REFUSALS: Record<string, string> = {
  POS_PAYMENTS_MISMATCH: "The parts do not add up to the total.",
  POS_CASH_TOO_LOW: "The cash tendered is less than the cash part.",
  POS_CHANGE_NOT_CASH: "Only cash gives change.",
  POS_CARD_NOT_SPLIT: "A sale takes one card or pay-on-phone part.",
};

const isConnected = (method: string) => CONNECTED_PAYMENT_METHODS.includes(method as PosPaymentMethod);

/**
 * The payment panel: one method for the whole sale, or a split into parts added until the total is covered. Only
 * cash gives change; a split has one card or phone part at most, and other methods carry a reference.
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
    ...usable.map((value) => ({ value, label: METHOD_LABELS[value] ?? value })),
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
