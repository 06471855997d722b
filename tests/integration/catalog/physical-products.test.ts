import { randomUUID } from "node:crypto";
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products, productVariants } from "~/domains/catalog/tables.server";
import type { ProductInput } from "~/domains/catalog/schemas/product";
import type { PhysicalVariantInput } from "~/domains/catalog/schemas/physical-product";
import { createProduct } from "~/domains/catalog/server/create-product.server";
import { ensureOnlineLocation } from "~/domains/inventory/server/ensure-online-location.server";
import { recordStockMovements } from "~/domains/inventory/server/record-stock-movements.server";
import { ERRORS } from "~/lib/errors";
import { type FormFields, postForm } from "../../support/form-post";
import { type MailCatcher, startMailCatcher } from "../../support/mail-catcher";
import { createSignedInCreator, type SignedInCreator } from "../../support/signed-in-creator";
import { startTestServer, type TestServer } from "../../support/test-server";
import { tusRequests } from "../../support/tus-requests";

// Physical products over HTTP: the form writes variants in its transaction, SKUs stay unique per store, dropped
// combinations with history are archived, and the sales page shows the chosen variant's price and stock.

let mail: MailCatcher;
let server: TestServer;
let ada: SignedInCreator;
let bob: SignedInCreator;

const TEE = { intent: "save", name: "Field Tee", type: "physical", pricing: "fixed", price: "25", summary: "" };

/** The form fields of options and the kept combinations, as the variants editor posts them. */
function withVariants(
  options: { name: string; values: string[] }[],
  variants: { values: string[]; sku?: string; barcode?: string; price?: string }[],
): FormFields {
  const fields: FormFields = {};
  options.forEach((option, i) => {
    fields[`options[${i}].name`] = option.name;
    option.values.forEach((value, j) => {
      fields[`options[${i}].values[${j}]`] = value;
    });
  });
  variants.forEach((variant, i) => {
    variant.values.forEach((value, j) => {
      fields[`variants[${i}].optionValues[${j}]`] = value;
    });
    if (variant.sku) fields[`variants[${i}].sku`] = variant.sku;
    if (variant.barcode) fields[`variants[${i}].barcode`] = variant.barcode;
    if (variant.price) fields[`variants[${i}].price`] = variant.price;
  });
  return fields;
}

const SIZE_COLOUR = [
  { name: "Size", values: ["S", "M"] },
  { name: "Colour", values: ["Red", "Blue"] },
];

/** A physical product's input as the form makes it, for calling the verb directly. */
function physicalInput(
  slug: string,
  variants: PhysicalVariantInput[],
  options: { name: string; values: string[] }[] = [],
): ProductInput {
  return {
    name: slug,
    type: "physical",
    summary: "",
    description: "",
    pricing: "fixed",
    priceCents: 2500,
    minPriceCents: null,
    suggestedPriceCents: null,
    slug,
    cover: undefined,
    removeCover: false,
    physical: { options, weightGrams: null, allowBackorder: false, lowStockThreshold: null, variants },
  };
}

const post = (creator: SignedInCreator, path: string, fields: FormFields) =>
  postForm(server, path, fields, { jar: creator.jar, ip: creator.ip });

async function create(creator: SignedInCreator, fields: FormFields): Promise<string> {
  const response = await post(creator, "/tools/products/new", { ...TEE, ...fields });
  expect(response.status, await response.clone().text()).toBe(302);
  return response.headers.get("location")!.split("/").pop()!;
}

const variantsOf = (productId: string) =>
  server.db
    .select({
      id: productVariants.id,
      optionValues: productVariants.optionValues,
      title: productVariants.title,
      sku: productVariants.sku,
      barcode: productVariants.barcode,
      priceCents: productVariants.priceCents,
      archived: sql<boolean>`${productVariants.archivedAt} is not null`,
    })
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
    .orderBy(sql`${productVariants.archivedAt} is not null`, asc(productVariants.position));

async function stock(creator: SignedInCreator, variantId: string, quantity: number) {
  const location = await ensureOnlineLocation(server.db, creator.id);
  await recordStockMovements(server.db, creator.id, creator.id, [
    { variantId, locationId: location, kind: "received", quantity },
  ]);
}

const page = (path: string, creator?: SignedInCreator) =>
  server.request(path, {
    redirect: "manual",
    headers: creator ? { cookie: creator.jar.header(), "x-forwarded-for": creator.ip } : {},
  });

