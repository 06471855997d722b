import { eq } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { storefronts } from "~/features/catalog/schema.server";

/** The creator's store handle (`/s/:handle`), or null before their first product made one. */
export async function getStoreHandle(db: Database, userId: string): Promise<string | null> {
  const [row] = await db.select({ handle: storefronts.handle }).from(storefronts).where(eq(storefronts.userId, userId)).limit(1);
  return row?.handle ?? null;
}
