import { Form, useNavigation } from "react-router";
import { BackLink } from "~/components/ui/back-link";
import { Button } from "~/components/ui/button";
import { isLive } from "~/domains/billing/billing-rules";
import { CheckoutConfirmation } from "~/domains/billing/components/checkout-confirmation";
import {
  BILLING_PAGE_PATH,
  billingStatusText,
  HISTORY_TEXTS,
  INVOICE_STATUS_TEXTS,
  monthlyPriceText,
  nextCharge,
} from "~/domains/billing/content/billing-texts";
import { paidPlanOf } from "~/domains/billing/content/paid-plan";
import { listBillingInvoices } from "~/domains/billing/server/list-billing-invoices.server";
import { readBillingHistory } from "~/domains/billing/server/read-billing-history.server";
import { readBillingState } from "~/domains/billing/server/read-billing-state.server";
import { sellerTimeZone } from "~/domains/workspace/server/seller-time-zone.server";
import { readTimeZone } from "~/kernel/store/read-time-zone.server";
import { ERRORS } from "~/lib/errors";
import { formatLongDate } from "~/lib/format-date";
import { pageMeta } from "~/lib/meta";
import { formatMoney } from "~/lib/money";
import { PLAN_TABLE } from "~/lib/plans";
import { useAnswerToast } from "~/lib/use-answer-toast";
import { useIsPending } from "~/lib/use-is-pending";
import { formatDateTime } from "~/lib/zoned-time";
import { BillingCancelForm } from "~/pages/settings/components/billing-cancel-form";
import { BillingPlanForm } from "~/pages/settings/components/billing-plan-form";
import { SettingsErrorPage } from "~/pages/settings/components/settings-error-page";
import { SettingsSection } from "~/pages/settings/components/settings-section";
import { BILLING_PLAN_CHOICES } from "~/pages/settings/schemas/settings-billing-plan";
import { requireUser } from "~/routes/http/require-user.server";
import { readFormData } from "~/server/http/read-form-data.server";
import { requestContext } from "~/server/http/request-context.server";
import type { Route } from "./+types/settings.billing";
import { answerBillingForm } from "./settings.billing.server";

/** How long after a plan is confirmed the page drops its `?checkout=` and shows the plan. */
const CONFIRMED_RELOAD_MS = 1000;

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Billing", description: "Your Sellkit plan, its invoices, and changing or cancelling it." }),
  { name: "robots", content: "noindex" },
];

