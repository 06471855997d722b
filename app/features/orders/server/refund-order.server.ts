import { sql } from "drizzle-orm";
import { inTransaction } from "~/db/ambient-transaction.server";
import { formatMoney } from "~/lib/money";
import type { Database } from "~/db/database.server";
import type { PaymentProviders, ProviderId, RefundResult } from "~/features/payments/server/payment-provider.server";
import { fail, type Failure } from "~/lib/errors";
import type { Logger } from "~/server/logger.server";
import type { Mailer } from "~/server/mail/mailer.server";
import type { RequestMeta } from "~/server/http/request-meta.server";
import { settleRefund } from "./settle-refund.server";
import { feeRefundFor } from "~/features/orders/platform-fee";
import type { LineRefundRequest } from "~/features/orders/order-lines";
import { type PricedLineRefund, priceLineRefund } from "./price-line-refund.server";

export type RefundServices = {
  db: Database;
  mailer: Mailer;
  payments: PaymentProviders;
  logger: Logger;
  env: { APP_URL: string };
  /** Pays back, in the refund's transaction, an order no provider took (cash at a counter); without it such orders cannot be refunded. */
  payOutside?: (tx: Database, refund: { orderId: string; refundId: string; amountCents: number }) => Promise<void>;
};

export type RefundDone = {
  ok: true;
  refundId: string;
  amountCents: number;
  currency: string;
  /** The order's refunded total after this refund, and whether that is all of it (the order is then refunded). */
  refundedCents: number;
  full: boolean;
};

export type RefundFailure = Failure<
  | "ORDER_NOT_FOUND"
  | "ORDER_NOT_REFUNDABLE"
  | "REFUND_AMOUNT_INVALID"
  | "REFUND_AMOUNT_TOO_HIGH"
  | "REFUND_LINES_INVALID"
  | "REFUND_PROVIDER_UNAVAILABLE"
  | "REFUND_PROVIDER_FAILED"
  | "REFUND_FAILED"
  | "REFUND_UNCONFIRMED"
>;

type Reserved = {
  refundId: string;
  provider: ProviderId;
  paymentId: string;
  currency: string;
  amountCents: number;
  feeRefundCents: number;
  /** What was refunded before this refund (the order's total, or our succeeded refunds if more). */
  refundedBefore: number;
  orderAmountCents: number;
};

type LockedOrder = {
  status: string;
  provider: string | null;
  provider_payment_id: string | null;
  amount_cents: number;
  refunded_cents: number;
  platform_fee_cents: number;
  currency: string;
  succeeded_cents: number;
  in_flight_cents: number;
};

export { feeRefundFor };

/**
 * A seller refunds an amount, or units of lines priced on the server, of their own paid order: recorded first, then
 * asked of the provider.
 */
