import { randomBytes } from "node:crypto";
import { eq, lt } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { viewSalts } from "../tables.server";

/**
 * One random salt per UTC day for visitor hashes, shared by all instances and deleted once that day's views are
 * written.
 */
export function createViewSalts(db: Database) {
  const known = new Map<string, Buffer>();
  return {
    async saltOf(day: string): Promise<Buffer> {
      const cached = known.get(day);
      if (cached) return cached;
      await db
        .insert(viewSalts)
        .values({ day, salt: randomBytes(32) })
        .onConflictDoNothing();
      const [row] = await db.select({ salt: viewSalts.salt }).from(viewSalts).where(eq(viewSalts.day, day));
      if (!row) throw new Error(`the salt of ${day} was not stored`);
      known.set(day, row.salt);
      return row.salt;
    },
    /** Deletes the salts of days before `day` (YYYY-MM-DD). */
    async forgetBefore(day: string): Promise<void> {
      for (const kept of known.keys()) if (kept < day) known.delete(kept);
      await db.delete(viewSalts).where(lt(viewSalts.day, day));
    },
  };
}
