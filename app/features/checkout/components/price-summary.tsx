import { formatMoney } from "~/lib/money";

/** The server-computed price parts a summary shows, in minor units. */
export type PriceSummaryData = {
  subtotalCents: number;
  discountCents: number;
  discountCode: string | null;
  amountCents: number;
  currency: string;
};

/** The order's price as the server computed it: subtotal, the discount with its code, total. */
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
      <dt className="border-t pt-2 text-base font-semibold">Total</dt>
      <dd className="border-t pt-2 text-right text-base font-semibold">
        {formatMoney(summary.amountCents, summary.currency)}
      </dd>
    </dl>
  );
}
