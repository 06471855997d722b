import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { hashPassword } from "better-auth/crypto";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { importPgliteData } from "~/db/import-pglite-data.server";
import { MIGRATIONS_FOLDER } from "~/db/open-database.server";
import type { Query } from "~/db/public-tables.server";
import { nextClientIp } from "../support/client-ip";
import { CookieJar } from "../support/cookie-jar";
import { postForm } from "../support/form-post";
import { publicRows } from "../support/public-rows";
import { createTestDatabase } from "../support/test-database";
import { startTestServer } from "../support/test-server";

/**
 * Issue 11 (2): a DATA_DIR of the PGlite versions is imported into PostgreSQL, every row exactly, in one
 * transaction, and the old folder is kept renamed.
 */
const temp = mkdtempSync(path.join(tmpdir(), "sellkit-pglite-import-"));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

const PASSWORD = "Imported&Unusual1!";
const EVENTS = 3_000;
let dataDirs = 0;

/** A DATA_DIR whose pglite folder holds a migrated PGlite database with rows in every table. */
async function pgliteDataDir(): Promise<{ dataDir: string; emails: string[] }> {
  dataDirs += 1;
  const dataDir = path.join(temp, `data-${dataDirs}`);
  mkdirSync(dataDir, { recursive: true }); // PGlite does not create parent folders
  const db = await PGlite.create({ dataDir: path.join(dataDir, "pglite") });
  try {
    await migrate(drizzle(db), { migrationsFolder: MIGRATIONS_FOLDER });
    const hash = await hashPassword(PASSWORD);
    const emails = ["ada@example.com", "grace@example.com"];
    await db.transaction(async (tx) => {
      for (const [index, email] of emails.entries()) {
        const id = `user-${index}`;
        await tx.query(`insert into "user" (id, name, email, email_verified, created_at) values ($1, $2, $3, true, '2024-02-29 23:59:59.123456+00')`, [
          id,
          `Ünïcode "quoted" \\ name ${index} 🎉`,
          email,
        ]);
        await tx.query(`insert into account (id, account_id, provider_id, user_id, password) values ($1, $2, 'credential', $2, $3)`, [
          `account-${index}`,
          id,
          hash,
        ]);
        await tx.query(
          `insert into session (id, expires_at, token, user_id, ip_address, user_agent, last_active_at) values ($1, now() + interval '7 days', $2, $3, '203.0.113.9', 'Firefox', now())`,
          [`session-${index}`, `token-${index}`, id],
        );
        await tx.query(`insert into profiles (user_id, first_name, last_name, date_of_birth, plan) values ($1, 'Ada', 'Lovelace', '1815-12-10', 'pro')`, [id]);
        await tx.query(
          `insert into business_profiles (user_id, store_name, business_description, business_types, target_customers, phone, preferred_delivery, preferred_payment, marketing_consent, terms_accepted_at)
           values ($1, 'Atelier', 'Line one
line two', '{online_store,"with space"}', 'Makers', '+1 555 123 4567', '{digital}', '{card,paypal}', true, now())`,
          [id],
        );
        await tx.query(
          `insert into sales_methods (user_id, method, settings) values ($1, 'online_store', '{"currency":"EUR","nested":{"list":[1,2.50,null]},"big":12345678901234567890}')`,
          [id],
        );
        await tx.query(`insert into products (id, user_id, name, price_cents, currency) values ($1, $2, 'Guide', 1999, 'EUR')`, [
          `00000000-0000-4000-8000-00000000000${index}`,
          id,
        ]);
        await tx.query(`insert into storefronts (user_id, handle) values ($1, $2)`, [id, `atelier-${index}`]);
        await tx.query(
          `insert into product_covers (product_id, width, height, content_type, bytes) values ($1, 640, 480, 'image/webp', decode('52494646', 'hex'))`,
          [`00000000-0000-4000-8000-00000000000${index}`],
        );
        await tx.query(
          `insert into product_files (product_id, user_id, upload_id, name, size, sha256, completed_at) values ($1, $2, $3, 'guide.pdf', 2147483648, repeat('a', 64), now())`,
          [`00000000-0000-4000-8000-00000000000${index}`, id, `upload-${index}`],
        );
        const orderId = `00000000-0000-4000-9000-00000000000${index}`;
        const productId = `00000000-0000-4000-8000-00000000000${index}`;
        const fileId = `00000000-0000-4000-a000-00000000000${index}`;
        await tx.query(`update product_files set id = $1 where upload_id = $2`, [fileId, `upload-${index}`]);
        await tx.query(
          `insert into orders (id, user_id, product_id, customer_email, amount_cents, currency, status, provider, provider_checkout_id) values ($1, $2, $3, 'buyer@example.com', 1999, 'EUR', 'paid', 'test', $4)`,
          [orderId, id, productId, `tpc_${index}`],
        );
        // Commerce (issue 15): every table holds a row, so the copy is checked for each.
        await tx.query(`insert into order_events (order_id, from_status, to_status, cause) values ($1, 'pending', 'paid', 'webhook:test:evt')`, [orderId]);
        await tx.query(`insert into refunds (order_id, amount_cents, status) values ($1, 100, 'succeeded')`, [orderId]);
        await tx.query(`insert into order_access_tokens (order_id, token_hash) values ($1, repeat($2, 64))`, [orderId, String(index)]);
        await tx.query(`insert into download_counts (order_id, file_id, day, count) values ($1, $2, '2026-11-23', 3)`, [orderId, fileId]);
        // An order's timeline and the customers' figures (issue 16.3–4).
        await tx.query(`insert into delivery_events (order_id, kind, file_id, actor_id) values ($1, 'receipt_resent', $2, $3)`, [orderId, fileId, id]);
        await tx.query(
          `insert into customer_totals (user_id, email, first_paid_at, last_paid_at, orders, spent_cents, spent) values ($1, 'buyer@example.com', now(), now(), 1, 1899, '{"EUR":1899}')`,
          [id],
        );
        // Payouts (issue 16.5): the test provider's ledger and payouts.
        const payoutId = `00000000-0000-4000-c000-00000000000${index}`;
        await tx.query(
          `insert into test_payouts (id, user_id, amount_cents, currency, status, payout_date, arrival_date) values ($1, $2, 1839, 'EUR', 'paid', '2026-11-20', '2026-11-23')`,
          [payoutId, id],
        );
        await tx.query(
          `insert into test_payout_entries (user_id, order_id, kind, amount_cents, currency, available_on, payout_id) values ($1, $2, 'sale', 1839, 'EUR', '2026-11-20T00:00:00Z', $3)`,
          [id, orderId, payoutId],
        );
        await tx.query(
          `insert into order_earnings (order_id, user_id, provider, currency, orders, gross_cents, refunds_cents, fees_cents) values ($1, $2, 'test', 'EUR', 1, 1999, 100, 150)`,
          [orderId, id],
        );
        await tx.query(
          `insert into seller_earnings (user_id, provider, currency, orders, gross_cents, refunds_cents, fees_cents) values ($1, 'test', 'EUR', 1, 1999, 100, 150)`,
          [id],
        );
        await tx.query(
          `insert into payment_accounts (user_id, provider, external_account_id, status, details) values ($1, 'stripe', $2, 'ready', '{"charges_enabled":true}')`,
          [id, `acct_${index}`],
        );
        const codeId = `00000000-0000-4000-b000-00000000000${index}`;
        await tx.query(
          `insert into discount_codes (id, user_id, code, kind, percent_off, applies_to, max_redemptions, redemptions_count) values ($1, $2, 'SAVE10', 'percent', 10, 'selected', 5, 1)`,
          [codeId, id],
        );
        await tx.query(`insert into discount_code_products (discount_code_id, product_id) values ($1, $2)`, [codeId, productId]);
        // Page views (issue 16): counts, visitor hashes.
        await tx.query(
          `insert into page_view_counts (seller_id, product_id, kind, bucket, source, utm_source, views) values ($1, $2, 'sales', '2026-11-23T10:15:00Z', 'news.example', 'newsletter', 7)`,
          [id, productId],
        );
        await tx.query(
          `insert into page_view_visitors (seller_id, product_id, kind, bucket, visitor) values ($1, $2, 'sales', '2026-11-23T10:15:00Z', decode('00112233445566778899aabbccddeeff', 'hex'))`,
          [id, productId],
        );
        // The analytics read model (issue 16.2): every table holds a row.
        await tx.query(
          `insert into analytics_sale_facts (order_id, seller_id, product_id, bucket, currency, units, revenue_cents) values ($1, $2, $3, '2026-11-23T10:15:00Z', 'EUR', 1, 1899)`,
          [orderId, id, productId],
        );
        await tx.query(
          `insert into analytics_sales_buckets (seller_id, bucket, currency, orders, units, revenue_cents) values ($1, '2026-11-23T10:15:00Z', 'EUR', 1, 1, 9007199254740993)`,
          [id],
        );
        await tx.query(
          `insert into analytics_sales_product_days (seller_id, product_id, day, currency, orders, units, revenue_cents) values ($1, $2, '2026-11-23', 'EUR', 1, 1, 1899)`,
          [id, productId],
        );
        await tx.query(
          `insert into analytics_sales_totals (seller_id, product_id, currency, orders, units, revenue_cents) values ($1, $2, 'EUR', 1, 1, 1899)`,
          [id, productId],
        );
        await tx.query(`insert into analytics_view_buckets (seller_id, bucket, views, first_seen, last_seen) values ($1, '2026-11-23T10:15:00Z', 7, 1, 1)`, [
          id,
        ]);
        await tx.query(
          `insert into analytics_visitor_days (seller_id, day, visitor, first_bucket, last_bucket) values ($1, '2026-11-23', decode('00112233445566778899aabbccddeeff', 'hex'), '2026-11-23T10:15:00Z', '2026-11-23T10:15:00Z')`,
          [id],
        );
        await tx.query(`insert into analytics_view_days (seller_id, day, views, visitors) values ($1, '2026-11-23', 7, 1)`, [id]);
        await tx.query(`insert into analytics_product_view_days (seller_id, product_id, day, views) values ($1, $2, '2026-11-23', 7)`, [id, productId]);
        await tx.query(
          `insert into analytics_source_view_days (seller_id, day, source, utm_source, views) values ($1, '2026-11-23', 'news.example', 'newsletter', 7)`,
          [id],
        );
        await tx.query(`insert into discount_redemptions (discount_code_id, order_id, status) values ($1, $2, 'redeemed')`, [codeId, orderId]);
        await tx.query(`insert into avatars (user_id, content_type, bytes) values ($1, 'image/png', decode('89504e470d0a1a0a00ff', 'hex'))`, [id]);
        // The second user has 2FA on (its secret is not a real one: the sign-in stops at the challenge).
        await tx.query(
          `insert into two_factor (user_id, secret_encrypted, enabled_at, last_used_step) values ($1, 'secret', $2::timestamptz, 9007199254740993)`,
          [id, index === 1 ? "2024-03-01T00:00:00Z" : null],
        );
        await tx.query(`insert into backup_codes (user_id, code_hash) values ($1, 'hash-a'), ($1, 'hash-b')`, [id]);
        await tx.query(
          `insert into security_audit (user_id, event_type, event_category, severity, risk_score, ip_address, details, created_at)
           select $1, 'sign_in', 'authentication', 'low', (i % 100)::smallint, '198.51.100.' || (i % 250), jsonb_build_object('i', i, 'note', repeat('x', i % 50)), now() - make_interval(secs => i * 0.000001)
             from generate_series(1, $2::int) i`,
          [id, EVENTS / emails.length],
        );
      }
      await tx.query(`insert into rate_limit (id, key, count, last_request) values ('rl', '127.0.0.1/sign-in', 3, 9007199254740993)`);
      await tx.query(`insert into app_rate_limits (bucket, hits, window_started_at) values ('sign-in:ip', 2, now())`);
      await tx.query(`insert into captcha_uses (challenge_id, expires_at) values ('challenge', now())`);
      await tx.query(`insert into verification (id, identifier, value, expires_at) values ('v', 'email', 'token', now())`);
      await tx.query(`insert into contact_messages (name, email, subject, message) values ('Ada', 'ada@example.com', 'Hi', 'Tab	and newline
here')`);
      await tx.query(
        `insert into mail_outbox ("to", "from", subject, text, attempts) values ('ada@example.com', 'noreply@example.com', 'Welcome', 'Hello', 2)`,
      );
      await tx.query(`insert into payouts_sync (id, synced_until) values (1, '2026-11-23T10:00:00Z')`);
      await tx.query(`insert into view_salts (day, salt) values ('2026-11-23', decode('0102030405060708', 'hex'))`);
      await tx.query(
        `insert into webhook_events (provider, event_id, type, payload, processed_at) values ('test', 'evt_1', 'payment.succeeded', '{"amount":1999}', now())`,
      );
      await tx.query(
        `insert into test_provider_checkouts (id, amount_cents, currency, description, customer_email, reference, success_url, cancel_url, status, payment_id, expires_at) values ('tpc_0', 1999, 'EUR', 'Guide', 'buyer@example.com', 'order', 'http://x/s', 'http://x/c', 'paid', 'tpp_0', now())`,
      );
      await tx.query(`insert into dev_mail ("from", "to", subject, text) values ('noreply@example.com', 'ada@example.com', 'Welcome', 'Hello')`);
    });
    return { dataDir, emails };
  } finally {
    await db.close();
  }
}

