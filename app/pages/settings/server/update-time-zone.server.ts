import { profiles } from "~/kernel/store/tables.server";
import type { Database } from "~/db/database.server";

/** Saves the creator's time zone, or null to follow the browser's zone. */
export async function updateTimeZone(db: Database, userId: string, timeZone: string | null): Promise<void> {
  await db
    .insert(profiles)
    .values({ userId, timeZone })
    .onConflictDoUpdate({ target: profiles.userId, set: { timeZone } });
}
