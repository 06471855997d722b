import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import type { Tenders } from "~/domains/orders/refund-tenders";

/** A paid order as a new refund reads it, with what its refunds took or hold back, per tender too. */
export type OrderToRefund = {
  status: string;
  provider: string | null;
  provider_payment_id: string | null;
  amount_cents: number;
  refunded_cents: number;
  platform_fee_cents: number;
  currency: string;
  succeeded_cents: number;
  in_flight_cents: number;
  paid_tenders: Tenders | null;
  refunded_tenders: Tenders | null;
};

/** The seller's order to refund, its row locked so its refunds are reserved one at a time; null when not theirs. */
export async function lockOrderToRefund(
  db: Database,
  sellerId: string,
  orderId: string,
): Promise<OrderToRefund | null> {
  const found = await db.execute<OrderToRefund>(sql`
      select o.status, o.provider, o.provider_payment_id, o.amount_cents, o.refunded_cents, o.platform_fee_cents,
        o.currency,
        coalesce((select sum(r.amount_cents) from refunds r where r.order_id = o.id and r.status = 'succeeded'),
          0)::int as succeeded_cents,
        coalesce((select sum(r.amount_cents) from refunds r where r.order_id = o.id and r.status in ('pending',
          'unknown')), 0)::int as in_flight_cents,
        (select jsonb_object_agg(p.method, p.cents) from (
          select method, sum(amount_cents)::int as cents from order_payments
          where order_id = o.id and status = 'approved' group by method) p) as paid_tenders,
        (select jsonb_object_agg(t.key, t.cents) from (
          select x.key, sum(x.value::int)::int as cents from refunds r cross join jsonb_each_text(r.tenders) x
          where r.order_id = o.id and r.status in ('succeeded', 'pending', 'unknown')
          group by x.key) t) as refunded_tenders
      from orders o where o.id = ${orderId}::uuid and o.user_id = ${sellerId}
      for update of o`);
  return found.rows[0] ?? null;
}

/** A refund row to write as pending: its amount, fee given back, units per line, tenders and register shift. */
export type PendingRefund = {
  orderId: string;
  amountCents: number;
  feeRefundedCents: number;
  lines: unknown[];
  tenders: Tenders;
  shiftId: string | null;
};

/** Writes a pending refund row; returns its id, the idempotency key its provider is asked with. */
export async function insertPendingRefund(db: Database, refund: PendingRefund): Promise<string> {
  const inserted = await db.execute<{ id: string }>(sql`
        insert into refunds (order_id, amount_cents, fee_refunded_cents, status, lines, tenders, shift_id)
        values (${refund.orderId}::uuid, ${refund.amountCents}, ${refund.feeRefundedCents}, 'pending',
          ${JSON.stringify(refund.lines)}::jsonb,
          ${JSON.stringify(refund.tenders)}::jsonb, ${refund.shiftId}::uuid) returning id`);
  return inserted.rows[0]!.id;
}

/** Marks a pending refund unknown: its provider's answer was lost, and the reconciler asks again. */
export async function markRefundUnknown(db: Database, refundId: string): Promise<void> {
  await db.execute(sql`update refunds set status = 'unknown' where id = ${refundId}::uuid and status = 'pending'`);
}

/** A refund waiting for its provider, with its order's seller, provider, amount and currency. */
export type WaitingRefund = {
  order_id: string;
  user_id: string;
  provider: string | null;
  order_amount_cents: number;
  currency: string;
  amount_cents: number;
  fee_refunded_cents: number;
};

/** The refund if still waiting, its order locked first as a new refund locks it; null when settled already. */
export async function lockWaitingRefund(db: Database, refundId: string): Promise<WaitingRefund | null> {
  const held = await db.execute<WaitingRefund>(sql`
      select r.order_id, o.user_id, o.provider, o.amount_cents as order_amount_cents, o.currency, r.amount_cents,
        r.fee_refunded_cents
      from refunds r join orders o on o.id = r.order_id
      where r.id = ${refundId}::uuid and r.status in ('pending', 'unknown')
      for update of o`);
  return held.rows[0] ?? null;
}

