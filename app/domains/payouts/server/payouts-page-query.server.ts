import { sql } from "drizzle-orm";
import { recentPaidOrdersJsonSql } from "~/domains/orders/server/order-earnings-sql.server";
import { hasPaymentAccountSql, sellerAccountIdSql } from "~/domains/payments/server/seller-account-sql.server";
import { isCalendarDate, isUuid } from "~/lib/text-formats";
import { combinePageQueries, jsonObject, pagePart, type PageQuery } from "~/kernel/session/page-query.server";
import { paymentAccountsQuery } from "~/domains/payments/server/payment-accounts-query.server";
import {
  type BalanceFigure,
  type Earnings,
  PAYOUTS_PAGE_SIZE,
  type PayPalCapture,
  type PayoutRow,
  type ProviderEarnings,
  totalEarnings,
} from "~/domains/payouts/payouts-display";
import { storeCurrencySql } from "~/kernel/store/store-currency-sql.server";
import { sellerChangedOrders } from "./earnings-sql.server";

// Read in the session check's statement; `me.user_id` is the signed-in creator, so only their rows are read.

/** Where a page of test payouts starts: after this payout, newest first. */
export type TestPayoutsCursor = { payoutDate: string; id: string };

const CURSOR = /^(\d{4}-\d{2}-\d{2})_(.+)$/;

/** The `after` parameter ("<payout day>_<id>") as a cursor; null when absent or not one. */
export function parseTestPayoutsCursor(value: string | null): TestPayoutsCursor | null {
  const match = value ? CURSOR.exec(value) : null;
  return match && isCalendarDate(match[1]!) && isUuid(match[2]!) ? { payoutDate: match[1]!, id: match[2]! } : null;
}

export const testPayoutsCursorParam = (payout: { payoutDay: string; id: string }) => `${payout.payoutDay}_${payout.id}`;

/**
 * Earnings per provider in the store currency: the earnings book plus, live, the orders changed since the job's last
 * run.
 */
type ProviderRow = {
  provider: ProviderEarnings["provider"];
  orders: number;
  gross: number;
  refunds: number;
  fees: number;
  otherCurrency: number;
};

/**
 * Earnings per provider in the store currency: the earnings book plus, live, the orders changed since the job's last
 * run.
 */
const earningsQuery: PageQuery<Earnings> = pagePart(
  sql<{ currency: string; byProvider: ProviderRow[] }>`(
    with store as (select ${storeCurrencySql} as currency),
    changed as (
      select * from ${sellerChangedOrders(sql`me.user_id`)} c
    ),
    parts as (
      select provider, currency, orders, gross_cents as gross, refunds_cents as refunds, fees_cents as fees
        from seller_earnings where user_id = me.user_id
      union all
      select c.provider, c.currency, c.orders - coalesce(b.orders, 0), c.gross - coalesce(b.gross_cents, 0),
        c.refunds - coalesce(b.refunds_cents, 0),
        c.fees - coalesce(b.fees_cents, 0)
      -- what was booked for each changed order, looked up by its key (offset 0 keeps the planner from turning the
      -- lookup into a scan of the whole book)
      from changed c left join lateral (select * from order_earnings b where b.order_id = c.id offset 0) b on true
    ),
    per_provider as (
      select p.provider,
        coalesce(sum(p.orders) filter (where p.currency = store.currency), 0) as orders,
        coalesce(sum(p.gross) filter (where p.currency = store.currency), 0) as gross,
        coalesce(sum(p.refunds) filter (where p.currency = store.currency), 0) as refunds,
        coalesce(sum(p.fees) filter (where p.currency = store.currency), 0) as fees,
        coalesce(sum(p.orders) filter (where p.currency <> store.currency), 0) as other_currency
      from parts p cross join store group by p.provider
    )
    select json_build_object('currency', store.currency,
      'byProvider', coalesce((select json_agg(json_build_object('provider', provider, 'orders', orders, 'gross', gross,
        'refunds', refunds,
        'fees', fees, 'otherCurrency', other_currency) order by provider) from per_provider), '[]'::json))
    from store
  )`,
  (value) => {
    const byProvider = value.byProvider
      .filter((row) => Number(row.orders) > 0)
      .map((row) => {
        const [grossCents, refundsCents, feesCents] = [Number(row.gross), Number(row.refunds), Number(row.fees)];
        return {
          provider: row.provider,
          orders: Number(row.orders),
          grossCents,
          refundsCents,
          feesCents,
          netCents: grossCents - refundsCents - feesCents,
        };
      });
    const other = value.byProvider.reduce((total, row) => total + Number(row.otherCurrency), 0);
    return totalEarnings(value.currency, byProvider, other);
  },
);

