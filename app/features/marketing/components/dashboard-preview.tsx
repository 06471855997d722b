import { Eye, Pencil, Plus } from "lucide-react";
import { Link } from "react-router";
import { Button, buttonClass } from "~/components/ui/button";
import { ChoiceTabs } from "~/components/ui/choice-tabs";
import { SAMPLE_CUSTOMERS_EMPTY_TEXT, SAMPLE_PRODUCTS, SAMPLE_SALES } from "~/features/marketing/content/sample-dashboard";

const PRODUCTS_TOOL = "/tools/products";
const NEW_PRODUCT = "/tools/products/new";
const SUMMARY_BUTTON = buttonClass({ variant: "outline", size: "sm", className: "mt-3 cursor-pointer list-none [&::-webkit-details-marker]:hidden" });

/** Sample product cards; for a signed-in creator, Edit and View Page lead to the Product Manager, Add New Product to its new-product form. */
function ProductsPanel({ signedIn }: { signedIn: boolean }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {SAMPLE_PRODUCTS.map((product) => (
        <li key={product.id} className="flex flex-col rounded-lg border bg-card p-4">
          <span className="text-xs font-semibold uppercase text-muted-foreground">{product.type}</span>
          <h3 className="mt-1 font-semibold">{product.name}</h3>
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
          <div className="mt-4 flex gap-2">
            {signedIn ? (
              <>
                <Link to={PRODUCTS_TOOL} className={buttonClass({ variant: "outline", size: "sm" })} aria-label={`Edit ${product.name}`}>
                  <Pencil aria-hidden="true" /> Edit
                </Link>
                <Link to={PRODUCTS_TOOL} className={buttonClass({ variant: "ghost", size: "sm" })} aria-label={`View Page of ${product.name}`}>
                  <Eye aria-hidden="true" /> View Page
                </Link>
              </>
            ) : (
              <>
                <Button variant="outline" size="sm" disabled>
                  <Pencil aria-hidden="true" /> Edit
                </Button>
                <Button variant="ghost" size="sm" disabled>
                  <Eye aria-hidden="true" /> View Page
                </Button>
              </>
            )}
          </div>
        </li>
      ))}
      <li className="grid min-h-40 place-items-center rounded-lg border border-dashed text-sm font-medium text-muted-foreground">
        {signedIn ? (
          <Link to={NEW_PRODUCT} className="flex items-center gap-2 rounded-md p-4 hover:text-primary">
            <Plus aria-hidden="true" className="size-4" /> Add New Product
          </Link>
        ) : (
          <span className="flex items-center gap-2">
            <Plus aria-hidden="true" className="size-4" /> Add New Product
          </span>
        )}
      </li>
    </ul>
  );
}

function SalesPanel() {
  return (
    <div className="space-y-4">
      <dl className="grid gap-4 sm:grid-cols-3">
        {[
          ["Total Revenue", SAMPLE_SALES.totalRevenue],
          ["Total Sales", String(SAMPLE_SALES.totalSales)],
          ["Conversion Rate", SAMPLE_SALES.conversionRate],
        ].map(([label, value]) => (
          <div key={label} className="rounded-lg border bg-card p-4">
            <dt className="text-sm text-muted-foreground">{label}</dt>
            <dd className="mt-1 text-2xl font-bold">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="rounded-lg border bg-card p-4">
        <h3 className="font-semibold">Recent Transactions</h3>
        <TransactionList transactions={SAMPLE_SALES.transactions.slice(0, RECENT_TRANSACTIONS)} />
        <details>
          <summary className={SUMMARY_BUTTON}>View All Transactions</summary>
          <TransactionList transactions={SAMPLE_SALES.transactions} />
        </details>
      </div>
    </div>
  );
}

const RECENT_TRANSACTIONS = 2;

function TransactionList({ transactions }: { transactions: readonly (typeof SAMPLE_SALES.transactions)[number][] }) {
  return (
    <ul className="mt-3 divide-y text-sm">
      {transactions.map((tx) => (
        <li key={tx.id} className="flex items-center justify-between gap-4 py-2">
          <span>
            <span className="block font-medium">{tx.product}</span>
            <span className="block text-muted-foreground">{tx.when}</span>
          </span>
          <span className="font-semibold text-success">{tx.amount}</span>
        </li>
      ))}
    </ul>
  );
}

function CustomersPanel() {
  return (
    <div className="rounded-lg border border-dashed p-10 text-center">
      <p className="text-muted-foreground">{SAMPLE_CUSTOMERS_EMPTY_TEXT}</p>
      <details className="mt-4">
        <summary className={SUMMARY_BUTTON}>View Demo Data</summary>
        <ul className="mx-auto mt-4 max-w-sm divide-y text-left text-sm">
          {SAMPLE_SALES.transactions.map((tx) => (
            <li key={tx.id} className="flex justify-between gap-4 py-2">
              <span>{tx.buyer}</span>
              <span className="text-muted-foreground">{tx.product}</span>
            </li>
          ))}
        </ul>
      </details>
    </div>
  );
}

/** The creator dashboard preview of the landing page, with sample data (SPEC §2). */
export function DashboardPreview({ name = "dashboard-preview", signedIn = false }: { name?: string; signedIn?: boolean }) {
  return (
    <ChoiceTabs
      name={name}
      label="Dashboard preview"
      tabs={[
        { id: "products", label: "Products", content: <ProductsPanel signedIn={signedIn} /> },
        { id: "sales", label: "Sales", content: <SalesPanel /> },
        { id: "customers", label: "Customers", content: <CustomersPanel /> },
      ]}
    />
  );
}
