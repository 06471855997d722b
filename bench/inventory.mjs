// Store Management on a store of 10,000 variants stocked at 3 locations (Online and two shops): the page's data
// (/tools/retail-dashboard.data: the first page, a search, low stock only, one location, a far page), PAGE_READS reads
// of the first page and a quarter as many of the others, as the signed-in seller: p50/p95, budget p95 < 100 ms. Then a
// 10,000-row CSV import (count mode) through the page's form, preview and apply, each timed: budget < 10 s.
//
//   npm run build && node bench/inventory.mjs
//   BENCH_VARIANTS=2000 node bench/inventory.mjs        (a smaller store)
import { rmSync } from "node:fs";
import { startServer, tempDataDir } from "./start-server.mjs";
import { budgets, fmt, printTable, seedUsers, startAppProcess, timePage } from "./support/common.mjs";

const VARIANTS = Number(process.env.BENCH_VARIANTS ?? 10_000);
const PAGE_READS = Number(process.env.BENCH_PAGE_READS ?? 200);
const WARM_UP = 5;
const READ_BUDGET_MS = 100;
const IMPORT_BUDGET_S = 10;
const check = budgets("inventory");
const PAGE = "/tools/retail-dashboard";

/** The seller's retail setup, 3 locations, VARIANTS variants (10 per product) and a received movement per level. */
async function seedInventory(app, sellerId) {
  const started = performance.now();
  await app.request("sql", {
    text: `insert into sales_methods (user_id, method, settings) values ($1, 'retail_store', $2::jsonb)`,
    params: [
      sellerId,
      JSON.stringify({ storeName: "Bench Shop", address: "1 Bench Street", features: ["inventory", "pos"] }),
    ],
  });
  await app.request("sql", {
    text: `insert into stock_locations (user_id, kind, name, position)
           values ($1, 'online', 'Online', 0), ($1, 'shop', 'Bench Shop', 1), ($1, 'shop', 'Market Hall', 2)`,
    params: [sellerId],
  });
  await app.request("sql", {
    text: `insert into products (user_id, name, type, price_cents, currency, status, low_stock_threshold)
           select $1, 'Bench product ' || lpad(n::text, 5, '0'), 'physical', 1500, 'USD', 'published', 3
           from generate_series(1, $2::int) n`,
    params: [sellerId, Math.ceil(VARIANTS / 10)],
  });
  await app.request("sql", {
    text: `insert into product_variants (product_id, user_id, sku, barcode, title, option_values, position)
           select p.id, $1, 'SKU-' || lpad(((row_number() over (order by p.name, v) - 1))::text, 6, '0'), null,
             'Size ' || v, jsonb_build_array('Size ' || v), v
           from products p cross join generate_series(1, 10) v where p.user_id = $1`,
    params: [sellerId],
  });
  await app.request("sql", {
    text: `insert into stock_movements (user_id, variant_id, location_id, kind, quantity)
           select $1, v.id, l.id, 'received', (abs(hashtext(v.id::text || l.id::text)) % 20)
           from product_variants v cross join stock_locations l where v.user_id = $1 and l.user_id = $1`,
    params: [sellerId],
  });
  await app.request("sql", {
    text: `insert into stock_levels (variant_id, location_id, user_id, on_hand)
           select variant_id, location_id, $1, sum(quantity) from stock_movements where user_id = $1
           group by variant_id, location_id`,
    params: [sellerId],
  });
  await app.request("sql", { text: "analyze" });
  const [counts] = await app.request("sql", {
    text: `select (select count(*)::int from product_variants where user_id = $1) as variants,
             (select count(*)::int from stock_levels where user_id = $1) as levels,
             (select id from stock_locations where user_id = $1 and name = 'Market Hall') as market`,
    params: [sellerId],
  });
  return { ...counts, seconds: (performance.now() - started) / 1000 };
}

/** Posts the page's import form (multipart, as the browser does) and answers its time and whether it applied. */
async function postImport(origin, cookie, intent, csv) {
  const body = new FormData();
  body.append("intent", intent);
  body.append("mode", "count");
  body.append("file", new Blob([csv], { type: "text/csv" }), "inventory.csv");
  const started = performance.now();
  const response = await fetch(`${origin}${PAGE}.data`, { method: "POST", body, headers: { cookie, origin } });
  const text = await response.text();
  const seconds = (performance.now() - started) / 1000;
  if (response.status !== 200 || !text.includes('"ok",true'))
    throw new Error(`${intent} answered ${response.status}: ${text.slice(0, 300)}`);
  return seconds;
}

const dataDir = tempDataDir();
try {
  console.log(`inventory bench: ${VARIANTS.toLocaleString("en-US")} variants × 3 locations, ${PAGE_READS} reads`);
  const env = { DATA_DIR: dataDir };
  const [seller] = await seedUsers(env, { count: 1, prefix: "inventory", sessions: 1 });
  const app = await startAppProcess(env);
  let seeded;
  try {
    seeded = await seedInventory(app, seller.id);
  } finally {
    await app.close();
  }
  check.figure(
    "seeded",
    `${seeded.variants.toLocaleString("en-US")} variants, ${seeded.levels.toLocaleString("en-US")} stock levels in ${fmt(seeded.seconds, 1)} s`,
  );
  const server = await startServer({}, { dataDir });
  const cookie = seller.cookies[0];
  const rows = [["data of", "reads", "p50 ms", "p95 ms"]];
  try {
    for (const [name, path, reads] of [
      ["first page", `${PAGE}.data`, PAGE_READS],
      ["search by SKU", `${PAGE}.data?q=SKU-004242`, PAGE_READS / 4],
      ["low stock only", `${PAGE}.data?low=1`, PAGE_READS / 4],
      ["one location, low stock", `${PAGE}.data?location=${seeded.market}&low=1`, PAGE_READS / 4],
      ["page 150 of 200", `${PAGE}.data?page=150`, PAGE_READS / 4],
    ]) {
      const { p50, p95 } = await timePage(`${server.origin}${path}`, cookie, { reads, warmUp: WARM_UP });
      rows.push([name, reads, fmt(p50), fmt(p95)]);
      check.check(`${name} p95 < ${READ_BUDGET_MS} ms`, p95 < READ_BUDGET_MS, `${fmt(p95)} ms (p50 ${fmt(p50)} ms)`);
    }
    printTable(rows);
    const lines = ["sku,location,quantity"];
    for (let n = 0; n < 10_000; n += 1)
      lines.push(
        `SKU-${String(n % VARIANTS).padStart(6, "0")},${n < VARIANTS ? "Bench Shop" : "Market Hall"},${n % 9}`,
      );
    const csv = `${lines.join("\r\n")}\r\n`;
    const preview = await postImport(server.origin, cookie, "import-preview", csv);
    const apply = await postImport(server.origin, cookie, "import-apply", csv);
    check.check(`10,000-row import preview < ${IMPORT_BUDGET_S} s`, preview < IMPORT_BUDGET_S, `${fmt(preview, 2)} s`);
    check.check(`10,000-row import apply < ${IMPORT_BUDGET_S} s`, apply < IMPORT_BUDGET_S, `${fmt(apply, 2)} s`);
  } finally {
    await server.stop();
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
check.finish();
