import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";

/** Puts an order with physical lines and no fulfilment yet on the seller's "Unfulfilled" list. */
export async function markGoodsUnfulfilled(db: Database, orderId: string): Promise<void> {
  await db.execute(sql`
        update orders set fulfilment_status = 'unfulfilled'
        where id = ${orderId}::uuid and fulfilment_status = 'none'
          and exists (select 1 from order_lines l where l.order_id = ${orderId}::uuid and l.kind = 'physical')`);
}
