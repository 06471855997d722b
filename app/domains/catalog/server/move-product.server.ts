import { sql } from "drizzle-orm";
import { inTransaction } from "~/db/ambient-transaction.server";
import type { Database } from "~/db/database.server";
import { type Failure, fail } from "~/lib/errors";

/**
 * Moves a storefront product one place up or down, locking the creator's products so concurrent moves apply in turn.
 */
export async function moveProduct(
  db: Database,
  userId: string,
  productId: string,
  direction: "up" | "down",
): Promise<{ ok: true; position: number; count: number } | Failure<"STORE_PRODUCT_NOT_FOUND">> {
  return inTransaction(db, async (tx) => {
    const result = await tx.execute<{ id: string }>(sql`
      select id from products where user_id = ${userId} and status <> 'archived'
      order by position, created_at, id for update`);
    const ids = result.rows.map((row) => row.id);
    const from = ids.indexOf(productId);
    if (from < 0) return fail("STORE_PRODUCT_NOT_FOUND");
    const to = Math.min(ids.length - 1, Math.max(0, from + (direction === "up" ? -1 : 1)));
    if (to !== from) [ids[from], ids[to]] = [ids[to]!, ids[from]!];
    await tx.execute(sql`
      update products set position = (ordered.position - 1)::int, updated_at = now()
      from unnest(${`{${ids.join(",")}}`}::uuid[]) with ordinality as ordered(id, position)
      where products.id = ordered.id and products.user_id = ${userId} and products.position <> ordered.position - 1`);
    return { ok: true, position: to, count: ids.length };
  });
}
