import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link } from "react-router";
import { Button, buttonClass } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/form-alert";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { TestCardField } from "~/domains/billing/components/test-card-field";
import { BILLING_PAGE_PATH, billingStatusText, INVOICE_STATUS_TEXTS } from "~/domains/billing/content/billing-texts";
import { TEST_CLOCK_MAX_DAYS, TEST_CLOCK_STEPS } from "~/domains/billing/content/test-clock-steps";
import { testBillingCardSchema } from "~/domains/billing/schemas/test-billing-card";
import { testClockSchema } from "~/domains/billing/schemas/test-clock";
import { advanceTestClock } from "~/domains/billing/server/advance-test-clock.server";
import { listBillingInvoices } from "~/domains/billing/server/list-billing-invoices.server";
import { readBillingState } from "~/domains/billing/server/read-billing-state.server";
import { setTestCard } from "~/domains/billing/server/set-test-card.server";
import { TestModeBanner } from "~/flows/checkout/components/test-mode-banner";
import { safeRedirectPath } from "~/kernel/session/safe-redirect.server";
import { statusOf } from "~/lib/errors";
import { formatLongDate } from "~/lib/format-date";
import { formatMoney } from "~/lib/money";
import { PLAN_TABLE } from "~/lib/plans";
import { useIsPending } from "~/lib/use-is-pending";
import { formatDateTime } from "~/lib/zoned-time";
import { pickIntent } from "~/routes/http/pick-intent.server";
import { redirectWithToast } from "~/routes/http/redirect-with-toast.server";
import { readFormData } from "~/server/http/read-form-data.server";
import { type RequestContext, requestContext } from "~/server/http/request-context.server";
import type { AppServices } from "~/server/services.server";
import type { Route } from "./+types/billing.test.portal";
import { requireTestMode } from "./test-mode.server";

export const meta: Route.MetaFunction = () => [
  { title: "TEST MODE · Billing portal" },
  { name: "description", content: "The test provider's portal: the card on file, invoices and the test clock." },
  { name: "robots", content: "noindex, nofollow" },
];

/** The portal's own URL with its way back, so each answer returns here. */
function portalPath(url: URL): string {
  const back = url.searchParams.get("returnUrl");
  return back ? `/billing/test/portal?returnUrl=${encodeURIComponent(back)}` : "/billing/test/portal";
}

/** Where "Back to Sellkit" leads: the path of the portal's `returnUrl` on this site, else the billing page. */
function returnPath(url: URL): string {
  const back = url.searchParams.get("returnUrl");
  if (!back) return BILLING_PAGE_PATH;
  try {
    // Only the path is kept: the way back never leaves this site, whatever host the link names.
    const parsed = new URL(back, url.origin);
    return safeRedirectPath(parsed.pathname + parsed.search, BILLING_PAGE_PATH);
  } catch {
    return BILLING_PAGE_PATH;
  }
}

