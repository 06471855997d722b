import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { type Failure, fail } from "~/lib/errors";

/** Puts the seller's blocks in `order`, which must name each of their blocks once; else nothing changes. */
export async function reorderBioBlocks(
  db: Database,
  sellerId: string,
  order: string[],
): Promise<{ ok: true } | Failure<"BIO_ORDER_STALE">> {
  const ids = JSON.stringify(order);
  const result = await db.execute<{ moved: number; total: number }>(sql`
    with wanted as (
      select (value #>> '{}')::uuid as id, (ordinality - 1)::int as position
      from jsonb_array_elements(${ids}::jsonb) with ordinality
    ), mine as (select id from bio_blocks where user_id = ${sellerId}),
    complete as (
      select (select count(*) from mine) = ${order.length}::int
        and (select count(*) from wanted w join mine m on m.id = w.id) = ${order.length}::int as ok
    ), moved as (
      update bio_blocks b set position = w.position from wanted w, complete c
      where c.ok and b.id = w.id and b.user_id = ${sellerId}
      returning 1
    )
    select (select count(*) from moved)::int as moved, ${order.length}::int as total`);
  const row = result.rows[0];
  return row && row.moved === row.total ? { ok: true } : fail("BIO_ORDER_STALE");
}
