import { formatMoney } from "~/features/catalog/money";
import { formatCountValue } from "../analytics-display";
import type { AnalyticsReport } from "../analytics-report";

const TABLE = "w-full min-w-[36rem] text-left text-sm";
const HEAD = "border-b px-3 py-2 font-medium text-muted-foreground";
const CELL = "border-b px-3 py-2";

/** Sales and views by product over the range: most revenue first. */
export function ProductBreakdown({ report }: { report: AnalyticsReport }) {
  if (report.products.length === 0) return <p className="text-sm text-muted-foreground">No product was sold or viewed in this period.</p>;
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than a phone scrolls; focus lets the keyboard scroll it
    <section tabIndex={0} aria-label="Sales and views by product (scrolls sideways)" className="overflow-x-auto">
      <table className={TABLE}>
        <caption className="sr-only">Sales and views by product</caption>
        <thead>
          <tr>
            <th scope="col" className={HEAD}>
              Product
            </th>
            <th scope="col" className={`${HEAD} text-right`}>
              Revenue
            </th>
            <th scope="col" className={`${HEAD} text-right`}>
              Orders
            </th>
            <th scope="col" className={`${HEAD} text-right`}>
              Units
            </th>
            <th scope="col" className={`${HEAD} text-right`}>
              Page views
            </th>
          </tr>
        </thead>
        <tbody>
          {report.products.map((row) => (
            <tr key={row.productId ?? "none"}>
              <th scope="row" className={`${CELL} font-medium`}>
                {row.name ?? "A product you deleted"}
              </th>
              <td className={`${CELL} text-right tabular-nums`}>{formatMoney(row.revenueCents, report.currency)}</td>
              <td className={`${CELL} text-right tabular-nums`}>{formatCountValue(row.orders)}</td>
              <td className={`${CELL} text-right tabular-nums`}>{formatCountValue(row.units)}</td>
              <td className={`${CELL} text-right tabular-nums`}>{formatCountValue(row.views)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** Views by where visitors came from: the referring site and the link's utm_source / utm_medium / utm_campaign. */
export function SourceBreakdown({ report }: { report: AnalyticsReport }) {
  if (report.sources.length === 0) return <p className="text-sm text-muted-foreground">No page of your store was viewed in this period.</p>;
  const utm = (value: string) => value || <span className="text-muted-foreground">—</span>;
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than a phone scrolls; focus lets the keyboard scroll it
    <section tabIndex={0} aria-label="Page views by source (scrolls sideways)" className="overflow-x-auto">
      <table className={TABLE}>
        <caption className="sr-only">Page views by source</caption>
        <thead>
          <tr>
            <th scope="col" className={HEAD}>
              Referrer
            </th>
            <th scope="col" className={HEAD}>
              utm_source
            </th>
            <th scope="col" className={HEAD}>
              utm_medium
            </th>
            <th scope="col" className={HEAD}>
              utm_campaign
            </th>
            <th scope="col" className={`${HEAD} text-right`}>
              Page views
            </th>
          </tr>
        </thead>
        <tbody>
          {report.sources.map((row) => (
            <tr key={`${row.source}\t${row.utmSource}\t${row.utmMedium}\t${row.utmCampaign}`}>
              <th scope="row" className={`${CELL} font-medium`}>
                {row.source === "direct" ? "Direct or unknown" : row.source}
              </th>
              <td className={CELL}>{utm(row.utmSource)}</td>
              <td className={CELL}>{utm(row.utmMedium)}</td>
              <td className={CELL}>{utm(row.utmCampaign)}</td>
              <td className={`${CELL} text-right tabular-nums`}>{formatCountValue(row.views)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
