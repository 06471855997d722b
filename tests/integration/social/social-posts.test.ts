import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PageQuery } from "~/kernel/session/page-query.server";
import { MAX_COUNTS_PER_ADDRESS_PER_TARGET_PER_DAY } from "~/domains/analytics/content/view-rules";
import { markPostPosted } from "~/domains/social/server/mark-post-posted.server";
import { movePost } from "~/domains/social/server/move-post.server";
import { savePost, type PostInput } from "~/domains/social/server/save-post.server";
import { sendPostReminders } from "~/domains/social/server/send-post-reminders.server";
import { socialPostQuery } from "~/domains/social/server/social-page-query.server";
import { trackingQuery } from "~/domains/social/tracking-link";
import { createSeller, type Seller } from "../../support/checkout-seller";
import { postForm } from "../../support/form-post";
import { type MailCatcher, startMailCatcher } from "../../support/mail-catcher";
import { startTestServer, type TestServer } from "../../support/test-server";

// A post's tracking link sends people to the product with the post's attribution; clicks are counted without
// bots, previews, HEAD or prefetches; the sale lands on the post; the reminder mail is queued exactly once.

let server: TestServer;
let seller: Seller;
let mail: MailCatcher;
const BROWSER =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130 Safari/537.36";
const NOW = () => new Date();

beforeAll(async () => {
  mail = await startMailCatcher();
  server = await startTestServer({ SMTP_URL: mail.url, STORE_PAGE_CACHE_SECONDS: "0" });
  seller = await createSeller(server.db, { priceCents: 900 });
  await server.db.execute(sql`insert into sales_methods (user_id, method, settings) values (${seller.id}, 'social_media',
    ${JSON.stringify({ businessName: "Ada", platforms: ["tiktok", "twitter"], contentTypes: ["tutorials"] })}::jsonb)`);
});
afterAll(async () => {
  await server?.stop();
  await mail?.stop();
});

const input = (over: Partial<PostInput> = {}): PostInput => ({
  platform: "tiktok",
  contentType: "tutorials",
  text: "How I fold the map 🗺️",
  productIds: [seller.productId],
  linkTarget: "product",
  status: "draft",
  scheduledAt: "",
  timeZone: "Europe/Prague",
  ...over,
});

async function newPost(over: Partial<PostInput> = {}) {
  const saved = await savePost(server.db, seller.id, null, input(over), NOW());
  if (!saved.ok) throw new Error(saved.message);
  const { code } = (
    await server.db.execute<{ code: string }>(sql`select code from social_posts where id = ${saved.id}`)
  ).rows[0]!;
  return { id: saved.id, code };
}

async function asSeller<T>(query: PageQuery<T>): Promise<T> {
  const result = await server.db.execute<{ j: unknown }>(
    sql`select ${query.json} as j from (select ${seller.id}::text as user_id) me`,
  );
  return query.read(result.rows[0]!.j);
}

/** Buys on the buy page `buyHref` with the attribution it carries, and pays with the test card. */
async function buyThrough(buyHref: string, email: string) {
  const buyPage = await (await server.request(buyHref, ua(BROWSER))).text();
  const attribution = /name="attribution" value="([^"]*)"/.exec(buyPage)?.[1]?.replace(/&amp;/g, "&") ?? "";
  const started = await postForm(server, buyHref, { provider: "test", email, attribution });
  const testPage = new URL(started.headers.get("location")!).pathname;
  const paid = await postForm(server, testPage, {
    intent: "pay",
    cardNumber: "4242 4242 4242 4242",
    expiry: "12/40",
    cvc: "123",
    cardName: "Ada Buyer",
  });
  expect(paid.status).toBe(302);
}

const visit = (code: string, init: RequestInit = {}) => server.request(`/t/${code}`, init);
const ua = (agent: string, extra: Record<string, string> = {}) => ({ headers: { "user-agent": agent, ...extra } });

