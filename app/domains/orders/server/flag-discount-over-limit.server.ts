import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";

/** Flags a discount redeemed past its maximum on the order and on the order_events row `eventId` of its payment. */
export async function flagDiscountOverLimit(
  db: Database,
  orderId: string,
  eventId: string,
  overLimit: { code: string; used: number; max: number },
): Promise<void> {
  await db.execute(sql`update orders set discount_over_limit = true where id = ${orderId}::uuid`);
  await db.execute(sql`
          update order_events set details = details || jsonb_build_object('discountOverLimit',
            ${JSON.stringify(overLimit)}::jsonb)
          where id = ${eventId}::uuid`);
}
