import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import type { PosPaymentState } from "~/flows/pos/pos-types";

/** A counter sale's card or pay-on-phone payment as the register follows it; null unless it is this seller's. */
export async function posPaymentQuery(
  db: Database,
  sellerId: string,
  orderId: string,
): Promise<PosPaymentState | null> {
  const result = await db.execute<{ status: string; failure_message: string | null; amount_cents: number }>(sql`
    select status, failure_message, amount_cents from orders
    where id = ${orderId}::uuid and user_id = ${sellerId} and channel = 'pos'`);
  const row = result.rows[0];
  if (!row) return null;
  const status = row.status === "paid" ? "paid" : row.status === "pending" ? "pending" : "closed";
  return { status, message: row.failure_message ?? "", totalCents: Number(row.amount_cents) };
}
