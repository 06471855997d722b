// The test provider's payout job and the /payouts page on a big store. A throwaway embedded database
// gets BENCH_PAYOUT_ORDERS test-provider orders of one creator (default 100,000; one a minute back from now, a tenth
// partly refunded, 1 in 50 refunded, 1 in 100 disputed), seeded directly with generate_series and dated as history
// (updated_at = paid_at). Measured in the app's own process (bench/support/app-process.ts): the job's first run (it
// books every order), a run with nothing changed (it reads only the last minutes' orders), and a run after 1% of the
// orders were refunded in part (each run also books every changed order into the earnings book). Then the production
// server: p50/p95 of /payouts against /orders on that store, with 1,000 orders changed since the job's last run
// (the page adds those live).
//
//   npm run build && node bench/payouts.mjs
//   BENCH_PAYOUT_ORDERS=1000000 node bench/payouts.mjs
import { rmSync } from "node:fs";
import { startServer, tempDataDir } from "./start-server.mjs";
import { budgets, fmt, printTable, seedUsers, startAppProcess, timePage } from "./support/common.mjs";

const ORDERS = Number(process.env.BENCH_PAYOUT_ORDERS ?? 100_000);
const PAGE_READS = 20;
// Bounded: the bench stops (exit 2) if it has not finished in 10 minutes.
setTimeout(() => {
  console.error("payouts bench: not finished within 10 minutes");
  process.exit(2);
}, 10 * 60_000).unref();

const check = budgets("payouts");

const timed = (url, cookie) => timePage(url, cookie, { reads: PAGE_READS });

const dataDir = tempDataDir();
try {
  console.log(`payouts bench: ${ORDERS.toLocaleString("en-US")} test-provider orders, data ${dataDir}`);
  const [creator] = await seedUsers({ DATA_DIR: dataDir }, { count: 1, prefix: "payouts", sessions: 1 });
  const app = await startAppProcess({ DATA_DIR: dataDir });
  const runs = [["payout job run", "earnings booked", "test orders read", "ledger entries", "payouts", "ms"]];
  try {
    await app.request("sql", {
      text: `with src as materialized (
               select gen_random_uuid() as id, 'Bench product ' || (i % 20) as product_name, 'buyer' || (i % 20000) || '@bench.test' as email,
                 case when i % 50 = 0 then 'refunded' when i % 100 = 1 then 'disputed' else 'paid' end as status,
                 900 + (i % 7) * 100 as price,
                 case when i % 50 = 0 then 900 + (i % 7) * 100 when i % 10 = 5 then 250 else 0 end as refunded,
                 now() - make_interval(mins => i) as at
               from generate_series(1, $2::int) as i
             ), placed as (
               insert into orders (id, user_id, store_name, customer_email, status, subtotal_cents, amount_cents, platform_fee_cents,
                 refunded_cents, currency, provider, created_at, paid_at, updated_at)
               select id, $1, 'Bench store', email, status, price, price, 72, refunded, 'USD', 'test', at, at, at from src
             )
             insert into order_lines (order_id, product_name, unit_price_cents, subtotal_cents)
             select id, product_name, price, price from src`,
      params: [creator.id, ORDERS],
    });
    await app.request("sql", { text: "analyze orders", params: [] });
    const run = async (label) => {
      const result = await app.request("payouts", {});
      runs.push([
        label,
        result.earningsBooked.toLocaleString("en-US"),
        result.ordersRead.toLocaleString("en-US"),
        result.entries.toLocaleString("en-US"),
        String(result.payouts),
        fmt(result.ms, 0),
      ]);
      return result;
    };
    const first = await run("first run (books every order)");
    await run("nothing changed");
    await app.request("sql", {
      text: `update orders set refunded_cents = refunded_cents + 100, updated_at = now()
             where id in (select id from orders where status = 'paid' and refunded_cents = 0 order by paid_at desc limit $1)`,
      params: [Math.floor(ORDERS / 100)],
    });
    const changed = await run("after 1% refunded in part");
    const unchanged = await run("nothing changed (again)");
    // What autovacuum does after such a batch (the ledger's partial index drops the paid-out entries).
    await app.request("sql", { text: "vacuum analyze", params: [] });
    check.check(
      "first run books one entry per paid or refunded order with money left",
      first.entries > 0,
      String(first.entries),
    );
    check.check(
      "a run after 1% changed books exactly those",
      changed.entries === Math.floor(ORDERS / 100),
      String(changed.entries),
    );
    check.check("a second run books nothing", unchanged.entries === 0, String(unchanged.entries));
  } finally {
    await app.close();
  }
  printTable(runs);

  // Changes after the job's last run: the page adds them live.
  const late = await startAppProcess({ DATA_DIR: dataDir });
  try {
    await late.request("sql", {
      text: `update orders set refunded_cents = refunded_cents + 50, updated_at = now()
             where id in (select id from orders where status = 'paid' order by paid_at limit 1000)`,
      params: [],
    });
  } finally {
    await late.close();
  }
  const server = await startServer({}, { dataDir });
  const cookie = creator.cookies[0];
  try {
    const rows = [[`read (store of ${ORDERS.toLocaleString("en-US")} orders)`, "p50 ms", "p95 ms"]];
    const results = {};
    for (const path of ["/orders", "/payouts"]) {
      results[path] = await timed(`${server.origin}${path}`, cookie);
      rows.push([path, fmt(results[path].p50), fmt(results[path].p95)]);
      check.figure(`${path} p95 ms`, fmt(results[path].p95));
    }
    printTable(rows);
    check.figure("/payouts p50 ÷ /orders p50", fmt(results["/payouts"].p50 / results["/orders"].p50, 2));
  } finally {
    await server.stop();
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
check.finish();
