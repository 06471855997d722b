import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { counterSaleSql } from "~/domains/orders/server/buyer-orders-sql.server";
import { type CounterReceiptStatus, counterReceiptMessage } from "../content/delivery-rules";

/** A counter sale's receipt mail as the register reports it. */
export type CounterReceipt = { status: CounterReceiptStatus; message: string | null };

/**
 * What became of the receipt mail of the seller's counter sale `saleId` (its device sale id or its order id); null
 * when no such sale of theirs exists.
 */
export async function counterReceiptStatus(
  db: Database,
  sellerId: string,
  saleId: string,
): Promise<CounterReceipt | null> {
  const result = await db.execute<{ email: string; sent: boolean; withheld: boolean }>(sql`
    select o.customer_email as email,
      exists (select 1 from delivery_events d where d.order_id = o.id and d.kind = 'receipt') as sent,
      exists (select 1 from delivery_events d where d.order_id = o.id and d.kind = 'receipt_withheld') as withheld
    from (${counterSaleSql(sellerId, saleId)}) o`);
  const row = result.rows[0];
  if (!row) return null;
  const status: CounterReceiptStatus = !row.email ? "none" : row.sent ? "sent" : row.withheld ? "withheld" : "waiting";
  return { status, message: counterReceiptMessage(status, row.email) };
}
