import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { readCounterOrder } from "~/domains/orders/server/read-counter-order.server";
import type { PaymentProviders } from "~/domains/payments/server/payment-provider.server";
import { type CardReader, cardReaderOf, terminalCardReader } from "./card-reader.server";

/**
 * The reader of a counter payment: a card on the register's Stripe Terminal reader when it has one, a pay-on-phone
 * link on the test provider's page. A started payment keeps the reader of the provider it was started with.
 */
export async function posCardReader(
  db: Database,
  payments: PaymentProviders,
  sellerId: string,
  at: { shiftId: string; method: string } | { orderId: string },
): Promise<CardReader | null> {
  if ("orderId" in at) {
    const order = await readCounterOrder(db, sellerId, at.orderId);
    if (order?.provider !== "stripe" || !order.registerId) return cardReaderOf(payments);
    const register = await db.execute<{ reader_id: string | null }>(
      sql`select card_reader_id as reader_id from registers where id = ${order.registerId}`,
    );
    // A reader disconnected since: the payment can only be given up here, not presented.
    const terminal = payments.stripe?.terminal;
    const readerId = register.rows[0]?.reader_id;
    return terminal && readerId ? terminalCardReader(terminal, readerId) : null;
  }
  if (at.method !== "card") return cardReaderOf(payments);
  const found = await db.execute<{ reader_id: string | null }>(sql`
    select r.card_reader_id as reader_id from shifts s join registers r on r.id = s.register_id
    where s.id = ${at.shiftId}::uuid and s.user_id = ${sellerId}`);
  return cardReaderOf(payments, found.rows[0]?.reader_id ?? null);
}
