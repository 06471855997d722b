import { eq } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { profiles } from "~/kernel/store/tables.server";

/** The plan picked so far and the one asked for at sign-up (/signup?plan=). */
export async function readPlanChoice(
  db: Database,
  userId: string,
): Promise<{ plan: string | null; requestedPlan: string | null }> {
  const [row] = await db
    .select({ plan: profiles.plan, requestedPlan: profiles.requestedPlan })
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .limit(1);
  return row ?? { plan: null, requestedPlan: null };
}
