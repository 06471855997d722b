import { DataTable } from "~/components/ui/data-table";
import { formatMoney } from "~/lib/money";
import { sourceLabel } from "../content/attribution";
import { formatCountValue } from "../analytics-display";
import type { AnalyticsReport } from "../analytics-report";

const CELL = "border-t px-3 py-2";
const FIGURE = `${CELL} text-right tabular-nums`;
const PRODUCT_COLUMNS = [
  { label: "Product" },
  { label: "Revenue", align: "right" },
  { label: "Orders", align: "right" },
  { label: "Units", align: "right" },
  { label: "Page views", align: "right" },
] as const;
const SOURCE_COLUMNS = [
  { label: "Referrer" },
  { label: "utm_source" },
  { label: "utm_medium" },
  { label: "utm_campaign" },
  { label: "Page views", align: "right" },
  { label: "Orders", align: "right" },
  { label: "Revenue", align: "right" },
] as const;

/** Sales and views by product over the range: most revenue first. */
export function ProductBreakdown({ report }: { report: AnalyticsReport }) {
  if (report.products.length === 0)
    return <p className="text-sm text-muted-foreground">No product was sold or viewed in this period.</p>;
  return (
    <DataTable caption="Sales and views by product" columns={PRODUCT_COLUMNS} wide focusable>
      {report.products.map((row) => (
        <tr key={row.productId ?? "none"}>
          <th scope="row" className={`${CELL} font-medium`}>
            {row.name ?? "A product you deleted"}
          </th>
          <td className={FIGURE}>{formatMoney(row.revenueCents, report.currency)}</td>
          <td className={FIGURE}>{formatCountValue(row.orders)}</td>
          <td className={FIGURE}>{formatCountValue(row.units)}</td>
          <td className={FIGURE}>{formatCountValue(row.views)}</td>
          <td className={FIGURE}>{formatCountValue(row.orders)}</td>
          <td className={FIGURE}>{formatMoney(row.revenueCents, report.currency)}</td>
        </tr>
      ))}
    </DataTable>
  );
}

/** Views and sales by where buyers came from: the referring or embedding site and the link's utm values. */
export function SourceBreakdown({ report }: { report: AnalyticsReport }) {
  if (report.sources.length === 0)
    return <p className="text-sm text-muted-foreground">No page of your store was viewed in this period.</p>;
  const utm = (value: string) => value || <span className="text-muted-foreground">—</span>;
  return (
    <DataTable caption="Page views and sales by source" columns={SOURCE_COLUMNS} wide focusable>
      {report.sources.map((row) => (
        <tr key={`${row.source}\t${row.utmSource}\t${row.utmMedium}\t${row.utmCampaign}`}>
          <th scope="row" className={`${CELL} font-medium`}>
            {sourceLabel(row.source)}
          </th>
          <td className={CELL}>{utm(row.utmSource)}</td>
          <td className={CELL}>{utm(row.utmMedium)}</td>
          <td className={CELL}>{utm(row.utmCampaign)}</td>
          <td className={FIGURE}>{formatCountValue(row.views)}</td>
          <td className={FIGURE}>{formatCountValue(row.orders)}</td>
          <td className={FIGURE}>{formatMoney(row.revenueCents, report.currency)}</td>
        </tr>
      ))}
    </DataTable>
  );
}
