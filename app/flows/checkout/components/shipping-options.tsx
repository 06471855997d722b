import type { ShippingChoice } from "~/flows/checkout/checkout-quote";
import { formatMoney } from "~/lib/money";

/**
 * The shipping options for the buyer's country with their prices, one radio each; the chosen one is re-priced on pay.
 */
export function ShippingOptions({
  name,
  options,
  chosen,
  currency,
  error,
}: {
  name: string;
  options: readonly ShippingChoice[];
  chosen: string | null;
  currency: string;
  error?: string;
}) {
  const errorId = `${name}-error`;
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1 text-sm font-medium">Shipping</legend>
      {options.map((option) => (
        <label key={option.rateId} className="flex items-center gap-3 rounded-md border p-3 text-sm">
          <input
            type="radio"
            name={name}
            value={option.rateId}
            defaultChecked={option.rateId === chosen}
            className="size-4"
          />
          <span className="flex-1">{option.name}</span>
          <span className="font-medium">
            {option.priceCents === 0 ? "Free" : formatMoney(option.priceCents, currency)}
          </span>
        </label>
      ))}
      <p id={errorId} aria-live="polite" className="min-h-5 text-sm font-medium text-destructive">
        {error}
      </p>
    </fieldset>
  );
}
