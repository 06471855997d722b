import { Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { Input, Select } from "~/components/ui/input";
import { amountInput, formatMoney, parseAmount } from "~/lib/money";
import { changeDue, type PosPaymentMethod } from "../pos-rules";
import { CashTendered, METHOD_LABELS } from "./tender-fields";

/** One part of a split payment as the panel keeps it. */
export type Part = {
  key: string;
  method: PosPaymentMethod;
  amountCents: number;
  tenderedCents: number | null;
  reference: string;
};

/** The parts of a split payment so far, what is left to cover, and the form that adds the next part. */
export function SplitParts({
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
                {METHOD_LABELS[part.method]}
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
                  aria-label={`Remove the ${METHOD_LABELS[part.method]} part`}
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
                  options={methods.map((m) => ({ value: m, label: METHOD_LABELS[m] ?? m }))}
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
