import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { DataTable } from "~/components/ui/data-table";
import type { OrderLine } from "~/domains/orders/order-lines";
import { formatMoney } from "~/lib/money";

const CELL = "border-t px-3 py-2";
const FIGURE = `${CELL} text-right tabular-nums`;
const COLUMNS = [
  { label: "Product" },
  { label: "Variant" },
  { label: "SKU" },
  { label: "Quantity", align: "right" },
  { label: "Unit price", align: "right" },
  { label: "Line total", align: "right" },
  { label: "Refunded", align: "right" },
] as const;

/** The order page's Items card; it may shrink below its table's width, which then scrolls inside it. */
export function OrderItems({ lines, currency }: { lines: OrderLine[]; currency: string }) {
  return (
    <Card className="min-w-0">
      <CardHeader>
        <h2 className="text-xl font-semibold">Items</h2>
      </CardHeader>
      <CardContent>
        <OrderLinesTable lines={lines} currency={currency} />
      </CardContent>
    </Card>
  );
}

/** An order's lines as bought: name, variant, SKU, units, price and how many units were refunded. */
function OrderLinesTable({ lines, currency }: { lines: OrderLine[]; currency: string }) {
  if (lines.length === 0) return <p className="text-sm text-muted-foreground">This order has no items.</p>;
  return (
    <DataTable caption="Items of the order" columns={COLUMNS} wide focusable>
      {lines.map((line) => (
        <tr key={line.id}>
          <th scope="row" className={`${CELL} font-medium`}>
            {line.productName || "Deleted product"}
          </th>
          <td className={CELL}>{line.variantTitle || "—"}</td>
          <td className={CELL}>{line.sku || "—"}</td>
          <td className={FIGURE}>{line.quantity}</td>
          <td className={FIGURE}>{formatMoney(line.unitPriceCents, currency)}</td>
          <td className={FIGURE}>
            {formatMoney(line.subtotalCents - line.discountCents, currency)}
            {line.discountCents ? (
              <span className="block text-xs text-muted-foreground">
                {formatMoney(line.subtotalCents, currency)} less {formatMoney(line.discountCents, currency)} discount
              </span>
            ) : null}
          </td>
          <td className={FIGURE}>
            {line.refundedQuantity}
            {line.restockedQuantity ? (
              <span className="block text-xs text-muted-foreground">{line.restockedQuantity} restocked</span>
            ) : null}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