describe("tracking links", () => {
  it("redirect to the product with the post's attribution and count only people's GETs", async () => {
    const { id, code } = await newPost();
    const response = await visit(code, ua(BROWSER));
    expect(response.status).toBe(302);
    expect(response.headers.get("cache-control")).toContain("no-store");
    expect(response.headers.get("location")).toBe(
      `/s/${seller.handle}/${seller.slug}?src=tiktok&via=post%3A${code}&utm_source=tiktok&utm_medium=social&utm_campaign=${code}`,
    );
    for (const agent of [
      "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
      "Twitterbot/1.0",
      "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)",
      "WhatsApp/2.23.20.0 A",
      "TelegramBot (like TwitterBot)",
      "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
      "",
    ])
      expect((await visit(code, ua(agent))).status).toBe(302);
    expect((await visit(code, { method: "HEAD", ...ua(BROWSER) })).status).toBe(302);
    expect((await visit(code, ua(BROWSER, { "sec-purpose": "prefetch" }))).status).toBe(302);
    // The same person again at once is the same click; another browser is another person.
    expect((await visit(code, ua(BROWSER))).status).toBe(302);
    expect((await visit(code, ua(`${BROWSER} Edg/130`))).status).toBe(302);
    await server.services.postClicks.flush();
    expect((await asSeller(socialPostQuery(id)))?.clicks).toBe(2);
  });

  it("answers 404 for an unknown code and sends a link of an archived product to the store with a note", async () => {
    expect((await visit("zzzzzzzz", ua(BROWSER))).status).toBe(404);
    const archived = (
      await server.db.execute<{
        id: string;
      }>(sql`insert into products (user_id, name, slug, price_cents, currency, status)
        values (${seller.id}, 'Old map', 'old-map', 500, 'USD', 'published') returning id`)
    ).rows[0]!.id;
    const { id, code } = await newPost({ productIds: [archived] });
    await server.db.execute(sql`update products set status = 'archived' where id = ${archived}`);
    const response = await visit(code, ua(BROWSER));
    expect(response.headers.get("location")).toMatch(
      new RegExp(`^/s/${seller.handle}\\?src=tiktok&via=post%3A${code}`),
    );
    expect((await asSeller(socialPostQuery(id)))?.productGone).toBe(true);
  });

  it("carries the post to the order: its views, orders and revenue show on the post", async () => {
    const { id, code } = await newPost({ platform: "twitter", text: "New guide" });
    const target = (await visit(code, ua(BROWSER))).headers.get("location")!;
    const sales = await (await server.request(target, ua(BROWSER))).text();
    const buyHref = /href="([^"]*\/buy\?[^"]*)"/.exec(sales)?.[1]?.replace(/&amp;/g, "&");
    expect(buyHref).toContain(`via=post%3A${code}`);
    await buyThrough(buyHref!, "fan@example.com");
    const order = (
      await server.db.execute<{ attribution_ref: string; source: string; status: string }>(
        sql`select attribution_ref, source, status from orders where user_id = ${seller.id} and attribution_ref = ${`post:${code}`}`,
      )
    ).rows;
    expect(order).toEqual([{ attribution_ref: `post:${code}`, source: "twitter", status: "paid" }]);
    await server.services.postClicks.flush();
    await server.services.views.flush();
    expect(await asSeller(socialPostQuery(id))).toMatchObject({
      clicks: 1,
      views: 2,
      orders: 1,
      units: 1,
      revenueCents: 900,
    });
  });
});

describe("tracking links to the store or the Link in Bio page", () => {
  it("open the store when chosen, and the store with a note for a bio target without a bio page", async () => {
    const store = await newPost({ linkTarget: "store" });
    expect((await visit(store.code, ua(BROWSER))).headers.get("location")).toBe(
      `/s/${seller.handle}?${trackingQuery("tiktok", store.code)}`,
    );
    expect(await asSeller(socialPostQuery(store.id))).toMatchObject({
      linkTarget: "store",
      productGone: false,
      bioPageMissing: false,
    });
    const bio = await newPost({ linkTarget: "bio" });
    expect((await visit(bio.code, ua(BROWSER))).headers.get("location")).toBe(
      `/s/${seller.handle}?${trackingQuery("tiktok", bio.code)}`,
    );
    expect(await asSeller(socialPostQuery(bio.id))).toMatchObject({ linkTarget: "bio", bioPageMissing: true });
  });

  it("open the bio page, whose product block counts the click and credits the post with the order", async () => {
    await server.db.execute(sql`insert into bio_pages (user_id) values (${seller.id})`);
    const block = (
      await server.db.execute<{ id: string }>(sql`insert into bio_blocks (user_id, kind, product_id)
        values (${seller.id}, 'product', ${seller.productId}) returning id`)
    ).rows[0]!.id;
    const { id, code } = await newPost({ platform: "twitter", linkTarget: "bio" });
    const target = (await visit(code, ua(BROWSER))).headers.get("location")!;
    expect(target).toBe(`/s/${seller.handle}/links?${trackingQuery("twitter", code)}`);
    expect((await asSeller(socialPostQuery(id)))?.bioPageMissing).toBe(false);

    const page = await (await server.request(target, ua(BROWSER))).text();
    const goHref = new RegExp(`href="(/s/${seller.handle}/links/go/${block}[^"]*)"`)
      .exec(page)?.[1]
      ?.replace(/&amp;/g, "&");
    expect(goHref).toBe(
      `/s/${seller.handle}/links/go/${block}?src=twitter&utm_source=twitter&utm_medium=social&utm_campaign=${code}&via=post%3A${code}`,
    );
    const go = await server.request(goHref!, ua(BROWSER));
    expect(go.status).toBe(302);
    const buyHref = go.headers.get("location")!;
    expect(buyHref).toBe(`/s/${seller.handle}/${seller.slug}/buy?${goHref!.split("?")[1]}`);
    await buyThrough(buyHref, "bio-fan@example.com");

    const orders = await server.db.execute<{ attribution_ref: string; source: string; status: string }>(
      sql`select attribution_ref, source, status from orders where customer_email = 'bio-fan@example.com'`,
    );
    expect(orders.rows).toEqual([{ attribution_ref: `post:${code}`, source: "twitter", status: "paid" }]);
    const clicks = await server.db.execute<{ clicks: number }>(
      sql`select coalesce(sum(clicks), 0)::int as clicks from bio_block_clicks where block_id = ${block}`,
    );
    expect(clicks.rows[0]!.clicks).toBe(1);
    await server.services.postClicks.flush();
    expect(await asSeller(socialPostQuery(id))).toMatchObject({ clicks: 1, orders: 1, units: 1, revenueCents: 900 });
  });
});