/** Settles a waiting refund as succeeded or failed, once; false when it was settled already. */
export async function markRefundSettled(
  db: Database,
  refundId: string,
  status: "succeeded" | "failed",
  providerRefundId: string | null,
): Promise<boolean> {
  const marked = await db.execute(sql`
      update refunds set status = ${status},
        provider_refund_id = coalesce(${providerRefundId}, provider_refund_id)
      where id = ${refundId}::uuid and status in ('pending', 'unknown') returning id`);
  return marked.rows.length > 0;
}

/** A line's units a succeeded refund counted, and where the restocked ones go back. */
export type RefundedLine = {
  order_id: string;
  line_id: string;
  variant_id: string | null;
  location_id: string | null;
  quantity: number;
  restock: boolean;
};

/**
 * Counts a succeeded refund's units on its lines, restocked ones too; the location is the one named, or the order's.
 */
export async function countRefundedUnits(db: Database, refundId: string): Promise<RefundedLine[]> {
  const applied = await db.execute<RefundedLine>(sql`
    with chosen as (
      select (x->>'lineId')::uuid as line_id, (x->>'quantity')::int as quantity, coalesce((x->>'restock')::boolean,
        false) as restock,
        (x->>'locationId')::uuid as location_id
      from refunds r cross join jsonb_array_elements(r.lines) x where r.id = ${refundId}::uuid
    )
    update order_lines l set refunded_quantity = l.refunded_quantity + c.quantity,
      restocked_quantity = l.restocked_quantity + case when c.restock then c.quantity else 0 end
    from chosen c, orders o
    where l.id = c.line_id and o.id = l.order_id
    returning o.id as order_id, l.id as line_id, l.variant_id, coalesce(c.location_id, o.location_id) as location_id, c.quantity, c.restock`);
  return applied.rows;
}

/** What the order's succeeded refunds add up to. */
export async function succeededRefundCents(db: Database, orderId: string): Promise<number> {
  const summed = await db.execute<{ cents: number }>(
    sql`select coalesce(sum(amount_cents), 0)::int as cents from refunds where order_id = ${orderId}::uuid and status = 'succeeded'`,
  );
  return summed.rows[0]!.cents;
}

/**
 * The order's refunds not failed, oldest first, each as the provider's share of its amount (cash and other left out).
 */
export async function providerRefundShares(
  db: Database,
  orderId: string,
): Promise<{ id: string; status: string; amount_cents: number }[]> {
  const found = await db.execute<{ id: string; status: string; amount_cents: number }>(sql`
    select id, status, amount_cents - coalesce((select sum(x.value::int) from jsonb_each_text(tenders) x
        where x.key in ('cash', 'other')), 0)::int as amount_cents
    from refunds where order_id = ${orderId}::uuid and status in ('succeeded', 'pending', 'unknown')
    order by created_at`);
  return found.rows;
}

/** A refund that lost its answer or its caller, with what its provider is asked by. */
export type StrandedRefund = {
  id: string;
  provider: string;
  provider_payment_id: string;
  provider_checkout_id: string | null;
};

/** Unknown refunds older than `unknownBefore` and pending ones older than `pendingBefore`, oldest first. */
export async function readStrandedRefunds(
  db: Database,
  { unknownBefore, pendingBefore, limit }: { unknownBefore: Date; pendingBefore: Date; limit: number },
): Promise<StrandedRefund[]> {
  const found = await db.execute<StrandedRefund>(sql`
      select r.id, o.provider, o.provider_payment_id, o.provider_checkout_id from refunds r join orders o
        on o.id = r.order_id
      where o.provider is not null and o.provider_payment_id is not null and (
        (r.status = 'unknown' and r.created_at <= ${unknownBefore})
        or (r.status = 'pending' and r.created_at <= ${pendingBefore}))
      order by r.created_at limit ${limit}`);
  return found.rows;
}
