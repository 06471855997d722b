import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { codeHeldByOrderSql } from "~/domains/orders/server/discount-orders-sql.server";
import { fail, type Failure } from "~/lib/errors";

/**
 * Deletes one of the creator's never-used codes in one conditional DELETE, so a concurrent checkout reservation either
 * wins or finds no code.
 */
export async function deleteDiscountCode(
  db: Database,
  userId: string,
  discountCodeId: string,
): Promise<{ ok: true } | Failure<"DISCOUNT_NOT_FOUND" | "DISCOUNT_HAS_REDEMPTIONS">> {
  const result = await db.execute<{ found: number; deleted: number }>(sql`
    with target as (
      select id, redemptions_count = 0 and not exists (
        select 1 from discount_redemptions r where r.discount_code_id = d.id and r.status <> 'released'
      ) and not ${codeHeldByOrderSql(sql`d.id`)} as unused
      from discount_codes d where d.id = ${discountCodeId}::uuid and d.user_id = ${userId}
      for update
    ), deleted as (
      delete from discount_codes d using target t where d.id = t.id and t.unused returning d.id
    )
    select (select count(*) from target)::int as found, (select count(*) from deleted)::int as deleted`);
  const row = result.rows[0]!;
  if (row.found === 0) return fail("DISCOUNT_NOT_FOUND");
  return row.deleted ? { ok: true } : fail("DISCOUNT_HAS_REDEMPTIONS");
}
