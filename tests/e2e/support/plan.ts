import type { PlanId } from "~/lib/plans";
import type { WorkerApp } from "./worker-app";

/**
 * An active subscription to `plan` for an existing creator, made directly in the worker's database as the billing
 * provider's events leave it: for journeys that use a paid plan's features but are not about subscribing.
 */
export async function putOnPlanDirectly(app: WorkerApp, userId: string, plan: Exclude<PlanId, "starter">) {
  await app.pool.query(
    `insert into billing_subscriptions (user_id, provider, customer_id, subscription_id, plan, status, snapshot_at)
     values ($1, 'test', $2, $3, $4, 'active', now())
     on conflict (user_id) do update set plan = excluded.plan, status = excluded.status`,
    [userId, `cus_${userId}`, `sub_${userId}`, plan],
  );
}
