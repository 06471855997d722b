import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { changePlan } from "~/domains/billing/server/change-plan.server";
import type { BillingServices } from "~/domains/billing/server/billing-services.server";
import { payTestCheckout } from "~/domains/billing/server/pay-test-checkout.server";
import { readBillingState } from "~/domains/billing/server/read-billing-state.server";
import { startPlanCheckout } from "~/domains/billing/server/start-plan-checkout.server";
import { createTestBillingProvider } from "~/domains/billing/server/test-billing-provider.server";
import type { PlanId } from "~/lib/plans";
import { enqueueMail } from "~/server/mail/mail-outbox.server";
import type { Mailer } from "~/server/mail/mailer.server";

/** A mailer that only fills the outbox (no worker), for helpers that must not leave one running. */
export function outboxOnlyMailer(db: Database): Mailer {
  const from = "Sellkit <no-reply@example.com>";
  return {
    kind: "dev-mailbox",
    send: async (message, options) => {
      await enqueueMail(options?.tx ?? db, from, message);
    },
    request: async () => {},
    close: async () => {},
  };
}

/**
 * Gives a user an active paid subscription the way a creator gets one: the test provider's checkout paid with a
 * card that pays, or a plan change when one is live; the plan changes only through applyBillingEvents.
 */
export async function putOnPlan(db: Database, userId: string, plan: Exclude<PlanId, "starter">): Promise<void> {
  const services: BillingServices = {
    db,
    billing: { test: createTestBillingProvider({ db }) },
    mailer: outboxOnlyMailer(db),
    env: { APP_URL: "http://localhost" },
  };
  const found = await db.execute<{ email: string }>(sql`select email from "user" where id = ${userId}`);
  const actor = { userId, email: found.rows[0]!.email };
  const state = await readBillingState(db, userId);
  if (state.status === "trialing" || state.status === "active" || state.status === "past_due") {
    const changed = await changePlan(services, actor, { plan }, {});
    if (!changed.ok && changed.code !== "BILLING_SAME_PLAN") throw new Error(`putOnPlan: ${changed.code}`);
    if (changed.ok && changed.when === "period_end")
      throw new Error("putOnPlan: a downgrade waits for the period's end");
    return;
  }
  const checkout = await startPlanCheckout(services, actor, { plan, returnTo: "billing" }, {});
  if (!checkout.ok) throw new Error(`putOnPlan: ${checkout.code}`);
  const checkoutId = checkout.url.split("/").pop()!;
  const paid = await payTestCheckout(services, actor, { checkoutId, card: "4242 4242 4242 4242" }, {});
  if (!paid.ok) throw new Error(`putOnPlan: ${paid.code}`);
}
