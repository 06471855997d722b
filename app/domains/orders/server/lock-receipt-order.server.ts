import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { orderTitleSql } from "./order-lines-sql.server";

/** A seller's order as its receipt shows it. */
export type ReceiptOrder = {
  status: string;
  customer_email: string;
  product_name: string;
  store_name: string;
  amount_cents: number;
  currency: string;
};

/** The seller's own order as its receipt shows it, its row locked until the transaction ends; null when not theirs. */
export async function lockReceiptOrder(db: Database, sellerId: string, orderId: string): Promise<ReceiptOrder | null> {
  const found = await db.execute<ReceiptOrder>(sql`
      select status, customer_email, ${orderTitleSql} as product_name, store_name, amount_cents, currency
      from orders o where o.id = ${orderId}::uuid and o.user_id = ${sellerId} for update`);
  return found.rows[0] ?? null;
}
