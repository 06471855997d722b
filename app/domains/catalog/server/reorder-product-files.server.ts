import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { fail, type Failure } from "~/lib/errors";

/** Puts a product's files in the given order, in one statement that refuses a stale list not naming every file once. */
export async function reorderProductFiles(
  db: Database,
  actor: { userId: string },
  input: { productId: string; fileIds: string[] },
): Promise<{ ok: true } | Failure<"PRODUCT_FILE_ORDER_INVALID">> {
  if (new Set(input.fileIds).size !== input.fileIds.length) return fail("PRODUCT_FILE_ORDER_INVALID");
  const ids = `{${input.fileIds.join(",")}}`;
  const result = await db.execute(sql`
    with wanted as (
      select id, ordinality - 1 as position from unnest(${ids}::uuid[]) with ordinality as t(id, ordinality)
    ),
    current as (
      select f.id from product_files f join products p on p.id = f.product_id
      where f.product_id = ${input.productId} and p.user_id = ${actor.userId}
    ),
    valid as (
      select (select count(*) from current) = ${input.fileIds.length}
        and not exists (select 1 from wanted w where w.id not in (select id from current)) as ok
    )
    update product_files f set position = w.position from wanted w, valid v
    where v.ok and f.id = w.id
    returning f.id`);
  return result.rows.length === input.fileIds.length ? { ok: true } : fail("PRODUCT_FILE_ORDER_INVALID");
}
