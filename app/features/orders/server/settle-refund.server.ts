import { sql } from "drizzle-orm";
import { inTransaction } from "~/db/ambient-transaction.server";
import type { Database } from "~/db/database.server";
import { recordSecurityEvent } from "~/features/security/server/record-security-event.server";
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

type Held = {
  order_id: string;
  user_id: string;
  provider: string | null;
  order_amount_cents: number;
  currency: string;
  amount_cents: number;
  fee_refunded_cents: number;
};

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
    const held = await tx.execute<Held>(sql`
      select r.order_id, o.user_id, o.provider, o.amount_cents as order_amount_cents, o.currency, r.amount_cents, r.fee_refunded_cents
      from refunds r join orders o on o.id = r.order_id
      where r.id = ${refundId}::uuid and r.status in ('pending', 'unknown')
      for update of o`);
    const refund = held.rows[0];
    if (!refund) return null;
    const marked = await tx.execute(sql`
      update refunds set status = ${outcome.status},
        provider_refund_id = coalesce(${outcome.status === "succeeded" ? outcome.providerRefundId : null}, provider_refund_id)
      where id = ${refundId}::uuid and status in ('pending', 'unknown') returning id`);
    if (marked.rows.length === 0) return null;
    if (outcome.status === "failed") return { status: "failed" as const };

    const summed = await tx.execute<{ cents: number }>(
      sql`select coalesce(sum(amount_cents), 0)::int as cents from refunds where order_id = ${refund.order_id}::uuid and status = 'succeeded'`,
    );
    const succeeded = summed.rows[0]!.cents;
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
