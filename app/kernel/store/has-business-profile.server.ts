import { eq } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { businessProfiles } from "~/kernel/store/tables.server";

export async function hasBusinessProfile(db: Database, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: businessProfiles.userId })
    .from(businessProfiles)
    .where(eq(businessProfiles.userId, userId))
    .limit(1);
  return Boolean(row);
}
