import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  MAX_SOURCE_LENGTH,
  MAX_SOURCES_PER_SELLER_PER_DAY,
  MAX_COUNTS_PER_ADDRESS_PER_TARGET_PER_DAY,
  MAX_VISITORS_PER_ADDRESS_PER_DAY,
  OTHER_SOURCE,
} from "~/domains/analytics/content/view-rules";
import { pageViewCounts, viewSalts } from "~/domains/analytics/tables.server";
import { readViewCounts } from "~/domains/analytics/server/read-view-counts.server";
import { products, storefronts } from "~/domains/catalog/tables.server";
import { salesMethods } from "~/domains/sales-methods/tables.server";
import { startMailCatcher, type MailCatcher } from "../../support/mail-catcher";
import { createSignedInCreator, type SignedInCreator } from "../../support/signed-in-creator";
import { startTestServer, type TestServer } from "../../support/test-server";

// Over HTTP: the storefront, sales page and both buy pages count their views in the Express layer
// (answers of the store-page cache too), with unique visitors from the day's salted hash, the source, bots,
// HEAD, prefetches, draft previews and errors left out; the database failing never fails a page, and the views
// waiting are written when the server closes.

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";

let mail: MailCatcher;
let server: TestServer;
let ada: SignedInCreator;
let handle: string;
let productId: string;
let buttonId: string;
const range = () => ({ from: new Date(Date.now() - 86_400_000), to: new Date(Date.now() + 86_400_000) });

/** A page read to its end (its view is recorded once the answer has finished). */
async function visit(
  path: string,
  { ip = "198.51.100.1", agent = CHROME, method = "GET", headers = {} as Record<string, string> } = {},
) {
  const response = await server.request(path, {
    method,
    headers: { "user-agent": agent, "x-forwarded-for": ip, ...headers },
  });
  await response.arrayBuffer();
  return response;
}

beforeAll(async () => {
  mail = await startMailCatcher();
  // The store-page cache on (5 s, the default): its answers must count too.
  server = await startTestServer({ SMTP_URL: mail.url, TRUSTED_PROXIES: "loopback" }, { countRoundTrips: true });
  ada = await createSignedInCreator(server, {
    storeName: "Ada's Atelier",
    businessTypes: ["online_store", "existing_website"],
  });
  handle = `ada-${Date.now().toString(36)}`;
  await server.db.insert(storefronts).values({ userId: ada.id, handle });
  await server.db.insert(salesMethods).values({
    userId: ada.id,
    method: "online_store",
    settings: {
      storeName: "Ada's Atelier",
      storeDescription: "Templates",
      category: "digital",
      currency: "EUR",
      theme: "classic",
    },
  });
  const [product] = await server.db
    .insert(products)
    .values({
      userId: ada.id,
      name: "Field Guide",
      slug: "field-guide",
      priceCents: 1250,
      currency: "EUR",
      status: "published",
      type: "ebook",
    })
    .returning({ id: products.id });
  productId = product!.id;
  await server.db.insert(products).values({
    userId: ada.id,
    name: "Secret draft",
    slug: "secret-draft",
    priceCents: 900,
    currency: "EUR",
    status: "draft",
    type: "ebook",
  });
  const [button] = await server.db
    .insert(salesMethods)
    .values({ userId: ada.id, method: "existing_website", settings: {} })
    .returning({ id: salesMethods.id });
  buttonId = button!.id;
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await mail?.stop();
});

