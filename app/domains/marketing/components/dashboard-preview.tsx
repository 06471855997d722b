import { Eye, Pencil, Plus } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button, buttonClass } from "~/components/ui/button";
import { ChoiceTabs } from "~/components/ui/choice-tabs";
import {
  type DashboardCustomer,
  type DashboardProduct,
  type DashboardTabsData,
  type DashboardTransaction,
  SAMPLE_CUSTOMERS,
  SAMPLE_CUSTOMERS_EMPTY_TEXT,
  SAMPLE_PRODUCTS,
  SAMPLE_SALES,
} from "~/domains/marketing/content/sample-dashboard";

const PRODUCTS_TOOL = "/tools/products";
const NEW_PRODUCT = "/tools/products/new";
const SUMMARY_BUTTON = buttonClass({
  variant: "outline",
  size: "sm",
  className: "mt-3 cursor-pointer list-none [&::-webkit-details-marker]:hidden",
});
const RECENT_TRANSACTIONS = 2;

/** The static sample data; for a signed-in visitor Edit and View Page lead to the Product Manager. */
export function sampleDashboardData(signedIn: boolean): DashboardTabsData {
  return {
    products: SAMPLE_PRODUCTS.map((product) => ({
      ...product,
      id: String(product.id),
      ...(signedIn ? { edit: PRODUCTS_TOOL, view: { href: PRODUCTS_TOOL } } : {}),
    })),
    addProductHref: signedIn ? NEW_PRODUCT : undefined,
    sales: {
      totalRevenue: SAMPLE_SALES.totalRevenue,
      totalSales: String(SAMPLE_SALES.totalSales),
      conversionRate: SAMPLE_SALES.conversionRate,
      transactions: [...SAMPLE_SALES.transactions],
    },
    customers: null,
  };
}

function ProductCard({ product }: { product: DashboardProduct }) {
  const view = product.view;
  const unavailableId = `view-unavailable-${product.id}`;
  return (
    <li className="flex flex-col rounded-lg border bg-card p-4">
      <span className="text-xs font-semibold uppercase text-muted-foreground">{product.type}</span>
      <h3 className="mt-1 font-semibold break-words">{product.name}</h3>
      <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="text-muted-foreground">Sales</dt>
          <dd className="font-semibold">{product.sales}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Revenue</dt>
          <dd className="font-semibold">{product.revenue}</dd>
        </div>
      </dl>
      <div className="mt-auto flex flex-wrap gap-2 pt-4">
        {product.edit ? (
          <Link
            to={product.edit}
            className={buttonClass({ variant: "outline", size: "sm" })}
            aria-label={`Edit ${product.name}`}
          >
            <Pencil aria-hidden="true" /> Edit
          </Link>
        ) : (
          <Button variant="outline" size="sm" disabled>
            <Pencil aria-hidden="true" /> Edit
          </Button>
        )}
        {view && "href" in view ? (
          <Link
            to={view.href}
            className={buttonClass({ variant: "ghost", size: "sm" })}
            aria-label={`View Page of ${product.name}`}
          >
            <Eye aria-hidden="true" /> View Page
          </Link>
        ) : (
          <Button variant="ghost" size="sm" disabled aria-describedby={view ? unavailableId : undefined}>
            <Eye aria-hidden="true" /> View Page
          </Button>
        )}
      </div>
      {view && "unavailable" in view ? (
        <p id={unavailableId} className="mt-2 text-xs text-muted-foreground">
          {view.unavailable}
        </p>
      ) : null}
    </li>
  );
}

function ProductsPanel({ data }: { data: DashboardTabsData }) {
  return (
    <div className="space-y-4">
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {data.products.map((product) => (
          <ProductCard key={product.id} product={product} />
        ))}
        <li className="grid min-h-40 place-items-center rounded-lg border border-dashed text-sm font-medium text-muted-foreground">
          {data.addProductHref ? (
            <Link to={data.addProductHref} className="flex items-center gap-2 rounded-md p-4 hover:text-primary">
              <Plus aria-hidden="true" className="size-4" /> Add New Product
            </Link>
          ) : (
            <span className="flex items-center gap-2">
              <Plus aria-hidden="true" className="size-4" /> Add New Product
            </span>
          )}
        </li>
      </ul>
      {data.allProducts ? (
        <Link
          to={data.allProducts.href}
          className="inline-block text-sm font-medium text-primary underline underline-offset-4"
        >
          {data.allProducts.label}
        </Link>
      ) : null}
    </div>
  );
}

