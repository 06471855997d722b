import { sql } from "drizzle-orm";
import { inTransaction } from "~/db/ambient-transaction.server";
import type { Database } from "~/db/database.server";
import { recordStockMovements } from "~/features/inventory/server/record-stock-movements.server";
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

type RefundedLine = {
  order_id: string;
  line_id: string;
  variant_id: string | null;
  location_id: string | null;
  quantity: number;
  restock: boolean;
};

/** Counts a succeeded refund's units on its lines and puts the restocked ones back at the location named, or the order's. */
async function applyRefundLines(db: Database, refundId: string, sellerId: string): Promise<void> {
  const applied = await db.execute<RefundedLine>(sql`
    with chosen as (
      select (x->>'lineId')::uuid as line_id, (x->>'quantity')::int as quantity, coalesce((x->>'restock')::boolean, false) as restock,
        (x->>'locationId')::uuid as location_id
      from refunds r cross join jsonb_array_elements(r.lines) x where r.id = ${refundId}::uuid
    )
    update order_lines l set refunded_quantity = l.refunded_quantity + c.quantity,
      restocked_quantity = l.restocked_quantity + case when c.restock then c.quantity else 0 end
    from chosen c, orders o
    where l.id = c.line_id and o.id = l.order_id
    returning o.id as order_id, l.id as line_id, l.variant_id, coalesce(c.location_id, o.location_id) as location_id, c.quantity, c.restock`);
  const returned = applied.rows.filter((row) => row.restock && row.variant_id && row.location_id);
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
    await applyRefundLines(tx, refundId, refund.user_id);

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
