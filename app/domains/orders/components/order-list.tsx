import { Receipt } from "lucide-react";
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Input, Label, Select } from "~/components/ui/input";
import { formatMoney } from "~/lib/money";
import { displayStatus, ORDER_FILTERS, type OrderListItem, orderPath } from "~/domains/orders/order-display";
import { formatDateTime } from "~/lib/zoned-time";
import { OrderStatusBadge } from "./order-status-badge";
import { DataTable } from "~/components/ui/data-table";
import { FULFILMENT_STATUSES } from "~/domains/orders/order-lines";
import { FulfilmentStatusBadge } from "./fulfilment-status-badge";

/** Buyer-email search, status and fulfilment filters, a GET form so the address keeps the view. */
export function OrderFilter({
  status,
  search,
  fulfilment = null,
}: {
  status: string | null;
  search: string | null;
  fulfilment?: string | null;
}) {
  return (
    <Form method="get" role="search" aria-label="Orders" className="flex flex-wrap items-end gap-3">
      <div className="grid min-w-0 flex-1 gap-2 sm:max-w-xs">
        <Label htmlFor="order-search">Buyer email</Label>
        <Input
          id="order-search"
          name="q"
          type="search"
          defaultValue={search ?? ""}
          placeholder="An email or its beginning"
          autoComplete="off"
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="order-status">Status</Label>
        <Select id="order-status" name="status" defaultValue={status ?? ""} options={ORDER_FILTERS} submitOnChange>
          <option value="">All orders</option>
        </Select>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="order-fulfilment">Fulfilment</Label>
        <Select
          id="order-fulfilment"
          name="fulfilment"
          defaultValue={fulfilment ?? ""}
          options={FULFILMENT_STATUSES}
          submitOnChange
        >
          <option value="">All</option>
        </Select>
      </div>
      <Button type="submit" variant="outline">
        Show
      </Button>
    </Form>
  );
}

/** The seller's orders: date (in their time zone), product, buyer, amount, discount code, status, fulfilment. */
export function OrderList({ orders, timeZone }: { orders: readonly OrderListItem[]; timeZone: string }) {
  return (
    <DataTable
      caption="Your orders, newest first"
      columns={[
        { label: "Date" },
        { label: "Product" },
        { label: "Buyer" },
        { label: "Amount", align: "right" },
        { label: "Discount code" },
        { label: "Status" },
        { label: "Fulfilment" },
      ]}
      wide
    >
      {orders.map((order) => (
        <tr key={order.id} className="border-t">
          <td className="whitespace-nowrap px-3 py-2">
            <Link to={orderPath(order.id)} className="text-primary underline underline-offset-4">
              {formatDateTime(order.createdAt, timeZone)}
              <span className="sr-only">: order of {order.productName || "a deleted product"}</span>
            </Link>
          </td>
          <td className="px-3 py-2">{order.productName || "—"}</td>
          <td className="break-all px-3 py-2">{order.customerEmail}</td>
          <td className="whitespace-nowrap px-3 py-2 text-right font-semibold">
            {formatMoney(order.amountCents, order.currency)}
          </td>
          <td className="px-3 py-2 font-mono">{order.discountCode ?? "—"}</td>
          <td className="px-3 py-2">
            <OrderStatusBadge status={displayStatus(order)} />
          </td>
          <td className="px-3 py-2">
            {order.fulfilmentStatus === "none" ? (
              <span className="text-muted-foreground">—</span>
            ) : (
              <FulfilmentStatusBadge status={order.fulfilmentStatus} />
            )}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

/** No order (yet, or of the chosen status). */
export function NoOrders({ filtered }: { filtered: boolean }) {
  return (
    <div className="grid place-items-center gap-3 rounded-lg border border-dashed p-10 text-center">
      <Receipt aria-hidden="true" className="size-10 text-muted-foreground" />
      <div>
        <h2 className="text-xl font-semibold">{filtered ? "No orders with this status" : "No orders yet"}</h2>
        <p className="mt-1 text-muted-foreground">
          {filtered
            ? "Choose another status, or all orders."
            : "When buyers check out, their orders appear here, newest first."}
        </p>
      </div>
    </div>
  );
}