/** The test provider's customer portal: the creator's card on file, invoices, and the subscription's test clock. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = requestContext(request);
  const { user } = await requireTestMode(context.services, ctx, context);
  const [state, invoices] = await Promise.all([
    readBillingState(context.services.db, user.id),
    listBillingInvoices(context.services.db, user.id),
  ]);
  return {
    back: returnPath(ctx.url),
    plan: PLAN_TABLE[state.plan].name,
    status: billingStatusText(state),
    hasCard: state.hasPaymentMethod,
    hasSubscription: state.subscribedPlan !== null,
    clock: formatDateTime(state.clockNow, "UTC"),
    invoices: invoices.map((invoice) => ({
      id: invoice.invoiceId,
      text: `${PLAN_TABLE[invoice.plan].name} · ${formatMoney(invoice.amountMinor, invoice.currency)} · ${INVOICE_STATUS_TEXTS[invoice.status]}`,
      period: `${formatLongDate(new Date(invoice.periodStart).toISOString())} – ${formatLongDate(new Date(invoice.periodEnd).toISOString())}`,
    })),
  };
}

type Args = {
  services: AppServices;
  ctx: RequestContext;
  actor: { userId: string; email: string };
  formData: FormData;
};

async function cardForm({ services, ctx, actor, formData }: Args) {
  const submission = parseWithZod(formData, { schema: testBillingCardSchema });
  if (submission.status !== "success")
    return data({ form: "card", error: submission.error?.card?.[0] ?? "Please enter a card number." }, { status: 400 });
  const saved = await setTestCard(services, actor, { card: submission.value.card }, ctx.meta);
  if (!saved.ok) return data({ form: "card", error: saved.message }, { status: statusOf(saved.code) });
  return redirectWithToast(portalPath(ctx.url), { type: "success", title: "Card saved" });
}

async function clockForm({ services, ctx, actor, formData }: Args) {
  const submission = parseWithZod(formData, { schema: testClockSchema });
  if (submission.status !== "success")
    return data(
      { form: "clock", error: submission.error?.days?.[0] ?? "Please enter a number of days." },
      { status: 400 },
    );
  const moved = await advanceTestClock(services, actor, { days: submission.value.days }, ctx.meta);
  if (!moved.ok) return data({ form: "clock", error: moved.message }, { status: statusOf(moved.code) });
  const days = submission.value.days;
  return redirectWithToast(portalPath(ctx.url), {
    type: "success",
    title: `Test clock moved forward ${days === 1 ? "1 day" : `${days} days`}`,
    description: `It is now ${formatDateTime(moved.state.clockNow, "UTC")} for this subscription.`,
  });
}

const PORTAL_FORMS = { card: cardForm, clock: clockForm } as const;

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = requestContext(request);
  const { actor } = await requireTestMode(context.services, ctx);
  const formData = await readFormData(request);
  const form = pickIntent(PORTAL_FORMS, formData);
  if (!form) return data({ form: "", error: "Please use the buttons on the page." }, { status: 400 });
  return form({ services: context.services, ctx, actor, formData });
}

export default function TestBillingPortal({ loaderData, actionData }: Route.ComponentProps) {
  const { back, plan, status, hasCard, hasSubscription, clock, invoices } = loaderData;
  const cardBusy = useIsPending({ intent: "card" });
  const clockBusy = useIsPending({ intent: "clock" });
  const errorOf = (form: string) => (actionData?.form === form ? actionData.error : undefined);
  return (
    <div className="flex min-h-screen flex-col bg-muted/40">
      <TestModeBanner />
      <main id="main" className="mx-auto grid w-full max-w-2xl gap-6 px-4 py-8">
        <div className="grid gap-2">
          <p className="text-sm font-semibold tracking-wide text-warning">TEST MODE</p>
          <h1 className="text-2xl font-semibold">Billing portal</h1>
          <p>
            <span className="font-medium">{plan}</span> · {status}
          </p>
          <div>
            <Link to={back} className={buttonClass({ variant: "outline", size: "sm" })}>
              Back to Sellkit
            </Link>
          </div>
        </div>
        <section aria-labelledby="card-title" className="grid gap-3 rounded-lg border bg-card p-5">
          <h2 id="card-title" className="text-lg font-semibold">
            Card on file
          </h2>
          <p className="text-sm">{hasCard ? "A card is on file." : "No card on file."}</p>
          <Form method="post" className="grid gap-3">
            <input type="hidden" name="intent" value="card" />
            <FormAlert message={errorOf("card")} />
            <TestCardField id="portal-card" label={hasCard ? "Replace card: card number" : "Card number"} />
            <div>
              <Button type="submit" disabled={cardBusy}>
                {cardBusy ? "Saving..." : hasCard ? "Replace card" : "Save card"}
              </Button>
            </div>
          </Form>
        </section>
        <section aria-labelledby="clock-title" className="grid gap-3 rounded-lg border bg-card p-5">
          <h2 id="clock-title" className="text-lg font-semibold">
            Test clock
          </h2>
          <p className="text-sm" aria-live="polite">
            Now for this subscription: <span className="font-medium">{clock}</span> (UTC)
          </p>
          {hasSubscription ? (
            <>
              <div className="flex flex-wrap gap-2">
                {TEST_CLOCK_STEPS.map((days) => (
                  <Form method="post" key={days}>
                    <input type="hidden" name="intent" value="clock" />
                    <input type="hidden" name="days" value={days} />
                    <Button type="submit" variant="outline" size="sm" disabled={clockBusy}>
                      +{days === 1 ? "1 day" : `${days} days`}
                    </Button>
                  </Form>
                ))}
              </div>
              <Form method="post" className="flex flex-wrap items-end gap-3">
                <input type="hidden" name="intent" value="clock" />
                <FormField id="clock-days" label="Days to move forward" className="w-48">
                  {(control) => (
                    <Input {...control} name="days" type="number" min={1} max={TEST_CLOCK_MAX_DAYS} step={1} required />
                  )}
                </FormField>
                <Button type="submit" disabled={clockBusy} className="mb-7">
                  {clockBusy ? "Moving..." : "Move clock"}
                </Button>
              </Form>
              <FormAlert message={errorOf("clock")} />
            </>
          ) : (
            <p className="text-sm text-muted-foreground">The clock moves a subscription; you have none yet.</p>
          )}
        </section>
        <section aria-labelledby="invoices-title" className="grid gap-3 rounded-lg border bg-card p-5">
          <h2 id="invoices-title" className="text-lg font-semibold">
            Invoices
          </h2>
          {invoices.length === 0 ? (
            <p className="text-sm text-muted-foreground">No invoices yet.</p>
          ) : (
            <ul className="grid gap-2 text-sm">
              {invoices.map((invoice) => (
                <li key={invoice.id}>
                  <Link
                    to={`/billing/test/invoices/${encodeURIComponent(invoice.id)}`}
                    className="font-medium text-primary underline underline-offset-4"
                  >
                    {invoice.text}
                  </Link>{" "}
                  <span className="text-muted-foreground">{invoice.period}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </main>
    </div>
  );
}
