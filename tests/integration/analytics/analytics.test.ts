import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/database.server";
import { runPageQuery } from "~/kernel/session/run-page-query.server";
import type { AnalyticsRange } from "~/domains/analytics/analytics-range";
import type { AnalyticsReport } from "~/domains/analytics/analytics-report";
import type { OrderStatus } from "~/domains/orders/order-status";
import { analyticsQuery } from "~/domains/analytics/server/analytics-query.server";
import { readViewCounts } from "~/domains/analytics/server/read-view-counts.server";
import { syncOrderSale } from "~/domains/analytics/server/sync-order-sale.server";
import { createViewCounter } from "~/domains/analytics/server/view-counter.server";
import { recordRefund } from "~/flows/order-lifecycle/server/record-refund.server";
import { transitionOrder } from "~/flows/order-lifecycle/server/transition-order.server";
import { insertOrder } from "../../support/order-rows";
import { createTestDatabase } from "../../support/test-database";
import { makeTestServices, type TestServices } from "../../support/test-services";

// Against a real PostgreSQL, with fixed clocks: the analytics read model (decision 020) gives calendar days
// of the creator's zone across daylight-saving changes (Europe/Berlin's 23- and 25-hour days, America/New_York's) and
// in a half-hour zone (Asia/Kolkata); its unique visitors equal a count of the distinct visitor hashes of each day and
// period; its sales equal the definition of a sale read from the orders themselves (paid or refunded, from paid_at,
// revenue net of refunds, disputed not counted), kept right by the order state machine's moves and refunds; and a
// creator reads only their own figures.

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Database;
let services: TestServices;

type Seller = { id: string; handle: string; productId: string; slug: string };

async function makeSeller(currency = "EUR"): Promise<Seller> {
  const id = randomUUID();
  const productId = randomUUID();
  const handle = `h${id.slice(0, 8)}`;
  const slug = `guide-${id.slice(0, 8)}`;
  await db.execute(
    sql`insert into "user" (id, name, email, email_verified) values (${id}, 'Seller', ${`${id}@example.com`}, true)`,
  );
  await db.execute(sql`insert into storefronts (user_id, handle) values (${id}, ${handle})`);
  await db.execute(
    sql`insert into sales_methods (user_id, method, settings) values (${id}, 'online_store', ${JSON.stringify({ storeName: "Store", storeDescription: "Things", category: "digital", currency, theme: "classic" })}::jsonb)`,
  );
  await db.execute(
    sql`insert into products (id, user_id, name, slug, price_cents, currency, status) values (${productId}::uuid, ${id}, 'Field Guide', ${slug}, 2000, ${currency}, 'published')`,
  );
  return { id, handle, productId, slug };
}

/**
 * An order of `seller` put directly in a state, paid at a fixed time, and synced into the read model as its moves are.
 */
async function placeOrder(
  seller: Seller,
  paidAt: string,
  { status = "paid", amount = 1000, refunded = 0, currency = "EUR", source = "direct" } = {},
) {
  const id = randomUUID();
  await db.transaction(async (tx) => {
    await insertOrder(tx, {
      id,
      userId: seller.id,
      productId: seller.productId,
      productName: "Field Guide",
      customerEmail: `${id.slice(0, 6)}@example.com`,
      status: status as OrderStatus,
      amountCents: amount,
      refundedCents: refunded,
      currency,
      source,
      paidAt: status === "pending" || status === "expired" ? null : new Date(paidAt),
      createdAt: new Date(Date.parse(paidAt) - 5 * 60_000),
    });
    await syncOrderSale(tx, id);
  });
  return id;
}

async function report(
  seller: Seller,
  range: AnalyticsRange,
  timeZone: string,
  today?: string,
): Promise<AnalyticsReport> {
  return runPageQuery(db, { userId: seller.id }, analyticsQuery({ range, fallbackTimeZone: timeZone, today }));
}

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

/** Views at fixed times through the real counter (buffered, hashed with each UTC day's salt, folded), then written. */
async function view(seller: Seller, visits: { at: string; ip: string; source?: string }[]) {
  const counter = createViewCounter({ db, logger: services.logger, flushMs: 60_000 });
  for (const visit of visits) {
    counter.record(
      { kind: "sales", handle: seller.handle, slug: seller.slug },
      Date.parse(visit.at),
      { source: visit.source ?? "direct", utmSource: "", utmMedium: "", utmCampaign: "" },
      visit.ip,
      CHROME,
    );
  }
  await counter.close();
}

