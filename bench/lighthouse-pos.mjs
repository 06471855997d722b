// Lighthouse (mobile, default throttling) on the Mobile POS of the production build, signed in (the session cookie
// sent as an extra header), in Debian Chromium: the shift form, then the sale screen of an open shift with a few
// products. A throwaway embedded database. Budget: accessibility = 100 (the other scores are printed).
//
//   node bench/lighthouse-pos.mjs
import { rmSync } from "node:fs";
import { seedUsers, startAppProcess } from "./support/common.mjs";
import { auditPages } from "./support/lighthouse-runner.mjs";
import { startServer, tempDataDir } from "./start-server.mjs";

const PAGES = [{ label: "Mobile POS (sale screen)", path: "/tools/mobile-pos", noindex: true }];

/** A retail seller with a shop, its register and six products, three of them physical with stock there. */
async function seedCounter(dataDir) {
  const [seller] = await seedUsers({ DATA_DIR: dataDir }, { count: 1, prefix: "lighthouse-pos", sessions: 1 });
  const app = await startAppProcess({ DATA_DIR: dataDir, DATABASE_URL: "" });
  try {
    const [shop] = await app.request("sql", {
      text: "insert into stock_locations (user_id, kind, name) values ($1, 'shop', 'Market Stall') returning id",
      params: [seller.id],
    });
    const [register] = await app.request("sql", {
      text: "insert into registers (user_id, location_id, name) values ($1, $2, 'Register 1') returning id",
      params: [seller.id, shop.id],
    });
    await app.request("sql", {
      text: `with p as (
               insert into products (user_id, name, type, price_cents, currency, status, position)
               select $1, (array['Mug', 'Tote bag', 'Poster', 'Field guide', 'Sticker pack', 'Zine'])[n],
                 case when n <= 3 then 'physical' else 'ebook' end, 500 * n, 'USD', 'published', n
               from generate_series(1, 6) n returning id, type
             ), v as (
               insert into product_variants (product_id, user_id) select id, $1 from p where type = 'physical' returning id
             )
             insert into stock_levels (variant_id, location_id, user_id, on_hand) select id, $2, $1, 12 from v`,
      params: [seller.id, shop.id],
    });
    return { cookie: seller.cookies[0], registerId: register.id };
  } finally {
    await app.close();
  }
}

const dataDir = tempDataDir();
const { cookie, registerId } = await seedCounter(dataDir);
const server = await startServer({ LOG_LEVEL: "warn" }, { dataDir });
let passed = false;
try {
  // The shift form first, then the sale screen of an open shift.
  passed = await auditPages(server.origin, [{ ...PAGES[0], label: "Mobile POS (open a shift)" }], {
    extraHeaders: { cookie },
    budget: { accessibility: 100 },
  });
  const opened = await fetch(`${server.origin}/tools/mobile-pos`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie, origin: server.origin, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "open-shift", registerId, openingFloat: "50" }).toString(),
  });
  if (opened.status !== 302 && opened.status !== 204) throw new Error(`open shift answered ${opened.status}`);
  passed =
    (await auditPages(server.origin, PAGES, { extraHeaders: { cookie }, budget: { accessibility: 100 } })) && passed;
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(passed ? 0 : 1);
