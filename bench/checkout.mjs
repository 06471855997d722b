// Budget: 200 concurrent buyers completing test-provider purchases for 60 s against the production build
// on a throwaway embedded database — each buyer: the checkout form (POST /s/:handle/:slug/buy → 302 to the TEST
// MODE page), the card form with 4242… (→ the signed webhook through the app's intake → 302 to the return page),
// then the return page. Printed: purchases, errors, orders, paid orders, receipts in the outbox, duplicates, lost.
// Budget: 0 errors, 0 duplicated or lost orders, every receipt exactly once.
//
//   node bench/checkout.mjs [seconds=60] [buyers=200]
import { rmSync } from "node:fs";
import { fmt, printTable, seedUsers, startAppProcess } from "./support/common.mjs";
import { startServer, tempDataDir } from "./start-server.mjs";

const SECONDS = Number(process.argv[2] ?? 60);
const BUYERS = Number(process.argv[3] ?? 200);
const HANDLE = "bench-checkout";
const SLUG = "planner-kit";

async function seedStore(dataDir) {
  const [creator] = await seedUsers({ DATA_DIR: dataDir }, { count: 1, prefix: "checkout", sessions: 0 });
  const app = await startAppProcess({ DATA_DIR: dataDir, DATABASE_URL: "" });
  try {
    await app.request("sql", {
      text: "insert into storefronts (user_id, handle) values ($1, $2)",
      params: [creator.id, HANDLE],
    });
    await app.request("sql", {
      text: `insert into products (user_id, name, slug, type, pricing, price_cents, currency, status, published_at)
             values ($1, 'Planner Kit 2027', $2, 'template', 'fixed', 1250, 'USD', 'published', now())`,
      params: [creator.id, SLUG],
    });
  } finally {
    await app.close();
  }
}

const dataDir = tempDataDir();
await seedStore(dataDir);
// Each buyer has an address of its own (the app trusts X-Forwarded-For from loopback), as real buyers do: the
// per-IP checkout limit counts per buyer.
const server = await startServer(
  { LOG_LEVEL: "warn", PAYMENTS_TEST_MODE: "on", TRUSTED_PROXIES: "loopback", STORE_PAGE_CACHE_SECONDS: "5" },
  { dataDir },
);

const stats = { purchases: 0, errors: 0, latencies: [] };
const errorSamples = [];
const emails = [];

function form(fields) {
  return new URLSearchParams(fields).toString();
}

async function post(path, fields, ip) {
  return fetch(`${server.origin}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: server.origin, "x-forwarded-for": ip },
    body: form(fields),
  });
}

async function purchase(buyer, round) {
  const ip = `10.${Math.floor(buyer / 250)}.${buyer % 250}.${(round % 250) + 1}`;
  const email = `buyer-${buyer}-${round}@bench.example`;
  const started = performance.now();
  const checkout = await post(`/s/${HANDLE}/${SLUG}/buy`, { email, provider: "test" }, ip);
  if (checkout.status !== 302) throw new Error(`checkout answered ${checkout.status}`);
  emails.push(email);
  const testPage = new URL(checkout.headers.get("location")).pathname;
  const paid = await post(
    testPage,
    { intent: "pay", cardNumber: "4242 4242 4242 4242", expiry: "12/40", cvc: "123", cardName: "Bench Buyer" },
    ip,
  );
  if (paid.status !== 302) throw new Error(`payment answered ${paid.status}`);
  const returnPage = await fetch(paid.headers.get("location"), { headers: { "x-forwarded-for": ip } });
  const text = await returnPage.text();
  if (returnPage.status !== 200 || !text.includes("Thank you!"))
    throw new Error(`return page answered ${returnPage.status} without the thank-you`);
  stats.latencies.push(performance.now() - started);
  stats.purchases += 1;
}

const deadline = Date.now() + SECONDS * 1000;
const started = Date.now();
await Promise.all(
  Array.from({ length: BUYERS }, async (_, buyer) => {
    for (let round = 0; Date.now() < deadline; round += 1) {
      try {
        await purchase(buyer, round);
      } catch (error) {
        stats.errors += 1;
        if (errorSamples.length < 5) errorSamples.push(error.message);
      }
    }
  }),
);
const elapsed = (Date.now() - started) / 1000;
await server.stop();

// The figures, read from the database after the server stopped (its mail worker had delivered or kept each receipt).
const app = await startAppProcess({ DATA_DIR: dataDir, DATABASE_URL: "" });
let figures;
try {
  const [row] = await app.request("sql", {
    text: `select
      (select count(*)::int from orders) as orders,
      (select count(*)::int from orders where status = 'paid') as paid,
      (select count(*)::int from orders where status = 'pending') as pending,
      (select count(*)::int from mail_outbox where subject like 'Your receipt%') as receipts,
      (select count(*)::int from (select "to" from mail_outbox where subject like 'Your receipt%' group by "to" having count(*) > 1) d) as duplicated_receipts,
      (select count(*)::int from (select customer_email from orders group by customer_email having count(*) > 1) d) as duplicated_orders,
      (select count(*)::int from order_events where to_status = 'paid') as moves_to_paid,
      (select count(*)::int from webhook_events) as webhooks,
      (select count(*)::int from webhook_events where error is not null or processed_at is null) as webhook_errors,
      (select count(*)::int from order_access_tokens) as access_tokens`,
  });
  const [missing] = await app.request("sql", {
    text: "select count(*)::int as n from unnest($1::text[]) as e(email) where not exists (select 1 from orders o where o.customer_email = e.email and o.status = 'paid')",
    params: [emails],
  });
  figures = { ...row, lost: missing.n };
} finally {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}

const sorted = [...stats.latencies].sort((a, b) => a - b);
const pct = (p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
console.log(
  `\nCheckout under load: ${BUYERS} concurrent buyers for ${fmt(elapsed, 0)} s (checkout → TEST MODE page with 4242… → webhook → return page)\n`,
);
const figuresRow = {
  purchases: stats.purchases,
  "per s": fmt(stats.purchases / elapsed),
  "p50 ms": fmt(pct(50), 0),
  "p99 ms": fmt(pct(99), 0),
  errors: stats.errors,
  orders: figures.orders,
  paid: figures.paid,
  pending: figures.pending,
  receipts: figures.receipts,
  "dup. receipts": figures.duplicated_receipts,
  "dup. orders": figures.duplicated_orders,
  lost: figures.lost,
};
printTable([Object.keys(figuresRow), Object.values(figuresRow)]);
console.log(
  `\nwebhooks stored ${figures.webhooks} (errors ${figures.webhook_errors}); moves to paid ${figures.moves_to_paid}; access tokens ${figures.access_tokens}`,
);
if (errorSamples.length) console.log(`error samples: ${errorSamples.join(" | ")}`);
const ok =
  stats.errors === 0 &&
  figures.duplicated_orders === 0 &&
  figures.duplicated_receipts === 0 &&
  figures.lost === 0 &&
  figures.paid === stats.purchases &&
  figures.receipts === figures.paid &&
  figures.moves_to_paid === figures.paid;
console.log(
  `\nbudget (0 errors, 0 duplicated or lost orders, every receipt exactly once): ${ok ? "ok" : "NOT MET"} — ${stats.purchases} purchases, ${figures.paid} paid orders, ${figures.receipts} receipts`,
);
process.exit(ok ? 0 : 1);
