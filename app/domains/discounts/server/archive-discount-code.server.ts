import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { fail, type Failure } from "~/lib/errors";

/**
 * Stops or, with `archived: false`, resumes accepting one of the creator's codes; archived codes stay listed and on
 * their orders.
 */
export async function archiveDiscountCode(
  db: Database,
  userId: string,
  discountCodeId: string,
  archived = true,
): Promise<{ ok: true } | Failure<"DISCOUNT_NOT_FOUND">> {
  const result = await db.execute(sql`
    update discount_codes set
      archived_at = case when ${archived} then coalesce(archived_at, now()) else null end,
      updated_at = now()
    where id = ${discountCodeId}::uuid and user_id = ${userId}
    returning id`);
  return result.rows.length ? { ok: true } : fail("DISCOUNT_NOT_FOUND");
}
