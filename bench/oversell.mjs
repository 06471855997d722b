// No oversold unit under load: BUYERS concurrent buyers (200) for the last 10 units of a physical product, each
// through the real HTTP buy form (variant, quantity 1, a US address, a shipping option) with the test provider; then
// every checkout that started is paid on the TEST MODE page. Run twice against the production build on a throwaway
// embedded database: without backorders (exactly 10 paid, stock 0, never below 0, every other buyer told "Sold out"
// before paying) and with backorders (every buyer pays, stock 10 − BUYERS). Printed: the figures of both runs.
//
//   node bench/oversell.mjs [buyers=200]
import { rmSync } from "node:fs";
import { budgets, fmt, printTable, seedUsers, startAppProcess } from "./support/common.mjs";
import { startServer, tempDataDir } from "./start-server.mjs";

const BUYERS = Number(process.argv[2] ?? 200);
const UNITS = 10;
const HANDLE = "bench-oversell";
const PRODUCTS = { strict: "last-ten-mugs", backorder: "backorder-mugs" };
const US_ADDRESS = {
  name: "Bench Buyer",
  line1: "1 Main Street",
  city: "Springfield",
  region: "IL",
  postcode: "62701",
  country: "US",
};
const CARD = { cardNumber: "4242 4242 4242 4242", expiry: "12/40", cvc: "123", cardName: "Bench Buyer" };

/** The store, both products with one variant of UNITS units at Online, and one US shipping rate. */
async function seed(dataDir) {
  const [creator] = await seedUsers({ DATA_DIR: dataDir }, { count: 1, prefix: "oversell", sessions: 0 });
  const app = await startAppProcess({ DATA_DIR: dataDir, DATABASE_URL: "" });
  const sql = (text, params = []) => app.request("sql", { text, params });
  try {
    await sql("insert into storefronts (user_id, handle) values ($1, $2)", [creator.id, HANDLE]);
    const [online] = await sql(
      "insert into stock_locations (user_id, kind, name) values ($1, 'online', 'Online') returning id",
      [creator.id],
    );
    const variants = {};
    for (const [kind, slug] of Object.entries(PRODUCTS)) {
      const [product] = await sql(
        `insert into products (user_id, name, slug, type, pricing, price_cents, currency, status, published_at, allow_backorder)
         values ($1, 'Mug', $2, 'physical', 'fixed', 1200, 'USD', 'published', now(), $3) returning id`,
        [creator.id, slug, kind === "backorder"],
      );
      const [variant] = await sql(
        "insert into product_variants (product_id, user_id, sku) values ($1, $2, $3) returning id",
        [product.id, creator.id, `MUG-${kind}`],
      );
      // The ledger's first movement and its level, as recordStockMovements writes them.
      await sql(
        `insert into stock_movements (user_id, variant_id, location_id, kind, quantity) values ($1, $2, $3, 'received', $4)`,
        [creator.id, variant.id, online.id, UNITS],
      );
      await sql("insert into stock_levels (variant_id, location_id, user_id, on_hand) values ($1, $2, $3, $4)", [
        variant.id,
        online.id,
        creator.id,
        UNITS,
      ]);
      variants[kind] = variant.id;
    }
    const [zone] = await sql(
      "insert into shipping_zones (user_id, name, countries) values ($1, 'US', '{US}') returning id",
      [creator.id],
    );
    const [rate] = await sql(
      "insert into shipping_rates (zone_id, user_id, name, kind, price_cents) values ($1, $2, 'Standard', 'flat', 500) returning id",
      [zone.id, creator.id],
    );
    return { online: online.id, variants, rateId: rate.id };
  } finally {
    await app.close();
  }
}

const dataDir = tempDataDir();
const seeded = await seed(dataDir);
const server = await startServer(
  { LOG_LEVEL: "warn", PAYMENTS_TEST_MODE: "on", TRUSTED_PROXIES: "loopback", STORE_PAGE_CACHE_SECONDS: "0" },
  { dataDir },
);

