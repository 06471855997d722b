import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { orderContributionsSql } from "~/domains/orders/server/order-earnings-sql.server";

/**
 * Books the orders changed since `since` into the earnings book in one statement; returns how many contributions
 * changed.
 * Each replaces its booked contribution and the difference goes to its seller's totals.
 */
export async function bookEarnings(tx: Database, since: Date): Promise<number> {
  const result = await tx.execute<{ changed: number }>(sql`
    with changed as (
      ${orderContributionsSql({ updatedSince: [sql`${since}`] })}
    ), diff as (
      select c.*, c.orders - coalesce(b.orders, 0) as d_orders, c.gross - coalesce(b.gross_cents, 0) as d_gross,
        c.refunds - coalesce(b.refunds_cents, 0) as d_refunds, c.fees - coalesce(b.fees_cents, 0) as d_fees
      from changed c left join order_earnings b on b.order_id = c.id
      where c.orders <> coalesce(b.orders, 0) or c.gross <> coalesce(b.gross_cents, 0)
        or c.refunds <> coalesce(b.refunds_cents, 0)
        or c.fees <> coalesce(b.fees_cents, 0)
    ), booked as (
      insert into order_earnings (order_id, user_id, provider, currency, orders, gross_cents, refunds_cents, fees_cents)
      select id, user_id, provider, currency, orders, gross, refunds, fees from diff
      on conflict (order_id) do update set orders = excluded.orders, gross_cents = excluded.gross_cents,
        refunds_cents = excluded.refunds_cents, fees_cents = excluded.fees_cents
    ), totals as (
      insert into seller_earnings (user_id, provider, currency, orders, gross_cents, refunds_cents, fees_cents)
      select user_id, provider, currency, sum(d_orders), sum(d_gross), sum(d_refunds), sum(d_fees) from diff
        group by user_id, provider, currency
      on conflict (user_id, provider, currency) do update set orders = seller_earnings.orders + excluded.orders,
        gross_cents = seller_earnings.gross_cents + excluded.gross_cents,
          refunds_cents = seller_earnings.refunds_cents + excluded.refunds_cents,
        fees_cents = seller_earnings.fees_cents + excluded.fees_cents
    )
    select count(*)::int as changed from diff`);
  return result.rows[0]?.changed ?? 0;
}
