import { and, eq } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { bioBlocks } from "~/domains/link-in-bio/tables.server";
import { type Failure, fail } from "~/lib/errors";

/** Hides, shows or deletes one of the seller's blocks; a deleted block takes its click counts with it. */
export async function changeBioBlock(
  db: Database,
  sellerId: string,
  blockId: string,
  action: "hide" | "show" | "delete",
): Promise<{ ok: true } | Failure<"BIO_BLOCK_NOT_FOUND">> {
  const mine = and(eq(bioBlocks.id, blockId), eq(bioBlocks.userId, sellerId));
  const rows =
    action === "delete"
      ? await db.delete(bioBlocks).where(mine).returning({ id: bioBlocks.id })
      : await db
          .update(bioBlocks)
          .set({ hidden: action === "hide" })
          .where(mine)
          .returning({ id: bioBlocks.id });
  return rows.length ? { ok: true } : fail("BIO_BLOCK_NOT_FOUND");
}