export async function refundOrder(
  services: RefundServices,
  sellerId: string,
  orderId: string,
  what: number | LineRefundRequest,
  meta: RequestMeta,
): Promise<RefundDone | RefundFailure> {
  if (typeof what === "number" && (!Number.isSafeInteger(what) || what < 1)) return fail("REFUND_AMOUNT_INVALID");
  const reserved = await inTransaction(services.db, async (tx): Promise<Reserved | RefundDone | RefundFailure> => {
    const found = await tx.execute<LockedOrder>(sql`
      select o.status, o.provider, o.provider_payment_id, o.amount_cents, o.refunded_cents, o.platform_fee_cents, o.currency,
        coalesce((select sum(r.amount_cents) from refunds r where r.order_id = o.id and r.status = 'succeeded'), 0)::int as succeeded_cents,
        coalesce((select sum(r.amount_cents) from refunds r where r.order_id = o.id and r.status in ('pending', 'unknown')), 0)::int as in_flight_cents
      from orders o where o.id = ${orderId}::uuid and o.user_id = ${sellerId}
      for update of o`);
    const order = found.rows[0];
    if (!order) return fail("ORDER_NOT_FOUND");
    const outside = !order.provider && !order.provider_payment_id ? (services.payOutside ?? null) : null;
    if (order.status !== "paid" || (!order.provider_payment_id && !outside)) return fail("ORDER_NOT_REFUNDABLE");
    const provider = order.provider as ProviderId | null;
    if (!outside && (!provider || !services.payments[provider])) return fail("REFUND_PROVIDER_UNAVAILABLE");
    const refundedBefore = Math.max(order.refunded_cents, order.succeeded_cents);
    const left = order.amount_cents - refundedBefore - order.in_flight_cents;
    let amountCents = typeof what === "number" ? what : 0;
    let lines: PricedLineRefund["lines"] = [];
    if (typeof what !== "number") {
      const priced = await priceLineRefund(tx, orderId, what, Math.max(0, left));
      if (!priced.ok) return priced;
      amountCents = priced.amountCents;
      lines = priced.lines;
      if (amountCents < 1) return fail("REFUND_AMOUNT_TOO_HIGH", refundTooHighMessage(left, order.currency));
    }
    if (amountCents > left) return fail("REFUND_AMOUNT_TOO_HIGH", refundTooHighMessage(left, order.currency));
    const feeRefundCents = feeRefundFor(order.platform_fee_cents, amountCents, order.amount_cents);
    const inserted = await tx.execute<{ id: string }>(sql`
      insert into refunds (order_id, amount_cents, fee_refunded_cents, status, lines)
      values (${orderId}::uuid, ${amountCents}, ${feeRefundCents}, 'pending', ${JSON.stringify(lines)}::jsonb) returning id`);
    const refundId = inserted.rows[0]!.id;
    if (outside) {
      await outside(tx, { orderId, refundId, amountCents });
      const refundedCents = Math.min(order.amount_cents, refundedBefore + amountCents);
      await settleRefund(
        { db: tx, mailer: services.mailer, appUrl: services.env.APP_URL },
        refundId,
        { status: "succeeded", providerRefundId: null, refundedCents },
        "counter_refund",
        meta,
      );
      const full = refundedCents >= order.amount_cents;
      return { ok: true, refundId, amountCents, currency: order.currency, refundedCents, full };
    }
    return {
      refundId,
      provider: provider as ProviderId,
      paymentId: order.provider_payment_id ?? "",
      currency: order.currency,
      amountCents,
      feeRefundCents,
      refundedBefore,
      orderAmountCents: order.amount_cents,
    };
  });
  if ("ok" in reserved) return reserved;

  const provider = services.payments[reserved.provider]!;
  const settling = { db: services.db, mailer: services.mailer, appUrl: services.env.APP_URL };
  let answer: RefundResult;
  try {
    answer = await provider.refund({
      paymentId: reserved.paymentId,
      amountCents: reserved.amountCents,
      currency: reserved.currency,
      feeRefundCents: reserved.feeRefundCents,
      sellerAccountId: await sellerAccountId(services.db, sellerId, reserved.provider),
      idempotencyKey: reserved.refundId,
    });
  } catch (error) {
    services.logger.error(
      { err: error, orderId, refundId: reserved.refundId, provider: reserved.provider },
      "refund call failed",
    );
    // The provider may have refunded before the answer was lost: where it can be asked, the reconciler settles it.
    if (provider.findRefund) {
      await markUnknown(services.db, reserved.refundId);
      return fail("REFUND_UNCONFIRMED");
    }
    await settleRefund(settling, reserved.refundId, { status: "failed" }, "seller_refund", meta);
    return fail("REFUND_FAILED");
  }
  if (answer.status === "failed") {
    await settleRefund(settling, reserved.refundId, { status: "failed" }, "seller_refund", meta);
    return fail(
      "REFUND_PROVIDER_FAILED",
      `The payment provider refused the refund: ${answer.failure.message} Nothing was refunded.`,
    );
  }

  // The provider accepted it ("pending" too: it counts the refund in the payment's refunded total from now on).
  const settled = await settleRefund(
    settling,
    reserved.refundId,
    {
      status: "succeeded",
      providerRefundId: answer.refundId,
      refundedCents: reserved.refundedBefore + reserved.amountCents,
    },
    "seller_refund",
    meta,
  );
  // Null only when the reconciler settled it meanwhile, from the same provider's answer.
  const refundedCents =
    settled?.status === "succeeded"
      ? settled.refundedCents
      : Math.min(reserved.orderAmountCents, reserved.refundedBefore + reserved.amountCents);
  const full = refundedCents >= reserved.orderAmountCents;
  return {
    ok: true,
    refundId: reserved.refundId,
    amountCents: reserved.amountCents,
    currency: reserved.currency,
    refundedCents,
    full,
  };
}

function refundTooHighMessage(leftCents: number, currency: string): string {
  if (leftCents <= 0) return "Nothing is left to refund on this order.";
  return `You can refund at most ${formatMoney(leftCents, currency)}, what is left of the order's amount.`;
}

async function markUnknown(db: Database, refundId: string): Promise<void> {
  await db.execute(sql`update refunds set status = 'unknown' where id = ${refundId}::uuid and status = 'pending'`);
}

/** The seller's account at the provider (Stripe acct_…, a PayPal merchant id); null for the test provider. */
async function sellerAccountId(db: Database, sellerId: string, provider: ProviderId): Promise<string | null> {
  const found = await db.execute<{ external_account_id: string | null }>(
    sql`select external_account_id from payment_accounts where user_id = ${sellerId} and provider = ${provider} limit 1`,
  );
  return found.rows[0]?.external_account_id ?? null;
}