/** The truth the read model must equal: distinct visitor hashes seen in [from, to). */
async function distinctVisitors(seller: Seller, from: Date, to: Date): Promise<number> {
  const result = await db.execute<{ n: number }>(
    sql`select count(distinct visitor)::int as n from page_view_visitors where seller_id = ${seller.id} and bucket >= ${from.toISOString()}::timestamptz and bucket < ${to.toISOString()}::timestamptz`,
  );
  return result.rows[0]!.n;
}

/**
 * The instant a calendar day of `timeZone` starts (computed by PostgreSQL's own zone rules, independently of the
 * query).
 */
async function dayStart(day: string, timeZone: string): Promise<Date> {
  const result = await db.execute<{ at: Date | string }>(
    sql`select (${day}::date::timestamp at time zone ${timeZone}) as at`,
  );
  return new Date(result.rows[0]!.at);
}

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** A deterministic spread of visits: `count` visits by `visitors` IPs between two instants. */
function visitsBetween(from: string, to: string, count: number, visitors: number, seed: number) {
  let state = seed;
  const random = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  const start = Date.parse(from);
  const span = Date.parse(to) - start;
  return Array.from({ length: count }, () => ({
    at: new Date(start + Math.floor(random() * span)).toISOString(),
    ip: `203.0.113.${1 + Math.floor(random() * visitors)}`,
    source: random() < 0.5 ? "direct" : "news.example",
  }));
}

/**
 * Every day of the report (and the whole period) has the visitors of its hashes, and the views and sales placed in it.
 */
async function expectDaysExact(
  seller: Seller,
  shown: AnalyticsReport,
  timeZone: string,
  visits: { at: string }[],
  sales: { at: string; revenue: number }[],
) {
  for (const point of shown.series) {
    const from = await dayStart(point.start, timeZone);
    const to = await dayStart(nextDay(point.start), timeZone);
    const inDay = (at: string) => Date.parse(at) >= from.getTime() && Date.parse(at) < to.getTime();
    expect(point.visitors, `visitors of ${point.start}`).toBe(await distinctVisitors(seller, from, to));
    expect(point.views, `views of ${point.start}`).toBe(visits.filter((visit) => inDay(visit.at)).length);
    expect(point.orders, `orders of ${point.start}`).toBe(sales.filter((sale) => inDay(sale.at)).length);
    expect(point.revenueCents, `revenue of ${point.start}`).toBe(
      sales.filter((sale) => inDay(sale.at)).reduce((sum, sale) => sum + sale.revenue, 0),
    );
  }
  const from = await dayStart(shown.from, timeZone);
  const to = await dayStart(nextDay(shown.to), timeZone);
  expect(shown.current.visitors, "visitors of the range").toBe(await distinctVisitors(seller, from, to));
}

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  services = makeTestServices(db);
}, 60_000);

afterAll(async () => {
  await services?.mailer.close();
  await database?.drop();
});

