import { Download, Users } from "lucide-react";
import { Form, Link } from "react-router";
import { Button, buttonClass } from "~/components/ui/button";
import { Input, Label, Select } from "~/components/ui/input";
import { formatMoney } from "~/lib/money";
import {
  CUSTOMER_SORTS,
  type CustomerListItem,
  type CustomerSort,
  customerPath,
  type SpentByCurrency,
} from "~/domains/customers/customer-display";
import { formatDateTime } from "~/lib/zoned-time";
import { DataTable } from "~/components/ui/data-table";

/** What a customer spent, in each currency they paid in ("$12.00 · €5.00"); "—" when everything was refunded. */
export function spentText(spent: SpentByCurrency): string {
  const paid = spent.filter((part) => part.cents !== 0);
  return paid.length
    ? paid.map((part) => formatMoney(part.cents, part.currency)).join(" · ")
    : formatMoney(0, spent[0]?.currency ?? "USD");
}

/** Email search and sort, a GET form so the address keeps the view. */
export function CustomerFilter({ search, sort }: { search: string | null; sort: CustomerSort }) {
  return (
    <Form method="get" role="search" aria-label="Customers" className="flex flex-wrap items-end gap-3">
      <div className="grid min-w-0 flex-1 gap-2 sm:max-w-xs">
        <Label htmlFor="customer-search">Email</Label>
        <Input
          id="customer-search"
          name="q"
          type="search"
          defaultValue={search ?? ""}
          placeholder="Search by email"
          autoComplete="off"
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="customer-sort">Sort by</Label>
        <Select id="customer-sort" name="sort" defaultValue={sort} options={CUSTOMER_SORTS} />
      </div>
      <Button type="submit" variant="outline">
        Show
      </Button>
    </Form>
  );
}

/** The seller's customers: email, first and last purchase (in their time zone), orders, total spent. */
export function CustomerList({ customers, timeZone }: { customers: readonly CustomerListItem[]; timeZone: string }) {
  return (
    <DataTable
      caption="Your customers"
      columns={[
        { label: "Email" },
        { label: "First purchase" },
        { label: "Last purchase" },
        { label: "Orders", align: "right" },
        { label: "Total spent", align: "right" },
      ]}
      wide
    >
      {customers.map((customer) => (
        <tr key={customer.email} className="border-t">
          <td className="break-all px-3 py-2">
            <Link to={customerPath(customer.email)} className="text-primary underline underline-offset-4">
              {customer.email}
            </Link>
          </td>
          <td className="whitespace-nowrap px-3 py-2">{formatDateTime(customer.firstPurchaseAt, timeZone)}</td>
          <td className="whitespace-nowrap px-3 py-2">{formatDateTime(customer.lastPurchaseAt, timeZone)}</td>
          <td className="px-3 py-2 text-right">{customer.orders}</td>
          <td className="whitespace-nowrap px-3 py-2 text-right font-semibold">{spentText(customer.spent)}</td>
        </tr>
      ))}
    </DataTable>
  );
}

/** No customer (yet, or matching the search). */
export function NoCustomers({ searched }: { searched: boolean }) {
  return (
    <div className="grid place-items-center gap-3 rounded-lg border border-dashed p-10 text-center">
      <Users aria-hidden="true" className="size-10 text-muted-foreground" />
      <div>
        <h2 className="text-xl font-semibold">{searched ? "No customer matches this email" : "No customers yet"}</h2>
        <p className="mt-1 text-muted-foreground">
          {searched
            ? "Try part of the email, or clear the search."
            : "When buyers pay for your products, each buyer appears here once, with what they bought."}
        </p>
      </div>
    </div>
  );
}

/** A plain link to a CSV download, which the Express app streams. */
export function CsvExportLink({ href, children }: { href: string; children: string }) {
  return (
    <a href={href} download className={buttonClass({ variant: "outline" })}>
      <Download aria-hidden="true" />
      {children}
    </a>
  );
}
