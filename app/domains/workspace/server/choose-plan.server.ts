import type { Database } from "~/db/database.server";
import { profiles } from "~/kernel/store/tables.server";
import type { PlanId } from "~/lib/plans";

/**
 * Records the plan the creator picked on 'Choose Your Plan'; it grants nothing: billing's events decide the plan in
 * force.
 */
export async function choosePlan(db: Database, userId: string, plan: PlanId): Promise<void> {
  await db.insert(profiles).values({ userId, plan }).onConflictDoUpdate({ target: profiles.userId, set: { plan } });
}
