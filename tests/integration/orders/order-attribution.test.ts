import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSeller, type Seller } from "../../support/checkout-seller";
import { postForm } from "../../support/form-post";
import { startTestServer, type TestServer } from "../../support/test-server";

// An order keeps where its buyer came from, carried from the sales page to the checkout in links, not cookies.

let server: TestServer;
let seller: Seller;

beforeAll(async () => {
  server = await startTestServer({ STORE_PAGE_CACHE_SECONDS: "0" });
  seller = await createSeller(server.db, { priceCents: 900 });
});
afterAll(async () => {
  await server?.stop();
});

const salesPath = () => `/s/${seller.handle}/${seller.slug}`;

async function orderOf(location: string) {
  const checkoutId = new URL(location).pathname.split("/").pop()!;
  return (
    await server.db.execute<{
      source: string;
      utm_source: string;
      utm_medium: string;
      utm_campaign: string;
      attribution_ref: string | null;
    }>(
      sql`select source, utm_source, utm_medium, utm_campaign, attribution_ref from orders
          where provider_checkout_id = ${checkoutId}`,
    )
  ).rows[0]!;
}

/** The attribution field the buy page renders, as a browser would post it back. */
async function carriedField(buyHref: string, referer?: string) {
  const page = await (await server.request(buyHref, referer ? { headers: { referer } } : {})).text();
  return /name="attribution" value="([^"]*)"/.exec(page)?.[1]?.replace(/&amp;/g, "&") ?? "";
}

describe("order attribution", () => {
  it("carries a referrer, utm values and a tracked ref from the sales page through the checkout to the order", async () => {
    const sales = await (
      await server.request(`${salesPath()}?utm_source=TikTok&utm_campaign=spring&via=post:abc123`, {
        headers: { referer: "https://www.instagram.com/some/post" },
      })
    ).text();
    const buyHref = /href="([^"]*\/buy\?[^"]*)"/.exec(sales)?.[1]?.replace(/&amp;/g, "&");
    expect(buyHref).toContain("src=instagram.com");
    const attribution = await carriedField(buyHref!, `${server.origin}${salesPath()}`);
    const response = await postForm(server, buyHref!, { provider: "test", email: "a@example.com", attribution });
    expect(response.status).toBe(302);
    expect(await orderOf(response.headers.get("location")!)).toEqual({
      source: "instagram.com",
      utm_source: "tiktok",
      utm_medium: "",
      utm_campaign: "spring",
      attribution_ref: "post:abc123",
    });
  });

  it("records a direct visit as direct, and ignores a malformed source or ref", async () => {
    const response = await postForm(server, `${salesPath()}/buy`, {
      provider: "test",
      email: "b@example.com",
      attribution: "src=<script>&via=javascript:alert(1)",
    });
    expect(response.status).toBe(302);
    expect(await orderOf(response.headers.get("location")!)).toMatchObject({ source: "direct", attribution_ref: null });
  });

  it("keeps an embedding site as the order's source", async () => {
    const attribution = await carriedField(`${salesPath()}/buy?embed=1&host=https%3A%2F%2Fshop.example.org`);
    expect(attribution).toBe("src=embed%3Ashop.example.org");
    const response = await postForm(server, `${salesPath()}/buy`, {
      provider: "test",
      email: "c@example.com",
      attribution,
    });
    expect(await orderOf(response.headers.get("location")!)).toMatchObject({ source: "embed:shop.example.org" });
  });
});
