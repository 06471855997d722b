import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordStockMovements } from "~/domains/inventory/server/record-stock-movements.server";
import { postForm } from "../../support/form-post";
import { createSignedInCreator, type SignedInCreator } from "../../support/signed-in-creator";
import { startTestServer, type TestServer } from "../../support/test-server";

// The Store Management page over HTTP: its first visit makes the shop from the Retail Store setup, later reads are one
// statement, its forms refuse another seller's locations with a field message, and the export matches the import.

let server: TestServer;
let seller: SignedInCreator;
let other: SignedInCreator;
const PAGE = "/tools/retail-dashboard";

async function setup(creator: SignedInCreator, features: string[]) {
  await server.db.execute(sql`
    insert into sales_methods (user_id, method, settings)
    values (${creator.id}, 'retail_store', ${JSON.stringify({
      storeName: "Harbour Goods",
      address: "12 Quay Road, Portsmouth",
      description: "",
      features,
    })}::jsonb)
    on conflict do nothing`);
}

async function variant(creator: SignedInCreator, sku: string) {
  const product = await server.db.execute<{ id: string }>(sql`
    insert into products (user_id, name, type, price_cents, currency, status)
    values (${creator.id}, 'Enamel mug', 'physical', 1200, 'USD', 'published') returning id`);
  const made = await server.db.execute<{ id: string }>(sql`
    insert into product_variants (product_id, user_id, sku, title) values (${product.rows[0]!.id}, ${creator.id},
      ${sku}, 'Blue')
    returning id`);
  return made.rows[0]!.id;
}

const get = (creator: SignedInCreator, path: string) =>
  server.request(path, { headers: { cookie: creator.jar.header(), "x-forwarded-for": creator.ip } });

async function locationsOf(creator: SignedInCreator) {
  const rows = await server.db.execute<{ id: string; kind: string; name: string }>(
    sql`select id, kind, name from stock_locations where user_id = ${creator.id} order by kind`,
  );
  return rows.rows;
}

beforeAll(async () => {
  server = await startTestServer({ TRUSTED_PROXIES: "loopback" }, { countRoundTrips: true });
  seller = await createSignedInCreator(server, { businessTypes: ["retail_store"] });
  other = await createSignedInCreator(server, { businessTypes: ["retail_store"] });
  await setup(seller, ["inventory", "pos", "analytics"]);
  await setup(other, ["pos"]);
});
afterAll(async () => {
  await server?.stop();
});

