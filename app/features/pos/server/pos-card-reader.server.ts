import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import type { PaymentProviders } from "~/features/payments/server/payment-provider.server";
import { type CardReader, cardReaderOf } from "./card-reader.server";

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
  const found =
    "orderId" in at
      ? await db.execute<{ reader_id: string | null }>(sql`
          select case when o.provider = 'stripe' then r.card_reader_id end as reader_id
          from orders o join registers r on r.id = o.register_id
          where o.id = ${at.orderId}::uuid and o.user_id = ${sellerId}`)
      : at.method === "card"
        ? await db.execute<{ reader_id: string | null }>(sql`
            select r.card_reader_id as reader_id from shifts s join registers r on r.id = s.register_id
            where s.id = ${at.shiftId}::uuid and s.user_id = ${sellerId}`)
        : null;
  return cardReaderOf(payments, found?.rows[0]?.reader_id ?? null);
}