function SalesPanel({ sales }: { sales: DashboardTabsData["sales"] }) {
  return (
    <div className="space-y-4">
      <dl className="grid gap-4 sm:grid-cols-3">
        {[
          ["Total Revenue", sales.totalRevenue, null],
          ["Total Sales", sales.totalSales, null],
          ["Conversion Rate", sales.conversionRate, sales.conversionDetail],
        ].map(([label, value, detail]) => (
          <div key={label} className="rounded-lg border bg-card p-4">
            <dt className="text-sm text-muted-foreground">{label}</dt>
            <dd className="mt-1 text-2xl font-bold">{value}</dd>
            {detail ? <dd className="mt-1 text-xs text-muted-foreground">{detail}</dd> : null}
          </div>
        ))}
      </dl>
      <div className="rounded-lg border bg-card p-4">
        <h3 className="font-semibold">Recent Transactions</h3>
        {sales.allTransactionsHref ? (
          <>
            {sales.transactions.length ? (
              <TransactionList transactions={sales.transactions} />
            ) : (
              <p className="mt-3 text-sm text-muted-foreground">No sales yet.</p>
            )}
            <Link
              to={sales.allTransactionsHref}
              className={buttonClass({ variant: "outline", size: "sm", className: "mt-3" })}
            >
              View All Transactions
            </Link>
          </>
        ) : (
          <>
            <TransactionList transactions={sales.transactions.slice(0, RECENT_TRANSACTIONS)} />
            <details>
              <summary className={SUMMARY_BUTTON}>View All Transactions</summary>
              <TransactionList transactions={sales.transactions} />
            </details>
          </>
        )}
      </div>
    </div>
  );
}

function TransactionList({ transactions }: { transactions: readonly DashboardTransaction[] }) {
  return (
    <ul className="mt-3 divide-y text-sm">
      {transactions.map((tx) => (
        <li key={tx.id} className="flex items-center justify-between gap-4 py-2">
          <span className="min-w-0">
            {tx.href ? (
              <Link to={tx.href} className="block font-medium break-words underline-offset-4 hover:underline">
                {tx.product}
              </Link>
            ) : (
              <span className="block font-medium break-words">{tx.product}</span>
            )}
            <span className="block text-muted-foreground">{tx.when}</span>
          </span>
          <span
            className={
              tx.refunded ? "shrink-0 font-semibold text-muted-foreground" : "shrink-0 font-semibold text-success"
            }
          >
            {tx.amount}
          </span>
        </li>
      ))}
    </ul>
  );
}

function CustomerTable({ customers, caption }: { customers: readonly DashboardCustomer[]; caption: string }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="text-muted-foreground">
          <tr>
            <th scope="col" className="py-2 pr-3 font-medium">
              Email
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Orders
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Total spent
            </th>
            <th scope="col" className="py-2 pl-3 font-medium">
              Last purchase
            </th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {customers.map((customer) => (
            <tr key={customer.email}>
              <td className="py-2 pr-3 break-all">
                {customer.href ? (
                  <Link to={customer.href} className="font-medium text-primary underline-offset-4 hover:underline">
                    {customer.email}
                  </Link>
                ) : (
                  customer.email
                )}
              </td>
              <td className="px-3 py-2 text-right">{customer.orders}</td>
              <td className="whitespace-nowrap px-3 py-2 text-right">{customer.spent}</td>
              <td className="whitespace-nowrap py-2 pl-3 text-muted-foreground">{customer.lastPurchase}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function CustomersPanel({ customers }: { customers: DashboardTabsData["customers"] }) {
  if (customers) {
    return (
      <div className="space-y-3 rounded-lg border bg-card p-4">
        <CustomerTable customers={customers.list} caption="Your customers, latest purchase first" />
        <Link to={customers.allHref} className={buttonClass({ variant: "outline", size: "sm" })}>
          {`View all ${customers.total} customers`}
        </Link>
      </div>
    );
  }
  return (
    <div className="rounded-lg border border-dashed p-10 text-center">
      <p className="text-muted-foreground">{SAMPLE_CUSTOMERS_EMPTY_TEXT}</p>
      <details className="mt-4">
        <summary className={SUMMARY_BUTTON}>View Demo Data</summary>
        <div className="mx-auto mt-4 max-w-xl text-left">
          <Badge variant="warning">Demo data</Badge>
          <p className="mt-2 text-sm text-muted-foreground">
            Sample customers, made up to show what this tab lists once you sell.
          </p>
          <CustomerTable customers={SAMPLE_CUSTOMERS} caption="Sample customers (demo data)" />
        </div>
      </details>
    </div>
  );
}

/** The creator dashboard's tabs, with sample data unless a creator's own `data` is given. */
export function DashboardPreview({
  name = "dashboard-preview",
  signedIn = false,
  data,
}: {
  name?: string;
  signedIn?: boolean;
  data?: DashboardTabsData;
}) {
  const shown = data ?? sampleDashboardData(signedIn);
  return (
    <ChoiceTabs
      name={name}
      label={data ? "Your dashboard" : "Dashboard preview"}
      tabs={[
        { id: "products", label: "Products", content: <ProductsPanel data={shown} /> },
        { id: "sales", label: "Sales", content: <SalesPanel sales={shown.sales} /> },
        { id: "customers", label: "Customers", content: <CustomersPanel customers={shown.customers} /> },
      ]}
    />
  );
}
