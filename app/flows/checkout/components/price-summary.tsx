import type { PriceSummaryData } from "~/flows/checkout/checkout-quote";
import { formatMoney } from "~/lib/money";

/** The order's price as the server computed it: subtotal, the discount with its code, shipping, total. */
export function PriceSummary({ summary }: { summary: PriceSummaryData }) {
  return (
    <dl aria-label="Price summary" className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
      <dt>Subtotal</dt>
      <dd className="text-right">{formatMoney(summary.subtotalCents, summary.currency)}</dd>
      {summary.discountCode ? (
        <>
          <dt>
            Discount (<span className="font-mono">{summary.discountCode}</span>)
          </dt>
          <dd className="text-right">{`−${formatMoney(summary.discountCents, summary.currency)}`}</dd>
        </>
      ) : null}
      {summary.ships ? (
        <>
          <dt>{summary.shipping ? `Shipping (${summary.shipping.name})` : "Shipping"}</dt>
          <dd className="text-right">
            {summary.shipping ? formatMoney(summary.shipping.priceCents, summary.currency) : "Enter your address"}
          </dd>
        </>
      ) : null}
      <dt className="border-t pt-2 text-base font-semibold">Total</dt>
      <dd className="border-t pt-2 text-right text-base font-semibold">
        {formatMoney(summary.amountCents, summary.currency)}
      </dd>
    </dl>
  );
}
