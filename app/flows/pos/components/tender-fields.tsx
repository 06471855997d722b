import { useId } from "react";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { amountInput, formatMoney, parseAmount } from "~/lib/money";
import { changeDue, POS_PAYMENT_METHODS, quickTenders } from "../pos-rules";

/** Each payment method's label, by its value. */
export const METHOD_LABELS: Record<string, string> = Object.fromEntries(
  POS_PAYMENT_METHODS.map((m) => [m.value, m.label]),
);

/** Cash cents tendered for `dueCents`: the typed amount and its change, or null when it does not cover it. */
export function CashTendered({
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
