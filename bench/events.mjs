// The events comparison on a seller with 500 events and 100,000 sales at their stalls (each sale one order with one
// line, a tenth partly refunded): the page's data (/tools/events/compare.data), all events and a filtered year, PAGE_READS
// reads each as the signed-in seller: p50/p95, budget p95 < 100 ms.
//
//   npm run build && node bench/events.mjs
//   BENCH_EVENTS=100 BENCH_SALES=20000 node bench/events.mjs        (a smaller seller)
import { rmSync } from "node:fs";
import { startServer, tempDataDir } from "./start-server.mjs";
import { budgets, fmt, printTable, seedUsers, startAppProcess, timePage } from "./support/common.mjs";

const EVENTS = Number(process.env.BENCH_EVENTS ?? 500);
const SALES = Number(process.env.BENCH_SALES ?? 100_000);
const PAGE_READS = Number(process.env.BENCH_PAGE_READS ?? 100);
const WARM_UP = 5;
const READ_BUDGET_MS = 100;
const check = budgets("events");
const PAGE = "/tools/events/compare";

/** EVENTS weekly events from 2024 on, each its own stock location, and SALES paid orders spread over them. */
async function seedEvents(app, sellerId) {
  const started = performance.now();
  await app.request("sql", {
    text: `with locations as (
             insert into stock_locations (user_id, kind, name, position)
             select $1, 'event', 'Market ' || n, n from generate_series(1, $2::int) n returning id, position)
           insert into events (user_id, location_id, name, type, starts_at, ends_at, time_zone, currency, booth_fee_cents)
           select $1, id, 'Market ' || position,
             (array['farmers_markets','craft_fairs','art_shows','festivals'])[1 + position % 4],
             timestamptz '2024-01-06 09:00Z' + (position || ' weeks')::interval,
             timestamptz '2024-01-06 15:00Z' + (position || ' weeks')::interval, 'UTC', 'USD', 2500
           from locations`,
    params: [sellerId, EVENTS],
  });
  await app.request("sql", {
    text: `with l as (select location_id, row_number() over (order by location_id) - 1 as k from events where user_id = $1),
           o as (
             insert into orders (user_id, customer_email, currency, status, subtotal_cents, amount_cents, location_id)
             select $1, 'buyer' || n || '@example.com', 'USD', 'paid', 1000 + n % 2000, 1000 + n % 2000, l.location_id
             from generate_series(1, $2::int) n join l on l.k = n % $3::int
             returning id, amount_cents)
           insert into order_lines (order_id, position, kind, product_name, unit_price_cents, quantity, subtotal_cents)
           select id, 0, 'physical', 'Jam', amount_cents, 1, amount_cents from o`,
    params: [sellerId, SALES, EVENTS],
  });
  await app.request("sql", {
    text: `with refunded as (
             update orders set refunded_cents = 500 where user_id = $1 and abs(hashtext(id::text)) % 10 = 0 returning id)
           insert into refunds (order_id, amount_cents, status) select id, 500, 'succeeded' from refunded`,
    params: [sellerId],
  });
  // The seed bypasses the order verbs, so the per-location sales totals they keep are rebuilt from the orders.
  await app.request("sql", { text: "select location_sales_rebuild()" });
  await app.request("sql", { text: "analyze" });
  const [counts] = await app.request("sql", {
    text: `select (select count(*)::int from events where user_id = $1) as events,
             (select count(*)::int from orders where user_id = $1) as orders`,
    params: [sellerId],
  });
  return { ...counts, seconds: (performance.now() - started) / 1000 };
}

const dataDir = tempDataDir();
try {
  console.log(`events bench: ${EVENTS} events, ${SALES.toLocaleString("en-US")} sales, ${PAGE_READS} reads`);
  const env = { DATA_DIR: dataDir };
  const [seller] = await seedUsers(env, { count: 1, prefix: "events", sessions: 1 });
  const app = await startAppProcess(env);
  let seeded;
  try {
    seeded = await seedEvents(app, seller.id);
  } finally {
    await app.close();
  }
  check.figure(
    "seeded",
    `${seeded.events} events, ${seeded.orders.toLocaleString("en-US")} orders in ${fmt(seeded.seconds, 1)} s`,
  );
  const server = await startServer({}, { dataDir });
  const cookie = seller.cookies[0];
  const rows = [["data of", "reads", "p50 ms", "p95 ms"]];
  try {
    // The same page with no event in its filter: the signed-in read's fixed cost on this machine, for a ratio.
    const baseline = await timePage(`${server.origin}${PAGE}.data?from=2099-01-01`, cookie, {
      reads: PAGE_READS,
      warmUp: WARM_UP,
    });
    rows.push(["no events (baseline)", PAGE_READS, fmt(baseline.p50), fmt(baseline.p95)]);
    for (const [name, path] of [
      ["all events by net", `${PAGE}.data?sort=net`],
      ["craft fairs of 2025", `${PAGE}.data?type=craft_fairs&from=2025-01-01&to=2025-12-31`],
    ]) {
      const { p50, p95 } = await timePage(`${server.origin}${path}`, cookie, { reads: PAGE_READS, warmUp: WARM_UP });
      rows.push([name, PAGE_READS, fmt(p50), fmt(p95)]);
      check.check(`${name} p95 < ${READ_BUDGET_MS} ms`, p95 < READ_BUDGET_MS, `${fmt(p95)} ms (p50 ${fmt(p50)} ms)`);
      check.figure(`${name} / baseline p50`, `${fmt(p50 / baseline.p50, 2)}×`);
    }
    printTable(rows);
  } finally {
    await server.stop();
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
check.finish();
