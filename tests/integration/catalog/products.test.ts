import { and, count, eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productCovers, products, storefronts } from "~/domains/catalog/tables.server";
import {
  minimumPriceMessage,
  NAME_REQUIRED_MESSAGE,
  SLUG_INVALID_MESSAGE,
  AMOUNT_INVALID_MESSAGE,
} from "~/domains/catalog/schemas/product";
import { ERRORS } from "~/lib/errors";
import { PRODUCT_FORM_BODY_LIMIT_BYTES } from "~/server/http/body-limits";
import { insertOrder } from "../../support/order-rows";
import { type FormFields, postForm, toastOf } from "../../support/form-post";
import { type MailCatcher, startMailCatcher } from "../../support/mail-catcher";
import { createSignedInCreator, type SignedInCreator } from "../../support/signed-in-creator";
import { startTestServer, type TestServer } from "../../support/test-server";

// Over HTTP: the Product Manager's every verb, owner-only access (another creator gets 404
// and changes nothing), bad input that stores nothing, delete refused once sold, duplicates and slug collisions.

let mail: MailCatcher;
let server: TestServer;
let alice: SignedInCreator;
let bob: SignedInCreator;

const html = (text: string) =>
  text
    .replace(/&/g, "&amp;")
    .replace(/'/g, "&#x27;")
    .replace(/"/g, "&quot;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;");

async function get(creator: SignedInCreator | null, path: string) {
  const response = await server.request(path, {
    headers: creator ? { cookie: creator.jar.header(), "x-forwarded-for": creator.ip } : {},
  });
  creator?.jar.store(response);
  return response;
}

function post(creator: SignedInCreator | null, path: string, fields: FormFields, multipart = false) {
  return postForm(server, path, fields, creator ? { jar: creator.jar, ip: creator.ip, multipart } : { multipart });
}

const VALID = {
  intent: "save",
  name: "Ada's Field Guide",
  type: "ebook",
  summary: "Sketching outdoors",
  description: "# Chapter one",
  pricing: "fixed",
  price: "12.50",
};

/** Creates a product over HTTP and returns its id. */
async function create(creator: SignedInCreator, fields: FormFields = {}, multipart = false): Promise<string> {
  const response = await post(creator, "/tools/products/new", { ...VALID, ...fields }, multipart);
  expect(response.status, await response.clone().text()).toBe(302);
  const location = response.headers.get("location")!;
  expect(location).toMatch(/^\/tools\/products\/[0-9a-f-]{36}$/);
  return location.split("/").pop()!;
}

const productRow = async (id: string) => (await server.db.select().from(products).where(eq(products.id, id)))[0];
const productCount = async (userId: string) =>
  (await server.db.select({ n: count() }).from(products).where(eq(products.userId, userId)))[0]!.n;
const coverRows = (id: string) =>
  server.db
    .select({
      width: productCovers.width,
      height: productCovers.height,
      contentType: productCovers.contentType,
      bytes: productCovers.bytes,
    })
    .from(productCovers)
    .where(eq(productCovers.productId, id))
    .orderBy(productCovers.width);

async function png(width: number, height: number): Promise<Blob> {
  const bytes = await sharp({ create: { width, height, channels: 3, background: "#3366cc" } })
    .png()
    .toBuffer();
  return new Blob([new Uint8Array(bytes)], { type: "image/png" });
}

beforeAll(async () => {
  mail = await startMailCatcher();
  server = await startTestServer({ SMTP_URL: mail.url, TRUSTED_PROXIES: "loopback" });
  alice = await createSignedInCreator(server, { storeName: "Ada's Atelier", businessTypes: ["online_store"] });
  bob = await createSignedInCreator(server, { storeName: "Bob's Books", businessTypes: ["online_store"] });
});
afterAll(async () => {
  await server?.stop();
  await mail?.stop();
});

describe("Product Manager pages", () => {
  it("are for signed-in creators only: pages and actions send a visitor to /auth", async () => {
    for (const path of [
      "/tools/products",
      "/tools/products/new",
      "/tools/products/00000000-0000-4000-8000-000000000000",
    ]) {
      const page = await get(null, path);
      expect(page.status, path).toBe(302);
      expect(page.headers.get("location")).toBe(`/auth?from=${encodeURIComponent(path)}`);
      const action = await post(null, path, { ...VALID, intent: path === "/tools/products" ? "delete" : "save" });
      expect(action.status, path).toBe(302);
      expect(action.headers.get("location")).toBe(`/auth?from=${encodeURIComponent(path)}`);
    }
    expect(await server.db.select().from(products)).toEqual([]);
  });

  it("shows the empty state with a New Product call to action, and the form in the store currency", async () => {
    const list = await (await get(alice, "/tools/products")).text();
    expect(list).toContain("No products yet");
    expect(list).toContain("Product Manager");
    expect(list).not.toContain("works from your online store setup"); // not the generic tools/:tool page
    expect(list).toContain('href="/tools/products/new"');
    const form = await get(alice, "/tools/products/new");
    expect(form.status).toBe(200);
    expect(await form.text()).toContain("Prices are in USD, your store currency.");
  });
});

describe("creating a product", () => {
  it("stores a draft in minor units with the slug from the name, makes the store handle, and resizes the cover", async () => {
    const response = await post(alice, "/tools/products/new", { ...VALID, cover: await png(2000, 1000) }, true);
    expect(response.status).toBe(302);
    expect(toastOf(response)).toEqual({ type: "success", title: "Product created as a draft" });
    const id = response.headers.get("location")!.split("/").pop()!;
    expect(await productRow(id)).toMatchObject({
      userId: alice.id,
      name: "Ada's Field Guide",
      slug: "adas-field-guide",
      type: "ebook",
      summary: "Sketching outdoors",
      description: "# Chapter one",
      pricing: "fixed",
      priceCents: 1250,
      minPriceCents: null,
      currency: "USD",
      status: "draft",
      publishedAt: null,
    });
    const [store] = await server.db.select().from(storefronts).where(eq(storefronts.userId, alice.id));
    expect(store?.handle).toBe("adas-atelier");
    const covers = await coverRows(id);
    expect(covers.map(({ width, height, contentType }) => ({ width, height, contentType }))).toEqual([
      { width: 640, height: 320, contentType: "image/webp" },
      { width: 1280, height: 640, contentType: "image/webp" },
    ]);
    const meta = await sharp(covers[1]!.bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 1280, 640]);

    const editor = await (await get(alice, `/tools/products/${id}`)).text();
    expect(editor).toContain(html("Ada's Field Guide"));
    expect(editor).toContain('value="12.50"');
    expect(editor).toContain("/s/adas-atelier/adas-field-guide");
  });

  it("keeps a small cover at its own width (never enlarged)", async () => {
    const id = await create(alice, { name: "Tiny cover", cover: await png(300, 200) }, true);
    expect((await coverRows(id)).map(({ width, height }) => [width, height])).toEqual([[300, 200]]);
  });

  it("prices in the online store's currency and applies its minimum", async () => {
    const saved = await post(bob, "/sales/online-store", {
      intent: "save",
      storeName: "Bob's Books",
      category: "books",
      currency: "CZK",
      theme: "modern",
    });
    expect(saved.status).toBe(302);
    const tooLow = await post(bob, "/tools/products/new", { ...VALID, price: "14.99" });
    expect(tooLow.status).toBe(400);
    expect(await tooLow.text()).toContain(html(minimumPriceMessage("CZK")));
    const id = await create(bob, { price: "15" });
    expect(await productRow(id)).toMatchObject({ currency: "CZK", priceCents: 1500, slug: "adas-field-guide" });
  });

  it("answers bad input with 400 and the field's message, keeps the typed values, and stores nothing", async () => {
    const before = await productCount(alice.id);
    const cases: [FormFields, string][] = [
      [{ name: "" }, NAME_REQUIRED_MESSAGE],
      [{ price: "-5" }, AMOUNT_INVALID_MESSAGE],
      [{ price: "0.10" }, minimumPriceMessage("USD")],
      [{ price: "99999999" }, "Please enter at most $100,000.00"],
      [{ slug: "Not A Slug!" }, SLUG_INVALID_MESSAGE],
      [
        { pricing: "pwyw", minPrice: "5", suggestedPrice: "1" },
        "The suggested price must be at least the minimum, $5.00",
      ],
      [{ type: "spaceship" }, "Please choose a product type"],
    ];
    for (const [fields, message] of cases) {
      const response = await post(alice, "/tools/products/new", { ...VALID, name: "Typed name", ...fields });
      expect(response.status, JSON.stringify(fields)).toBe(400);
      const page = await response.text();
      expect(page, JSON.stringify(fields)).toContain(html(message));
      if (fields.name === undefined) expect(page).toContain('value="Typed name"');
    }
    expect(await productCount(alice.id)).toBe(before);
  });

  it("refuses a cover that is not an image by its bytes (whatever its name and type say), storing nothing", async () => {
    const before = await productCount(alice.id);
    for (const fake of [
      new Blob(["<script>alert(1)</script>"], { type: "image/png" }),
      new Blob(["%PDF-1.4 not an image"], { type: "image/png" }),
    ]) {
      const response = await post(alice, "/tools/products/new", { ...VALID, name: "Fake cover", cover: fake }, true);
      expect(response.status).toBe(400);
      expect(await response.text()).toContain(html(ERRORS.PRODUCT_COVER_NOT_IMAGE.message));
    }
    // A PNG signature in front of garbage passes the sniffing but not the decoder.
    const truncated = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4])], {
      type: "image/png",
    });
    const response = await post(
      alice,
      "/tools/products/new",
      { ...VALID, name: "Broken cover", cover: truncated },
      true,
    );
    expect(response.status).toBe(400);
    expect(await productCount(alice.id)).toBe(before);
  });

  it("takes a cover above the avatar forms' 2 MB cap, and refuses a body over the product form's cap before reading it", async () => {
    const noise = Buffer.alloc(1200 * 1000 * 3);
    for (let i = 0; i < noise.length; i += 1) noise[i] = (i * 2654435761) >>> 24;
    const big = await sharp(noise, { raw: { width: 1200, height: 1000, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(3 * 1024 * 1024);
    const id = await create(
      alice,
      { name: "Big cover", cover: new Blob([new Uint8Array(big)], { type: "image/png" }) },
      true,
    );
    expect((await coverRows(id)).map(({ width }) => width)).toEqual([640, 1200]);

    const before = await productCount(alice.id);
    const tooLarge = await post(
      alice,
      "/tools/products/new",
      { ...VALID, name: "Too large", cover: new Blob([new Uint8Array(PRODUCT_FORM_BODY_LIMIT_BYTES)]) },
      true,
    );
    expect(tooLarge.status).toBe(413);
    expect(await productCount(alice.id)).toBe(before);
  });

  it("refuses a slug the creator already uses with a clear message (409), storing nothing; another store may use it", async () => {
    const before = await productCount(alice.id);
    const response = await post(alice, "/tools/products/new", {
      ...VALID,
      name: "Another guide",
      slug: "adas-field-guide",
    });
    expect(response.status).toBe(409);
    expect(await response.text()).toContain(html(ERRORS.PRODUCT_SLUG_TAKEN.message));
    expect(await productCount(alice.id)).toBe(before);
  });

  it("two saves racing for one slug: one is stored, the other is told the slug is taken", async () => {
    const before = await productCount(alice.id);
    const answers = await Promise.all(
      [1, 2].map((n) => post(alice, "/tools/products/new", { ...VALID, name: `Racer ${n}`, slug: "photo-finish" })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([302, 409]);
    expect(await productCount(alice.id)).toBe(before + 1);
  });

  it("stores a description with script and javascript: links as typed, and the editor's preview renders it inert", async () => {
    const id = await create(alice, {
      name: "Hostile description",
      description: '<script>alert("x")</script>\n\n[click](javascript:alert(1)) [ok](https://example.com)',
    });
    const page = await (await get(alice, `/tools/products/${id}`)).text();
    expect(page).not.toContain('<script>alert("x")');
    expect(page).not.toMatch(/href="javascript:/i);
    expect(page).toContain('<a href="https://example.com" rel="nofollow ugc noopener">ok</a>');
  });
});

describe("editing and the one-click actions", () => {
  it("saves changes, replaces and removes the cover, and switches to pay what you want", async () => {
    const id = await create(alice, { name: "Editable", cover: await png(800, 800) }, true);
    const saved = await post(alice, `/tools/products/${id}`, {
      ...VALID,
      name: "Edited",
      slug: "edited",
      pricing: "pwyw",
      minPrice: "0",
      suggestedPrice: "9",
    });
    expect(saved.status).toBe(302);
    expect(toastOf(saved)).toEqual({ type: "success", title: "Product saved" });
    expect(await productRow(id)).toMatchObject({
      name: "Edited",
      slug: "edited",
      pricing: "pwyw",
      priceCents: 0,
      minPriceCents: 0,
      suggestedPriceCents: 900,
    });
    expect(await coverRows(id)).toHaveLength(2);
    const removed = await post(
      alice,
      `/tools/products/${id}`,
      { ...VALID, name: "Edited", slug: "edited", removeCover: "on" },
      true,
    );
    expect(removed.status).toBe(302);
    expect(await coverRows(id)).toEqual([]);
  });

  it("duplicates as a draft 'Copy of …' with a new unique slug and the cover", async () => {
    const id = await create(alice, { name: "Original", slug: "original", cover: await png(700, 350) }, true);
    const first = await post(alice, "/tools/products", { intent: "duplicate", id });
    expect(first.status).toBe(302);
    expect(toastOf(first)?.title).toBe("Product duplicated as a draft");
    const second = await post(alice, "/tools/products", { intent: "duplicate", id });
    expect(second.status).toBe(302);
    const copies = await server.db
      .select()
      .from(products)
      .where(and(eq(products.userId, alice.id), eq(products.name, "Copy of Original")));
    expect(copies.map((copy) => copy.slug).sort()).toEqual(["original-copy", "original-copy-2"]);
    for (const copy of copies) {
      expect(copy).toMatchObject({ status: "draft", priceCents: 1250, type: "ebook", description: "# Chapter one" });
      expect(await coverRows(copy.id)).toHaveLength(2);
    }
  });

  it("publishes, unpublishes, archives and unarchives; publishing says what is missing", async () => {
    const id = await create(alice, { name: "Lifecycle" });
    const steps: [string, string, string][] = [
      ["publish", "published", "Product published"],
      ["unpublish", "draft", "Product unpublished: it is a draft again"],
      ["archive", "archived", "Product archived"],
      ["unarchive", "draft", "Product restored as a draft"],
    ];
    for (const [intent, status, toast] of steps) {
      const response = await post(alice, "/tools/products", { intent, id });
      expect(response.status, intent).toBe(302);
      expect(toastOf(response)?.title).toBe(toast);
      expect((await productRow(id))?.status).toBe(status);
    }
    // From the editor too.
    const published = await post(alice, `/tools/products/${id}`, { intent: "publish" });
    expect(published.status).toBe(302);
    expect(published.headers.get("location")).toBe(`/tools/products/${id}`);
    expect((await productRow(id))?.publishedAt).toBeInstanceOf(Date);

    // A row without a usable price (an old row, or one made by hand) cannot be published.
    const [bare] = await server.db
      .insert(products)
      .values({ userId: alice.id, name: "Bare", slug: "bare", priceCents: 0, currency: "USD" })
      .returning();
    const refused = await post(alice, "/tools/products", { intent: "publish", id: bare!.id });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Add a valid price before publishing.");
    expect((await productRow(bare!.id))?.status).toBe("draft");
  });

  it("deletes an unsold product with its covers, and refuses to delete a sold one (archive instead)", async () => {
    const unsold = await create(alice, { name: "Unsold", cover: await png(100, 100) }, true);
    const deleted = await post(alice, `/tools/products/${unsold}`, { intent: "delete" });
    expect(deleted.status).toBe(302);
    expect(deleted.headers.get("location")).toBe("/tools/products");
    expect(toastOf(deleted)?.title).toBe("Product deleted");
    expect(await productRow(unsold)).toBeUndefined();
    expect(await coverRows(unsold)).toEqual([]);

    const sold = await create(alice, { name: "Sold" });
    await insertOrder(server.db, {
      userId: alice.id,
      productId: sold,
      customerEmail: "buyer@example.com",
      amountCents: 1250,
      currency: "USD",
    });
    const refused = await post(alice, "/tools/products", { intent: "delete", id: sold });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain(html(ERRORS.PRODUCT_HAS_ORDERS.message));
    expect(await productRow(sold)).toBeDefined();
  });

  it("lists sales and revenue (net of refunds) per product by the sale rule, searches by name and sorts", async () => {
    const id = await create(alice, { name: "Bestseller Zeta", price: "5" });
    const paidAt = new Date();
    for (const order of [
      {
        userId: alice.id,
        productId: id,
        status: "paid",
        customerEmail: "a@example.com",
        amountCents: 500,
        currency: "USD",
        paidAt,
      },
      {
        userId: alice.id,
        productId: id,
        status: "paid",
        customerEmail: "b@example.com",
        amountCents: 900,
        refundedCents: 200,
        currency: "USD",
        paidAt,
      },
      // A refunded order stays one sale, of $0 (as on the dashboard and the analytics page); an abandoned checkout and
      // a disputed order are not sales.
      {
        userId: alice.id,
        productId: id,
        status: "refunded",
        customerEmail: "d@example.com",
        amountCents: 500,
        refundedCents: 500,
        currency: "USD",
        paidAt,
      },
      {
        userId: alice.id,
        productId: id,
        status: "pending",
        customerEmail: "c@example.com",
        amountCents: 500,
        currency: "USD",
      },
      {
        userId: alice.id,
        productId: id,
        status: "disputed",
        customerEmail: "e@example.com",
        amountCents: 500,
        currency: "USD",
        paidAt,
      },
    ] as const)
      await insertOrder(server.db, order);
    // Rows written directly, not through the order's state machine: the read model is rebuilt as a migration does.
    await server.db.execute(sql`select analytics_rebuild_rollups()`);
    const found = await (await get(alice, "/tools/products?q=zeta")).text();
    expect(found).toContain("Bestseller Zeta");
    expect(found).not.toContain("Lifecycle");
    expect(found).toMatch(/Sales<\/dt><dd[^>]*>3<\/dd>/);
    expect(found).toMatch(/Revenue<\/dt><dd[^>]*>\$12\.00<\/dd>/);
    const bySales = await (await get(alice, "/tools/products?sort=sales")).text();
    expect(bySales.indexOf("Bestseller Zeta")).toBeLessThan(bySales.indexOf("Lifecycle"));
    const byName = await (await get(alice, "/tools/products?sort=name")).text();
    expect(byName.indexOf("Ada&#x27;s Field Guide")).toBeLessThan(byName.indexOf("Bestseller Zeta"));
    const literal = await (await get(alice, "/tools/products?q=%25")).text();
    expect(literal).toContain("No product’s name contains");
  });
});

describe("another creator", () => {
  it("gets 404 for every page and verb on someone else's product, and changes nothing", async () => {
    const id = await create(alice, { name: "Alice only", cover: await png(64, 64) }, true);
    const before = await productRow(id);
    const [aliceCount, bobCount] = [await productCount(alice.id), await productCount(bob.id)];
    expect((await get(bob, `/tools/products/${id}`)).status).toBe(404);
    const save = await post(bob, `/tools/products/${id}`, { ...VALID, name: "Taken over" });
    expect(save.status).toBe(404);
    for (const intent of ["duplicate", "publish", "unpublish", "archive", "unarchive", "delete"]) {
      expect((await post(bob, "/tools/products", { intent, id })).status, intent).toBe(404);
      expect((await post(bob, `/tools/products/${id}`, { intent })).status, intent).toBe(404);
    }
    expect(await productRow(id)).toEqual(before);
    expect(await coverRows(id)).toHaveLength(1);
    expect([await productCount(alice.id), await productCount(bob.id)]).toEqual([aliceCount, bobCount]);
    expect((await get(alice, "/tools/products/not-a-uuid")).status).toBe(404);
    expect((await get(alice, "/tools/products/00000000-0000-4000-8000-000000000000")).status).toBe(404);
    // The files page says the same as the editor: the product does not exist (for this creator).
    for (const path of [`/tools/products/${id}/files`, "/tools/products/not-a-uuid/files"]) {
      const page = await get(bob, path);
      expect(page.status, path).toBe(404);
      expect((await page.text()).replace(/<script[\s\S]*?<\/script>/g, ""), path).toContain(
        ERRORS.PRODUCT_NOT_FOUND.message,
      );
    }
  });
});
