import { inTransaction } from "~/db/ambient-transaction.server";
import type { Database } from "~/db/database.server";
import { recordStockMovements } from "~/domains/inventory/server/record-stock-movements.server";
import {
  countRefundedUnits,
  lockWaitingRefund,
  markRefundSettled,
  succeededRefundCents,
} from "~/domains/orders/server/refund-rows.server";
import { recordSecurityEvent } from "~/kernel/audit/record-security-event.server";
import type { RequestMeta } from "~/server/http/request-meta.server";
import type { Mailer } from "~/server/mail/mailer.server";
import { recordRefund } from "./record-refund.server";

/** What the provider did with a refund; `refundedCents`: the payment's refunded total as known with that answer. */
export type RefundOutcome =
  | { status: "succeeded"; providerRefundId: string | null; refundedCents: number }
  | { status: "failed" };

/** A refund settled as succeeded: the order's refunded total after it, and whether that is all of it. */
export type SettledRefund = {
  status: "succeeded";
  refundId: string;
  amountCents: number;
  currency: string;
  refundedCents: number;
  full: boolean;
};

/**
 * Counts a succeeded refund's units on its lines and puts the restocked ones back at the location named, or the
 * order's.
 */
async function applyRefundLines(db: Database, refundId: string, sellerId: string): Promise<void> {
  const applied = await countRefundedUnits(db, refundId);
  const returned = applied.filter((row) => row.restock && row.variant_id && row.location_id);
  await recordStockMovements(
    db,
    sellerId,
    sellerId,
    returned.map((row) => ({
      variantId: row.variant_id!,
      locationId: row.location_id!,
      kind: "returned" as const,
      quantity: row.quantity,
      orderId: row.order_id,
      orderLineId: row.line_id,
      idempotencyKey: `refund:${refundId}:${row.line_id}`,
    })),
  );
}

/** Settles a refund still waiting for its provider, once; null when it was settled already. */
export async function settleRefund(
  services: { db: Database; mailer: Mailer; appUrl: string },
  refundId: string,
  outcome: RefundOutcome,
  cause: string,
  meta: RequestMeta,
): Promise<SettledRefund | { status: "failed" } | null> {
  return inTransaction(services.db, async (tx) => {
    // The order first, as a new refund locks it: its refunds are settled one at a time.
    const refund = await lockWaitingRefund(tx, refundId);
    if (!refund) return null;
    const providerRefundId = outcome.status === "succeeded" ? outcome.providerRefundId : null;
    if (!(await markRefundSettled(tx, refundId, outcome.status, providerRefundId))) return null;
    if (outcome.status === "failed") return { status: "failed" as const };
    await applyRefundLines(tx, refundId, refund.user_id);

    const succeeded = await succeededRefundCents(tx, refund.order_id);
    const total = Math.min(refund.order_amount_cents, Math.max(outcome.refundedCents, succeeded));
    await recordRefund({ ...services, db: tx }, refund.order_id, total, cause);
    const full = total >= refund.order_amount_cents;
    await recordSecurityEvent(
      tx,
      {
        userId: refund.user_id,
        eventType: "order_refunded",
        eventCategory: "payment",
        severity: "medium",
        riskScore: 3,
        details: {
          orderId: refund.order_id,
          refundId,
          provider: refund.provider,
          amountCents: refund.amount_cents,
          feeRefundCents: refund.fee_refunded_cents,
          currency: refund.currency,
          refundedCents: total,
          full,
        },
      },
      meta,
    );
    return {
      status: "succeeded" as const,
      refundId,
      amountCents: refund.amount_cents,
      currency: refund.currency,
      refundedCents: total,
      full,
    };
  });
}