describe("calendar days of the creator's time zone", () => {
  it("Europe/Berlin: the 23-hour day of March 29 and the 25-hour day of October 25, 2026", async () => {
    const seller = await makeSeller();
    const sales = [
      { at: "2026-03-28T22:59:00Z", revenue: 1000 }, // 23:59 CET, March 28
      { at: "2026-03-28T23:00:00Z", revenue: 1000 }, // 00:00 CET, March 29
      { at: "2026-03-29T01:30:00Z", revenue: 1000 }, // 03:30 CEST (02:00–03:00 never happened)
      { at: "2026-03-29T21:59:00Z", revenue: 1000 }, // 23:59 CEST, March 29: its last minute, 23 hours after it began
      { at: "2026-03-29T22:00:00Z", revenue: 1000 }, // 00:00 CEST, March 30
      { at: "2026-10-24T22:00:00Z", revenue: 1000 }, // 00:00 CEST, October 25
      { at: "2026-10-25T00:30:00Z", revenue: 1000 }, // 02:30 CEST, the first time
      { at: "2026-10-25T01:30:00Z", revenue: 1000 }, // 02:30 CET, the second time
      { at: "2026-10-25T22:59:00Z", revenue: 1000 }, // 23:59 CET, October 25: 25 hours after it began
      { at: "2026-10-25T23:00:00Z", revenue: 1000 }, // 00:00 CET, October 26
    ];
    for (const sale of sales) await placeOrder(seller, sale.at);
    const visits = [
      ...visitsBetween("2026-03-27T20:00:00Z", "2026-03-31T02:00:00Z", 300, 12, 7),
      ...visitsBetween("2026-10-23T20:00:00Z", "2026-10-27T02:00:00Z", 300, 12, 11),
    ];
    await view(seller, visits);

    const spring = await report(seller, { preset: "custom", from: "2026-03-28", to: "2026-03-30" }, "Europe/Berlin");
    expect(spring.series.map((point) => [point.start, point.orders])).toEqual([
      ["2026-03-28", 1],
      ["2026-03-29", 3],
      ["2026-03-30", 1],
    ]);
    await expectDaysExact(seller, spring, "Europe/Berlin", visits, sales);

    const autumn = await report(seller, { preset: "custom", from: "2026-10-24", to: "2026-10-26" }, "Europe/Berlin");
    expect(autumn.series.map((point) => [point.start, point.orders])).toEqual([
      ["2026-10-24", 0],
      ["2026-10-25", 4],
      ["2026-10-26", 1],
    ]);
    await expectDaysExact(seller, autumn, "Europe/Berlin", visits, sales);
  });

  it("America/New_York: March 8 and November 1, 2026, the creator's setting winning over the browser's zone", async () => {
    const seller = await makeSeller("USD");
    await db.execute(sql`insert into profiles (user_id, time_zone) values (${seller.id}, 'America/New_York')`);
    const sales = [
      { at: "2026-03-08T04:59:00Z", revenue: 1500 }, // 23:59 EST, March 7
      { at: "2026-03-08T05:00:00Z", revenue: 1500 }, // 00:00 EST, March 8
      { at: "2026-03-09T03:59:00Z", revenue: 1500 }, // 23:59 EDT, March 8 (a 23-hour day)
      { at: "2026-11-01T04:00:00Z", revenue: 1500 }, // 00:00 EDT, November 1
      { at: "2026-11-02T04:59:00Z", revenue: 1500 }, // 23:59 EST, November 1 (a 25-hour day)
      { at: "2026-11-02T05:00:00Z", revenue: 1500 }, // 00:00 EST, November 2
    ];
    for (const sale of sales) await placeOrder(seller, sale.at, { amount: 1500, currency: "USD" });
    const visits = [
      ...visitsBetween("2026-03-07T00:00:00Z", "2026-03-10T00:00:00Z", 250, 10, 3),
      ...visitsBetween("2026-10-31T00:00:00Z", "2026-11-03T12:00:00Z", 250, 10, 5),
    ];
    await view(seller, visits);

    // The browser says Tokyo; the setting (New York) is used.
    const spring = await report(seller, { preset: "custom", from: "2026-03-07", to: "2026-03-09" }, "Asia/Tokyo");
    expect(spring.timeZone).toBe("America/New_York");
    expect(spring.series.map((point) => [point.start, point.orders, point.revenueCents])).toEqual([
      ["2026-03-07", 1, 1500],
      ["2026-03-08", 2, 3000],
      ["2026-03-09", 0, 0],
    ]);
    await expectDaysExact(seller, spring, "America/New_York", visits, sales);

    const autumn = await report(seller, { preset: "custom", from: "2026-10-31", to: "2026-11-02" }, "Asia/Tokyo");
    expect(autumn.series.map((point) => [point.start, point.orders])).toEqual([
      ["2026-10-31", 0],
      ["2026-11-01", 2],
      ["2026-11-02", 1],
    ]);
    await expectDaysExact(seller, autumn, "America/New_York", visits, sales);
  });

  it("Asia/Kolkata: days that start at 18:30 UTC", async () => {
    const seller = await makeSeller("INR");
    const sales = [
      { at: "2026-06-09T18:29:00Z", revenue: 90000 }, // 23:59 IST, June 9
      { at: "2026-06-09T18:30:00Z", revenue: 90000 }, // 00:00 IST, June 10
      { at: "2026-06-10T18:29:00Z", revenue: 90000 }, // 23:59 IST, June 10
    ];
    for (const sale of sales) await placeOrder(seller, sale.at, { amount: 90000, currency: "INR" });
    const visits = visitsBetween("2026-06-08T12:00:00Z", "2026-06-11T23:00:00Z", 400, 15, 13);
    await view(seller, visits);
    const shown = await report(seller, { preset: "custom", from: "2026-06-09", to: "2026-06-11" }, "Asia/Kolkata");
    expect(shown.currency).toBe("INR");
    expect(shown.series.map((point) => [point.start, point.orders])).toEqual([
      ["2026-06-09", 1],
      ["2026-06-10", 2],
      ["2026-06-11", 0],
    ]);
    await expectDaysExact(seller, shown, "Asia/Kolkata", visits, sales);
    // The previous period is the three days before, in the same zone.
    expect([shown.previousFrom, shown.previousTo]).toEqual(["2026-06-06", "2026-06-08"]);
  });

  it("zones a quarter or half hour off the hour: Kathmandu, Chatham, St John's, and UTC itself", async () => {
    const seller = await makeSeller();
    const visits = visitsBetween("2026-05-01T00:00:00Z", "2026-05-04T00:00:00Z", 200, 9, 17);
    await view(seller, visits);
    for (const zone of ["Asia/Kathmandu", "Pacific/Chatham", "America/St_Johns", "UTC"]) {
      const shown = await report(seller, { preset: "custom", from: "2026-05-01", to: "2026-05-02" }, zone);
      await expectDaysExact(seller, shown, zone, visits, []);
    }
  });

  it("groups by week and by month with visitors counted per group, and answers presets from the zone's today", async () => {
    const seller = await makeSeller();
    const visits = visitsBetween("2026-01-01T00:00:00Z", "2026-04-30T00:00:00Z", 600, 20, 23);
    await view(seller, visits);
    const sales = [{ at: "2026-02-14T12:00:00Z" }, { at: "2026-03-29T00:30:00Z" }, { at: "2026-04-01T10:00:00Z" }];
    for (const sale of sales) await placeOrder(seller, sale.at);

    const weeks = await report(seller, { preset: "custom", from: "2026-01-01", to: "2026-04-15" }, "Europe/Berlin");
    expect(weeks.grain).toBe("week");
    expect(weeks.series[0]!.start).toBe("2026-01-01"); // the first week starts with the range
    expect(weeks.series[1]!.start).toBe("2026-01-05"); // then Mondays
    for (let i = 0; i < weeks.series.length; i++) {
      const from = await dayStart(weeks.series[i]!.start, "Europe/Berlin");
      const to = await dayStart(weeks.series[i + 1]?.start ?? "2026-04-16", "Europe/Berlin");
      expect(weeks.series[i]!.visitors, `week of ${weeks.series[i]!.start}`).toBe(
        await distinctVisitors(seller, from, to),
      );
    }
    expect(weeks.current.orders).toBe(3);

    const year = await report(seller, { preset: "12m" }, "Europe/Berlin", "2026-04-20");
    expect(year.grain).toBe("month");
    expect([year.from, year.to]).toEqual(["2025-04-21", "2026-04-20"]);
    expect(year.series.map((point) => point.start).slice(0, 2)).toEqual(["2025-04-21", "2025-05-01"]);
    expect(year.series.map((point) => [point.start, point.orders]).filter(([, orders]) => orders)).toEqual([
      ["2026-02-01", 1],
      ["2026-03-01", 1],
      ["2026-04-01", 1],
    ]);
    const week = await report(seller, { preset: "7d" }, "Europe/Berlin", "2026-04-01");
    expect([week.from, week.to, week.previousFrom, week.previousTo]).toEqual([
      "2026-03-26",
      "2026-04-01",
      "2026-03-19",
      "2026-03-25",
    ]);
    expect(week.current.orders).toBe(2);
    expect(week.series).toHaveLength(7);
  });
});

