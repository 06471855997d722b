import { BackLink } from "~/components/ui/back-link";
import { INVOICE_STATUS_TEXTS } from "~/domains/billing/content/billing-texts";
import { readTestInvoice } from "~/domains/billing/server/read-test-invoice.server";
import { TestModeBanner } from "~/flows/checkout/components/test-mode-banner";
import { formatLongDate } from "~/lib/format-date";
import { formatMoney } from "~/lib/money";
import { PLAN_TABLE } from "~/lib/plans";
import type { RouteHandle } from "~/lib/route-handle";
import { requestContext } from "~/server/http/request-context.server";
import type { Route } from "./+types/billing.test.invoices.$id";
import { requireTestMode, testModeNotFound } from "./test-mode.server";

/** A page to read and print, no script. */
export const handle: RouteHandle = { hydrate: false };

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `TEST MODE · Invoice ${loaderData.id}` : "TEST MODE · Invoice not found" },
  { name: "description", content: "An invoice of the test provider: nothing real was charged." },
  { name: "robots", content: "noindex, nofollow" },
];

/** One of the creator's own test invoices; 404 for anyone else's. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { user } = await requireTestMode(context.services, requestContext(request), context);
  const invoice = await readTestInvoice(context.services.db, user.id, params.id);
  if (!invoice) throw testModeNotFound();
  return {
    id: invoice.invoiceId,
    email: user.email,
    plan: PLAN_TABLE[invoice.plan].name,
    amount: formatMoney(invoice.amountMinor, invoice.currency),
    status: INVOICE_STATUS_TEXTS[invoice.status],
    periodStart: formatLongDate(new Date(invoice.periodStart).toISOString()),
    periodEnd: formatLongDate(new Date(invoice.periodEnd).toISOString()),
  };
}

export default function TestBillingInvoice({ loaderData }: Route.ComponentProps) {
  const { id, email, plan, amount, status, periodStart, periodEnd } = loaderData;
  return (
    <div className="flex min-h-screen flex-col bg-muted/40">
      <TestModeBanner />
      <main id="main" className="mx-auto grid w-full max-w-xl gap-6 px-4 py-8">
        <BackLink to="/billing/test/portal">Back to the billing portal</BackLink>
        <div className="grid gap-1">
          <p className="text-sm font-semibold tracking-wide text-warning">TEST MODE</p>
          <h1 className="text-2xl font-semibold">Invoice {id}</h1>
        </div>
        <dl className="grid gap-3 rounded-lg border bg-card p-5 text-sm sm:grid-cols-[9rem_1fr]">
          <dt className="font-medium text-muted-foreground">Billed to</dt>
          <dd>{email}</dd>
          <dt className="font-medium text-muted-foreground">Plan</dt>
          <dd>Sellkit {plan}, monthly</dd>
          <dt className="font-medium text-muted-foreground">Period</dt>
          <dd>
            {periodStart} – {periodEnd}
          </dd>
          <dt className="font-medium text-muted-foreground">Amount</dt>
          <dd className="font-semibold">{amount}</dd>
          <dt className="font-medium text-muted-foreground">Status</dt>
          <dd>{status}</dd>
        </dl>
      </main>
    </div>
  );
}
