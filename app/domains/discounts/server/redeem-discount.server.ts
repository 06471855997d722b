import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";

/** A payment past a code's maximum: the saved code, its paid uses including this one, and the maximum. */
export type DiscountOverLimit = { code: string; used: number; max: number };

/**
 * Turns a paid order's reserved use into a paid one under the code's lock, returning any overrun past the maximum; null
 * when none to redeem.
 */
export async function redeemDiscount(db: Database, orderId: string): Promise<DiscountOverLimit | null> {
  const result = await db.execute<{ code: string; used: number; max: number | null }>(sql`
    with redeemed as (
      update discount_redemptions set status = 'redeemed', client_key = null, updated_at = now()
      where order_id = ${orderId}::uuid and status <> 'redeemed'
      returning discount_code_id
    )
    update discount_codes d set redemptions_count = d.redemptions_count + 1, updated_at = now()
    from redeemed r where d.id = r.discount_code_id
    returning d.code, d.redemptions_count as used, d.max_redemptions as max`);
  const row = result.rows[0];
  if (!row || row.max === null || row.used <= row.max) return null;
  return { code: row.code, used: row.used, max: row.max };
}