describe("what counts as a sale", () => {
  it("equals the orders' own definition through the state machine's moves and refunds, in the store's currency", async () => {
    const seller = await makeSeller("EUR");
    const other = await makeSeller("EUR");
    const pending = async (owner: Seller, amount: number, currency = "EUR") => {
      const id = randomUUID();
      await insertOrder(db, {
        id,
        userId: owner.id,
        productId: owner.productId,
        productName: "Field Guide",
        amountCents: amount,
        currency,
        provider: "test",
        providerCheckoutId: id,
      });
      return id;
    };
    const paid = [
      await pending(seller, 2000),
      await pending(seller, 3000),
      await pending(seller, 4000),
      await pending(seller, 5000),
      await pending(seller, 700, "USD"),
    ];
    for (const id of paid) expect(await transitionOrder(services, id, { to: "paid", cause: "test" })).not.toBeNull();
    await transitionOrder(services, paid[0]!, { to: "paid", cause: "duplicate" }); // a duplicate changes nothing
    await recordRefund(services, paid[1]!, 1000, "test"); // partly refunded: 2000 left
    await recordRefund(services, paid[1]!, 1000, "late"); // a repeated report changes nothing
    await recordRefund(services, paid[2]!, 4000, "test"); // fully refunded: one order, 0 revenue
    await transitionOrder(services, paid[3]!, { to: "disputed", cause: "test" }); // disputed: not a sale
    await pending(seller, 9000); // pending: not a sale
    const expired = await pending(seller, 9000);
    await transitionOrder(services, expired, { to: "expired", cause: "test" });
    const theirs = await pending(other, 100_000);
    await transitionOrder(services, theirs, { to: "paid", cause: "test" });

    const today = await db.execute<{ d: string }>(sql`select (now() at time zone 'UTC')::date::text as d`);
    const shown = await report(seller, { preset: "7d" }, "UTC", today.rows[0]!.d);
    const definition = await db.execute<{ orders: number; revenue: number }>(sql`
      select count(*)::int as orders, coalesce(sum(amount_cents - refunded_cents) filter (where currency = 'EUR'),
        0)::int as revenue
      from orders where user_id = ${seller.id} and status in ('paid', 'refunded') and paid_at >= now() - interval '7 days'`);
    expect(shown.current.orders).toBe(definition.rows[0]!.orders);
    expect(shown.current.revenueCents).toBe(definition.rows[0]!.revenue);
    expect(shown.current).toMatchObject({ orders: 4, units: 4, revenueCents: 2000 + 2000 + 0 });
    expect(shown.products).toEqual([
      { productId: seller.productId, name: "Field Guide", revenueCents: 4000, orders: 4, units: 4, views: 0 },
    ]);

    // The rollups kept by the moves equal a rebuild from the orders.
    const snapshot = async () =>
      (
        await db.execute<{ s: unknown }>(
          sql`select json_build_object('buckets', (select json_agg(b order by seller_id, bucket, currency) from analytics_sales_buckets b where orders <> 0 or revenue_cents <> 0),
            'days', (select json_agg(d order by seller_id, day, product_id, currency)
              from analytics_sales_product_days d where orders <> 0 or revenue_cents <> 0),
            'totals', (select json_agg(t order by seller_id, product_id, currency) from analytics_sales_totals t where orders <> 0 or revenue_cents <> 0)) as s`,
        )
      ).rows[0]!.s;
    const kept = await snapshot();
    // The all-time totals (the dashboard's, the landing's and the Product Manager's) count what the page counts.
    const totals = (
      kept as { totals: { seller_id: string; currency: string; orders: number; revenue_cents: number }[] }
    ).totals.filter((row) => row.seller_id === seller.id);
    expect(totals.reduce((sum, row) => sum + row.orders, 0)).toBe(shown.current.orders);
    expect(totals.find((row) => row.currency === "EUR")?.revenue_cents).toBe(shown.current.revenueCents);
    await db.execute(sql`select analytics_rebuild_rollups()`);
    expect(await snapshot()).toEqual(kept);

    // The other creator sees their own sale only.
    const theirsShown = await report(other, { preset: "7d" }, "UTC", today.rows[0]!.d);
    expect(theirsShown.current).toMatchObject({ orders: 1, revenueCents: 100_000 });
    expect(theirsShown.products.map((product) => product.name)).toEqual(["Field Guide"]);
  });

  it("keeps readViewCounts' unique visitors equal to the distinct hashes of the range", async () => {
    const seller = await makeSeller();
    const visits = visitsBetween("2026-07-01T05:00:00Z", "2026-07-04T05:00:00Z", 300, 14, 29);
    await view(seller, visits);
    for (const [from, to, timeZone] of [
      ["2026-07-01T22:00:00Z", "2026-07-03T22:00:00Z", "Europe/Berlin"],
      ["2026-07-01T10:00:00Z", "2026-07-01T20:00:00Z", "UTC"],
      ["2026-07-01T00:00:00Z", "2026-07-04T00:00:00Z", "UTC"],
    ] as const) {
      const counts = await readViewCounts(db, seller.id, { from: new Date(from), to: new Date(to), timeZone });
      expect(counts.uniqueVisitors, `${from}–${to}`).toBe(await distinctVisitors(seller, new Date(from), new Date(to)));
      expect(counts.views).toBe(
        visits.filter((visit) => Date.parse(visit.at) >= Date.parse(from) && Date.parse(visit.at) < Date.parse(to))
          .length,
      );
    }
  });
});

