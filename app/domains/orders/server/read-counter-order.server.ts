import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";

/** A counter sale's order as the register follows and settles its payment. */
export type CounterOrder = {
  status: string;
  failureMessage: string | null;
  amountCents: number;
  provider: string | null;
  providerCheckoutId: string | null;
  registerId: string | null;
  paysByCard: boolean;
};

/** The seller's own counter sale `orderId`, with whether part of it is paid by card; null for any other order. */
export async function readCounterOrder(db: Database, sellerId: string, orderId: string): Promise<CounterOrder | null> {
  const result = await db.execute<CounterOrder>(sql`
    select o.status, o.failure_message as "failureMessage", o.amount_cents as "amountCents", o.provider,
      o.provider_checkout_id as "providerCheckoutId", o.register_id as "registerId",
      exists (select 1 from order_payments p where p.order_id = o.id and p.method = 'card') as "paysByCard"
    from orders o
    where o.id = ${orderId}::uuid and o.user_id = ${sellerId} and o.channel = 'pos'`);
  const row = result.rows[0];
  return row ? { ...row, amountCents: Number(row.amountCents) } : null;
}
