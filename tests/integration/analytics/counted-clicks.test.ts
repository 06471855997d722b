import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  MAX_COUNTS_PER_ADDRESS_PER_TARGET_PER_DAY,
  MAX_VISITORS_PER_ADDRESS_PER_DAY,
} from "~/domains/analytics/content/view-rules";
import { savePost } from "~/domains/social/server/save-post.server";
import { createSeller, type Seller } from "../../support/checkout-seller";
import { startTestServer, type TestServer } from "../../support/test-server";

// Bio block clicks and tracking-link clicks over HTTP count by the rule of page views: a visitor (an address, an IPv6
// /64 as one, and a user agent) once per target and window, an address at most its caps whatever user agents it sends.

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

let server: TestServer;
let seller: Seller;
let blockId: string;
let postId: string;
let code: string;

beforeAll(async () => {
  server = await startTestServer({ STORE_PAGE_CACHE_SECONDS: "0", TRUSTED_PROXIES: "loopback" });
  seller = await createSeller(server.db, { priceCents: 900 });
  await server.db.execute(sql`insert into bio_pages (user_id) values (${seller.id})`);
  blockId = (
    await server.db.execute<{ id: string }>(sql`insert into bio_blocks (user_id, kind, title, url)
      values (${seller.id}, 'link', 'My blog', 'https://blog.example.org/') returning id`)
  ).rows[0]!.id;
  await server.db.execute(sql`insert into sales_methods (user_id, method, settings) values (${seller.id}, 'social_media',
    ${JSON.stringify({ businessName: "Ada", platforms: ["tiktok"], contentTypes: ["tutorials"] })}::jsonb)`);
  const saved = await savePost(
    server.db,
    seller.id,
    null,
    {
      platform: "tiktok",
      contentType: "tutorials",
      text: "Maps",
      productIds: [seller.productId],
      linkTarget: "product",
      status: "draft",
      scheduledAt: "",
      timeZone: "UTC",
    },
    new Date(),
  );
  if (!saved.ok) throw new Error(saved.message);
  postId = saved.id;
  code = (await server.db.execute<{ code: string }>(sql`select code from social_posts where id = ${postId}`)).rows[0]!
    .code;
});
afterAll(() => server?.stop());

const click = async (path: string, ip: string, agent: string) => {
  const response = await server.request(path, { headers: { "user-agent": agent, "x-forwarded-for": ip } });
  await response.arrayBuffer();
  expect(response.status).toBe(302);
};
const blockClicks = async () =>
  (
    await server.db.execute<{ clicks: number }>(
      sql`select coalesce(sum(clicks), 0)::int as clicks from bio_block_clicks where block_id = ${blockId}`,
    )
  ).rows[0]!.clicks;
const postClicks = async () => {
  await server.services.postClicks.flush();
  return (
    await server.db.execute<{ clicks: number }>(
      sql`select coalesce(sum(clicks), 0)::int as clicks from social_post_clicks where post_id = ${postId}`,
    )
  ).rows[0]!.clicks;
};

describe("counted clicks", () => {
  it("count one address's rotating user agents a bounded number of times, on a bio block and a tracking link", async () => {
    const go = `/s/${seller.handle}/links/go/${blockId}`;
    for (let i = 0; i < 100; i++) await click(go, "192.0.2.10", `${CHROME} tab/${i}`);
    for (let i = 0; i < 100; i++) await click(`/t/${code}`, "192.0.2.11", `${CHROME} tab/${i}`);
    for (const clicks of [await blockClicks(), await postClicks()]) {
      expect(clicks).toBe(MAX_VISITORS_PER_ADDRESS_PER_DAY);
      expect(clicks).toBeLessThanOrEqual(MAX_COUNTS_PER_ADDRESS_PER_TARGET_PER_DAY);
    }
  });

  it("count 40 addresses of one IPv6 /64 with one browser once, on a bio block and a tracking link", async () => {
    const [blockBefore, postBefore] = [await blockClicks(), await postClicks()];
    const go = `/s/${seller.handle}/links/go/${blockId}`;
    for (let i = 0; i < 40; i++) {
      await click(go, `2001:db8:0:7:${(i + 1).toString(16)}::1`, CHROME);
      await click(`/t/${code}`, `2001:db8:0:9:${(i + 1).toString(16)}::1`, CHROME);
    }
    expect([(await blockClicks()) - blockBefore, (await postClicks()) - postBefore]).toEqual([1, 1]);
  });
});
