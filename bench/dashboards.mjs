// The dashboards' reads on a big store and how fast a paid order reaches an open dashboard.
// A throwaway embedded database is seeded with generate_series: one creator, 20 published products,
// BENCH_DASHBOARD_ORDERS orders (100,000 by default; 1 in 50 refunded, 1 in 10 partly refunded, 1 in 100 pending,
// 1 in 200 disputed; paid over the last 200 days, a fifth of the buyers returning) and BENCH_DASHBOARD_VISITORS
// unique-visitor rows (50,000) in the last 30 days. Then, against the app served from the seeding process:
//  - p50/p95 of PAGE_READS reads each of the signed-in landing (/: product cards, sales, conversion, customers),
//    the dashboard (/dashboard) and, for comparison, the first page of /orders;
//  - the live path: an open /api/orders/changes stream as the seller, LIVE_CHANGES (100) orders moved to paid at
//    LIVE_RATE per second (20) by one statement each that does what transitionOrder + announceOrderChange do in the
//    database (the UPDATE and the NOTIFY), latency from sending it to the stream's `order-changed` event.
// Budgets: landing and dashboard p95 < 100 ms; live delivery p99 < 200 ms
// with none missed.
//
//   npm run build && node bench/dashboards.mjs
//   BENCH_DASHBOARD_ORDERS=1000000 node bench/dashboards.mjs
import http from "node:http";
import { rmSync } from "node:fs";
import { tempDataDir } from "./start-server.mjs";
import { budgets, fmt, percentile, printTable, seedUsers, startAppProcess, timePage } from "./support/common.mjs";
import { seedReadModels } from "./support/seed-orders.mjs";

const ORDERS = Number(process.env.BENCH_DASHBOARD_ORDERS ?? 100_000);
const VISITORS = Number(process.env.BENCH_DASHBOARD_VISITORS ?? 50_000);
const BUYERS = Math.max(1, Math.floor(ORDERS / 5));
const PAGE_READS = 30;
const LIVE_CHANGES = Number(process.env.LIVE_CHANGES ?? 100);
const LIVE_RATE = Number(process.env.LIVE_RATE ?? 20);
const READ_P95_BUDGET_MS = 100;
const LIVE_P99_BUDGET_MS = 200;
const GRACE_MS = 5_000;

const check = budgets("dashboards");
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const timed = (url, cookie, expect) => timePage(url, cookie, { reads: PAGE_READS, warmUp: 3, expect });

