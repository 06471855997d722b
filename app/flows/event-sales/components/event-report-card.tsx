import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { FigureTableHead } from "~/components/ui/figure-table-head";
import { FigureTiles } from "~/components/ui/figure-tiles";
import type { EventReport } from "~/flows/event-sales/event-report";
import { POS_PAYMENT_METHODS } from "~/flows/pos/pos-rules";
import { formatMoney } from "~/lib/money";
import { formatDateTime } from "~/lib/zoned-time";

const methodLabel = (method: string) => POS_PAYMENT_METHODS.find((m) => m.value === method)?.label ?? method;
const hourLabel = (hour: string) => {
  const h = Number(hour.slice(11, 13));
  return `${h % 12 === 0 ? 12 : h % 12} ${h < 12 ? "AM" : "PM"}`;
};

/** What an event earned: headline figures, sales by hour as bars, payment methods, best sellers and the cash counts. */
export function EventReportCard({
  report,
  currency,
  timeZone,
}: {
  report: EventReport;
  currency: string;
  timeZone: string;
}) {
  const money = (minor: number) => formatMoney(minor, currency);
  const peak = Math.max(1, ...report.byHour.map((row) => row.revenueCents));
  const manyDays = new Set(report.byHour.map((row) => row.hour.slice(0, 10))).size > 1;
  return (
    <Card id="report">
      <CardHeader>
        <h2 className="text-xl font-semibold">What it earned</h2>
      </CardHeader>
      <CardContent className="grid gap-6">
        <FigureTiles
          className="sm:grid-cols-4"
          figures={[
            ["Revenue", money(report.revenueCents)],
            ["Orders", String(report.orders)],
            ["Units sold", String(report.units)],
            ["Average sale", money(report.orders ? Math.round(report.revenueCents / report.orders) : 0)],
            ["Refunds", money(report.refundsCents)],
            ["Costs", money(report.costsCents)],
            ["Net", money(report.netCents)],
            ["Cash over or short", money(report.cashOverShortCents)],
          ]}
        />
        {report.byHour.length ? (
          <figure className="grid gap-2">
            <figcaption className="text-sm font-medium">Sales by hour</figcaption>
            <ol className="flex h-40 items-end gap-1 border-b" aria-label="Revenue per hour">
              {report.byHour.map((row) => (
                <li key={row.hour} className="flex h-full min-w-8 flex-1 flex-col items-center justify-end gap-1">
                  <span className="text-[10px] text-muted-foreground">{money(row.revenueCents)}</span>
                  <span
                    className="w-full rounded-t bg-primary"
                    style={{ height: `${Math.max(2, Math.round((row.revenueCents / peak) * 100))}%` }}
                    aria-hidden="true"
                  />
                  <span className="sr-only">
                    {manyDays ? `${row.hour.slice(0, 10)} ` : ""}
                    {hourLabel(row.hour)}: {row.orders} {row.orders === 1 ? "sale" : "sales"}
                  </span>
                </li>
              ))}
            </ol>
            <div className="flex gap-1 text-[10px] text-muted-foreground" aria-hidden="true">
              {report.byHour.map((row) => (
                <span key={row.hour} className="min-w-8 flex-1 text-center">
                  {hourLabel(row.hour)}
                </span>
              ))}
            </div>
          </figure>
        ) : null}
        {report.byMethod.length ? (
          <table className="text-sm">
            <caption className="text-left font-medium">By payment method</caption>
            <tbody>
              {report.byMethod.map((row) => (
                <tr key={row.method}>
                  <th scope="row" className="pr-4 text-left font-normal">
                    {methodLabel(row.method)}
                  </th>
                  <td className="text-right">{money(row.amountCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
        {report.byProduct.length ? (
          <table className="text-sm">
            <caption className="text-left font-medium">Best sellers</caption>
            <FigureTableHead columns={["Product", "Units", "Revenue"]} />
            <tbody>
              {report.byProduct.map((row) => (
                <tr key={row.name}>
                  <td>{row.name}</td>
                  <td className="text-right">{row.units}</td>
                  <td className="text-right">{money(row.revenueCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
        {report.shifts.length ? (
          <table className="text-sm">
            <caption className="text-left font-medium">Cash count by shift</caption>
            <FigureTableHead columns={["Closed", "Expected", "Counted", "Over or short"]} />
            <tbody>
              {report.shifts.map((shift) => (
                <tr key={shift.id}>
                  <td>
                    <a href={`/tools/pos/shifts/${shift.id}`} className="underline underline-offset-4">
                      {formatDateTime(shift.closedAt, timeZone)}
                    </a>
                  </td>
                  <td className="text-right">{money(shift.expectedCents)}</td>
                  <td className="text-right">{money(shift.countedCents)}</td>
                  <td className="text-right">{money(shift.overShortCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
      </CardContent>
    </Card>
  );
}