describe("tracking link limits", () => {
  it("counts a bounded number of clicks a day from one address on one post, whatever its user agents, and still redirects", async () => {
    const { id, code } = await newPost();
    for (let i = 0; i < 30; i++) expect((await visit(code, ua(`${BROWSER} tab/${i}`))).status).toBe(302);
    await server.services.postClicks.flush();
    // This file's requests all come from one address: its earlier visitors count among its ten.
    const clicks = (await asSeller(socialPostQuery(id)))?.clicks;
    expect(clicks).toBeGreaterThan(0);
    expect(clicks).toBeLessThanOrEqual(MAX_COUNTS_PER_ADDRESS_PER_TARGET_PER_DAY);
  });

  it("answers an address asking for too many unknown codes with 429 and Retry-After", async () => {
    let refused: Response | undefined;
    for (let i = 0; i < 70 && !refused; i++) {
      const response = await visit(`miss${String(i).padStart(4, "0")}`, ua(BROWSER));
      if (response.status === 429) refused = response;
      else expect(response.status).toBe(404);
    }
    expect(refused).toBeDefined();
    expect(Number(refused!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused!.text()).toContain("Please wait a minute and try again.");
  });
});

describe("scheduling", () => {
  it("refuses a time in the past, an unknown network, and text over the limit, in plain words", async () => {
    expect(
      await savePost(
        server.db,
        seller.id,
        null,
        input({ status: "scheduled", scheduledAt: "2020-01-01T10:00" }),
        NOW(),
      ),
    ).toMatchObject({ ok: false, code: "SOCIAL_SCHEDULE_IN_PAST" });
    expect(await savePost(server.db, seller.id, null, input({ platform: "pinterest" }), NOW())).toMatchObject({
      ok: false,
      code: "SOCIAL_PLATFORM_NOT_SET_UP",
    });
    expect(
      await savePost(server.db, seller.id, null, input({ platform: "twitter", text: "a".repeat(281) }), NOW()),
    ).toMatchObject({ ok: false, code: "SOCIAL_TEXT_TOO_LONG", message: expect.stringContaining("1 over X") });
    const { id } = await newPost({ status: "scheduled", scheduledAt: "2099-01-01T10:00" });
    expect(await movePost(server.db, seller.id, id, "2020-01-01", NOW())).toMatchObject({
      code: "SOCIAL_SCHEDULE_IN_PAST",
    });
    expect(await markPostPosted(server.db, seller.id, id, "javascript:alert(1)")).toMatchObject({
      code: "SOCIAL_PUBLIC_URL_INVALID",
    });
    expect(await markPostPosted(server.db, seller.id, id, "https://www.tiktok.com/@ada/video/1")).toEqual({ ok: true });
  });

  it("mails one reminder per due post, however many runs race, with text, link and compose link", async () => {
    const text = `Fold it right ${randomBytes(3).toString("hex")}`;
    const { id, code } = await newPost({
      platform: "twitter",
      text,
      status: "scheduled",
      scheduledAt: "2099-01-01T10:00",
    });
    // Its time comes.
    await server.db.execute(sql`update social_posts set scheduled_at = now() - interval '1 second' where id = ${id}`);
    const services = server.sourceServices();
    const runs = await Promise.all([
      sendPostReminders(services),
      sendPostReminders(services),
      sendPostReminders(services),
    ]);
    expect(runs.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    // A later run (a restarted instance) finds nothing left to send for it.
    await sendPostReminders(services);
    await expect.poll(() => mail.messages.filter((m) => m.text.includes(text)).length, { timeout: 15_000 }).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const sent = mail.messages.filter((m) => m.text.includes(text));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toBe("Time to post on X (Twitter)");
    expect(sent[0]!.text).toContain(`${server.origin}/t/${code}`);
    expect(sent[0]!.text).toContain("https://twitter.com/intent/tweet?text=");
    const outbox = await server.db.execute(
      sql`select 1 from mail_outbox where subject = 'Time to post on X (Twitter)'`,
    );
    expect(outbox.rows).toHaveLength(1);
  });

  it("says so when a network has no web composer", async () => {
    const text = `Tiktok only ${randomBytes(3).toString("hex")}`;
    const { id } = await newPost({ text, status: "scheduled", scheduledAt: "2099-01-01T10:00" });
    await server.db.execute(sql`update social_posts set scheduled_at = now() - interval '1 second' where id = ${id}`);
    await sendPostReminders(server.sourceServices());
    await expect.poll(() => mail.messages.filter((m) => m.text.includes(text)).length, { timeout: 15_000 }).toBe(1);
    expect(mail.messages.find((m) => m.text.includes(text))!.text).toContain(
      "TikTok has no web page to start a post: copy the text, open the TikTok app and paste it.",
    );
  });
});