describe("sales by source", () => {
  it("shows an embedding website's paid orders and net revenue beside its views, equal to a rebuild", async () => {
    const seller = await makeSeller("EUR");
    const site = "embed:shop.example.org";
    // Whole UTC days and the partial day at each end of a Berlin week (2026-09-01..07).
    await placeOrder(seller, "2026-08-31T22:30:00Z", { source: site, amount: 1500 });
    await placeOrder(seller, "2026-09-03T12:00:00Z", { source: site, amount: 2500, refunded: 500 });
    await placeOrder(seller, "2026-09-07T21:00:00Z", { source: site, amount: 1000 });
    await placeOrder(seller, "2026-09-04T12:00:00Z", { source: "direct", amount: 700 });
    await placeOrder(seller, "2026-09-04T12:00:00Z", { source: site, status: "pending", amount: 9000 });
    await placeOrder(seller, "2026-09-08T12:00:00Z", { source: site, amount: 9000 }); // after the range
    await view(seller, [
      { at: "2026-09-02T10:00:00Z", ip: "198.51.100.7", source: site },
      { at: "2026-09-02T11:00:00Z", ip: "198.51.100.8", source: site },
    ]);
    const shown = await report(seller, { preset: "custom", from: "2026-09-01", to: "2026-09-07" }, "Europe/Berlin");
    expect(shown.sources).toEqual([
      { source: site, utmSource: "", utmMedium: "", utmCampaign: "", views: 2, orders: 3, revenueCents: 4500 },
      { source: "direct", utmSource: "", utmMedium: "", utmCampaign: "", views: 0, orders: 1, revenueCents: 700 },
    ]);
    const snapshot = async () =>
      (
        await db.execute<{ s: unknown }>(
          sql`select json_agg(d order by seller_id, day, source, currency) as s from analytics_source_sale_days d where orders <> 0 or revenue_cents <> 0`,
        )
      ).rows[0]!.s;
    const kept = await snapshot();
    await db.execute(sql`select analytics_rebuild_rollups()`);
    expect(await snapshot()).toEqual(kept);
  });
});

