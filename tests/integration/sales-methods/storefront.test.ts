import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productCovers, productFiles, products, storefronts } from "~/domains/catalog/tables.server";
import { salesMethods } from "~/domains/sales-methods/tables.server";
import { postForm, toastOf } from "../../support/form-post";
import { startMailCatcher, type MailCatcher } from "../../support/mail-catcher";
import { createSignedInCreator, type SignedInCreator } from "../../support/signed-in-creator";
import { startTestServer, type TestServer } from "../../support/test-server";

// The public store pages (storefront, sales page, its buy page, covers), /buy/:id's product
// list, and the E-shop Builder's address and product order. Test data is written straight to the database.

let mail: MailCatcher;
let server: TestServer;
let ada: SignedInCreator;
let bob: SignedInCreator;

/** A 1×1 PNG: what the bytes are does not matter to the route, which re-serves the stored type. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

type ProductInput = Partial<typeof products.$inferInsert> & { name: string; slug: string };

async function addProduct(userId: string, input: ProductInput) {
  const [row] = await server.db
    .insert(products)
    .values({ userId, priceCents: 1250, currency: "EUR", status: "published", type: "ebook", ...input })
    .returning({ id: products.id });
  return row!.id;
}

async function addCover(productId: string, width: number) {
  const [row] = await server.db
    .insert(productCovers)
    .values({ productId, width, height: Math.round(width * 0.75), contentType: "image/png", bytes: PNG })
    .returning({ id: productCovers.id });
  return row!.id;
}

async function get(creator: SignedInCreator | null, path: string) {
  return server.request(path, {
    headers: creator ? { cookie: creator.jar.header(), "x-forwarded-for": creator.ip } : {},
  });
}

/** The content of `<meta property|name="key" content="…">` (attribute order as React renders it). */
function metaContent(html: string, key: string): string | undefined {
  const tag = html.match(new RegExp(`<meta[^>]*(?:property|name)="${key}"[^>]*>`))?.[0];
  return tag
    ?.match(/content="([^"]*)"/)?.[1]
    ?.replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");
}

function jsonLd(html: string): Record<string, unknown> {
  const body = html.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/)?.[1];
  expect(body, "a JSON-LD block").toBeDefined();
  return JSON.parse(body!);
}

/** Every `<script>` of a document other than JSON-LD data blocks: none on a store page. */
function runnableScripts(html: string): string[] {
  return [...html.matchAll(/<script\b[^>]*>/g)]
    .map((m) => m[0])
    .filter((tag) => !tag.includes('type="application/ld+json"'));
}

let handle: string;
let productId: string;
let coverIds: string[];

beforeAll(async () => {
  mail = await startMailCatcher();
  // Every request rendered: these tests change the store between requests (the cache has its own unit test).
  server = await startTestServer({ SMTP_URL: mail.url, TRUSTED_PROXIES: "loopback", STORE_PAGE_CACHE_SECONDS: "0" });
  ada = await createSignedInCreator(server, {
    storeName: "Ada's Atelier",
    businessTypes: ["online_store", "existing_website"],
  });
  bob = await createSignedInCreator(server, { storeName: "Bob's Books", businessTypes: ["online_store"] });
  handle = `ada-${Date.now().toString(36)}`;
  await server.db.insert(storefronts).values({ userId: ada.id, handle });
  await server.db.insert(salesMethods).values({
    userId: ada.id,
    method: "online_store",
    settings: {
      storeName: "Ada's Atelier",
      storeDescription: "Hand-drawn templates",
      category: "digital",
      currency: "EUR",
      theme: "classic",
    },
  });
  productId = await addProduct(ada.id, {
    name: "Planner Kit",
    slug: "planner-kit",
    summary: "A printable planner for the whole year.",
    description:
      "## What you get\n\n- 120 pages\n- **Two** colour schemes\n\nSee [the preview](https://example.com/preview).",
    position: 1,
  });
  coverIds = [await addCover(productId, 480), await addCover(productId, 960)];
  await server.db.insert(productFiles).values([
    {
      productId,
      userId: ada.id,
      uploadId: `u-${productId}-1`,
      name: "planner.pdf",
      contentType: "application/pdf",
      size: 5 * 1024 * 1024,
      completedAt: new Date(),
      position: 0,
    },
    {
      productId,
      userId: ada.id,
      uploadId: `u-${productId}-2`,
      name: "extras.zip",
      contentType: "application/zip",
      size: 2048,
      completedAt: new Date(),
      position: 1,
    },
    {
      productId,
      userId: ada.id,
      uploadId: `u-${productId}-3`,
      name: "half-uploaded.mov",
      contentType: "video/quicktime",
      size: 99,
      position: 2,
    },
  ]);
});
afterAll(async () => {
  await server?.stop();
  await mail?.stop();
});

