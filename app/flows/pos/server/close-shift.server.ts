import { sql } from "drizzle-orm";
import { inTransaction } from "~/db/ambient-transaction.server";
import type { Database } from "~/db/database.server";
import { orderWasPaidSql, shiftSalesFiguresSql } from "~/domains/orders/server/shift-sales-sql.server";
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
 * Closes an open shift with the cash counted in the drawer and keeps its Z-report. The report holds sales and refunds
 * by method, discounts, items sold, cash in and out, expected against counted cash. A racing sale is reported or
 * refused.
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
      )
      select s.currency, s.opening_float_cents, f.sales_count, f.gross_cents, f.discounts_cents, f.refunds_cents,
        f.by_method, f.items, f.refunds,
        (select jsonb_agg(d) from (
          select d.kind, sum(d.amount_cents)::int as amount from drawer_movements d
          -- The cash part of a sale whose card part was never paid went back to the buyer.
          where d.shift_id = s.id and (d.kind <> 'sale' or ${orderWasPaidSql(sql`d.order_id`)})
          group by d.kind) d) as drawer
      from shift s cross join (${shiftSalesFiguresSql(input.shiftId)}) f`);
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