describe("the read model", () => {
  it("kept by the view counter's batches and the order moves equals a rebuild from the views and orders", async () => {
    const seller = await makeSeller();
    // Two batches that see some of the same visitors again, in earlier and later buckets of the same UTC days.
    await view(seller, visitsBetween("2026-08-01T06:00:00Z", "2026-08-03T06:00:00Z", 200, 12, 31));
    await view(seller, visitsBetween("2026-08-01T00:00:00Z", "2026-08-03T12:00:00Z", 200, 12, 37));
    const snapshot = async () =>
      (
        await db.execute<{ s: unknown }>(sql`select json_build_object(
          'buckets', (select json_agg(b order by seller_id, bucket) from analytics_view_buckets b where views <> 0
            or first_seen <> 0 or last_seen <> 0),
          'days', (select json_agg(d order by seller_id, day) from analytics_view_days d),
          'visitors', (select count(*) from analytics_visitor_days),
          'products', (select json_agg(p order by seller_id, day, product_id) from analytics_product_view_days p),
          'sources', (select json_agg(s order by seller_id, day, source, utm_source, utm_medium, utm_campaign) from analytics_source_view_days s)) as s`)
      ).rows[0]!.s;
    const kept = await snapshot();
    await db.execute(sql`select analytics_rebuild_rollups()`);
    expect(await snapshot()).toEqual(kept);
  });
});
