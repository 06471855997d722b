import { sql } from "drizzle-orm";
import { inTransaction } from "~/db/ambient-transaction.server";
import type { Database } from "~/db/database.server";
import { expectedCash, type ZReport } from "~/flows/pos/pos-rules";
import { type Failure, fail } from "~/lib/errors";

type Figures = {
  currency: string;
  opening_float_cents: number;
  sales_count: number;
  gross_cents: number;
  discounts_cents: number;
  refunds_cents: number;
  by_method: { method: string; sales: number; count: number }[] | null;
  items: { name: string; quantity: number; amountCents: number }[] | null;
  drawer: { kind: string; amount: number }[] | null;
  refunds: { method: string; cents: number }[] | null;
};

/**
 * Closes an open shift with the cash counted in the drawer and keeps its Z-report. The report holds sales and refunds by
 * method, discounts, items sold, cash in and out, expected against counted cash. A racing sale is reported or refused.
 */
export async function closeShift(
  db: Database,
  sellerId: string,
  input: { shiftId: string; countedCashCents: number },
): Promise<{ ok: true; report: ZReport } | Failure<"POS_SHIFT_NOT_FOUND" | "POS_SHIFT_CLOSED" | "POS_AMOUNT_INVALID">> {
  if (!Number.isSafeInteger(input.countedCashCents) || input.countedCashCents < 0) return fail("POS_AMOUNT_INVALID");
  return inTransaction(db, async (tx) => {
    // The lock in a statement of its own: under READ COMMITTED the figures' statement then sees every sale that held
    // the shift before us, committed; a sale waiting for it finds the shift closed.
    const locked = await tx.execute<{ closed: boolean }>(sql`
      select closed_at is not null as closed from shifts
      where id = ${input.shiftId}::uuid and user_id = ${sellerId} for update`);
    const shift = locked.rows[0];
    if (!shift) return fail("POS_SHIFT_NOT_FOUND");
    if (shift.closed) return fail("POS_SHIFT_CLOSED");
    const result = await tx.execute<Figures>(sql`
      with shift as (
        select * from shifts where id = ${input.shiftId}::uuid
      ), sold as (
        select o.* from orders o, shift s
        where o.shift_id = s.id and (o.status = 'paid' or (o.status = 'refunded' and o.paid_at is not null))
      )
      select s.currency, s.opening_float_cents,
        (select count(*)::int from sold) as sales_count,
        (select coalesce(sum(subtotal_cents), 0)::int from sold) as gross_cents,
        (select coalesce(sum(discount_cents), 0)::int from sold) as discounts_cents,
        (select coalesce(sum(refunded_cents), 0)::int from sold) as refunds_cents,
        (select jsonb_agg(m) from (
          select p.method, sum(p.amount_cents)::int as sales, count(*)::int as count
          from order_payments p join sold o on o.id = p.order_id group by p.method order by p.method) m) as by_method,
        (select jsonb_agg(i) from (
          select l.product_name || case when l.variant_title <> '' then ' (' || l.variant_title || ')'
            else '' end as name,
            sum(l.quantity - l.refunded_quantity)::int as quantity,
              sum(l.subtotal_cents - l.discount_cents)::int as "amountCents"
          from order_lines l join sold o on o.id = l.order_id group by 1 order by 2 desc, 1) i) as items,
        (select jsonb_agg(d) from (
          select d.kind, sum(d.amount_cents)::int as amount from drawer_movements d
          left join orders o on o.id = d.order_id
          -- The cash part of a sale whose card part was never paid went back to the buyer.
          where d.shift_id = s.id and (d.kind <> 'sale' or o.paid_at is not null)
          group by d.kind) d) as drawer,
        -- Cash refunds are the drawer's; the others went back by card, phone, online or another method.
        (select jsonb_agg(t) from (
          select x.key as method, sum(x.value::int)::int as cents from refunds r cross join jsonb_each_text(r.tenders) x
          where r.shift_id = s.id and r.status = 'succeeded' and x.key <> 'cash'
          group by x.key order by x.key) t) as refunds
      from shift s`);
    const figures = result.rows[0];
    if (!figures) return fail("POS_SHIFT_NOT_FOUND");
    const drawer = figures.drawer ?? [];
    const drawerSum = (kind: string) => drawer.filter((d) => d.kind === kind).reduce((sum, d) => sum + d.amount, 0);
    const expected = expectedCash(
      figures.opening_float_cents,
      drawer.map((d) => d.amount),
    );
    const byMethod: ZReport["byMethod"] = {};
    for (const m of figures.by_method ?? []) byMethod[m.method] = { sales: m.sales, refunds: 0, count: m.count };
    const refunded = [...(figures.refunds ?? []), { method: "cash", cents: -drawerSum("refund") }];
    for (const { method, cents } of refunded)
      if (cents > 0)
        byMethod[method] = { sales: byMethod[method]?.sales ?? 0, count: byMethod[method]?.count ?? 0, refunds: cents };
    const report: ZReport = {
      currency: figures.currency,
      openingFloatCents: figures.opening_float_cents,
      salesCount: figures.sales_count,
      grossSalesCents: figures.gross_cents,
      discountsCents: figures.discounts_cents,
      refundsCents: figures.refunds_cents,
      netSalesCents: figures.gross_cents - figures.discounts_cents - figures.refunds_cents,
      byMethod,
      itemsSold: figures.items ?? [],
      cashInCents: drawerSum("paid_in"),
      cashOutCents: -drawerSum("paid_out"),
      expectedCashCents: expected,
      countedCashCents: input.countedCashCents,
      overShortCents: input.countedCashCents - expected,
    };
    await tx.execute(sql`
      update shifts set closed_at = now(), closed_by = ${sellerId}, counted_cash_cents = ${input.countedCashCents},
        expected_cash_cents = ${expected}, report = ${JSON.stringify(report)}::jsonb
      where id = ${input.shiftId}::uuid`);
    return { ok: true as const, report };
  });
}
