import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { sellerAccountIdSql } from "~/domains/payments/server/seller-account-sql.server";

/** An order as a payment event about it is checked against: its amount, what its provider collects, its ids. */
export type PaymentEventOrder = {
  id: string;
  status: string;
  amount_cents: number;
  /** What the provider collects: the total less a counter sale's cash and other parts. */
  provider_due_cents: number;
  currency: string;
  provider_checkout_id: string | null;
  seller_account_id: string | null;
};

/** The ids a payment event names its order by: the order id the provider kept, its checkout or its payment. */
export type PaymentEventIds = { orderId: string | null; checkoutId: string | null; paymentId: string | null };

/** The provider's order an event names, by the order id first, then the checkout id, then the payment id. */
export async function readPaymentEventOrder(
  db: Database,
  provider: string,
  { orderId: byOrder, checkoutId: byCheckout, paymentId: byPayment }: PaymentEventIds,
): Promise<PaymentEventOrder | null> {
  const result = await db.execute<PaymentEventOrder>(sql`
    select o.id, o.status, o.amount_cents, o.currency,
      o.amount_cents - coalesce((select sum(p.amount_cents) from order_payments p
        where p.order_id = o.id and p.method not in ('card', 'pay_on_phone')), 0)::int as provider_due_cents,
          o.provider_checkout_id,
      ${sellerAccountIdSql(sql`o.user_id`, sql`o.provider`)} as seller_account_id
    from orders o
    where o.provider = ${provider} and (
      (${byOrder}::uuid is not null and o.id = ${byOrder}::uuid)
      or (${byCheckout}::text is not null and o.provider_checkout_id = ${byCheckout})
      or (${byPayment}::text is not null and o.provider_payment_id = ${byPayment}))
    order by coalesce(o.id = ${byOrder}::uuid, false) desc, coalesce(o.provider_checkout_id = ${byCheckout}, false) desc
    limit 1`);
  return result.rows[0] ?? null;
}

/** Keeps the checkout id an order lost (its write failed after the provider made it), unless it has one. */
export async function keepCheckoutId(db: Database, orderId: string, checkoutId: string): Promise<void> {
  await db.execute(sql`
      update orders set provider_checkout_id = ${checkoutId}, updated_at = now() where id = ${orderId}::uuid and provider_checkout_id is null`);
}

/** Records on a pending order why its payment failed, cut to the columns' lengths. */
export async function recordPaymentFailure(
  db: Database,
  orderId: string,
  failure: { code: string; message: string },
): Promise<void> {
  await db.execute(sql`
        update orders set failure_code = ${failure.code.slice(0, 100)},
          failure_message = ${failure.message.slice(0, 500)}, updated_at = now()
        where id = ${orderId}::uuid and status = 'pending'`);
}