/** Opens the seller's order-changes stream; `onChange(orderId)` per event; resolves once it is `ready`. */
function openStream(origin, cookie, onChange) {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${origin}/api/orders/changes`,
      { headers: { cookie, accept: "text/event-stream" } },
      (response) => {
        if (response.statusCode !== 200) {
          response.resume();
          return reject(new Error(`stream answered ${response.statusCode}`));
        }
        response.setEncoding("utf8");
        let buffer = "";
        response.on("data", (chunk) => {
          buffer += chunk;
          for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const event = /^event: (.*)$/m.exec(block)?.[1];
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (event === "ready") resolve(request);
            else if (event === "order-changed" && data) onChange(JSON.parse(data).id);
          }
        });
        response.on("error", () => undefined);
      },
    );
    request.on("error", reject);
  });
}

const dataDir = tempDataDir();
try {
  console.log(
    `dashboards bench: ${ORDERS.toLocaleString("en-US")} orders, ${BUYERS.toLocaleString("en-US")} buyers, ${VISITORS.toLocaleString("en-US")} visitors`,
  );
  const [creator] = await seedUsers({ DATA_DIR: dataDir }, { count: 1, prefix: "dashboards", sessions: 1 });
  const app = await startAppProcess({ DATA_DIR: dataDir });
  try {
    const seedStarted = performance.now();
    await app.request("sql", {
      text: `insert into storefronts (user_id, handle) values ($1, 'bench-dashboards')`,
      params: [creator.id],
    });
    await app.request("sql", {
      text: `insert into products (user_id, name, slug, type, price_cents, currency, status, published_at, created_at)
             select $1, 'Bench product ' || i, 'bench-product-' || i, 'ebook', 900 + i * 100, 'USD', 'published', now(), now() - make_interval(days => i)
             from generate_series(1, 20) as i`,
      params: [creator.id],
    });
    await app.request("sql", {
      text: `with src as materialized (
               select gen_random_uuid() as id, p.id as product_id, p.name as product_name, p.price_cents as price, 'buyer' || (i % $3) || '@bench.test' as email,
                 case when i % 50 = 0 then 'refunded' when i % 100 = 1 then 'pending' when i % 200 = 3 then 'disputed' else 'paid' end as status,
                 case when i % 50 = 0 then p.price_cents when i % 10 = 5 then 250 else 0 end as refunded,
                 now() - make_interval(secs => i * 172.8 * 100000 / $2::int) as created_at,
                 case when i % 100 = 1 then null else now() - make_interval(secs => i * 172.8 * 100000 / $2::int) end as paid_at
               from generate_series(1, $2::int) as i
               join (select id, name, price_cents, row_number() over (order by created_at) - 1 as n from products where user_id = $1) p on p.n = i % 20
             ), placed as (
               insert into orders (id, user_id, store_name, customer_email, status, subtotal_cents, amount_cents, platform_fee_cents,
                 refunded_cents, currency, provider, created_at, paid_at)
               select id, $1, 'Bench store', email, status, price, price, 72, refunded, 'USD', 'test', created_at, paid_at from src
             )
             insert into order_lines (order_id, product_id, product_name, unit_price_cents, subtotal_cents)
             select id, product_id, product_name, price, price from src`,
      params: [creator.id, ORDERS, BUYERS],
    });
    await app.request("sql", {
      text: `insert into page_view_visitors (seller_id, kind, bucket, visitor)
             select $1, 'sales', date_trunc('hour', now() - make_interval(mins => i % 43000)), decode(md5('visitor' || i), 'hex') from generate_series(1, $2::int) as i`,
      params: [creator.id, VISITORS],
    });
    // What the order state machine keeps in each change's transaction (the seed bypasses it).
    await seedReadModels(app.request, creator.id);
    await app.request("sql", { text: "vacuum analyze", params: [] });
    check.figure("seeded", `${ORDERS} orders in ${fmt((performance.now() - seedStarted) / 1000, 1)} s`);

    await app.request("serve");
    const cookie = creator.cookies[0];
    const rows = [[`read (store of ${ORDERS.toLocaleString("en-US")} orders)`, "p50 ms", "p95 ms"]];
    const reads = {};
    for (const [label, path, shows] of [
      ["/ (signed-in landing, real data)", "/", "Conversion Rate"],
      ["/dashboard", "/dashboard", "Total Sales"],
      ["/orders (first page)", "/orders", "Orders"],
      ["/healthz (reference)", "/healthz", null],
    ]) {
      reads[path] = await timed(`${app.origin}${path}`, cookie, shows);
      rows.push([label, fmt(reads[path].p50), fmt(reads[path].p95)]);
    }
    printTable(rows);
    // Ratios of one run (the machine is shared: absolute times move with its load).
    const ratio = (path) => fmt(reads[path].p50 / reads["/orders"].p50, 1);
    console.log(`p50 against /orders' p50: landing ${ratio("/")}×, dashboard ${ratio("/dashboard")}×`);
    check.figure("landing p50 / orders p50", ratio("/"));
    check.figure("dashboard p50 / orders p50", ratio("/dashboard"));
    check.check(
      `landing p95 < ${READ_P95_BUDGET_MS} ms`,
      reads["/"].p95 < READ_P95_BUDGET_MS,
      `${fmt(reads["/"].p95)} ms (p50 ${fmt(reads["/"].p50)})`,
    );
    check.check(
      `dashboard p95 < ${READ_P95_BUDGET_MS} ms`,
      reads["/dashboard"].p95 < READ_P95_BUDGET_MS,
      `${fmt(reads["/dashboard"].p95)} ms (p50 ${fmt(reads["/dashboard"].p50)})`,
    );
    check.figure("/orders p95 ms", fmt(reads["/orders"].p95));

    // The live path: pending orders moved to paid one by one, each announced as transitionOrder does.
    const pending = (
      await app.request("sql", {
        text: `select id from orders where user_id = $1 and status = 'pending' limit $2`,
        params: [creator.id, LIVE_CHANGES],
      })
    ).map((row) => row.id);
    const sentAt = new Map();
    const latencies = [];
    let foreign = 0;
    const stream = await openStream(app.origin, cookie, (id) => {
      const at = sentAt.get(id);
      if (at === undefined) foreign += 1;
      else if (!latencies.some((entry) => entry.id === id)) latencies.push({ id, ms: performance.now() - at });
    });
    for (const id of pending) {
      sentAt.set(id, performance.now());
      void app.request("sql", {
        text: `with moved as (update orders set status = 'paid', paid_at = now(), updated_at = now() where id = $1 and status = 'pending' returning id, user_id)
               select pg_notify('order_changes', json_build_object('id', id, 'userId', user_id)::text) from moved`,
        params: [id],
      });
      await sleep(1000 / LIVE_RATE);
    }
    const deadline = Date.now() + GRACE_MS;
    while (latencies.length < pending.length && Date.now() < deadline) await sleep(50);
    stream.destroy();
    const sorted = latencies.map((entry) => entry.ms).sort((a, b) => a - b);
    const missed = pending.length - latencies.length;
    console.log(
      `live: ${pending.length} orders paid at ${LIVE_RATE}/s, delivered ${latencies.length}: p50 ${fmt(percentile(sorted, 50))} ms, p99 ${fmt(percentile(sorted, 99))} ms, max ${fmt(sorted.at(-1))} ms`,
    );
    check.check(
      `live delivery p99 < ${LIVE_P99_BUDGET_MS} ms, none missed, none foreign`,
      percentile(sorted, 99) < LIVE_P99_BUDGET_MS && missed === 0 && foreign === 0,
      `p99 ${fmt(percentile(sorted, 99))} ms, ${missed} missed, ${foreign} foreign`,
    );
  } finally {
    await app.close();
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
check.finish();
