import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { transitionOrder } from "~/flows/order-lifecycle/server/transition-order.server";
import { BIO_SIGNUP_CAPTCHA_AFTER } from "~/domains/link-in-bio/server/sign-up-on-bio-page.server";
import { BIO_MESSAGES } from "~/domains/link-in-bio/schemas/bio-forms";
import { RATE_LIMITS } from "~/server/rate-limit/consume-rate-limit.server";
import { putOnPlan } from "../../support/billing-plan";
import { solvedCaptcha } from "../../support/captcha";
import { createSeller, type Seller } from "../../support/checkout-seller";
import { postForm, toastOf } from "../../support/form-post";
import type { MailCatcher } from "../../support/mail-catcher";
import { serverWithMail } from "../../support/server-with-mail";
import { createSignedInCreator, type SignedInCreator } from "../../support/signed-in-creator";
import type { TestServer } from "../../support/test-server";
import { makeTestServices } from "../../support/test-services";

// The Link in Bio page against the real server: the editor's forms, the public page with no script, counted
// clicks that attribute orders, the email sign-up with its limits, the unsubscribe link, the QR code and OG image.

let server: TestServer;
let mail: MailCatcher;
let creator: SignedInCreator;
let seller: Seller;
const EDITOR = "/tools/bio-link";
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";

serverWithMail({ STORE_PAGE_CACHE_SECONDS: "0", TRUSTED_PROXIES: "loopback" }, (started) => {
  ({ server, mail } = started);
});

beforeAll(async () => {
  creator = await createSignedInCreator(server);
  seller = await createSeller(server.db, { priceCents: 900 }, creator.id);
});

const bioPath = () => `/s/${seller.handle}/links`;
const rows = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
  (await server.db.execute<T>(query)).rows;
const edit = (fields: Record<string, string>) => postForm(server, EDITOR, fields, { jar: creator.jar, ip: creator.ip });

async function blockId(title: string): Promise<string> {
  const [row] = await rows<{ id: string }>(
    sql`select id from bio_blocks where user_id = ${creator.id} and (title = ${title} or body = ${title})`,
  );
  return row!.id;
}

function visit(path: string, headers: Record<string, string> = {}, ip = "203.0.113.7") {
  return server.request(path, { headers: { "user-agent": BROWSER, "x-forwarded-for": ip, ...headers } });
}

async function clicksOf(id: string): Promise<number> {
  const [row] = await rows<{ clicks: number }>(
    sql`select coalesce(sum(clicks), 0)::int as clicks from bio_block_clicks where block_id = ${id}`,
  );
  return row!.clicks;
}

