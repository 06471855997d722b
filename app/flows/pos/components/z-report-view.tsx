import { Printer } from "lucide-react";
import { Button } from "~/components/ui/button";
import { POS_PAYMENT_METHODS } from "~/flows/pos/pos-rules";
import type { ShiftReport } from "~/flows/pos/pos-types";
import { formatMoney } from "~/lib/money";

const methodLabel = (method: string) =>
  method === "online" ? "Online payments" : (POS_PAYMENT_METHODS.find((m) => m.value === method)?.label ?? method);

const lateSales = (count: number) => `${count} late ${count === 1 ? "sale" : "sales"}`;

function Row({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={strong ? "flex justify-between border-t pt-2 font-semibold" : "flex justify-between"}>
      <dt>{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
}

/** A shift's Z-report, printable on an 80 mm receipt printer or a page. */
export function ZReportView({ shift }: { shift: ShiftReport }) {
  const report = shift.report;
  const when = (iso: string) => new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" });
  return (
    <article className="receipt mt-4 space-y-4" aria-labelledby="z-report-title">
      <header>
        <h1 id="z-report-title" className="text-2xl font-bold">
          Z-report
        </h1>
        <p className="text-sm text-muted-foreground">
          {shift.locationName} · {shift.registerName}
        </p>
        <p className="text-sm text-muted-foreground">
          Opened {when(shift.openedAt)}
          {shift.closedAt ? ` · Closed ${when(shift.closedAt)}` : ""}
        </p>
      </header>
      {report ? (
        <>
          {report.lateSales?.length ? (
            <p className="rounded-md border px-3 py-2 text-sm font-medium">
              {`Amended after closing: ${lateSales(report.lateSales.length)} recorded offline`}
            </p>
          ) : null}
          <section aria-labelledby="z-sales">
            <h2 id="z-sales" className="font-semibold">
              Sales
            </h2>
            <dl className="mt-2 space-y-1 text-sm">
              <Row label="Sales" value={String(report.salesCount)} />
              <Row label="Gross sales" value={formatMoney(report.grossSalesCents, report.currency)} />
              <Row label="Discounts" value={formatMoney(-report.discountsCents, report.currency)} />
              <Row label="Refunds" value={formatMoney(-report.refundsCents, report.currency)} />
              <Row label="Net sales" value={formatMoney(report.netSalesCents, report.currency)} strong />
            </dl>
          </section>
          <section aria-labelledby="z-methods">
            <h2 id="z-methods" className="font-semibold">
              By payment method
            </h2>
            <dl className="mt-2 space-y-1 text-sm">
              {Object.entries(report.byMethod).map(([method, totals]) => (
                <Row
                  key={method}
                  label={`${methodLabel(method)} (${totals.count})`}
                  value={formatMoney(totals.sales - totals.refunds, report.currency)}
                />
              ))}
            </dl>
          </section>
          <section aria-labelledby="z-cash">
            <h2 id="z-cash" className="font-semibold">
              Cash drawer
            </h2>
            <dl className="mt-2 space-y-1 text-sm">
              <Row label="Opening float" value={formatMoney(report.openingFloatCents, report.currency)} />
              <Row label="Cash in" value={formatMoney(report.cashInCents, report.currency)} />
              <Row label="Cash out" value={formatMoney(-report.cashOutCents, report.currency)} />
              <Row label="Expected in drawer" value={formatMoney(report.expectedCashCents, report.currency)} />
              <Row label="Counted" value={formatMoney(report.countedCashCents, report.currency)} />
              <Row
                label={report.overShortCents >= 0 ? "Over" : "Short"}
                value={formatMoney(Math.abs(report.overShortCents), report.currency)}
                strong
              />
            </dl>
          </section>
          {report.lateSales?.length ? (
            <section aria-labelledby="z-late">
              <h2 id="z-late" className="font-semibold">
                Late sales
              </h2>
              <p className="text-sm text-muted-foreground">
                Made offline before the close, received after it; included in the figures above.
              </p>
              <dl className="mt-2 space-y-1 text-sm">
                {report.lateSales.map((sale) => (
                  <Row
                    key={sale.orderId}
                    label={`Sold ${when(sale.soldAt)} · received ${when(sale.recordedAt)}`}
                    value={formatMoney(sale.amountCents, report.currency)}
                  />
                ))}
              </dl>
            </section>
          ) : null}
          <section aria-labelledby="z-items">
            <h2 id="z-items" className="font-semibold">
              Items sold
            </h2>
            <dl className="mt-2 space-y-1 text-sm">
              {report.itemsSold.length === 0 ? <p>No items sold.</p> : null}
              {report.itemsSold.map((item) => (
                <Row
                  key={item.name}
                  label={`${item.quantity} × ${item.name}`}
                  value={formatMoney(item.amountCents, report.currency)}
                />
              ))}
            </dl>
          </section>
          <Button className="print:hidden" onClick={() => window.print()}>
            <Printer aria-hidden="true" /> Print Z-report
          </Button>
        </>
      ) : (
        <p>This shift is still open: its report is made when it closes.</p>
      )}
    </article>
  );
}
