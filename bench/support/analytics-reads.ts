// The analytics bench's worker (bench/analytics.mjs forks it through tsx): opens the database of its environment
// (DATABASE_URL, else the embedded PostgreSQL of DATA_DIR), migrates it, seeds one store — BENCH_ORDERS orders over
// the last 365 days (a small generate_series of its own; bench/support/seed-orders.mjs can replace it) and
// BENCH_VIEWS views (support/seed-views.mjs) — rebuilds the analytics read model, then times the analytics page's one
// statement (analyticsQuery, as the page runs it minus the session check) for each range, and answers the figures.
import { runPageQuery } from "~/kernel/session/run-page-query.server";
import type { AnalyticsRange } from "~/domains/analytics/analytics-range";
import { analyticsQuery } from "~/domains/analytics/server/analytics-query.server";
import { migrateDatabase, openDatabase } from "~/db/open-database.server";
// @ts-expect-error: a plain ES module of the bench, without types
import { seedViews } from "./seed-views.mjs";

const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const VIEWS = Number(process.env.BENCH_VIEWS ?? 10_000_000);
const READS = Number(process.env.BENCH_ANALYTICS_READS ?? 60);
const WARMUP = 5;
const TIME_ZONE = "Europe/Berlin";

const location = process.env.DATABASE_URL
  ? { kind: "postgres" as const, url: process.env.DATABASE_URL }
  : { kind: "embedded" as const, dataDir: process.env.DATA_DIR! };
const database = await openDatabase(location);
const send = (message: unknown) => process.send?.(message);
try {
  await migrateDatabase(database);
  const query = async (text: string, params: unknown[] = []) => (await database.pool.query(text, params)).rows;
  const version = ((await query("select current_setting('server_version') as version")) as { version: string }[])[0]!
    .version;
  const sellerId = "bench-analytics-seller";
  const seededProducts: string[] = [];
  const end = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10); // tomorrow (UTC): today is inside
  const started = performance.now();
  // A kept DATA_DIR (BENCH_ANALYTICS_DATA_DIR in bench/analytics.mjs) is seeded once and read again on later runs.
  const seededBefore = (await query(`select 1 from "user" where id = $1`, [sellerId])).length > 0;
  if (!seededBefore) await seed();
  async function seed() {
    await query(
      `insert into "user" (id, name, email, email_verified) values ($1, 'Bench Seller', 'analytics@bench.test', true)`,
      [sellerId],
    );
    await query(
      `insert into sales_methods (user_id, method, settings) values ($1, 'online_store', '{"storeName":"Bench","storeDescription":"x","category":"digital","currency":"EUR","theme":"modern"}')`,
      [sellerId],
    );
    const products = (await query(
      `insert into products (user_id, name, slug, price_cents, currency, status, published_at)
     select $1, 'Product ' || i, 'product-' || i, 1000 + i * 500, 'EUR', 'published', now() from generate_series(1, 6) i returning id`,
      [sellerId],
    )) as { id: string }[];
    const productIds = products.map((row) => row.id);
    seededProducts.push(...productIds);
    // Orders: evenly over the last 365 days; 1 in 25 fully refunded, 1 in 20 partly, 1 in 100 disputed, 1 in 50 expired.
    await query(
      `with src as materialized (
     select gen_random_uuid() as id, ($3::uuid[])[1 + i % 6] as product_id, 'buyer' || (i % 200000) || '@bench.test' as email,
       case when i % 25 = 0 then 'refunded' when i % 100 = 1 then 'disputed' when i % 50 = 2 then 'expired' else 'paid' end as status,
       1500 + (i % 6) * 500 as amount,
       case when i % 25 = 0 then 1500 + (i % 6) * 500 when i % 20 = 3 then 500 else 0 end as refunded,
       case when i % 40 = 7 then 'USD' else 'EUR' end as currency,
       case when i % 50 = 2 then null else ($4::date - 365) + make_interval(secs => (i::bigint * 31536000 / $2)::int) end as paid_at,
       ($4::date - 365) + make_interval(secs => (i::bigint * 31536000 / $2)::int) - interval '3 minutes' as created_at
     from generate_series(1, $2::int) i
   ), placed as (
     insert into orders (id, user_id, customer_email, status, amount_cents, refunded_cents, currency, provider, paid_at, created_at)
     select id, $1, email, status, amount, refunded, currency, 'test', paid_at, created_at from src
   )
   insert into order_lines (order_id, product_id, product_name, unit_price_cents, subtotal_cents)
   select id, product_id, 'Product', amount, amount from src`,
      [sellerId, ORDERS, productIds, end],
    );
  }
  const ordersSeconds = (performance.now() - started) / 1000;
  const viewsStarted = performance.now();
  const seeded = seededBefore
    ? { views: VIEWS, countRows: 0, visitorRows: 0, visitorsPerDay: 0 }
    : await seedViews(query, { sellerId, productIds: seededProducts, views: VIEWS, days: 365, end });
  const viewsSeconds = (performance.now() - viewsStarted) / 1000;
  const rebuildStarted = performance.now();
  if (!seededBefore) {
    await query("select analytics_rebuild_rollups()");
    await query("analyze");
  }
  const rebuildSeconds = (performance.now() - rebuildStarted) / 1000;
  const sizes = (await query(
    `select relname as name, n_live_tup::bigint as rows from pg_stat_user_tables where relname like 'analytics_%' or relname in ('orders', 'page_view_counts', 'page_view_visitors') order by relname`,
  )) as { name: string; rows: string }[];

  const today = new Intl.DateTimeFormat("en-CA", { timeZone: TIME_ZONE }).format(new Date()); // YYYY-MM-DD in the zone
  const ranges: [string, AnalyticsRange][] = [
    ["7 days", { preset: "7d" }],
    ["30 days", { preset: "30d" }],
    ["90 days", { preset: "90d" }],
    ["12 months", { preset: "12m" }],
    ["custom 150 days (weeks)", { preset: "custom", from: "2026-03-01", to: "2026-07-28" }],
    ["custom 731 days (months)", { preset: "custom", from: "2024-11-24", to: "2026-11-24" }],
  ];
  const results = [];
  for (const [label, range] of ranges) {
    const read = () =>
      runPageQuery(database.db, { userId: sellerId }, analyticsQuery({ range, fallbackTimeZone: TIME_ZONE }));
    for (let i = 0; i < WARMUP; i++) await read();
    const times: number[] = [];
    let report: Awaited<ReturnType<typeof read>> | undefined;
    for (let i = 0; i < READS; i++) {
      const t = performance.now();
      report = await read();
      times.push(performance.now() - t);
    }
    results.push({
      label,
      times,
      orders: report!.current.orders,
      views: report!.current.views,
      visitors: report!.current.visitors,
      points: report!.series.length,
    });
  }
  // Sanity: the 12 months' orders equal the orders' own definition over the same days.
  const year = results.find((result) => result.label === "12 months")!;
  const n = (
    (await query(
      `select count(*)::int as n from orders where user_id = $1 and status in ('paid', 'refunded')
        and paid_at >= (($2::date - interval '12 months')::date + 1)::timestamp at time zone $3
        and paid_at < ($2::date + 1)::timestamp at time zone $3`,
      [sellerId, today, TIME_ZONE],
    )) as { n: number }[]
  )[0]!.n;
  send({
    done: true,
    version,
    ordersSeconds,
    viewsSeconds,
    rebuildSeconds,
    seeded,
    sizes,
    results,
    definitionOrders: n,
    yearOrders: year.orders,
  });
} catch (error) {
  send({ done: false, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
} finally {
  await database.close();
}