describe("Store Management", () => {
  it("makes the shop from the setup on the first visit, then reads the page in one statement", async () => {
    const first = await get(seller, PAGE);
    expect(first.status).toBe(200);
    const html = await first.text();
    expect(html).toContain("Harbour Goods");
    expect(html).toContain("12 Quay Road, Portsmouth");
    expect(html).toContain("No physical products yet");
    expect(html).toContain('href="/tools/pos"');
    expect(html).toContain('href="/analytics"');
    expect(html).not.toContain("Your customers");
    expect((await locationsOf(seller)).map((row) => [row.kind, row.name])).toEqual([
      ["online", "Online"],
      ["shop", "Harbour Goods"],
    ]);
    await variant(seller, "MUG-BLUE");
    for (const path of [PAGE, `${PAGE}.data`, `${PAGE}?q=mug&low=1`, `${PAGE}.data?page=2`]) {
      const before = server.roundTrips().length;
      const response = await get(seller, path);
      await response.arrayBuffer();
      await new Promise((resolve) => setTimeout(resolve, 50));
      const mine = server
        .roundTrips()
        .slice(before)
        .filter((entry) => entry.url === path);
      expect(response.status).toBe(200);
      expect(mine[0]!.statements).toHaveLength(1);
    }
  });

  it("explains how to turn inventory on when the setup has it off", async () => {
    const html = await (await get(other, PAGE)).text();
    expect(html).toContain("Inventory tracking is off in your retail store setup");
    expect(html).toContain('href="/sales/retail-store"');
    expect(html).not.toContain("Export inventory (CSV)");
  });

  it("receives stock through the form and refuses another seller's location with a field message", async () => {
    const item = await variant(seller, "MUG-RED");
    const mine = await locationsOf(seller);
    await get(other, PAGE);
    const theirs = await locationsOf(other);
    const shop = mine.find((row) => row.kind === "shop")!.id;
    const received = await postForm(
      server,
      PAGE,
      { intent: "receive", variantId: item, locationId: shop, quantity: "4", note: "delivery" },
      { jar: seller.jar, ip: seller.ip },
    );
    expect(received.status).toBe(200);
    const refused = await postForm(
      server,
      `${PAGE}.data`,
      { intent: "receive", variantId: item, locationId: theirs[0]!.id, quantity: "4" },
      { jar: seller.jar, ip: seller.ip },
    );
    expect(refused.status).toBe(404);
    expect(await refused.text()).toContain("This location was not found in your store.");
    const fractional = await postForm(
      server,
      `${PAGE}.data`,
      { intent: "receive", variantId: item, locationId: shop, quantity: "1.5" },
      { jar: seller.jar, ip: seller.ip },
    );
    expect(fractional.status).toBe(400);
    expect(await fractional.text()).toContain("Please enter a whole number, like 5.");
    const levels = await server.db.execute<{ on_hand: number }>(
      sql`select on_hand from stock_levels where variant_id = ${item}`,
    );
    expect(levels.rows).toEqual([{ on_hand: 4 }]);
  });

  it("flags negative stock for review and filters low stock by the product's alert level", async () => {
    const item = await variant(seller, "MUG-GREEN");
    const shop = (await locationsOf(seller)).find((row) => row.kind === "shop")!.id;
    const send = (fields: Record<string, string>) =>
      postForm(server, `${PAGE}.data`, fields, { jar: seller.jar, ip: seller.ip });
    // An adjustment never takes stock below 0 (the field says the bound); sales made offline may.
    const refused = await send({ intent: "adjust", variantId: item, locationId: shop, quantity: "-2", reason: "lost" });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("Stock on hand stays between 0 and 1,000,000 units: with 0 here");
    const tooLarge = await send({
      intent: "adjust",
      variantId: item,
      locationId: shop,
      quantity: "-1000001",
      reason: "lost",
    });
    expect(tooLarge.status).toBe(400);
    expect(await tooLarge.text()).toContain("Please enter a change from -1,000,000 to 1,000,000");
    await recordStockMovements(server.db, seller.id, null, [
      { variantId: item, locationId: shop, kind: "sold", quantity: -2 },
    ]);
    const [{ product_id: productId }] = (
      await server.db.execute<{ product_id: string }>(sql`select product_id from product_variants where id = ${item}`)
    ).rows as [{ product_id: string }];
    expect((await send({ intent: "threshold", productId, threshold: "1.5" })).status).toBe(400);
    expect((await send({ intent: "threshold", productId, threshold: "1" })).status).toBe(200);
    const page = await (await get(seller, `${PAGE}?q=MUG-GREEN`)).text();
    expect(page).toContain("Needs review");
    const low = await (await get(seller, `${PAGE}.data?low=1`)).text();
    expect(low).toContain("MUG-GREEN");
    expect(low).not.toContain("MUG-BLUE");
  });

  it("exports one row per item and location, which imports back as a count with nothing to change", async () => {
    const response = await get(seller, `${PAGE}/inventory.csv`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toMatch(/attachment; filename="sellkit-inventory-/);
    const csv = await response.text();
    const lines = csv.trimEnd().split("\r\n");
    expect(lines[0]).toBe("sku,barcode,product,variant,location,quantity,reserved,available,low_stock_threshold");
    expect(lines).toContain("MUG-RED,,Enamel mug,Blue,Harbour Goods,4,0,4,");
    expect(lines).toContain("MUG-RED,,Enamel mug,Blue,Online,0,0,0,");
    const preview = await postForm(
      server,
      PAGE,
      { intent: "import-preview", mode: "count", file: new Blob([csv], { type: "text/csv" }) },
      { jar: seller.jar, ip: seller.ip, multipart: true },
    );
    // Every row imports back unchanged, but the item whose stock went negative: no count can be below zero.
    expect(preview.status).toBe(400);
    const text = (await preview.text()).replaceAll("<!-- -->", "");
    expect(text).toContain("0 changes, 1 with errors.");
    expect(text.match(/Row \d+: /g)).toEqual([expect.stringMatching(/^Row \d+: $/)]);
    expect(text).toMatch(/Row \d+: Quantity cannot be negative\./);
  });
});
