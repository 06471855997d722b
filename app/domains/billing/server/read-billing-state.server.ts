import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import {
  type BillingProviderId,
  type BillingState,
  planInForce,
  type SubscriptionStatus,
} from "~/domains/billing/subscription-state";
import { planOf } from "~/lib/plans";

type Row = {
  plan: string | null;
  status: SubscriptionStatus | null;
  provider: BillingProviderId | null;
  trial_ends_at: string | null;
  current_period_end: string | null;
  cancel_at_period_end: boolean | null;
  scheduled_plan: string | null;
  grace_ends_at: string | null;
  has_payment_method: boolean | null;
  trial_used: boolean;
  clock_now: string;
};

const iso = (value: string | null) => (value === null ? null : new Date(value).toISOString());

/** A creator's billing as the database holds it, so the billing page loads with the provider down. */
export async function readBillingState(db: Database, userId: string): Promise<BillingState> {
  const result = await db.execute<Row>(sql`
    select s.plan, s.status, s.provider, to_json(s.trial_ends_at) #>> '{}' as trial_ends_at,
      to_json(s.current_period_end) #>> '{}' as current_period_end, s.cancel_at_period_end, s.scheduled_plan,
      to_json(s.grace_ends_at) #>> '{}' as grace_ends_at, s.has_payment_method,
      exists (select 1 from billing_trials t where t.user_id = ${userId}) as trial_used,
      to_json(coalesce((select tc.clock_at from billing_customers c
        join test_billing_customers tc on tc.customer_id = c.customer_id
        where c.user_id = ${userId} and c.provider = 'test'), now())) #>> '{}' as clock_now
    from (select 1) one
    left join billing_subscriptions s on s.user_id = ${userId}`);
  const row = result.rows[0]!;
  const subscribedPlan = row.plan === null ? null : planOf(row.plan);
  const status = row.status ?? "none";
  return {
    plan: planInForce(status, subscribedPlan),
    subscribedPlan,
    status,
    provider: row.provider,
    trialEndsAt: iso(row.trial_ends_at),
    currentPeriodEnd: iso(row.current_period_end),
    cancelAtPeriodEnd: row.cancel_at_period_end ?? false,
    scheduledPlan: row.scheduled_plan === null ? null : planOf(row.scheduled_plan),
    graceEndsAt: iso(row.grace_ends_at),
    hasPaymentMethod: row.has_payment_method ?? false,
    trialUsed: row.trial_used,
    clockNow: new Date(row.clock_now).toISOString(),
  };
}
