import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";

/** A payment that used a code past its maximum: the code as saved, its paid uses now (this one included) and the maximum. */
export type DiscountOverLimit = { code: string; used: number; max: number };

/**
 * The order was paid: its use of the code (reserved, lapsed or released) becomes a paid one, counted in the same
 * statement that locks the code row. A payment is honoured even past the maximum; then the overrun is returned
 * for the caller to record. No-op (null) without a reservation or when already redeemed.
 */
export async function redeemDiscount(db: Database, orderId: string): Promise<DiscountOverLimit | null> {
  const result = await db.execute(sql`
    with redeemed as (
      update discount_redemptions set status = 'redeemed', client_key = null, updated_at = now()
      where order_id = ${orderId}::uuid and status <> 'redeemed'
      returning discount_code_id
    )
    update discount_codes d set redemptions_count = d.redemptions_count + 1, updated_at = now()
    from redeemed r where d.id = r.discount_code_id
    returning d.code, d.redemptions_count as used, d.max_redemptions as max`);
  const row = (result as unknown as { rows: { code: string; used: number; max: number | null }[] }).rows[0];
  if (!row || row.max === null || row.used <= row.max) return null;
  return { code: row.code, used: row.used, max: row.max };
}