function pgQuery(client: pg.Client): Query {
  return async (sql, params) => (await client.query(sql, params)).rows;
}

async function rowsOfPostgres(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await publicRows(pgQuery(client));
  } finally {
    await client.end();
  }
}

async function rowsOfPglite(folder: string) {
  const db = await PGlite.create({ dataDir: folder });
  try {
    return await publicRows(async (sql, params) => (await db.query(sql, params)).rows as never);
  } finally {
    await db.close();
  }
}

const importedFolders = (dataDir: string) => readdirSync(dataDir).filter((name) => /^pglite\.imported-\d{8}T\d{6}Z$/.test(name));

describe("importing a PGlite DATA_DIR into PostgreSQL", () => {
  it("copies every row of every table exactly, keeps the old folder renamed, and a second run does nothing", async () => {
    const { dataDir, emails } = await pgliteDataDir();
    const target = await createTestDatabase();
    try {
      const lines: string[] = [];
      const result = await importPgliteData({ dataDir, targetUrl: target.url, log: (line) => lines.push(line) });
      expect(result.imported).toBe(true);
      if (!result.imported) return;
      expect(result.rows).toMatchObject({
        user: 2,
        account: 2,
        session: 2,
        profiles: 2,
        business_profiles: 2,
        sales_methods: 2,
        security_audit: EVENTS,
        avatars: 2,
      });
      expect(lines.at(-1)).toMatch(/^Imported \d+ rows of \d+ tables from PGlite in \d+ ms; the old folder is kept at /);

      expect(existsSync(path.join(dataDir, "pglite"))).toBe(false);
      expect(importedFolders(dataDir)).toEqual([path.basename(result.keptAt)]);
      const source = await rowsOfPglite(result.keptAt);
      const copied = await rowsOfPostgres(target.url);
      expect(Object.keys(copied)).toEqual(Object.keys(source));
      for (const table of Object.keys(source)) expect(copied[table], table).toBe(source[table]);
      expect(Object.values(source).filter((json) => json === "[]")).toEqual([]); // every table had rows
      expect(source.two_factor).toContain("9007199254740993");

      expect(await importPgliteData({ dataDir, targetUrl: target.url })).toEqual({ imported: false });

      // The imported users sign in over HTTP with their passwords (the second one is asked for its second factor).
      const server = await startTestServer({ TRUSTED_PROXIES: "loopback" }, { databaseUrl: target.url });
      try {
        const locations: (string | null)[] = [];
        for (const email of emails) {
          const jar = new CookieJar();
          const signIn = await postForm(server, "/login", { intent: "sign-in", email, password: PASSWORD }, { ip: nextClientIp(), jar });
          expect(signIn.status, email).toBe(302);
          locations.push(signIn.headers.get("location"));
          if (locations.length === 1) {
            const dashboard = await server.request("/dashboard", { headers: { cookie: jar.header() } });
            expect(dashboard.status).toBe(200);
            await dashboard.arrayBuffer();
          }
        }
        expect(locations).toEqual(["/dashboard", "/auth/two-factor?from=%2Fdashboard"]);
      } finally {
        await server.stop();
      }
    } finally {
      await target.drop();
    }
  });

  it("returns at once when DATA_DIR has no PGlite database", async () => {
    const started = performance.now();
    expect(await importPgliteData({ dataDir: path.join(temp, "nothing-here"), targetUrl: "postgres://nobody@127.0.0.1:1/none" })).toEqual({ imported: false });
    expect(performance.now() - started).toBeLessThan(100);
  });

  it("refuses a target that already holds data, and a failure half-way imports nothing", async () => {
    const { dataDir } = await pgliteDataDir();
    const before = await rowsOfPglite(path.join(dataDir, "pglite"));

    const used = await createTestDatabase();
    try {
      await used.pool.query(`insert into "user" (id, name, email) values ('someone', 'Someone', 'someone@example.com')`);
      await expect(importPgliteData({ dataDir, targetUrl: used.url })).rejects.toThrow(/already holds data \(tables user\)/);
      expect((await used.pool.query(`select id from "user"`)).rows).toEqual([{ id: "someone" }]);
    } finally {
      await used.drop();
    }

    // A target that refuses the rows of a table copied late (after users, sessions, profiles…).
    const failing = await createTestDatabase();
    try {
      await failing.pool.query(`alter table sales_methods add constraint refuse_all check (false) not valid`);
      await expect(importPgliteData({ dataDir, targetUrl: failing.url })).rejects.toThrow(/refuse_all/);
      const after = await rowsOfPostgres(failing.url);
      expect(Object.entries(after).filter(([, json]) => json !== "[]")).toEqual([]);
    } finally {
      await failing.drop();
    }
    expect(existsSync(path.join(dataDir, "pglite", "PG_VERSION"))).toBe(true);
    expect(importedFolders(dataDir)).toEqual([]);
    expect(await rowsOfPglite(path.join(dataDir, "pglite"))).toEqual(before);
  });
});

