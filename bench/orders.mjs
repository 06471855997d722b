// Budgets of the seller's orders and customers pages on a store of 1,000,000 orders
// (support/seed-orders.mjs: two years, ~100,000 buyers, statuses, discounts): the data of /orders (first page, a
// page half-way down through the keyset, two status filters, an email and an email's beginning) and of /customers
// (each sort, a later page of "Total spent", a search), PAGE_READS reads each after a warm-up, as the signed-in
// seller: p50/p95, budget p95 < 50 ms each. On the embedded PostgreSQL, and on an external PostgreSQL when
// BENCH_DATABASE_URL names one (a throwaway database is created and dropped there).
//
//   npm run build && node bench/orders.mjs
//   BENCH_ORDERS=100000 node bench/orders.mjs        (a smaller store)
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5433/postgres node bench/orders.mjs
import { rmSync } from "node:fs";
import { startServer, tempDataDir } from "./start-server.mjs";
import { budgets, fmt, printTable, seedUsers, startAppProcess, timePage } from "./support/common.mjs";
import { seedOrders } from "./support/seed-orders.mjs";

const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const PAGE_READS = Number(process.env.BENCH_PAGE_READS ?? 40);
const WARM_UP = 3;
const BUDGET_MS = 50;
const check = budgets("orders");

const timed = (url, cookie) => timePage(url, cookie, { reads: PAGE_READS, warmUp: WARM_UP });

async function runStore(label, env) {
  const [creator] = await seedUsers(env, { count: 1, prefix: "orders", sessions: 1 });
  const app = await startAppProcess(env);
  let seeded;
  let middle;
  let spentCursor;
  let email;
  try {
    seeded = await seedOrders(app.request, { sellerId: creator.id, orders: ORDERS });
    // A keyset cursor half-way down the list (what "Older orders" reaches after 20,000 pages), and one of "Total spent".
    [middle] = await app.request("sql", {
      text: `select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at, id from orders where user_id = $1
             order by created_at desc, id desc offset $2 limit 1`,
      params: [creator.id, Math.floor(ORDERS / 2)],
    });
    [spentCursor] = await app.request("sql", {
      text: "select spent_cents::text as value, email from customer_totals where user_id = $1 order by spent_cents desc, email desc offset least(5000, (select count(*) / 2 from customer_totals where user_id = $1)) limit 1",
      params: [creator.id],
    });
    // A buyer of the store with several orders (whose email is searched for).
    [{ email }] = await app.request("sql", {
      text: "select email from customer_totals where user_id = $1 and orders > 3 order by email limit 1",
      params: [creator.id],
    });
  } finally {
    await app.close();
  }
  check.figure(
    `${label}: seeded`,
    `${seeded.orders.toLocaleString("en-US")} orders, ${seeded.buyers.toLocaleString("en-US")} buyers (${seeded.customers.toLocaleString("en-US")} customers) in ${fmt(seeded.totalSeconds, 1)} s`,
  );
  const server = await startServer(
    env.DATABASE_URL ? { DATABASE_URL: env.DATABASE_URL } : {},
    env.DATA_DIR ? { dataDir: env.DATA_DIR } : {},
  );
  const cookie = creator.cookies[0];
  const rows = [[`${label}: data of (store of ${ORDERS.toLocaleString("en-US")} orders)`, "p50 ms", "p95 ms"]];
  try {
    for (const [name, path] of [
      ["/orders (first page)", "/orders.data"],
      [
        "/orders (half-way down, keyset)",
        `/orders.data?${new URLSearchParams({ after: `${middle.at}_${middle.id}` })}`,
      ],
      ["/orders?status=refunded", "/orders.data?status=refunded"],
      ["/orders?status=disputed", "/orders.data?status=disputed"],
      [`/orders?q=${email}`, `/orders.data?${new URLSearchParams({ q: email })}`],
      ["/orders?q=buyer42 (beginning)", "/orders.data?q=buyer42"],
      ["/customers (last purchase)", "/customers.data"],
      ["/customers?sort=spent", "/customers.data?sort=spent"],
      ["/customers?sort=orders", "/customers.data?sort=orders"],
      [
        "/customers?sort=spent (page 200)",
        `/customers.data?${new URLSearchParams({ sort: "spent", after: `${spentCursor.value}~${spentCursor.email}` })}`,
      ],
      ["/customers?q=buyer42@", `/customers.data?${new URLSearchParams({ q: "buyer42@" })}`],
      [`/customers/${email}`, `/customers/${encodeURIComponent(email)}.data`],
    ]) {
      const { p50, p95 } = await timed(`${server.origin}${path}`, cookie);
      rows.push([name, fmt(p50), fmt(p95)]);
      check.check(`${label}: ${name} p95 < ${BUDGET_MS} ms`, p95 < BUDGET_MS, `${fmt(p95)} ms (p50 ${fmt(p50)} ms)`);
    }
  } finally {
    await server.stop();
  }
  printTable(rows);
}

const dataDir = tempDataDir();
try {
  console.log(`orders bench: ${ORDERS.toLocaleString("en-US")} orders, ${PAGE_READS} reads per page`);
  await runStore("embedded", { DATA_DIR: dataDir });
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

const postgresUrl = process.env.BENCH_DATABASE_URL;
if (postgresUrl) {
  const { default: pg } = await import("pg");
  const name = `sellkit_bench_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  const scratch = tempDataDir();
  try {
    await runStore("PostgreSQL", { DATABASE_URL: url.href, DATA_DIR: scratch });
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    rmSync(scratch, { recursive: true, force: true });
  }
} else {
  console.log("\n(PostgreSQL run skipped: set BENCH_DATABASE_URL to a PostgreSQL server to measure it too)");
}
check.finish();
