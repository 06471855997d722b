import { eq } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { storefronts } from "~/domains/catalog/tables.server";
import { businessProfiles } from "~/kernel/store/tables.server";
import { slugify } from "~/domains/catalog/slugify";

/**
 * The creator's store handle, made from the store name on first use; safe concurrently, as the unique index decides.
 */
export async function ensureStorefront(db: Database, userId: string): Promise<string> {
  const [existing] = await db
    .select({ handle: storefronts.handle })
    .from(storefronts)
    .where(eq(storefronts.userId, userId))
    .limit(1);
  if (existing) return existing.handle;
  const [profile] = await db
    .select({ storeName: businessProfiles.storeName })
    .from(businessProfiles)
    .where(eq(businessProfiles.userId, userId))
    .limit(1);
  const base = slugify(profile?.storeName ?? "") || "store";
  for (let attempt = 1; attempt <= 50; attempt += 1) {
    const handle = attempt === 1 ? base : `${base.slice(0, 55)}-${attempt}`;
    const inserted = await db
      .insert(storefronts)
      .values({ userId, handle })
      .onConflictDoNothing()
      .returning({ handle: storefronts.handle });
    if (inserted[0]) return inserted[0].handle;
    // Either the handle is taken by another store, or this creator's row was made meanwhile.
    const [mine] = await db
      .select({ handle: storefronts.handle })
      .from(storefronts)
      .where(eq(storefronts.userId, userId))
      .limit(1);
    if (mine) return mine.handle;
  }
  const handle = `${base.slice(0, 40)}-${crypto.randomUUID().slice(0, 8)}`;
  await db.insert(storefronts).values({ userId, handle });
  return handle;
}