describe("a published product's sales page", () => {
  it("is server-rendered without any script, with the product, its files, the store and a Buy link", async () => {
    const response = await get(null, `/s/${handle}/planner-kit`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(runnableScripts(html)).toEqual([]);
    expect(html).not.toContain("modulepreload");
    expect(html).toContain("<h1");
    expect(html).toContain("Planner Kit");
    expect(html).toContain("€12.50");
    expect(html).toContain("A printable planner for the whole year.");
    // The description is Markdown, rendered.
    expect(html).toContain("<h2>What you get</h2>");
    expect(html).toContain("<strong>Two</strong>");
    expect(html).toContain('href="https://example.com/preview" rel="nofollow ugc noopener"');
    // Completed files only, with their kinds and sizes.
    expect(html).toContain("planner.pdf");
    expect(html).toContain("PDF document · 5.0 MB");
    expect(html).toContain("ZIP archive · 2.0 KB");
    expect(html).not.toContain("half-uploaded.mov");
    // The cover in both widths, the store and its theme, and the Buy button.
    expect(html).toContain(`/covers/${coverIds[0]} 480w, /covers/${coverIds[1]} 960w`);
    expect(html).toContain('alt="Cover of Planner Kit"');
    expect(html).toContain("Ada&#x27;s Atelier");
    expect(html).toContain('data-theme="classic"');
    expect(html).toContain(`href="/s/${handle}/planner-kit/buy"`);
    expect(html).not.toContain("Draft preview");
  });

  it("has title, description, Open Graph and Twitter tags, a canonical URL and JSON-LD Product with its Offer", async () => {
    const html = await (await get(null, `/s/${handle}/planner-kit`)).text();
    const url = `${server.origin}/s/${handle}/planner-kit`;
    expect(html).toMatch(/<title>Planner Kit · Ada&#x27;s Atelier<\/title>/);
    expect(metaContent(html, "description")).toBe("A printable planner for the whole year.");
    expect(html).toContain(`<link rel="canonical" href="${url}"/>`);
    expect(metaContent(html, "og:type")).toBe("product");
    expect(metaContent(html, "og:title")).toBe("Planner Kit");
    expect(metaContent(html, "og:url")).toBe(url);
    expect(metaContent(html, "og:image")).toBe(`${server.origin}/covers/${coverIds[1]}`);
    expect(metaContent(html, "twitter:card")).toBe("summary_large_image");
    expect(html).not.toContain('name="robots"');
    const ld = jsonLd(html);
    expect(ld).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Product",
      name: "Planner Kit",
      url,
      image: `${server.origin}/covers/${coverIds[1]}`,
      offers: {
        "@type": "Offer",
        price: "12.50",
        priceCurrency: "EUR",
        availability: "https://schema.org/InStock",
        url,
      },
    });
  });

  it("shows 'Pay what you want' with the minimum and the suggested price, and 'Free' for free products", async () => {
    await addProduct(ada.id, {
      name: "Brushes",
      slug: "brushes",
      pricing: "pwyw",
      priceCents: 0,
      minPriceCents: 300,
      suggestedPriceCents: 800,
      position: 5,
    });
    await addProduct(ada.id, { name: "Sampler", slug: "sampler", pricing: "free", priceCents: 0, position: 6 });
    const pwyw = await (await get(null, `/s/${handle}/brushes`)).text();
    expect(pwyw).toContain("Pay what you want");
    expect(pwyw).toContain("from €3.00 · suggested €8.00");
    expect(jsonLd(pwyw)).toMatchObject({ offers: { price: "3.00", priceCurrency: "EUR" } });
    const free = await (await get(null, `/s/${handle}/sampler`)).text();
    expect(free).toContain("Free");
    expect(free).toContain("Get it for free");
    expect(jsonLd(free)).toMatchObject({ offers: { price: "0.00" } });
    expect(metaContent(free, "twitter:card")).toBe("summary");
  });

  it("renders a hostile name and description inert: no script element, no javascript: link, JSON-LD escaped", async () => {
    const name = `</script><script>alert("name")</script>`;
    await addProduct(ada.id, {
      name,
      slug: "hostile",
      summary: `<img src=x onerror=alert(1)>`,
      description: `<script>alert("description")</script>\n\n[click me](javascript:alert(1)) and [data](data:text/html,<script>alert(2)</script>)`,
      position: 7,
    });
    const html = await (await get(null, `/s/${handle}/hostile`)).text();
    expect(runnableScripts(html)).toEqual([]);
    expect(html).not.toMatch(/<script>alert/);
    expect(html).not.toMatch(/<img src=x/);
    expect(html).not.toMatch(/href="(javascript|data):/i);
    expect(html).toContain("&lt;script&gt;alert(&quot;description&quot;)&lt;/script&gt;");
    // The JSON-LD block cannot be closed by the name, and still parses to the same name.
    expect(jsonLd(html)).toMatchObject({ name });
  });

  it("answers 404 (the site's page) for an unknown store or product, and for a product of another store", async () => {
    await server.db.insert(storefronts).values({ userId: bob.id, handle: `bob-${Date.now().toString(36)}` });
    const [bobStore] = await server.db
      .select({ handle: storefronts.handle })
      .from(storefronts)
      .where(eq(storefronts.userId, bob.id));
    for (const path of [
      `/s/no-such-store-${Date.now()}/planner-kit`,
      `/s/${handle}/no-such-product`,
      `/s/${bobStore!.handle}/planner-kit`,
    ]) {
      const response = await get(null, path);
      expect(response.status, path).toBe(404);
      expect(await response.text()).toContain("Oops! Page not found");
    }
  });
});

describe("drafts and archived products", () => {
  let draftId: string;
  beforeAll(async () => {
    draftId = await addProduct(ada.id, {
      name: "Secret Draft",
      slug: "secret-draft",
      status: "draft",
      summary: "Not ready yet",
      position: 8,
    });
  });

  it("a draft is 404 for visitors and for other creators", async () => {
    for (const viewer of [null, bob]) {
      const response = await get(viewer, `/s/${handle}/secret-draft`);
      expect(response.status).toBe(404);
      const html = await response.text();
      expect(html).not.toContain("Secret Draft");
    }
    expect((await get(null, `/s/${handle}/secret-draft/buy`)).status).toBe(404);
  });

  it("its owner sees a noindex preview with the banner, still without a script, never cached by others", async () => {
    const response = await get(ada, `/s/${handle}/secret-draft`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const html = await response.text();
    expect(html).toContain("Draft preview — only you can see this page");
    expect(html).toContain("Secret Draft");
    expect(metaContent(html, "robots")).toBe("noindex, nofollow");
    expect(runnableScripts(html)).toEqual([]);
  });

  it("an archived product answers 410 with a 'no longer available' page linking to the store", async () => {
    await addProduct(ada.id, { name: "Old Calendar", slug: "old-calendar", status: "archived", position: 9 });
    const response = await get(null, `/s/${handle}/old-calendar`);
    expect(response.status).toBe(410);
    const html = await response.text();
    expect(html).toContain("Old Calendar is no longer available");
    expect(html).toContain(`href="/s/${handle}"`);
    expect(metaContent(html, "robots")).toBe("noindex");
    expect(runnableScripts(html)).toEqual([]);
  });

  it("covers: a published product's are public and immutable; a draft's only for its owner, privately", async () => {
    const published = await get(null, `/covers/${coverIds[0]}`);
    expect(published.status).toBe(200);
    expect(published.headers.get("content-type")).toBe("image/png");
    expect(published.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(published.headers.get("x-content-type-options")).toContain("nosniff");
    expect(Buffer.from(await published.arrayBuffer()).equals(PNG)).toBe(true);

    const draftCover = await addCover(draftId, 480);
    for (const viewer of [null, bob]) expect((await get(viewer, `/covers/${draftCover}`)).status).toBe(404);
    const own = await get(ada, `/covers/${draftCover}`);
    expect(own.status).toBe(200);
    expect(own.headers.get("cache-control")).toBe("private, no-store");
    for (const id of ["not-a-uuid", "00000000-0000-4000-8000-000000000000"])
      expect((await get(null, `/covers/${id}`)).status).toBe(404);
  });
});

describe("the storefront", () => {
  it("lists the published products in the creator's order, with the store's name, description, category and currency", async () => {
    await addProduct(ada.id, { name: "First Place", slug: "first-place", position: 0 });
    const response = await get(null, `/s/${handle}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(runnableScripts(html)).toEqual([]);
    expect(html).toContain("Hand-drawn templates");
    expect(html).toContain("Digital Products");
    expect(html).toContain("Prices in EUR");
    expect(html).toContain(`<link rel="canonical" href="${server.origin}/s/${handle}"/>`);
    expect(metaContent(html, "og:title")).toBe("Ada's Atelier");
    const names = [...html.matchAll(/<h3[^>]*><a href="\/s\/[^/]+\/([^"]+)"/g)].map((m) => m[1]);
    expect(names).toEqual(["first-place", "planner-kit", "brushes", "sampler", "hostile"]);
    expect(html).not.toContain("Secret Draft");
    expect(html).not.toContain("Old Calendar");
  });

  it("says so when nothing is published, and falls back to the business profile's store name", async () => {
    const [bobStore] = await server.db
      .select({ handle: storefronts.handle })
      .from(storefronts)
      .where(eq(storefronts.userId, bob.id));
    const html = await (await get(null, `/s/${bobStore!.handle}`)).text();
    expect(html).toContain("Bob&#x27;s Books has nothing for sale yet.");
    expect(html).toContain('data-theme="modern"');
    expect((await get(null, `/s/nobody-${Date.now()}`)).status).toBe(404);
  });
});

describe("/buy/:id (the buy-button page)", () => {
  it("lists the store's published products linking to their sales pages; says so when there are none", async () => {
    const [adaButton] = await server.db
      .insert(salesMethods)
      .values({ userId: ada.id, method: "existing_website", settings: {} })
      .returning({ id: salesMethods.id });
    const html = await (await get(null, `/buy/${adaButton!.id}`)).text();
    expect(html).not.toContain("opens soon");
    expect(html).toContain(`href="/s/${handle}/planner-kit"`);
    expect(html).toContain("€12.50");
    expect(html).not.toContain("Secret Draft");
    const [bobButton] = await server.db
      .insert(salesMethods)
      .values({ userId: bob.id, method: "existing_website", settings: {} })
      .returning({ id: salesMethods.id });
    const empty = await (await get(null, `/buy/${bobButton!.id}`)).text();
    expect(empty).toContain("No products are for sale yet.");
  });
});

describe("the E-shop Builder", () => {
  it("shows the address, the products in order and the online-store setup", async () => {
    const response = await get(ada, "/tools/estore-builder");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(`${server.origin}/s/${handle}`);
    expect(html).toContain("Secret Draft");
    expect(html).not.toContain("Old Calendar");
    expect(html).toContain("Edit online store setup");
    expect(html).toContain("Digital Products");
  });

  it("moves a product down and up, saving positions; another creator's product is refused", async () => {
    const order = async () =>
      (await get(null, `/s/${handle}`))
        .text()
        .then((html) => [...html.matchAll(/<h3[^>]*><a href="\/s\/[^/]+\/([^"]+)"/g)].map((m) => m[1]));
    const [first] = await server.db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.userId, ada.id), eq(products.slug, "first-place")));
    const moved = await postForm(
      server,
      "/tools/estore-builder",
      { intent: "move", productId: first!.id, direction: "down" },
      { jar: ada.jar, ip: ada.ip },
    );
    expect(moved.status).toBe(200);
    expect(await order()).toEqual(["planner-kit", "first-place", "brushes", "sampler", "hostile"]);
    await postForm(
      server,
      "/tools/estore-builder",
      { intent: "move", productId: first!.id, direction: "up" },
      { jar: ada.jar, ip: ada.ip },
    );
    expect((await order())[0]).toBe("first-place");
    const bobProduct = await addProduct(bob.id, { name: "Bob's", slug: "bobs" });
    const refused = await postForm(
      server,
      "/tools/estore-builder",
      { intent: "move", productId: bobProduct, direction: "up" },
      { jar: ada.jar, ip: ada.ip },
    );
    expect(refused.status).toBe(404);
    const invalid = await postForm(
      server,
      "/tools/estore-builder",
      { intent: "move", productId: "x", direction: "sideways" },
      { jar: ada.jar, ip: ada.ip },
    );
    expect(invalid.status).toBe(400);
  });

  it("changes the store address: pattern and length checked, another store's address refused, the old one gone", async () => {
    const post = (value: string, creator = ada) =>
      postForm(
        server,
        "/tools/estore-builder",
        { intent: "handle", handle: value },
        { jar: creator.jar, ip: creator.ip },
      );
    const invalid = await post("Not Valid!");
    expect(invalid.status).toBe(400);
    expect(await invalid.text()).toContain("Use only lowercase letters, digits and single hyphens");
    expect((await post("ab")).status).toBe(400);
    const [bobStore] = await server.db
      .select({ handle: storefronts.handle })
      .from(storefronts)
      .where(eq(storefronts.userId, bob.id));
    const taken = await post(bobStore!.handle);
    expect(taken.status).toBe(409);
    expect(await taken.text()).toContain("This store address is taken. Please choose another one.");
    const next = `ada-new-${Date.now().toString(36)}`;
    const saved = await post(next);
    expect(saved.status).toBe(302);
    expect(toastOf(saved)?.title).toBe("Store address saved");
    expect((await get(null, `/s/${next}/planner-kit`)).status).toBe(200);
    expect((await get(null, `/s/${handle}`)).status).toBe(404);
    // Keeping one's own address is fine; a creator without a store gets one.
    expect((await post(next)).status).toBe(302);
    handle = next;
    const carol = await createSignedInCreator(server, { storeName: "Carol", businessTypes: ["online_store"] });
    expect((await post(`carol-${Date.now().toString(36)}`, carol)).status).toBe(302);
  });

  it("signed out, the builder sends the visitor to sign in", async () => {
    const response = await get(null, "/tools/estore-builder");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toContain("/auth?from=%2Ftools%2Festore-builder");
  });
});
