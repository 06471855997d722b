import { data, redirectDocument } from "react-router";
import { startPlanCheckout } from "~/domains/billing/server/start-plan-checkout.server";
import { startProTrial } from "~/domains/billing/server/start-pro-trial.server";
import { choosePlan } from "~/domains/workspace/server/choose-plan.server";
import type { PlanOffer } from "~/domains/marketing/content/plans";
import type { SignedInUser } from "~/kernel/session/authorize-user.server";
import { statusOf } from "~/lib/errors";
import { redirectWithToast } from "~/routes/http/redirect-with-toast.server";
import type { RequestContext } from "~/server/http/request-context.server";
import type { AppServices } from "~/server/services.server";

const SETUP_FAILED = "Failed to set up your account";

/**
 * The plan picked on 'Choose Your Plan': Starter at once, Pro's trial without a card, the others by hosted checkout.
 * A paid plan starts only when its first payment's event arrives.
 */
export async function answerPlanChoice(
  services: AppServices,
  ctx: RequestContext,
  user: SignedInUser,
  plan: PlanOffer,
) {
  const actor = { userId: user.id, email: user.email };
  if (plan.id === "starter") {
    try {
      await choosePlan(services.db, user.id, plan.id);
    } catch (error) {
      services.logger.error({ err: error }, "plan not stored");
      return data({ ok: false as const, message: SETUP_FAILED }, { status: 503 });
    }
    return redirectWithToast("/dashboard", { type: "success", title: "Welcome! Your free account is ready." });
  }
  if (plan.id === "pro") {
    const started = await startProTrial(services, actor, ctx.meta);
    if (!started.ok) return data({ ok: false as const, message: started.message }, { status: statusOf(started.code) });
    return { ok: true as const, planName: plan.name };
  }
  const checkout = await startPlanCheckout(services, actor, { plan: plan.id, returnTo: "choose-plan" }, ctx.meta);
  if (!checkout.ok) return data({ ok: false as const, message: checkout.message }, { status: statusOf(checkout.code) });
  // A document load: the provider's hosted page is another site, or in test mode a page without this app's scripts.
  return redirectDocument(checkout.url);
}