function post(path, fields, ip) {
  return fetch(`${server.origin}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: server.origin, "x-forwarded-for": ip },
    body: new URLSearchParams(fields).toString(),
  });
}

/** One run: every buyer at once through the buy form, then each started checkout paid. */
async function race(kind, round) {
  const slug = PRODUCTS[kind];
  const answers = { started: [], soldOut: 0, other: [] };
  const latencies = [];
  const began = performance.now();
  await Promise.all(
    Array.from({ length: BUYERS }, async (_, buyer) => {
      const ip = `10.${round}.${Math.floor(buyer / 250)}.${(buyer % 250) + 1}`;
      const started = performance.now();
      const response = await post(
        `/s/${HANDLE}/${slug}/buy`,
        {
          email: `buyer-${kind}-${buyer}@bench.example`,
          provider: "test",
          ships: "1",
          variantId: seeded.variants[kind],
          quantity: "1",
          shippingRateId: seeded.rateId,
          ...US_ADDRESS,
        },
        ip,
      );
      latencies.push(performance.now() - started);
      if (response.status === 302) {
        answers.started.push({ testPage: new URL(response.headers.get("location")).pathname, ip });
        return;
      }
      const text = await response.text();
      if (response.status === 409 && /quantity-error"[^>]*>Sold out</.test(text)) answers.soldOut += 1;
      else answers.other.push(response.status);
    }),
  );
  const checkoutMs = performance.now() - began;
  // Each payment, then its return page, which reads the order's state as the buyer's browser does.
  const payments = await Promise.all(
    answers.started.map(async ({ testPage, ip }) => {
      const paid = await post(testPage, { intent: "pay", ...CARD }, ip);
      if (paid.status !== 302) return false;
      const page = await fetch(paid.headers.get("location"), { headers: { "x-forwarded-for": ip } });
      return page.status === 200 && (await page.text()).includes("Thank you!");
    }),
  );
  const paidAnswers = payments.filter(Boolean).length;
  latencies.sort((a, b) => a - b);
  return {
    ...answers,
    paidAnswers,
    checkoutMs,
    p50: latencies[Math.floor(latencies.length / 2)],
    p99: latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))],
  };
}

const runs = { strict: await race("strict", 1), backorder: await race("backorder", 2) };
await server.stop();

// The figures, from the database after the server stopped.
const app = await startAppProcess({ DATA_DIR: dataDir, DATABASE_URL: "" });
const figures = {};
try {
  for (const kind of Object.keys(PRODUCTS)) {
    const variant = seeded.variants[kind];
    const [row] = await app.request("sql", {
      text: `select
        (select count(*)::int from orders o join order_lines l on l.order_id = o.id where l.variant_id = $1 and o.status = 'paid') as paid,
        (select on_hand from stock_levels where variant_id = $1 and location_id = $2) as on_hand,
        (select reserved from stock_levels where variant_id = $1 and location_id = $2) as reserved,
        (select coalesce(sum(quantity), 0)::int from stock_movements where variant_id = $1) as ledger,
        (select coalesce(min(running), 0)::int from (
          select sum(quantity) over (order by created_at, id) as running from stock_movements where variant_id = $1) r) as lowest`,
      params: [variant, seeded.online],
    });
    figures[kind] = row;
  }
} finally {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}

console.log(`\nOversell: ${BUYERS} concurrent buyers for the last ${UNITS} units (buy form → TEST MODE payment)\n`);
printTable([
  [
    "run",
    "checkouts",
    "sold out",
    "other",
    "paid (pages)",
    "paid orders",
    "stock",
    "held",
    "ledger",
    "lowest",
    "ms",
    "p50 ms",
    "p99 ms",
  ],
  ...Object.entries(runs).map(([kind, run]) => [
    kind === "strict" ? "no backorder" : "backorder",
    run.started.length,
    run.soldOut,
    run.other.length,
    run.paidAnswers,
    figures[kind].paid,
    figures[kind].on_hand,
    figures[kind].reserved,
    figures[kind].ledger,
    figures[kind].lowest,
    fmt(run.checkoutMs, 0),
    fmt(run.p50, 0),
    fmt(run.p99, 0),
  ]),
]);
if (runs.strict.other.length || runs.backorder.other.length)
  console.log(`other answers: ${[...runs.strict.other, ...runs.backorder.other].join(", ")}`);

const budget = budgets("oversell");
const strict = figures.strict;
budget.check(
  `no backorder: exactly ${UNITS} paid, stock 0, never below 0, the other ${BUYERS - UNITS} told Sold out before paying`,
  strict.paid === UNITS &&
    strict.on_hand === 0 &&
    strict.reserved === 0 &&
    strict.lowest >= 0 &&
    runs.strict.soldOut === BUYERS - UNITS,
  `${strict.paid} paid, stock ${strict.on_hand}, lowest ${strict.lowest}, ${runs.strict.soldOut} sold out`,
);
const back = figures.backorder;
budget.check(
  `backorder: all ${BUYERS} paid, stock ${UNITS - BUYERS}`,
  back.paid === BUYERS && back.on_hand === UNITS - BUYERS && back.reserved === 0,
  `${back.paid} paid, stock ${back.on_hand}`,
);
budget.finish();