describe("view counting", () => {
  it("counts the storefront, the sales page (rendered and cached), its buy page and the buy-button page", async () => {
    const pages = [
      `/s/${handle}`,
      `/s/${handle}/field-guide`,
      `/s/${handle}/field-guide`,
      `/s/${handle}/field-guide/buy`,
      `/buy/${buttonId}`,
    ];
    for (const [index, path] of pages.entries()) {
      // The second sales-page view comes from another visitor (one visitor's repeat would not count).
      const response = await visit(path, { ip: index === 2 ? "198.51.100.2" : "198.51.100.1" });
      expect(response.status, path).toBe(200);
      expect(response.headers.get("set-cookie"), path).toBeNull();
    }
    // The second sales-page view was the cache's answer: no database statement.
    const salesPageViews = server.roundTrips().filter((trip) => trip.url === `/s/${handle}/field-guide`);
    expect(salesPageViews).toHaveLength(2);
    expect(salesPageViews[1]!.statements).toEqual([]);

    // The once-a-second flush may already have written some of them on a slow machine: flush the rest.
    await server.services.views.flush();
    expect(server.services.views.pendingViews()).toBe(0);
    const counts = await readViewCounts(server.db, ada.id, range());
    expect(counts.views).toBe(5);
    expect(counts.byPage).toEqual([
      { kind: "sales", productId, views: 2 },
      { kind: "buy", productId: null, views: 1 },
      { kind: "buy", productId, views: 1 },
      { kind: "storefront", productId: null, views: 1 },
    ]);
    // Two visitors (IP and user agent) on the seller's pages today.
    expect(counts.uniqueVisitors).toBe(2);
    expect(counts.byDay).toEqual([{ day: new Date().toISOString().slice(0, 10), views: 5, uniqueVisitors: 2 }]);
    // Another seller sees none of it.
    const other = await createSignedInCreator(server, { storeName: "Bob's Books" });
    expect((await readViewCounts(server.db, other.id, range())).views).toBe(0);
  });

  it("counts unique visitors per day by IP and user agent, and where they came from", async () => {
    const before = await readViewCounts(server.db, ada.id, range());
    await visit(`/s/${handle}`, {
      ip: "203.0.113.10",
      headers: { referer: "https://www.google.com/search?q=templates" },
    });
    await visit(`/s/${handle}/field-guide?utm_source=Newsletter&utm_medium=email&utm_campaign=spring`, {
      ip: "203.0.113.10",
    });
    await visit(`/s/${handle}/field-guide`, { ip: "203.0.113.10", agent: FIREFOX });
    await visit(`/s/${handle}/field-guide`, {
      ip: "203.0.113.11",
      headers: { referer: `${server.origin}/s/${handle}` },
    });
    await server.services.views.flush();
    const after = await readViewCounts(server.db, ada.id, range());
    expect(after.views - before.views).toBe(4);
    expect(after.uniqueVisitors - before.uniqueVisitors).toBe(3);
    expect(after.bySource).toContainEqual({ source: "google.com", utmSource: "", views: 1 });
    expect(after.bySource).toContainEqual({ source: "direct", utmSource: "newsletter", views: 1 });
    const [campaign] = await server.db
      .select({ medium: pageViewCounts.utmMedium, campaign: pageViewCounts.utmCampaign })
      .from(pageViewCounts)
      .where(eq(pageViewCounts.utmSource, "newsletter"));
    expect(campaign).toEqual({ medium: "email", campaign: "spring" });
    // Nothing stored names an address or a user agent: a visitor is a 16-byte salted hash.
    const columns = await server.db.execute<{ column_name: string }>(
      sql`select column_name from information_schema.columns where table_name = 'page_view_visitors' order by ordinal_position`,
    );
    expect(columns.rows.map((row) => row.column_name)).toEqual([
      "seller_id",
      "product_id",
      "kind",
      "bucket",
      "visitor",
    ]);
    const hashes = await server.db.execute<{ length: number }>(
      sql`select distinct length(visitor) as length from page_view_visitors`,
    );
    expect(hashes.rows).toEqual([{ length: 16 }]);
  });

  it("leaves out bots, HEAD, prefetches, errors and the owner's draft previews", async () => {
    const before = await readViewCounts(server.db, ada.id, range());
    await visit(`/s/${handle}`, { agent: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" });
    await visit(`/s/${handle}`, { agent: "curl/8.5.0" });
    await visit(`/s/${handle}`, { agent: "" });
    await visit(`/s/${handle}`, { method: "HEAD" });
    await visit(`/s/${handle}`, { headers: { "sec-purpose": "prefetch" } });
    expect((await visit(`/s/${handle}/no-such-product`)).status).toBe(404);
    expect((await visit("/s/no-such-store-here")).status).toBe(404);
    const preview = await server.request(`/s/${handle}/secret-draft`, {
      headers: { "user-agent": CHROME, cookie: ada.jar.header(), "x-forwarded-for": ada.ip },
    });
    expect(preview.status).toBe(200);
    expect(await preview.text()).toContain("Secret draft");
    await server.services.views.flush();
    const after = await readViewCounts(server.db, ada.id, range());
    expect(after.views).toBe(before.views);
  });

  it("keeps only today's salt: the earlier days' are deleted once their views are written", async () => {
    await server.db.insert(viewSalts).values({ day: "2020-01-01", salt: Buffer.alloc(32, 7) });
    // A new counter (as after a restart) checks the salts at its first write.
    const { createViewCounter } = await import("~/domains/analytics/server/view-counter.server");
    const counter = createViewCounter({ db: server.db, logger: server.services.logger });
    counter.record(
      { kind: "storefront", handle },
      Date.now(),
      { source: "direct", utmSource: "", utmMedium: "", utmCampaign: "" },
      "192.0.2.1",
      CHROME,
    );
    await counter.close();
    const days = (await server.db.select({ day: viewSalts.day }).from(viewSalts)).map((row) => row.day);
    expect(days).toEqual([new Date().toISOString().slice(0, 10)]);
  });

  it("serves the page while the database refuses the views, and writes them once it takes them again", async () => {
    const before = await readViewCounts(server.db, ada.id, range());
    await server.db.execute(sql`alter table page_view_counts rename to page_view_counts_away`);
    try {
      const response = await visit(`/s/${handle}/field-guide`, { ip: "192.0.2.50" });
      expect(response.status).toBe(200);
      await expect(server.services.views.flush()).rejects.toThrow();
      // Put back for the next flush, and the page still answers meanwhile.
      expect(server.services.views.pendingViews()).toBe(1);
      expect((await visit(`/s/${handle}`, { ip: "192.0.2.50" })).status).toBe(200);
    } finally {
      await server.db.execute(sql`alter table page_view_counts_away rename to page_view_counts`);
    }
    await server.services.views.flush();
    const after = await readViewCounts(server.db, ada.id, range());
    expect(after.views - before.views).toBe(2);
  });

  it("writes the views still in memory when the server closes", async () => {
    const before = await readViewCounts(server.db, ada.id, range());
    const second = await startTestServer(
      { SMTP_URL: mail.url, TRUSTED_PROXIES: "loopback" },
      { databaseUrl: server.databaseUrl },
    );
    for (let i = 0; i < 3; i++) {
      const response = await fetch(`${second.origin}/s/${handle}/field-guide`, {
        headers: { "user-agent": `${CHROME} tab/${i}` },
      });
      expect(response.status).toBe(200);
      await response.arrayBuffer();
    }
    expect(second.services.views.pendingViews()).toBe(3);
    await second.stop();
    const after = await readViewCounts(server.db, ada.id, range());
    expect(after.views - before.views).toBe(3);
  });

  it("writes the views still in memory when the server process gets SIGTERM", async () => {
    const before = await readViewCounts(server.db, ada.id, range());
    const child = spawn(process.execPath, ["build/runtime/main.js"], {
      env: {
        PATH: process.env.PATH ?? "",
        HOST: "127.0.0.1",
        PORT: "0",
        LOG_LEVEL: "silent",
        AUTH_SECRET: "x".repeat(32),
        DATABASE_URL: server.databaseUrl,
      },
    });
    let stdout = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    try {
      await expect.poll(() => stdout, { timeout: 60_000 }).toMatch(/Sellkit is running at http:\/\/localhost:\d+/);
      const url = /running at (http:\/\/localhost:\d+)/.exec(stdout)![1]!.replace("localhost", "127.0.0.1");
      for (let i = 0; i < 4; i++) {
        const response = await fetch(`${url}/s/${handle}/field-guide/buy`, {
          headers: { "user-agent": `${CHROME} tab/${i}` },
        });
        expect(response.status).toBe(200);
        await response.arrayBuffer();
      }
      // Within the first flush's second: only the shutdown writes them.
      child.kill("SIGTERM");
      expect(await exited).toBe(0);
    } finally {
      child.kill("SIGKILL");
    }
    const after = await readViewCounts(server.db, ada.id, range());
    expect(after.views - before.views).toBe(4);
  });
});

describe("what one client can add", () => {
  const today = () => new Date().toISOString().slice(0, 10);
  const rowsOf = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
    (await server.db.execute<T>(query)).rows;

  it("counts 300 GETs of a page by one visitor as one view", async () => {
    const before = await readViewCounts(server.db, ada.id, range());
    for (let i = 0; i < 300; i++) {
      expect(
        (await visit(`/s/${handle}`, { ip: "192.0.2.70", headers: { referer: `https://ref${i % 7}.example/` } }))
          .status,
      ).toBe(200);
    }
    await server.services.views.flush();
    const after = await readViewCounts(server.db, ada.id, range());
    expect([after.views - before.views, after.uniqueVisitors - before.uniqueVisitors]).toEqual([1, 1]);
  });

  it("counts one address's rotating user agents on a page a bounded number of times, however many it sends", async () => {
    const before = await readViewCounts(server.db, ada.id, range());
    for (let i = 0; i < 150; i++) {
      expect((await visit(`/s/${handle}/field-guide`, { ip: "192.0.2.80", agent: `${CHROME} tab/${i}` })).status).toBe(
        200,
      );
    }
    await server.services.views.flush();
    const after = await readViewCounts(server.db, ada.id, range());
    // Past its daily visitors, an address's further user agents are its first visitor, whose view is a repeat.
    expect(after.views - before.views).toBe(MAX_VISITORS_PER_ADDRESS_PER_DAY);
    expect(after.views - before.views).toBeLessThanOrEqual(MAX_COUNTS_PER_ADDRESS_PER_TARGET_PER_DAY);
    expect(after.uniqueVisitors - before.uniqueVisitors).toBe(MAX_VISITORS_PER_ADDRESS_PER_DAY);
  });

  it("counts 40 addresses of one IPv6 /64 with one browser as one visitor and one view", async () => {
    const before = await readViewCounts(server.db, ada.id, range());
    for (let i = 0; i < 40; i++)
      expect(
        (await visit(`/s/${handle}`, { ip: `2001:db8:0:7:${(i + 1).toString(16)}::1`, agent: FIREFOX })).status,
      ).toBe(200);
    await server.services.views.flush();
    const after = await readViewCounts(server.db, ada.id, range());
    expect([after.views - before.views, after.uniqueVisitors - before.uniqueVisitors]).toEqual([1, 1]);
  });

  it("keeps at most a bounded number of sources per seller and day, whatever referrers and utm values arrive", async () => {
    const before = await readViewCounts(server.db, ada.id, range());
    const visits = Array.from({ length: 1000 }, (_, i) => i);
    const worker = async () => {
      for (let i = visits.shift(); i !== undefined; i = visits.shift()) {
        const referrer = `https://${randomUUID()}.example/${"x".repeat(i % 300)}`;
        const response = await visit(`/s/${handle}/field-guide?utm_source=s${i}&utm_campaign=${"c".repeat(500)}${i}`, {
          ip: `10.1.${i >> 8}.${i & 255}`,
          headers: { referer: referrer },
        });
        expect(response.status).toBe(200);
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
    await server.services.views.flush();
    const after = await readViewCounts(server.db, ada.id, range());
    // Every view counts; the sources past the cap are counted as one.
    expect(after.views - before.views).toBe(1000);
    const [daySources] = await rowsOf<{ n: number; other: number; longest: number }>(sql`
      select count(*)::int as n, coalesce(sum(views) filter (where source = ${OTHER_SOURCE}), 0)::int as other,
        max(greatest(length(source), length(utm_source), length(utm_campaign)))::int as longest
      from analytics_source_view_days where seller_id = ${ada.id} and day = ${today()}::date`);
    expect(daySources!.n).toBe(MAX_SOURCES_PER_SELLER_PER_DAY + 1);
    expect(daySources!.other).toBeGreaterThan(800);
    expect(daySources!.longest).toBeLessThanOrEqual(MAX_SOURCE_LENGTH);
    const [bucketSources] = await rowsOf<{ n: number }>(sql`
      select count(distinct (source, utm_source, utm_medium, utm_campaign))::int as n from page_view_counts
      where seller_id = ${ada.id} and bucket >= ${today()}::date`);
    expect(bucketSources!.n).toBe(MAX_SOURCES_PER_SELLER_PER_DAY + 1);
  });
});