beforeAll(async () => {
  mail = await startMailCatcher();
  server = await startTestServer({ SMTP_URL: mail.url, TRUSTED_PROXIES: "loopback", STORE_PAGE_CACHE_SECONDS: "0" });
  ada = await createSignedInCreator(server, { storeName: "Ada's Atelier", businessTypes: ["online_store"] });
  bob = await createSignedInCreator(server, { storeName: "Bob's Books", businessTypes: ["online_store"] });
});
afterAll(async () => {
  await server?.stop();
  await mail?.stop();
});

describe("creating and editing a physical product", () => {
  it("stores one default variant with the product's SKU and barcode when it has no options", async () => {
    const id = await create(ada, {
      sku: "MUG-1",
      barcode: "4006381333931",
      weight: "350 g",
      allowBackorder: "on",
      lowStockThreshold: "2",
    });
    const [product] = await server.db.select().from(products).where(eq(products.id, id));
    expect(product).toMatchObject({ type: "physical", weightGrams: 350, allowBackorder: true, lowStockThreshold: 2 });
    expect(await variantsOf(id)).toEqual([
      expect.objectContaining({ optionValues: [], title: "", sku: "MUG-1", barcode: "4006381333931", archived: false }),
    ]);
    const editor = await (await page(`/tools/products/${id}`, ada)).text();
    expect(editor).toContain("Stock and shipping");
    expect(editor).toContain('value="MUG-1"');
    expect(editor).not.toContain("What the buyer gets.");
  });

  it("has no files: the files page leads to the editor and an upload to it is refused", async () => {
    const id = await create(ada, { name: "Plain Mug" });
    const files = await page(`/tools/products/${id}/files`, ada);
    expect(files.status).toBe(302);
    expect(files.headers.get("location")).toBe(`/tools/products/${id}`);
    const upload = await tusRequests(server, ada.jar.header()).create({ productId: id, filename: "notes.txt" }, 10);
    expect(upload.status).toBe(404);
    const [row] = (
      await server.db.execute<{ n: number }>(sql`select count(*)::int as n from product_files where product_id = ${id}`)
    ).rows;
    expect(row!.n).toBe(0);
  });

  it("stores one variant per kept combination with its codes and price, in one transaction", async () => {
    const id = await create(ada, {
      name: "Tee One",
      ...withVariants(SIZE_COLOUR, [
        { values: ["S", "Red"], sku: "TEE-S-RED", price: "27" },
        { values: ["M", "Red"], sku: "TEE-M-RED" },
        { values: ["M", "Blue"], sku: "TEE-M-BLUE", barcode: "036000291452" },
      ]),
    });
    expect(await variantsOf(id)).toEqual([
      expect.objectContaining({ title: "S / Red", sku: "TEE-S-RED", priceCents: 2700 }),
      expect.objectContaining({ title: "M / Red", sku: "TEE-M-RED", priceCents: null }),
      expect.objectContaining({ title: "M / Blue", sku: "TEE-M-BLUE", barcode: "036000291452" }),
    ]);
  });

  it("refuses a SKU the store already uses (any case, any product) on its field, storing nothing; another store may use it", async () => {
    const before = await server.db.select({ id: products.id }).from(products).where(eq(products.userId, ada.id));
    const response = await post(ada, "/tools/products/new", {
      ...TEE,
      name: "Tee Two",
      ...withVariants(SIZE_COLOUR, [
        { values: ["S", "Blue"], sku: "NEW-1" },
        { values: ["M", "Blue"], sku: "tee-m-blue" },
      ]),
    });
    expect(response.status).toBe(409);
    const body = await response.text();
    expect(body).toContain(ERRORS.PRODUCT_SKU_TAKEN.message.replace(/'/g, "&#x27;"));
    expect(body).toContain("variants[1].sku");
    expect(await server.db.select({ id: products.id }).from(products).where(eq(products.userId, ada.id))).toHaveLength(
      before.length,
    );
    expect(
      (await post(ada, "/tools/products/new", { ...TEE, name: "Mug Two", sku: "mug-1" })).status,
      "the product-level SKU too",
    ).toBe(409);
    await create(bob, { sku: "MUG-1" });
  });

  it("two saves racing for one SKU: one is stored, the other is told the SKU is taken", async () => {
    const variant = { optionValues: [], title: "", sku: "RACE-1", barcode: null, priceCents: null };
    const results = await Promise.all(
      ["race-a", "race-b", "race-c"].map((slug) =>
        createProduct(server.db, ada.id, "USD", physicalInput(slug, [variant])),
      ),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    for (const result of results.filter((result) => !result.ok))
      expect(result).toMatchObject({ ok: false, code: "PRODUCT_SKU_TAKEN" });
    const stored = await server.db.execute<{ n: number }>(
      sql`select count(*)::int as n from products where user_id = ${ada.id} and slug like 'race-%'`,
    );
    expect(stored.rows[0]!.n).toBe(1);
  });

  it("checks the physical rules again in the verb, storing nothing", async () => {
    const variant = { optionValues: ["x"], title: "x", sku: null, barcode: null, priceCents: null };
    const result = await createProduct(
      server.db,
      ada.id,
      "USD",
      physicalInput(
        "too-many",
        Array.from({ length: 101 }, () => variant),
        [{ name: "Size", values: ["x"] }],
      ),
    );
    expect(result).toMatchObject({ ok: false, code: "PRODUCT_TOO_MANY_VARIANTS" });
    expect(await server.db.select().from(products).where(eq(products.slug, "too-many"))).toEqual([]);
  });

  it("refuses an invalid barcode with the catalogue's message", async () => {
    const response = await post(ada, "/tools/products/new", { ...TEE, name: "Bad Code", barcode: "4006381333932" });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(ERRORS.PRODUCT_BARCODE_INVALID.message);
  });

  it("keeps unchanged combinations' rows, archives dropped ones with history, deletes those without, and lets SKUs move", async () => {
    const id = await create(ada, {
      name: "Tee Three",
      ...withVariants(SIZE_COLOUR, [
        { values: ["S", "Red"], sku: "T3-A" },
        { values: ["S", "Blue"], sku: "T3-B" },
        { values: ["M", "Red"], sku: "T3-C" },
      ]),
    });
    const [sRed, sBlue, mRed] = await variantsOf(id);
    await stock(ada, sBlue!.id, 4);
    const slug = (await server.db.select({ slug: products.slug }).from(products).where(eq(products.id, id)))[0]!.slug;
    const saved = await post(ada, `/tools/products/${id}`, {
      ...TEE,
      name: "Tee Three",
      slug,
      ...withVariants(
        [
          { name: "Size", values: ["S", "M"] },
          { name: "Colour", values: ["Red"] },
        ],
        [
          { values: ["S", "Red"], sku: "T3-C" },
          { values: ["M", "Red"], sku: "T3-A" },
        ],
      ),
    });
    expect(saved.status, await saved.clone().text()).toBe(302);
    const after = await variantsOf(id);
    expect(after).toEqual([
      expect.objectContaining({ id: sRed!.id, sku: "T3-C", archived: false }),
      expect.objectContaining({ id: mRed!.id, sku: "T3-A", archived: false }),
      expect.objectContaining({ id: sBlue!.id, sku: "T3-B", archived: true }),
    ]);
    // Blue again: the archived row comes back with its stock.
    const back = await post(ada, `/tools/products/${id}`, {
      ...TEE,
      name: "Tee Three",
      slug,
      ...withVariants(SIZE_COLOUR, [
        { values: ["S", "Red"], sku: "T3-C" },
        { values: ["S", "Blue"], sku: "T3-B" },
      ]),
    });
    expect(back.status).toBe(302);
    const again = await variantsOf(id);
    expect(again.filter((row) => !row.archived).map((row) => row.id)).toEqual([sRed!.id, sBlue!.id]);
    expect(again.map((row) => row.id)).not.toContain(mRed!.id); // no history: deleted
  });

  it("lists a physical product's type and available stock over its variants and locations", async () => {
    const id = await create(ada, {
      name: "Stocked Tee",
      ...withVariants([{ name: "Size", values: ["S", "M"] }], [{ values: ["S"] }, { values: ["M"] }]),
    });
    const [s, m] = await variantsOf(id);
    await stock(ada, s!.id, 3);
    await stock(ada, m!.id, 4);
    const list = await (await page("/tools/products?q=Stocked", ada)).text();
    expect(list).toContain("Physical");
    expect(list).toContain("7 available");
  });

  it("duplicates a physical product with its variants, SKUs suffixed, no stock", async () => {
    const id = await create(ada, { name: "Cap", sku: "CAP-1", barcode: "036000291452" });
    const [original] = await variantsOf(id);
    await stock(ada, original!.id, 5);
    const response = await post(ada, "/tools/products", { intent: "duplicate", id });
    expect(response.status).toBe(302);
    const [copy] = await server.db
      .select({ id: products.id })
      .from(products)
      .where(sql`${products.userId} = ${ada.id} and ${products.name} = 'Copy of Cap'`);
    expect(await variantsOf(copy!.id)).toEqual([
      expect.objectContaining({ sku: "CAP-1-COPY", barcode: null, title: "", archived: false }),
    ]);
    const [level] = (
      await server.db.execute<{ n: number }>(
        sql`select count(*)::int as n from stock_levels l join product_variants v on v.id = l.variant_id where v.product_id = ${copy!.id}`,
      )
    ).rows;
    expect(level!.n).toBe(0);
  });
});

describe("the sales page of a physical product", () => {
  it("picks a variant without script, shows its price and stock, and links Buy to it", async () => {
    const id = await create(ada, {
      name: "Picked Tee",
      ...withVariants(SIZE_COLOUR, [
        { values: ["S", "Red"], sku: "PT-1" },
        { values: ["M", "Red"], sku: "PT-2", price: "30" },
        { values: ["M", "Blue"], sku: "PT-3" },
      ]),
    });
    expect((await post(ada, `/tools/products/${id}`, { intent: "publish" })).status).toBe(302);
    const [sRed, mRed, mBlue] = await variantsOf(id);
    await stock(ada, mRed!.id, 3);
    await stock(ada, mBlue!.id, 20);
    const handle = (
      await server.db.execute<{ handle: string }>(sql`select handle from storefronts where user_id = ${ada.id}`)
    ).rows[0]!.handle;
    const path = `/s/${handle}/picked-tee`;

    // The first variant in stock by default, with its own price and the few-left notice; no stock figure above 5.
    const first = await (await page(path)).text();
    expect(first).toContain("$30.00");
    expect(first).toContain("Only 3 left");
    expect(first).toContain(`href="${path}/buy?variant=${mRed!.id}"`);
    expect(first).toContain('name="option-1"');
    expect(first).not.toContain("PT-2"); // no SKU on a public page

    // The picker's GET answer is redirected to the variant's address.
    const picked = await page(`${path}?option-1=M&option-2=Blue`);
    expect(picked.status).toBe(302);
    expect(picked.headers.get("location")).toBe(`${path}?variant=${mBlue!.id}`);
    const blue = await (await page(`${path}?variant=${mBlue!.id}`)).text();
    expect(blue).toContain("$25.00");
    expect(blue).not.toContain("left");
    expect(blue).not.toContain("Sold out");

    // A variant with no stock is sold out: no Buy link.
    const sold = await (await page(`${path}?variant=${sRed!.id}`)).text();
    expect(sold).toContain("Sold out");
    expect(sold).not.toContain(`${path}/buy`);
    expect(sold).toContain("https://schema.org/OutOfStock");

    // Stock changes show at once (the cache is off here; in production it keeps a page seconds only).
    await stock(ada, sRed!.id, 2);
    expect(await (await page(`${path}?variant=${sRed!.id}`)).text()).toContain("Only 2 left");

    // An unknown variant goes back to the bare page.
    const unknown = await page(`${path}?variant=${randomUUID()}`);
    expect(unknown.status).toBe(302);
    expect(unknown.headers.get("location")).toBe(path);
  });

  it("sells a sold-out product on backorder, and the storefront marks a product sold out when every variant is", async () => {
    const soldOut = await create(ada, { name: "Empty Mug", sku: "EMPTY-1" });
    const backorder = await create(ada, { name: "Backorder Mug", sku: "BACK-1", allowBackorder: "on" });
    for (const id of [soldOut, backorder])
      expect((await post(ada, `/tools/products/${id}`, { intent: "publish" })).status).toBe(302);
    const handle = (
      await server.db.execute<{ handle: string }>(sql`select handle from storefronts where user_id = ${ada.id}`)
    ).rows[0]!.handle;
    const onBackorder = await (await page(`/s/${handle}/backorder-mug`)).text();
    expect(onBackorder).not.toContain("Sold out");
    expect(onBackorder).toContain(`/s/${handle}/backorder-mug/buy?variant=`);
    const store = await (await page(`/s/${handle}`)).text();
    const card = (name: string) => store.slice(store.indexOf(name), store.indexOf("</li>", store.indexOf(name)));
    expect(card("Empty Mug")).toContain("Sold out");
    expect(card("Backorder Mug")).not.toContain("Sold out");
    expect(card("Picked Tee")).not.toContain("Sold out");
  });
});