// The app itself imports on its first start on such a DATA_DIR (embedded mode: server/main.ts calls
// importPgliteData right after migrating).
describe("the app on a PGlite DATA_DIR", () => {
  it("imports it on first start, and the imported user signs in", { timeout: 60_000 }, async () => {
    const { dataDir, emails } = await pgliteDataDir();
    const child = spawn(process.execPath, ["build/runtime/main.js"], {
      env: { PATH: process.env.PATH ?? "", HOST: "127.0.0.1", PORT: "0", LOG_LEVEL: "info", TRUSTED_PROXIES: "loopback", DATA_DIR: dataDir, DATABASE_URL: "" },
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    const exited = new Promise((resolve) => child.on("exit", resolve));
    try {
      await expect.poll(() => output, { timeout: 45_000 }).toMatch(/running at http:\/\/localhost:\d+/);
      const origin = /running at (http:\/\/localhost:\d+)/.exec(output)![1]!.replace("localhost", "127.0.0.1");
      expect(importedFolders(dataDir)).toHaveLength(1);
      const signIn = await fetch(`${origin}/login`, {
        method: "POST",
        redirect: "manual",
        body: new URLSearchParams({ intent: "sign-in", email: emails[0]!, password: PASSWORD }),
        headers: { origin, "x-forwarded-for": nextClientIp() },
      });
      expect(signIn.status, output).toBe(302);
      const jar = new CookieJar();
      jar.store(signIn);
      expect((await fetch(`${origin}/dashboard`, { headers: { cookie: jar.header() }, redirect: "manual" })).status).toBe(200);
    } finally {
      child.kill("SIGTERM");
      await exited;
    }
  });
});
