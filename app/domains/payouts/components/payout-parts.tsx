import type { ReactNode } from "react";
import { Badge } from "~/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { formatMoney } from "~/lib/money";
import {
  type BalanceFigure,
  type Earnings,
  formatDay,
  type NextPayout,
  PAYOUT_STATUS_LABELS,
  type PayoutRow,
  type PayoutStatus,
  type PayPalCapture,
} from "~/domains/payouts/payouts-display";
import { formatDateTime } from "~/lib/zoned-time";
import { DataTable } from "~/components/ui/data-table";

/** A titled section of the payouts page (a card with an h2). */
export function PayoutsSection({
  title,
  description,
  children,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{title}</CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent className="grid gap-4">{children}</CardContent>
    </Card>
  );
}

/** Labelled figures as a description list. */
export function Figures({
  label,
  items,
}: {
  label: string;
  items: { term: string; value: string; strong?: boolean }[];
}) {
  return (
    <dl aria-label={label} className="grid grid-cols-2 gap-4 sm:grid-cols-4">
      {items.map((item) => (
        <div key={item.term} className="rounded-md border p-3">
          <dt className="text-sm text-muted-foreground">{item.term}</dt>
          <dd className={item.strong ? "mt-1 text-xl font-bold" : "mt-1 text-xl font-semibold"}>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The creator's gross sales, refunds, fees and net, in the store currency. */
export function EarningsFigures({ earnings }: { earnings: Earnings }) {
  const money = (cents: number) => formatMoney(cents, earnings.currency);
  return (
    <>
      <Figures
        label="Earnings"
        items={[
          { term: "Gross sales", value: money(earnings.grossCents) },
          { term: "Refunds", value: earnings.refundsCents ? `−${money(earnings.refundsCents)}` : money(0) },
          { term: "Sellkit fees", value: earnings.feesCents ? `−${money(earnings.feesCents)}` : money(0) },
          { term: "Net earnings", value: money(earnings.netCents), strong: true },
        ]}
      />
      <p className="text-sm text-muted-foreground">
        {earnings.orders === 1 ? "1 order" : `${earnings.orders} orders`} paid, all time, in your store currency (
        {earnings.currency}). Refunded orders count as refunds; disputed orders are not earnings.
        {earnings.otherCurrencyOrders === 1 ? " 1 order in another currency is not included." : ""}
        {earnings.otherCurrencyOrders > 1
          ? ` ${earnings.otherCurrencyOrders} orders in other currencies are not included.`
          : ""}
      </p>
    </>
  );
}

/** Pending and available balance per currency. */
export function BalanceFigures({ balances, label }: { balances: readonly BalanceFigure[]; label: string }) {
  if (balances.length === 0) return <p className="text-sm">Nothing is waiting to be paid out.</p>;
  return (
    <Figures
      label={label}
      items={balances.flatMap((balance) => [
        {
          term: `Pending${balances.length > 1 ? ` (${balance.currency})` : ""}`,
          value: formatMoney(balance.pendingCents, balance.currency),
        },
        {
          term: `Available${balances.length > 1 ? ` (${balance.currency})` : ""}`,
          value: formatMoney(balance.availableCents, balance.currency),
        },
      ])}
    />
  );
}

/** The next payout's amount and days, or that none is scheduled. */
export function NextPayoutNotice({ next }: { next: NextPayout | null }) {
  if (!next) return <p className="text-sm">No payout is scheduled: nothing is owed to you right now.</p>;
  return (
    <p className="rounded-md border border-primary/40 bg-primary/5 p-3 text-sm">
      <strong>Next payout:</strong>{" "}
      {next.payoutDay
        ? `${formatMoney(next.amountCents, next.currency)} on ${formatDay(next.payoutDay)}, arriving ${formatDay(next.arrivalDay)}.`
        : `${formatMoney(next.amountCents, next.currency)}, arriving ${formatDay(next.arrivalDay)}.`}
    </p>
  );
}

const STATUS_VARIANTS: Record<PayoutStatus, "success" | "secondary" | "outline" | "destructive"> = {
  pending: "secondary",
  in_transit: "secondary",
  paid: "success",
  failed: "destructive",
  canceled: "outline",
};

/** Payouts, newest first: amount, status, arrival date. */
export function PayoutList({ payouts, caption }: { payouts: readonly PayoutRow[]; caption: string }) {
  return (
    <DataTable
      caption={caption}
      columns={[{ label: "Arrival date" }, { label: "Amount", align: "right" }, { label: "Status" }]}
    >
      {payouts.map((payout) => (
        <tr key={payout.id} className="border-t">
          <td className="px-3 py-2">{formatDay(payout.arrivalDay)}</td>
          <td className="px-3 py-2 text-right font-medium">{formatMoney(payout.amountCents, payout.currency)}</td>
          <td className="px-3 py-2">
            <Badge variant={STATUS_VARIANTS[payout.status]}>{PAYOUT_STATUS_LABELS[payout.status]}</Badge>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

/** When the figures were read, so nothing shown is silently stale. */
export function ReadAt({ at, timeZone, source }: { at: string; timeZone: string; source: string }) {
  return (
    <p className="text-xs text-muted-foreground">
      Read from {source} at <time dateTime={at}>{formatDateTime(at, timeZone)}</time> ({timeZone}). Reload the page for
      the latest figures.
    </p>
  );
}

/** The creator's last PayPal captures. */
export function PayPalCaptures({ captures, timeZone }: { captures: readonly PayPalCapture[]; timeZone: string }) {
  if (captures.length === 0) return <p className="text-sm">No PayPal payments yet.</p>;
  return (
    <DataTable
      caption="Your last PayPal payments"
      columns={[{ label: "Captured" }, { label: "Product" }, { label: "Amount", align: "right" }]}
    >
      {captures.map((capture) => (
        <tr key={capture.id} className="border-t">
          <td className="px-3 py-2">{formatDateTime(capture.paidAt, timeZone)}</td>
          <td className="px-3 py-2">{capture.productName}</td>
          <td className="px-3 py-2 text-right font-medium">
            {formatMoney(capture.amountCents, capture.currency)}
            {capture.refundedCents ? (
              <span className="block text-xs text-muted-foreground">
                −{formatMoney(capture.refundedCents, capture.currency)} refunded
              </span>
            ) : null}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

/** Shown while Stripe is asked during client-side navigation. */
export function StripeSkeleton() {
  return (
    <div role="status" className="grid gap-3">
      <span className="text-sm text-muted-foreground">Reading your balance and payouts from Stripe…</span>
      <div className="grid grid-cols-2 gap-4 sm:grid-cols-4" aria-hidden="true">
        <div className="h-16 animate-pulse rounded-md bg-muted" />
        <div className="h-16 animate-pulse rounded-md bg-muted" />
      </div>
    </div>
  );
}
