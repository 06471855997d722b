import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { BILLING_PAGE_PATH } from "~/domains/billing/billing-page-path";
import { BILLING_BANNER, type BillingBannerState, daysLeft } from "~/domains/billing/content/billing-banner-texts";

/**
 * The workspace's billing banner: a running trial's count-down (by the subscription's clock) with "Add a card", or a
 * failed payment with "Update card"; nothing otherwise.
 */
export function BillingBanner({ state }: { state: BillingBannerState | null }) {
  if (!state) return null;
  const trial = state.status === "trialing" && state.trialEndsAt && !state.hasPaymentMethod;
  const pastDue = state.status === "past_due";
  if (!trial && !pastDue) return null;
  const days = trial && state.trialEndsAt ? daysLeft(state.trialEndsAt, state.clockNow) : 0;
  const title = pastDue ? BILLING_BANNER.pastDue : days > 0 ? BILLING_BANNER.trial(days) : BILLING_BANNER.trialToday;
  const hint = pastDue
    ? state.graceEndsAt
      ? BILLING_BANNER.pastDueHint(state.graceEndsAt)
      : null
    : BILLING_BANNER.trialHint;
  return (
    <section
      aria-label="Billing"
      className={
        pastDue
          ? "flex flex-wrap items-center gap-3 border-b border-destructive/40 bg-destructive/10 px-4 py-3 sm:px-6"
          : "flex flex-wrap items-center gap-3 border-b bg-secondary px-4 py-3 sm:px-6"
      }
    >
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{title}</p>
        {hint ? <p className="text-sm text-muted-foreground">{hint}</p> : null}
      </div>
      <Form method="post" action={BILLING_PAGE_PATH} reloadDocument>
        <input type="hidden" name="intent" value="portal" />
        <Button type="submit" size="sm" variant={pastDue ? "destructive" : "default"}>
          {pastDue ? BILLING_BANNER.updateCard : BILLING_BANNER.addCard}
        </Button>
      </Form>
    </section>
  );
}
