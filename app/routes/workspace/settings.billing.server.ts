import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirectDocument } from "react-router";
import { isLive } from "~/domains/billing/billing-rules";
import { BILLING_PAGE_PATH, planSelectedText } from "~/domains/billing/content/billing-texts";
import { cancelSubscription } from "~/domains/billing/server/cancel-subscription.server";
import { changePlan } from "~/domains/billing/server/change-plan.server";
import { openBillingPortal } from "~/domains/billing/server/open-billing-portal.server";
import { readBillingState } from "~/domains/billing/server/read-billing-state.server";
import { resumeSubscription } from "~/domains/billing/server/resume-subscription.server";
import { startPlanCheckout } from "~/domains/billing/server/start-plan-checkout.server";
import { startProTrial } from "~/domains/billing/server/start-pro-trial.server";
import type { CurrentUser } from "~/kernel/session/read-current-user.server";
import type { Failure } from "~/lib/errors";
import { formatLongDate } from "~/lib/format-date";
import { PLAN_TABLE } from "~/lib/plans";
import { billingCancelSchema } from "~/pages/settings/schemas/settings-billing-cancel";
import { billingPlanSchema } from "~/pages/settings/schemas/settings-billing-plan";
import { failureRefusal, unknownIntentRefusal } from "~/routes/http/form-refusal.server";
import { pickIntent } from "~/routes/http/pick-intent.server";
import { redirectWithToast } from "~/routes/http/redirect-with-toast.server";
import type { RequestContext } from "~/server/http/request-context.server";
import type { AppServices } from "~/server/services.server";

type Args = { services: AppServices; ctx: RequestContext; user: CurrentUser; formData: FormData };

const actorOf = (user: CurrentUser) => ({ userId: user.id, email: user.email });

/** A refusal of one of the page's forms; an unreachable provider also raises the page's notice. */
function refused(form: string, failure: Failure) {
  const answer = failureRefusal(form, failure);
  return failure.code === "BILLING_PROVIDER_UNREACHABLE"
    ? data({ ...answer.data, providerDown: true }, answer.init ?? undefined)
    : answer;
}

/** `intent=change-plan`: moves a running subscription; without one, starts Pro's trial or a paid plan's checkout. */
async function changePlanForm({ services, ctx, user, formData }: Args) {
  const submission = parseWithZod(formData, { schema: billingPlanSchema });
  if (submission.status !== "success")
    return data({ form: "change-plan", result: submission.reply(), toast: null }, { status: 400 });
  const { plan } = submission.value;
  const state = await readBillingState(services.db, user.id);
  if (state.subscribedPlan !== null && state.status !== "none" && isLive(state.status)) {
    const changed = await changePlan(services, actorOf(user), { plan }, ctx.meta);
    if (!changed.ok) return refused("change-plan", changed);
    const name = PLAN_TABLE[plan].name;
    return redirectWithToast(
      BILLING_PAGE_PATH,
      changed.when === "now"
        ? { type: "success", title: `You are now on ${name}`, description: "The difference is charged pro rata." }
        : {
            type: "success",
            title: `Downgrade to ${name} scheduled`,
            description: state.currentPeriodEnd
              ? `Your plan changes on ${formatLongDate(state.currentPeriodEnd)}.`
              : "Your plan changes at the end of this period.",
          },
    );
  }
  if (plan === "pro" && !state.trialUsed) {
    const started = await startProTrial(services, actorOf(user), ctx.meta);
    if (!started.ok) return refused("change-plan", started);
    return redirectWithToast(BILLING_PAGE_PATH, { type: "success", title: planSelectedText("pro") });
  }
  const checkout = await startPlanCheckout(services, actorOf(user), { plan, returnTo: "billing" }, ctx.meta);
  if (!checkout.ok) return refused("change-plan", checkout);
  return redirectDocument(checkout.url);
}

/** `intent=cancel`: ends the subscription at the period's end, with the creator's reason. */
async function cancelForm({ services, ctx, user, formData }: Args) {
  const submission = parseWithZod(formData, { schema: billingCancelSchema });
  if (submission.status !== "success")
    return data({ form: "cancel", result: submission.reply(), toast: null }, { status: 400 });
  const cancelled = await cancelSubscription(services, actorOf(user), submission.value, ctx.meta);
  if (!cancelled.ok) return refused("cancel", cancelled);
  return redirectWithToast(BILLING_PAGE_PATH, {
    type: "success",
    title: "Subscription cancelled",
    description: `Your plan stays in force until ${formatLongDate(cancelled.endsAt)}, then Starter's rules apply.`,
  });
}

/** `intent=resume`: takes back a cancellation or a scheduled downgrade before the period's end. */
async function resumeForm({ services, ctx, user }: Args) {
  const resumed = await resumeSubscription(services, actorOf(user), ctx.meta);
  if (!resumed.ok) return refused("resume", resumed);
  return redirectWithToast(BILLING_PAGE_PATH, { type: "success", title: "Subscription resumed" });
}

/** `intent=portal`: the provider's page for the card on file and the invoices. */
async function portalForm({ services, user }: Args) {
  const portal = await openBillingPortal(services, actorOf(user), {
    returnUrl: `${services.env.APP_URL}${BILLING_PAGE_PATH}`,
  });
  if (!portal.ok) return refused("portal", portal);
  return redirectDocument(portal.url);
}

const BILLING_FORMS = {
  "change-plan": changePlanForm,
  cancel: cancelForm,
  resume: resumeForm,
  portal: portalForm,
} as const;

/** Answers the billing form that `intent` names, or 400 for none of them. */
export function answerBillingForm(args: Args) {
  const form = pickIntent(BILLING_FORMS, args.formData);
  return form ? form(args) : unknownIntentRefusal();
}
