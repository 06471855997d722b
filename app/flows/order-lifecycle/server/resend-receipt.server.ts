import { inTransaction } from "~/db/ambient-transaction.server";
import type { Database } from "~/db/database.server";
import { sendReceipt } from "~/domains/delivery/server/deliver-order.server";
import { lockReceiptOrder } from "~/domains/orders/server/lock-receipt-order.server";
import { recordSecurityEvent } from "~/kernel/audit/record-security-event.server";
import { fail, type Failure } from "~/lib/errors";
import type { RequestMeta } from "~/server/http/request-meta.server";
import type { Mailer } from "~/server/mail/mailer.server";
import { consumeRateLimits, type RateLimitRule } from "~/server/rate-limit/consume-rate-limit.server";

/** Receipts a seller may resend per order: enough for a buyer who lost it, not a mail cannon. */
export const RESEND_RECEIPT_RATE_LIMIT: RateLimitRule = { name: "receipt-resend", limit: 3, windowSeconds: 60 * 60 };

/** The buyer's address the receipt went to, or why it was refused. */
export type ResendReceiptResult =
  | { ok: true; to: string }
  | Failure<"ORDER_NOT_FOUND" | "RECEIPT_NOT_RESENDABLE" | "RECEIPT_RESEND_RATE_LIMITED">;

/**
 * Mails the receipt of a seller's own paid order again with a fresh download link, with its timeline record and
 * security event in one transaction.
 */
export async function resendReceipt(
  services: { db: Database; mailer: Mailer; env: { APP_URL: string } },
  sellerId: string,
  orderId: string,
  meta: RequestMeta,
): Promise<ResendReceiptResult> {
  return inTransaction(services.db, async (tx) => {
    const order = await lockReceiptOrder(tx, sellerId, orderId);
    if (!order) return fail("ORDER_NOT_FOUND");
    if (order.status !== "paid") return fail("RECEIPT_NOT_RESENDABLE");
    const limit = await consumeRateLimits(tx, [{ rule: RESEND_RECEIPT_RATE_LIMIT, key: `order:${orderId}` }]);
    if (!limit.allowed) return fail("RECEIPT_RESEND_RATE_LIMITED");
    await sendReceipt(
      { db: tx, mailer: services.mailer, appUrl: services.env.APP_URL },
      {
        id: orderId,
        customerEmail: order.customer_email,
        productName: order.product_name,
        storeName: order.store_name,
        amountCents: order.amount_cents,
        currency: order.currency,
      },
      { kind: "receipt_resent", actorId: sellerId },
    );
    await recordSecurityEvent(
      tx,
      {
        userId: sellerId,
        eventType: "receipt_resent",
        eventCategory: "data",
        severity: "low",
        riskScore: 1,
        details: { orderId },
      },
      meta,
    );
    return { ok: true as const, to: order.customer_email };
  });
}