async function waitForMail(to: string, subject: RegExp) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const found = mail.messages.find((m) => m.to.includes(to) && subject.test(m.subject));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no mail "${subject}" to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("Link in Bio", () => {
  it("builds the page in the editor and refuses unsafe links with a field message", async () => {
    expect((await visit(bioPath())).status).toBe(404);
    const saved = await edit({
      intent: "profile",
      title: "Ada on the trail",
      bio: "Maps and guides",
      theme: "ocean",
      buttonStyle: "pill",
      instagram: "@ada.maps",
    });
    expect(saved.status).toBe(302);
    expect(toastOf(saved)?.title).toBe("Page saved");

    for (const url of ["javascript:alert(1)", "data:text/html,<script>alert(1)</script>", "https://", "not a url"]) {
      const refused = await edit({ intent: "block", kind: "link", title: "Evil", url });
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain(BIO_MESSAGES.url);
    }
    expect(await rows(sql`select 1 from bio_blocks where title = 'Evil'`)).toHaveLength(0);

    const future = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 16);
    const blocks: Record<string, string>[] = [
      { kind: "heading", title: "Start here" },
      { kind: "link", title: "My trail blog", url: "https://blog.example.org/trails" },
      { kind: "product", productId: seller.productId },
      { kind: "link", title: "Secret draft", url: "https://example.org/secret", hidden: "on" },
      { kind: "link", title: "Next week's sale", url: "https://example.org/sale", showFrom: future },
      { kind: "text", body: "New guides every month." },
      { kind: "signup", title: "Trail news" },
    ];
    for (const fields of blocks) expect((await edit({ intent: "block", ...fields })).status).toBe(302);
    const product = await rows<{ id: string }>(
      sql`select id from bio_blocks where kind = 'product' and user_id = ${creator.id}`,
    );
    expect(product).toHaveLength(1);
  });

  it("serves the public page without a script, hiding hidden and scheduled blocks", async () => {
    const response = await visit(bioPath());
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain("Ada on the trail");
    expect(html).toContain("My trail blog");
    expect(html).toContain("Field Guide");
    expect(html).toContain("https://www.instagram.com/ada.maps");
    expect(html).toContain(`/s/${seller.handle}/links/subscribe`);
    expect(html).toContain('data-theme="ocean"');
    expect(html).toMatch(/<meta property="og:image" content="[^"]*\/links\/og\.png"/);
    expect(html).not.toContain("Secret draft");
    expect(html).not.toContain("Next week&#x27;s sale");
    expect(html).not.toContain("Next week's sale");
    expect(html).not.toContain("example.org/secret");

    // Hidden and scheduled blocks' redirects lead back to the page, not to their links, and count nothing.
    for (const title of ["Secret draft", "Next week's sale"]) {
      const id = await blockId(title);
      const go = await visit(`${bioPath()}/go/${id}`);
      expect(go.status).toBe(302);
      expect(go.headers.get("location")).toBe(bioPath());
      expect(await clicksOf(id)).toBe(0);
    }
  });

  it("counts people's clicks once per visitor, not bots, previews, prefetches or HEAD", async () => {
    const id = await blockId("My trail blog");
    const go = `${bioPath()}/go/${id}`;
    const first = await visit(go);
    expect(first.status).toBe(302);
    expect(first.headers.get("location")).toBe("https://blog.example.org/trails");
    expect(first.headers.get("cache-control")).toBe("no-store");
    await visit(go); // the same visitor at once: one click
    await visit(go, { "user-agent": "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)" });
    await visit(go, { "user-agent": "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)" });
    await visit(go, { "sec-purpose": "prefetch" }, "203.0.113.8");
    await server.request(go, { method: "HEAD", headers: { "user-agent": BROWSER, "x-forwarded-for": "203.0.113.9" } });
    expect(await clicksOf(id)).toBe(1);
    await visit(go, {}, "203.0.113.10");
    expect(await clicksOf(id)).toBe(2);
  });

  it("attributes a product click's order to its block, shown with the clicks in the editor", async () => {
    const [{ id: productBlock }] = (await rows<{ id: string }>(
      sql`select id from bio_blocks where kind = 'product' and user_id = ${creator.id}`,
    )) as [{ id: string }];
    const go = await visit(`${bioPath()}/go/${productBlock}`);
    expect(go.status).toBe(302);
    const buyPath = go.headers.get("location")!;
    expect(buyPath).toBe(`/s/${seller.handle}/${seller.slug}/buy?src=bio&via=bio%3A${productBlock}`);
    const page = await (await visit(buyPath)).text();
    const attribution = /name="attribution" value="([^"]*)"/.exec(page)?.[1]?.replace(/&amp;/g, "&") ?? "";
    const bought = await postForm(server, buyPath, { provider: "test", email: "hiker@example.com", attribution });
    expect(bought.status).toBe(302);
    const [order] = await rows<{ id: string; source: string; attribution_ref: string }>(
      sql`select id, source, attribution_ref from orders where customer_email = 'hiker@example.com'`,
    );
    expect(order).toMatchObject({ source: "bio", attribution_ref: `bio:${productBlock}` });
    expect(await transitionOrder(makeTestServices(server), order!.id, { to: "paid", cause: "test" })).not.toBeNull();

    const editor = await server.request(EDITOR, { headers: { cookie: creator.jar.header() } });
    expect(editor.status).toBe(200);
    const html = await editor.text();
    const figures = new RegExp(
      `id="block-${productBlock}"[\\s\\S]*?data-figure="clicks">1<[\\s\\S]*?data-figure="orders">1<[\\s\\S]*?data-figure="revenue">\\$9\\.00<`,
    );
    expect(html).toMatch(figures);
  });

  it("reorders blocks only with every block named once", async () => {
    const ids = (
      await rows<{ id: string }>(sql`select id from bio_blocks where user_id = ${creator.id} order by position`)
    ).map((row) => row.id);
    const reversed = [...ids].reverse();
    expect((await edit({ intent: "order", order: reversed.join(",") })).status).toBe(200);
    const after = (
      await rows<{ id: string }>(sql`select id from bio_blocks where user_id = ${creator.id} order by position`)
    ).map((row) => row.id);
    expect(after).toEqual(reversed);
    const stale = await edit({ intent: "order", order: reversed.slice(1).join(",") });
    expect(stale.status).toBe(409);
    const unchanged = (
      await rows<{ id: string }>(sql`select id from bio_blocks where user_id = ${creator.id} order by position`)
    ).map((row) => row.id);
    expect(unchanged).toEqual(reversed);
  });

  it("signs up a subscriber who confirms by email, asks a captcha past the threshold, and limits a flood", async () => {
    const subscribe = `${bioPath()}/subscribe`;
    const missing = await postForm(server, subscribe, { email: "walker@example.com" }, { ip: "198.51.100.1" });
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain(BIO_MESSAGES.consent);

    const ok = await postForm(
      server,
      subscribe,
      { email: "Walker@Example.com", consent: "on" },
      { ip: "198.51.100.1" },
    );
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain("Check your email to confirm your subscription.");
    const confirmation = await waitForMail("walker@example.com", /^Confirm your subscription to Ada on the trail$/);
    const confirm = /(\/s\/[^/]+\/links\/confirm\/[A-Za-z0-9_-]+)/.exec(confirmation.text)?.[1];
    expect(confirm).toBeTruthy();
    expect((await server.request(confirm!, { method: "POST", body: new URLSearchParams() })).status).toBe(200);
    const [row] = await rows<{ email: string; source: string; consent_text: string; unsubscribed_at: string | null }>(
      sql`select email, source, consent_text, unsubscribed_at from customer_subscribers where seller_id = ${creator.id}`,
    );
    expect(row).toMatchObject({ email: "walker@example.com", source: "bio", unsubscribed_at: null });
    expect(row!.consent_text).toMatch(/unsubscribe at any time/);

    const welcome = await waitForMail("walker@example.com", /^You're subscribed to Ada on the trail$/);
    const link = /(\/unsubscribe\/[A-Za-z0-9_-]+)/.exec(welcome.text)?.[1];
    expect(link).toBeTruthy();
    const page = await server.request(link!);
    expect(page.status).toBe(200);
    expect((await rows(sql`select 1 from customer_subscribers where unsubscribed_at is not null`)).length).toBe(0);
    const left = await server.request(link!, { method: "POST", body: "List-Unsubscribe=One-Click" });
    expect(left.status).toBe(200);
    expect((await rows(sql`select 1 from customer_subscribers where unsubscribed_at is not null`)).length).toBe(1);

    const flood = "198.51.100.2";
    for (let i = 1; i <= BIO_SIGNUP_CAPTCHA_AFTER; i++)
      expect(
        (await postForm(server, subscribe, { email: `f${i}@example.com`, consent: "on" }, { ip: flood })).status,
      ).toBe(200);
    const asked = await postForm(server, subscribe, { email: "f9@example.com", consent: "on" }, { ip: flood });
    expect(asked.status).toBe(400);
    expect(await asked.text()).toContain("Please complete the captcha verification");
    const captcha = await solvedCaptcha(server.origin);
    const solved = await postForm(
      server,
      subscribe,
      { email: "f9@example.com", consent: "on", captcha },
      { ip: flood },
    );
    expect(solved.status).toBe(200);

    await server.db.execute(
      sql`update app_rate_limits set hits = ${RATE_LIMITS.bioSignup.limit} where bucket = ${`bio-signup:ip:${flood}`}`,
    );
    const limited = await postForm(server, subscribe, { email: "f10@example.com", consent: "on" }, { ip: flood });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await rows(sql`select 1 from subscriber_confirmations where email = 'f10@example.com'`)).toHaveLength(0);
  });

  it("serves the QR code as SVG and PNG to the seller and an Open Graph PNG to anyone", async () => {
    const svg = await server.request("/tools/bio-link/qr.svg", { headers: { cookie: creator.jar.header() } });
    expect(svg.headers.get("content-type")).toBe("image/svg+xml");
    expect(svg.headers.get("content-disposition")).toContain("attachment");
    expect(await svg.text()).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    const png = await server.request("/tools/bio-link/qr.png", { headers: { cookie: creator.jar.header() } });
    expect(png.headers.get("content-type")).toBe("image/png");
    expect(
      Buffer.from(await png.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe("PNG");
    expect((await server.request("/tools/bio-link/qr.png")).status).toBe(302);

    const og = await visit(`${bioPath()}/og.png`);
    expect(og.headers.get("content-type")).toBe("image/png");
    const bytes = Buffer.from(await og.arrayBuffer());
    expect(bytes.subarray(1, 4).toString()).toBe("PNG");
    expect(bytes.readUInt32BE(16)).toBe(1200);
    expect(bytes.readUInt32BE(20)).toBe(630);
  });

  it("counts the page's views as bio views and the products' visits from it under the source bio", async () => {
    await (await visit(bioPath(), {}, "192.0.2.50")).text();
    await (await visit(`/s/${seller.handle}/${seller.slug}?src=bio&via=bio:x`, {}, "192.0.2.51")).text();
    await server.services.views.flush();
    const bio = await rows<{ views: number }>(
      sql`select sum(views)::int as views from page_view_counts where seller_id = ${creator.id} and kind = 'bio'`,
    );
    expect(bio[0]!.views).toBeGreaterThanOrEqual(1);
    const sources = await rows<{ source: string }>(
      sql`select distinct source from page_view_counts where seller_id = ${creator.id} and kind = 'sales'`,
    );
    expect(sources.map((row) => row.source)).toContain("bio");
    // The analytics page's sources table is detailed analytics, which Pro includes.
    await putOnPlan(server.db, creator.id, "pro");
    const analytics = await server.request("/analytics", { headers: { cookie: creator.jar.header() } });
    expect(await analytics.text()).toContain("Link in bio");
  });
});