/**
 * The creator's plan, read from the database only (so it shows while the provider is down). `?upgrade=` preselects a
 * plan; `?checkout=` is the return from a checkout, which waits for the plan to be in force.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = requestContext(request);
  const user = await requireUser(context.services, ctx, { batch: context });
  const { db } = context.services;
  const [state, invoices, history, timeZone] = await Promise.all([
    readBillingState(db, user.id),
    listBillingInvoices(db, user.id),
    readBillingHistory(db, user.id),
    sellerTimeZone(db, user.id, readTimeZone(ctx)),
  ]);
  const params = ctx.url.searchParams;
  const checkout = paidPlanOf(params.get("checkout"));
  const upgrade = BILLING_PLAN_CHOICES.find((plan) => plan === params.get("upgrade")) ?? null;
  return {
    state,
    checkout: checkout ? { plan: checkout, confirmed: state.plan === checkout } : null,
    upgrade,
    invoices: invoices.map((invoice) => ({
      id: invoice.invoiceId,
      plan: PLAN_TABLE[invoice.plan].name,
      amount: formatMoney(invoice.amountMinor, invoice.currency),
      status: INVOICE_STATUS_TEXTS[invoice.status],
      period: `${formatLongDate(new Date(invoice.periodStart).toISOString())} – ${formatLongDate(new Date(invoice.periodEnd).toISOString())}`,
      hostedUrl: invoice.hostedUrl,
      pdfUrl: invoice.pdfUrl,
    })),
    history: history.map((entry) => ({
      key: `${entry.at}-${entry.kind}`,
      at: formatDateTime(entry.at, timeZone),
      text: HISTORY_TEXTS[entry.kind](
        entry.plan ? PLAN_TABLE[entry.plan].name : "Your plan",
        entry.fromPlan ? PLAN_TABLE[entry.fromPlan].name : "your plan",
      ),
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = requestContext(request);
  const user = await requireUser(context.services, ctx);
  return answerBillingForm({ services: context.services, ctx, user, formData: await readFormData(request) });
}

const LINK = "font-medium text-primary underline underline-offset-4";

export default function BillingSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { state, checkout, upgrade, invoices, history } = loaderData;
  const navigation = useNavigation();
  const portalBusy = useIsPending({ intent: "portal" });
  const resumeBusy = useIsPending({ intent: "resume" });
  useAnswerToast(actionData && "toast" in actionData ? actionData.toast : null);
  const errorOf = (form: string) =>
    actionData && "form" in actionData && actionData.form === form && actionData.toast
      ? actionData.toast.description
      : undefined;
  const providerDown = Boolean(actionData && "providerDown" in actionData && actionData.providerDown);
  const running = state.subscribedPlan !== null && state.status !== "none" && isLive(state.status);
  const charge = nextCharge(state);
  const periodEnd = state.currentPeriodEnd ? formatLongDate(state.currentPeriodEnd) : null;
  const loading = navigation.state === "loading" && navigation.location.pathname === BILLING_PAGE_PATH;
  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-4 py-8 sm:px-6 sm:py-10" aria-busy={loading}>
      <div>
        <BackLink to="/settings">Back to settings</BackLink>
        <h1 className="mt-2 text-3xl font-bold tracking-tight">Billing</h1>
      </div>
      {providerDown ? (
        <p role="alert" className="rounded-md border border-warning/60 bg-warning/10 p-3 text-sm">
          {ERRORS.BILLING_PROVIDER_UNREACHABLE.message} The plan shown here is from our own records.
        </p>
      ) : null}
      {checkout ? (
        <CheckoutConfirmation
          plan={checkout.plan}
          confirmed={checkout.confirmed}
          to={BILLING_PAGE_PATH}
          delayMs={CONFIRMED_RELOAD_MS}
        />
      ) : null}
      <SettingsSection id="plan" title="Your plan">
        <dl className="grid gap-3 text-sm sm:grid-cols-[10rem_1fr]">
          <dt className="font-medium text-muted-foreground">Plan in force</dt>
          <dd className="text-base font-semibold">{PLAN_TABLE[state.plan].name}</dd>
          <dt className="font-medium text-muted-foreground">State</dt>
          <dd>{billingStatusText(state)}</dd>
          <dt className="font-medium text-muted-foreground">Next charge</dt>
          <dd>{charge ? `${charge.amount} on ${charge.date}` : "None scheduled"}</dd>
          {state.scheduledPlan ? (
            <>
              <dt className="font-medium text-muted-foreground">Scheduled</dt>
              <dd>
                {`Moves to ${PLAN_TABLE[state.scheduledPlan].name} (${monthlyPriceText(state.scheduledPlan)})`}
                {periodEnd ? ` on ${periodEnd}.` : " at the end of this period."}
              </dd>
            </>
          ) : null}
        </dl>
        <div className="mt-4 flex flex-wrap gap-3">
          {state.provider ? (
            <Form method="post">
              <input type="hidden" name="intent" value="portal" />
              <Button type="submit" variant="outline" disabled={portalBusy}>
                {portalBusy ? "Opening..." : state.hasPaymentMethod ? "Update card" : "Add a card"}
              </Button>
            </Form>
          ) : null}
          {running && (state.cancelAtPeriodEnd || state.scheduledPlan) ? (
            <Form method="post">
              <input type="hidden" name="intent" value="resume" />
              <Button type="submit" disabled={resumeBusy}>
                {resumeBusy
                  ? "Resuming..."
                  : `Keep ${state.subscribedPlan ? PLAN_TABLE[state.subscribedPlan].name : "my plan"}`}
              </Button>
            </Form>
          ) : null}
        </div>
        {errorOf("portal") || errorOf("resume") ? (
          <p role="alert" className="mt-2 text-sm text-destructive">
            {errorOf("portal") ?? errorOf("resume")}
          </p>
        ) : null}
      </SettingsSection>
      <SettingsSection
        id="change-plan"
        title="Change plan"
        description="Upgrades start at once and are charged pro rata; downgrades take effect at the end of the period."
      >
        <BillingPlanForm
          current={running ? state.subscribedPlan : null}
          preselected={upgrade}
          trialAvailable={!state.trialUsed}
          error={errorOf("change-plan")}
        />
      </SettingsSection>
      {running && !state.cancelAtPeriodEnd ? (
        <SettingsSection id="cancel" title="Cancel subscription" danger>
          <BillingCancelForm
            endsOn={periodEnd ?? (state.trialEndsAt ? formatLongDate(state.trialEndsAt) : null)}
            lastResult={
              actionData && "form" in actionData && actionData.form === "cancel" ? actionData.result : undefined
            }
            error={errorOf("cancel")}
          />
        </SettingsSection>
      ) : null}
      <SettingsSection id="invoices" title="Invoices">
        {invoices.length === 0 ? (
          <p className="text-sm text-muted-foreground">No invoices yet.</p>
        ) : (
          <ul className="grid gap-3">
            {invoices.map((invoice) => (
              <li
                key={invoice.id}
                className="flex flex-wrap items-baseline justify-between gap-2 border-b pb-3 text-sm"
              >
                <div>
                  <p className="font-medium">
                    {invoice.plan} · {invoice.amount} · {invoice.status}
                  </p>
                  <p className="text-muted-foreground">{invoice.period}</p>
                </div>
                <div className="flex gap-3">
                  {invoice.hostedUrl ? (
                    <a href={invoice.hostedUrl} className={LINK}>
                      View invoice<span className="sr-only"> for {invoice.period}</span>
                    </a>
                  ) : null}
                  {invoice.pdfUrl ? (
                    <a href={invoice.pdfUrl} className={LINK}>
                      PDF<span className="sr-only"> of the invoice for {invoice.period}</span>
                    </a>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        )}
      </SettingsSection>
      <SettingsSection id="history" title="History">
        {history.length === 0 ? (
          <p className="text-sm text-muted-foreground">No plan changes yet.</p>
        ) : (
          <ol className="grid gap-2 text-sm">
            {history.map((entry) => (
              <li key={entry.key} className="flex flex-wrap justify-between gap-2">
                <span>{entry.text}</span>
                <span className="text-muted-foreground">{entry.at}</span>
              </li>
            ))}
          </ol>
        )}
      </SettingsSection>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <SettingsErrorPage
      error={error}
      title="Billing"
      fallback="Your billing could not be loaded. Please try again in a moment."
      back={{ to: "/settings", label: "Back to settings" }}
    />
  );
}