export type TestLedger = {
  balances: BalanceFigure[];
  /** Unpaid entries per currency and the first UTC day each can be paid out. */
  unpaid: { currency: string; day: string; amountCents: number }[];
  /** Currencies already paid out today (UTC). */
  paidOutToday: string[];
  /** One page of payouts, newest first, with the day each was made (the cursor). */
  payouts: (PayoutRow & { payoutDay: string })[];
  more: boolean;
};

type PayoutJson = {
  id: string;
  amountCents: number;
  currency: string;
  status: "in_transit" | "paid";
  arrivalDay: string;
  payoutDay: string;
};

/** The creator's test-provider balance and one page of its payouts. */
function testLedgerQuery(after: TestPayoutsCursor | null): PageQuery<TestLedger> {
  const json = jsonObject({
    unpaid: sql<
      (TestLedger["unpaid"][number] & { pendingCents: number })[]
    >`(select coalesce(json_agg(json_build_object('currency', currency, 'day', day, 'amountCents', amount,
          'pendingCents', pending)
          order by currency, day), '[]'::json)
        from (select currency,
            -- payouts are made at the start of a day: money available at midnight is payable that day, later the next
            ((available_on at time zone 'UTC') - interval '1 microsecond')::date + 1 as day,
            sum(amount_cents) as amount, coalesce(sum(amount_cents) filter (where available_on > now()), 0) as pending
          from test_payout_entries where user_id = me.user_id and payout_id is null group by 1, 2) u)`,
    paidOutToday: sql<string[]>`(select coalesce(json_agg(currency), '[]'::json) from test_payouts
        where user_id = me.user_id and payout_date = (now() at time zone 'UTC')::date)`,
    payouts: sql<
      PayoutJson[]
    >`(select coalesce(json_agg(row_to_json(page) order by page."payoutDay" desc, page.id desc), '[]'::json) from (
        select p.id, p.amount_cents as "amountCents", p.currency, p.status, p.arrival_date as "arrivalDay",
          p.payout_date as "payoutDay"
        from test_payouts p
        where p.user_id = me.user_id
          and ${after ? sql`(p.payout_date, p.id) < (${after.payoutDate}::date, ${after.id}::uuid)` : sql`true`}
        order by p.payout_date desc, p.id desc
        limit ${PAYOUTS_PAGE_SIZE + 1}) page)`,
  });
  return pagePart(json, (value) => {
    const payouts = value.payouts.map((payout) => ({ ...payout, amountCents: Number(payout.amountCents) }));
    // Pending is not available yet; available is the rest of what is not paid out.
    const balances = new Map<string, BalanceFigure>();
    for (const row of value.unpaid) {
      const balance = balances.get(row.currency) ?? { currency: row.currency, pendingCents: 0, availableCents: 0 };
      balance.pendingCents += Number(row.pendingCents);
      balance.availableCents += Number(row.amountCents) - Number(row.pendingCents);
      balances.set(row.currency, balance);
    }
    return {
      balances: [...balances.values()],
      unpaid: value.unpaid.map((u) => ({ currency: u.currency, day: u.day, amountCents: Number(u.amountCents) })),
      paidOutToday: value.paidOutToday,
      payouts: payouts.slice(0, PAYOUTS_PAGE_SIZE),
      more: payouts.length > PAYOUTS_PAGE_SIZE,
    };
  });
}

/** The creator's last PayPal captures; read only for creators with PayPal, so big stores without it skip the walk. */
const payPalCapturesQuery: PageQuery<PayPalCapture[]> = pagePart(
  sql<(PayPalCapture & { createdAt: string })[]>`${recentPaidOrdersJsonSql(
    sql`me.user_id`,
    "paypal",
    sql`(${hasPaymentAccountSql(sql`me.user_id`, "paypal")} or exists (
      select 1 from seller_earnings e where e.user_id = me.user_id and e.provider = 'paypal' and e.orders > 0))`,
  )}`,
  (captures) => captures.map(({ createdAt: _, ...capture }) => capture),
);

/** The creator's Stripe connected account id, for the route's Stripe read; never sent to the browser. */
const stripeAccountQuery: PageQuery<string | null> = {
  json: sql`to_json(${sellerAccountIdSql(sql`me.user_id`, sql`'stripe'`)})`,
  read: (json) => (typeof json === "string" ? json : null),
};

const readAtQuery: PageQuery<string> = { json: sql`to_json(now())`, read: (json) => String(json) };

/** Everything /payouts reads from the database, in the session check's statement. */
export function payoutsPageQuery(after: TestPayoutsCursor | null) {
  return combinePageQueries({
    earnings: earningsQuery,
    accounts: paymentAccountsQuery,
    testLedger: testLedgerQuery(after),
    payPalCaptures: payPalCapturesQuery,
    stripeAccountId: stripeAccountQuery,
    readAt: readAtQuery,
  });
}
