import { sql } from "drizzle-orm";
import { inTransaction } from "~/db/ambient-transaction.server";
import type { Database } from "~/db/database.server";
import { PAYMENT_RETRY_DAYS } from "~/domains/billing/billing-rules";
import {
  type BillingProviderId,
  type SubscriptionStatus,
  TRIAL_REMINDER_DAYS,
} from "~/domains/billing/subscription-state";
import type { PlanId } from "~/lib/plans";
import type { Logger } from "~/server/logger.server";
import { runEvery } from "~/server/tasks/run-every.server";
import { applyBillingEvents } from "./apply-billing-events.server";
import type { BillingServices } from "./billing-services.server";

/** Rows one run takes of each kind; the next run takes the rest. */
const BATCH = 100;

type PastDue = {
  user_id: string;
  provider: BillingProviderId;
  customer_id: string;
  subscription_id: string;
  plan: PlanId;
  status: SubscriptionStatus;
  grace_ends_at: string;
  has_payment_method: boolean;
  card_fingerprint: string | null;
};

/** Tries the creator's billing lock without waiting: a verb or another instance holding it runs this creator's work. */
async function tryLockUser(tx: Database, userId: string): Promise<boolean> {
  const result = await tx.execute<{ locked: boolean }>(
    sql`select pg_try_advisory_xact_lock(hashtextextended(${`billing:${userId}`}, 0)) as locked`,
  );
  return result.rows[0]?.locked === true;
}

/**
 * The billing job, in real time: runs the test provider's due trial ends, renewals and retries for customers whose
 * clock was never moved, and lapses past-due subscriptions whose grace ended. Locks skip what another run holds.
 */
export async function runDueBilling(services: BillingServices): Promise<{ testCustomers: number; lapsed: number }> {
  const { db } = services;
  let testCustomers = 0;
  let lapsed = 0;
  const test = services.billing.test;
  if (test) {
    const due = await db.execute<{ customer_id: string; user_id: string }>(sql`
      select c.customer_id, c.user_id from test_billing_customers c
      join test_billing_subscriptions s on s.customer_id = c.customer_id and s.status <> 'canceled'
      where c.clock_at is null and (
        (s.status = 'trialing' and (s.trial_ends_at <= now()
          or (not s.trial_reminded and s.trial_ends_at - make_interval(days => ${TRIAL_REMINDER_DAYS}) <= now())))
        or (s.status = 'active' and s.current_period_end <= now())
        or (s.status = 'past_due' and s.past_due_since + make_interval(days => ${PAYMENT_RETRY_DAYS[0]}) <= now()))
      limit ${BATCH}`);
    for (const row of due.rows) {
      const ran = await inTransaction(db, async (tx) => {
        if (!(await tryLockUser(tx, row.user_id))) return false;
        const claimed = await tx.execute(sql`
          select 1 from test_billing_customers
          where customer_id = ${row.customer_id} and clock_at is null for update skip locked`);
        if (claimed.rows.length === 0) return false;
        const events = await test.runDue({ customerId: row.customer_id });
        await applyBillingEvents(tx, "test", events, services);
        return events.length > 0;
      });
      if (ran) testCustomers++;
    }
  }
  // The test provider lapses on its own clock; this is the net under a provider whose deletion never arrived.
  const pastDue = await db.execute<{ user_id: string }>(sql`
    select user_id from billing_subscriptions
    where status = 'past_due' and grace_ends_at <= now() and provider <> 'test' limit ${BATCH}`);
  for (const { user_id } of pastDue.rows) {
    const done = await inTransaction(db, async (tx) => {
      if (!(await tryLockUser(tx, user_id))) return false;
      const found = await tx.execute<PastDue>(sql`
        select user_id, provider, customer_id, subscription_id, plan, status,
          to_json(grace_ends_at) #>> '{}' as grace_ends_at, has_payment_method, card_fingerprint
        from billing_subscriptions
        where user_id = ${user_id} and status = 'past_due' and grace_ends_at <= now()
        for update skip locked`);
      const sub = found.rows[0];
      if (!sub) return false;
      const graceEndsAt = new Date(sub.grace_ends_at);
      const result = await applyBillingEvents(
        tx,
        sub.provider,
        [
          {
            eventId: `lapse_${sub.subscription_id}_${graceEndsAt.getTime()}`,
            createdAt: new Date(),
            type: "subscription.deleted",
            subscription: {
              customerId: sub.customer_id,
              subscriptionId: sub.subscription_id,
              plan: sub.plan,
              status: "past_due",
              trialEndsAt: null,
              currentPeriodEnd: null,
              cancelAtPeriodEnd: false,
              scheduledPlan: null,
              hasPaymentMethod: sub.has_payment_method,
              cardFingerprint: sub.card_fingerprint,
            },
          },
        ],
        services,
      );
      return result.applied > 0;
    });
    if (done) lapsed++;
  }
  return { testCustomers, lapsed };
}

/** Runs the billing job every `intervalMs`, one run at a time; returns its stop function. */
export function startDueBilling(
  services: BillingServices & { logger: Logger },
  intervalMs = 60_000,
): () => Promise<void> {
  return runEvery(() => runDueBilling(services), intervalMs, services.logger, "billing job run failed");
}
