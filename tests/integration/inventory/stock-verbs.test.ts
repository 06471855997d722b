import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/database.server";
import { archiveStockLocation } from "~/domains/inventory/server/archive-stock-location.server";
import { changeStock } from "~/domains/inventory/server/change-stock.server";
import { ensureStoreLocations } from "~/domains/inventory/server/ensure-store-locations.server";
import { importStockCsv } from "~/domains/inventory/server/import-stock-csv.server";
import { postStockCount } from "~/domains/inventory/server/post-stock-count.server";
import { recordStockMovements } from "~/domains/inventory/server/record-stock-movements.server";
import { reviewStockCount } from "~/domains/inventory/server/review-stock-count.server";
import { saveStockLocation } from "~/domains/inventory/server/save-stock-location.server";
import { sendLowStockDigests } from "~/domains/inventory/server/send-low-stock-digests.server";
import { transferStock } from "~/domains/inventory/server/transfer-stock.server";
import { enqueueMail } from "~/server/mail/mail-outbox.server";
import type { Mailer } from "~/server/mail/mailer.server";
import { createTestDatabase } from "../../support/test-database";
import { makeTestServices } from "../../support/test-services";

// Store Management's stock verbs against a real PostgreSQL: every change is a ledger movement, refusals write nothing,
// another seller's items and locations are never touched, and imports are all or nothing.

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(() => database?.drop());

type Seller = { id: string; online: string; shop: string };

async function makeSeller(storeName = "Corner Shop", address = "1 Market Street, Springfield"): Promise<Seller> {
  const id = randomUUID();
  await db.execute(
    sql`insert into "user" (id, name, email, email_verified) values (${id}, 'Sam Seller', ${`${id}@example.com`}, true)`,
  );
  await db.execute(sql`
    insert into sales_methods (user_id, method, settings)
    values (${id}, 'retail_store', ${JSON.stringify({ storeName, address, description: "", features: ["inventory"] })}::jsonb)`);
  await ensureStoreLocations(db, id);
  const rows = await db.execute<{ id: string; kind: string }>(
    sql`select id, kind from stock_locations where user_id = ${id}`,
  );
  return {
    id,
    online: rows.rows.find((row) => row.kind === "online")!.id,
    shop: rows.rows.find((row) => row.kind === "shop")!.id,
  };
}

async function makeVariants(sellerId: string, skus: string[], threshold: number | null = null): Promise<string[]> {
  const product = await db.execute<{ id: string }>(sql`
    insert into products (user_id, name, type, price_cents, currency, status, low_stock_threshold)
    values (${sellerId}, 'Mug', 'physical', 1200, 'USD', 'published', ${threshold}) returning id`);
  const ids: string[] = [];
  for (const [position, sku] of skus.entries()) {
    const variant = await db.execute<{ id: string }>(sql`
      insert into product_variants (product_id, user_id, sku, barcode, title, position)
      values (${product.rows[0]!.id}, ${sellerId}, ${sku}, ${`400000000${position}`}, ${`Size ${position}`}, ${position})
      returning id`);
    ids.push(variant.rows[0]!.id);
  }
  return ids;
}

async function level(variantId: string, locationId: string) {
  const result = await db.execute<{ on_hand: number; reserved: number; ledger: number }>(sql`
    select coalesce(l.on_hand, 0) as on_hand, coalesce(l.reserved, 0) as reserved,
      (select coalesce(sum(quantity), 0)::int from stock_movements m
        where m.variant_id = ${variantId} and m.location_id = ${locationId}) as ledger
    from (select 1) x left join stock_levels l on l.variant_id = ${variantId} and l.location_id = ${locationId}`);
  return result.rows[0]!;
}

const movementsOf = async (variantId: string) =>
  (
    await db.execute<{ kind: string; quantity: number; reason: string | null; transfer_id: string | null }>(
      sql`select kind, quantity, reason, transfer_id from stock_movements where variant_id = ${variantId} order by created_at, quantity`,
    )
  ).rows;

describe("the seller's locations", () => {
  it("makes the Online location and the first shop from the Retail Store setup, once, even on racing first visits", async () => {
    const seller = await makeSeller("Harbour Goods", "12 Quay Road, Portsmouth");
    await Promise.all([1, 2, 3].map(() => ensureStoreLocations(db, seller.id)));
    const rows = await db.execute<{ kind: string; name: string; address: string }>(
      sql`select kind, name, address from stock_locations where user_id = ${seller.id} order by kind`,
    );
    expect(rows.rows).toEqual([
      { kind: "online", name: "Online", address: "" },
      { kind: "shop", name: "Harbour Goods", address: "12 Quay Road, Portsmouth" },
    ]);
  });

  it("edits and adds shops, archives them without losing history and never makes the first one again", async () => {
    const seller = await makeSeller();
    const details = { name: "Main Street", address: "2 Main St", openingHours: "Mon–Sat 9–18", phone: "+44 20 1234" };
    expect(await saveStockLocation(db, seller.id, seller.shop, details)).toEqual({ ok: true, id: seller.shop });
    const added = await saveStockLocation(db, seller.id, null, { ...details, name: "Station kiosk" });
    expect(added.ok).toBe(true);
    const [variant] = await makeVariants(seller.id, [`A-${randomUUID()}`]);
    await changeStock(db, seller.id, seller.id, {
      kind: "received",
      variantId: variant!,
      locationId: seller.shop,
      quantity: 2,
      note: "",
    });
    expect(await archiveStockLocation(db, seller.id, seller.shop, true)).toEqual({ ok: true });
    expect(await archiveStockLocation(db, seller.id, seller.online, true)).toMatchObject({
      code: "ONLINE_LOCATION_KEPT",
    });
    await ensureStoreLocations(db, seller.id);
    const shops = await db.execute<{ name: string; archived: boolean }>(sql`
      select name, archived_at is not null as archived from stock_locations
      where user_id = ${seller.id} and kind = 'shop' order by position`);
    expect(shops.rows).toEqual([
      { name: "Main Street", archived: true },
      { name: "Station kiosk", archived: false },
    ]);
    expect(await movementsOf(variant!)).toHaveLength(1);
    const refused = await changeStock(db, seller.id, seller.id, {
      kind: "received",
      variantId: variant!,
      locationId: seller.shop,
      quantity: 1,
      note: "",
    });
    expect(refused).toMatchObject({ ok: false, code: "STOCK_LOCATION_ARCHIVED" });
  });

  it("refuses to edit another seller's shop", async () => {
    const seller = await makeSeller();
    const other = await makeSeller();
    const details = { name: "Mine now", address: "", openingHours: "", phone: "" };
    expect(await saveStockLocation(db, seller.id, other.shop, details)).toMatchObject({
      code: "STOCK_LOCATION_NOT_FOUND",
    });
    expect(await archiveStockLocation(db, seller.id, other.shop, true)).toMatchObject({
      code: "STOCK_LOCATION_NOT_FOUND",
    });
  });
});

describe("receive, adjust, transfer and count", () => {
  it("receives and adjusts as ledger movements, with reasons", async () => {
    const seller = await makeSeller();
    const [variant] = await makeVariants(seller.id, [`B-${randomUUID()}`]);
    const base = { variantId: variant!, locationId: seller.shop, note: "" };
    await changeStock(db, seller.id, seller.id, { ...base, kind: "received", quantity: 7 });
    await changeStock(db, seller.id, seller.id, { ...base, kind: "adjusted", quantity: -5, reason: "damaged" });
    expect(await level(variant!, seller.shop)).toEqual({ on_hand: 2, reserved: 0, ledger: 2 });
    expect((await movementsOf(variant!)).map((m) => [m.kind, m.quantity, m.reason])).toEqual([
      ["received", 7, null],
      ["adjusted", -5, "damaged"],
    ]);
  });

  it("keeps a level where a count could set it, 0 to 1,000,000, whatever receipts and adjustments ask, and says so", async () => {
    const seller = await makeSeller();
    const [variant] = await makeVariants(seller.id, [`L-${randomUUID()}`]);
    const base = { variantId: variant!, locationId: seller.shop, note: "" };
    const adjust = (quantity: number) =>
      changeStock(db, seller.id, seller.id, { ...base, kind: "adjusted", quantity, reason: "lost" });
    expect(await adjust(-1_000_000)).toEqual({
      ok: false,
      code: "STOCK_LEVEL_OUT_OF_RANGE",
      message: "Stock on hand stays between 0 and 1,000,000 units: with 0 here, remove at most 0.",
    });
    expect(await changeStock(db, seller.id, seller.id, { ...base, kind: "received", quantity: 3 })).toEqual({
      ok: true,
    });
    expect(await adjust(-4)).toMatchObject({
      code: "STOCK_LEVEL_OUT_OF_RANGE",
      message: expect.stringMatching(/at most 3\.$/),
    });
    expect(await adjust(-3)).toEqual({ ok: true });
    expect(await adjust(1_000_000)).toEqual({ ok: true });
    expect(await changeStock(db, seller.id, seller.id, { ...base, kind: "received", quantity: 1 })).toEqual({
      ok: false,
      code: "STOCK_LEVEL_OUT_OF_RANGE",
      message: "Stock on hand stays between 0 and 1,000,000 units: with 1,000,000 here, add at most 0.",
    });
    expect(await level(variant!, seller.shop)).toEqual({ on_hand: 1_000_000, reserved: 0, ledger: 1_000_000 });
    // A level below 0 (sales made offline) may be adjusted up towards 0, never further down.
    const [oversold] = await makeVariants(seller.id, [`O-${randomUUID()}`]);
    await recordStockMovements(db, seller.id, null, [
      { variantId: oversold!, locationId: seller.shop, kind: "sold", quantity: -5 },
    ]);
    const other = {
      variantId: oversold!,
      locationId: seller.shop,
      note: "",
      kind: "adjusted" as const,
      reason: "found" as const,
    };
    expect(await changeStock(db, seller.id, seller.id, { ...other, quantity: -1 })).toMatchObject({
      code: "STOCK_LEVEL_OUT_OF_RANGE",
    });
    expect(await changeStock(db, seller.id, seller.id, { ...other, quantity: 2 })).toEqual({ ok: true });
    expect(await level(oversold!, seller.shop)).toMatchObject({ on_hand: -3, ledger: -3 });
  });

  it("transfers as two movements sharing one transfer id, and refuses more than is available at the source", async () => {
    const seller = await makeSeller("Corner Shop");
    const [variant] = await makeVariants(seller.id, [`C-${randomUUID()}`]);
    await changeStock(db, seller.id, seller.id, {
      kind: "received",
      variantId: variant!,
      locationId: seller.shop,
      quantity: 6,
      note: "",
    });
    await db.execute(
      sql`update stock_levels set reserved = 2 where variant_id = ${variant!} and location_id = ${seller.shop}`,
    );
    const transfer = { variantId: variant!, fromLocationId: seller.shop, toLocationId: seller.online, note: "" };
    const refused = await transferStock(db, seller.id, seller.id, { ...transfer, quantity: 5 });
    expect(refused).toEqual({
      ok: false,
      code: "STOCK_TRANSFER_SHORT",
      message: "Only 4 available at Corner Shop",
    });
    expect(await movementsOf(variant!)).toHaveLength(1);
    const moved = await transferStock(db, seller.id, seller.id, { ...transfer, quantity: 4 });
    expect(moved.ok).toBe(true);
    const transfers = (await movementsOf(variant!)).filter((m) => m.kind === "transferred");
    expect(transfers.map((m) => m.quantity).sort()).toEqual([-4, 4]);
    expect(new Set(transfers.map((m) => m.transfer_id)).size).toBe(1);
    expect(await level(variant!, seller.shop)).toMatchObject({ on_hand: 2, ledger: 2 });
    expect(await level(variant!, seller.online)).toMatchObject({ on_hand: 4, ledger: 4 });
    expect(
      await transferStock(db, seller.id, seller.id, { ...transfer, toLocationId: seller.shop, quantity: 1 }),
    ).toMatchObject({
      code: "STOCK_TRANSFER_SAME_LOCATION",
    });
  });

  it("never lets two racing transfers take the same units", async () => {
    const seller = await makeSeller();
    const [variant] = await makeVariants(seller.id, [`D-${randomUUID()}`]);
    await changeStock(db, seller.id, seller.id, {
      kind: "received",
      variantId: variant!,
      locationId: seller.shop,
      quantity: 5,
      note: "",
    });
    const results = await Promise.all(
      Array.from({ length: 4 }, () =>
        transferStock(db, seller.id, seller.id, {
          variantId: variant!,
          fromLocationId: seller.shop,
          toLocationId: seller.online,
          quantity: 2,
          note: "",
        }),
      ),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(2);
    expect(await level(variant!, seller.shop)).toMatchObject({ on_hand: 1, ledger: 1 });
  });

  it("refuses another seller's location or item, writing nothing", async () => {
    const seller = await makeSeller();
    const other = await makeSeller();
    const [mine] = await makeVariants(seller.id, [`E-${randomUUID()}`]);
    const [theirs] = await makeVariants(other.id, [`F-${randomUUID()}`]);
    const receive = { kind: "received" as const, quantity: 3, note: "" };
    expect(
      await changeStock(db, seller.id, seller.id, { ...receive, variantId: mine!, locationId: other.shop }),
    ).toMatchObject({
      code: "STOCK_LOCATION_NOT_FOUND",
    });
    expect(
      await changeStock(db, seller.id, seller.id, { ...receive, variantId: theirs!, locationId: seller.shop }),
    ).toMatchObject({
      code: "STOCK_ITEM_NOT_FOUND",
    });
    expect(
      await transferStock(db, seller.id, seller.id, {
        variantId: mine!,
        fromLocationId: seller.shop,
        toLocationId: other.online,
        quantity: 1,
        note: "",
      }),
    ).toMatchObject({ code: "STOCK_LOCATION_NOT_FOUND" });
    expect(
      await postStockCount(db, seller.id, seller.id, [{ variantId: mine!, locationId: other.shop, counted: 4 }]),
    ).toMatchObject({
      code: "STOCK_LOCATION_NOT_FOUND",
    });
    const written = await db.execute(sql`select 1 from stock_movements where variant_id in (${mine!}, ${theirs!})`);
    expect(written.rows).toHaveLength(0);
  });

  it("reviews a count's differences without writing, then posts counted movements of the differences", async () => {
    const seller = await makeSeller();
    const [a, b, c] = await makeVariants(seller.id, [`G1-${randomUUID()}`, `G2-${randomUUID()}`, `G3-${randomUUID()}`]);
    for (const variantId of [a!, b!])
      await changeStock(db, seller.id, seller.id, {
        kind: "received",
        variantId,
        locationId: seller.shop,
        quantity: 5,
        note: "",
      });
    const counts = [
      { variantId: a!, locationId: seller.shop, counted: 5 },
      { variantId: b!, locationId: seller.shop, counted: 3 },
      { variantId: c!, locationId: seller.shop, counted: 2 },
    ];
    const reviewed = await reviewStockCount(db, seller.id, counts);
    expect(reviewed.ok && reviewed.differences.map((line) => [line.variantId, line.onHand, line.difference])).toEqual([
      [b!, 5, -2],
      [c!, 0, 2],
    ]);
    expect(await movementsOf(b!)).toHaveLength(1);
    expect(await postStockCount(db, seller.id, seller.id, [...counts, counts[1]!])).toEqual({ ok: true, changed: 2 });
    expect(await level(b!, seller.shop)).toMatchObject({ on_hand: 3, ledger: 3 });
    expect(await level(c!, seller.shop)).toMatchObject({ on_hand: 2, ledger: 2 });
    expect((await movementsOf(c!)).map((m) => [m.kind, m.quantity])).toEqual([["counted", 2]]);
  });
});

describe("CSV import", () => {
  it("previews every row's error and writes nothing, even when most rows are good", async () => {
    const seller = await makeSeller("Corner Shop");
    const skus = [`H1-${randomUUID()}`, `H2-${randomUUID()}`];
    const [a] = await makeVariants(seller.id, skus);
    const text = [
      "sku,location,quantity",
      `${skus[0]},Corner Shop,4`,
      `${skus[1]},Online,2`,
      "NOPE-1,Online,1",
      `${skus[0]},Attic,1`,
      `${skus[1]},Corner Shop,1.5`,
      `${skus[1]},Corner Shop,-1`,
      `${skus[0]},corner shop,9`,
    ].join("\r\n");
    for (const apply of [false, true]) {
      const result = await importStockCsv(db, seller.id, seller.id, { text, mode: "receive", apply });
      expect(result).toMatchObject({ ok: false, code: "STOCK_IMPORT_INVALID" });
      if (result.ok || result.code !== "STOCK_IMPORT_INVALID") continue;
      expect(result.summary.errors).toEqual([
        { row: 4, message: 'No item has the SKU "NOPE-1".' },
        { row: 5, message: 'No open location is named "Attic".' },
        { row: 6, message: 'Quantity must be a whole number, not "1.5".' },
        { row: 7, message: "Quantity cannot be negative." },
        { row: 8, message: "Duplicate of row 2: an item appears once per location." },
      ]);
    }
    expect(await movementsOf(a!)).toHaveLength(0);
  });

  it("applies a good file in one go: counted differences or received units, matching barcodes too", async () => {
    const seller = await makeSeller("Corner Shop");
    const skus = [`I1-${randomUUID()}`, `I2-${randomUUID()}`];
    const [a, b] = await makeVariants(seller.id, skus);
    await changeStock(db, seller.id, seller.id, {
      kind: "received",
      variantId: a!,
      locationId: seller.shop,
      quantity: 10,
      note: "",
    });
    const count = `sku,barcode,location,quantity\n${skus[0]},,Corner Shop,7\n,4000000001,Online,3\n`;
    const preview = await importStockCsv(db, seller.id, seller.id, { text: count, mode: "count", apply: false });
    expect(preview).toMatchObject({ ok: true, applied: false, summary: { rows: 2, changes: 2, errors: [] } });
    expect(await movementsOf(a!)).toHaveLength(1);
    const applied = await importStockCsv(db, seller.id, seller.id, { text: count, mode: "count", apply: true });
    expect(applied).toMatchObject({ ok: true, applied: true, summary: { changes: 2 } });
    expect(await level(a!, seller.shop)).toMatchObject({ on_hand: 7, ledger: 7 });
    expect(await level(b!, seller.online)).toMatchObject({ on_hand: 3, ledger: 3 });
    const receive = `sku,location,quantity\n${skus[0]},Corner Shop,5\n${skus[1]},Online,0\n`;
    await importStockCsv(db, seller.id, seller.id, { text: receive, mode: "receive", apply: true });
    expect(await level(a!, seller.shop)).toMatchObject({ on_hand: 12, ledger: 12 });
    expect(await level(b!, seller.online)).toMatchObject({ on_hand: 3, ledger: 3 });
  });

  it("imports 10,000 rows in well under ten seconds", async () => {
    const seller = await makeSeller("Corner Shop");
    const product = await db.execute<{ id: string }>(sql`
      insert into products (user_id, name, type, price_cents, currency, status)
      values (${seller.id}, 'Sock', 'physical', 500, 'USD', 'published') returning id`);
    await db.execute(sql`
      insert into product_variants (product_id, user_id, sku, title, position)
      select ${product.rows[0]!.id}, ${seller.id}, 'SOCK-' || n, 'No. ' || n, n from generate_series(1, 5000) n`);
    const lines = ["sku,location,quantity"];
    for (let n = 1; n <= 5000; n++) lines.push(`SOCK-${n},Corner Shop,${n % 7}`, `SOCK-${n},Online,${n % 5}`);
    const started = performance.now();
    const result = await importStockCsv(db, seller.id, seller.id, {
      text: lines.join("\n"),
      mode: "count",
      apply: true,
    });
    const seconds = (performance.now() - started) / 1000;
    expect(result).toMatchObject({ ok: true, applied: true, summary: { rows: 10_000 } });
    expect(seconds).toBeLessThan(10);
    const total = await db.execute<{ units: number; movements: number }>(sql`
      select (select sum(on_hand)::int from stock_levels where user_id = ${seller.id}) as units,
        (select count(*)::int from stock_movements where user_id = ${seller.id} and kind = 'counted') as movements`);
    const expected = Array.from({ length: 5000 }, (_, i) => ((i + 1) % 7) + ((i + 1) % 5)).reduce((a, b) => a + b, 0);
    expect(total.rows[0]!.units).toBe(expected);
  }, 30_000);
});

describe("the daily low-stock email", () => {
  const FROM = "Sellkit <noreply@sellkit.test>";
  const mailer: Mailer = {
    kind: "dev-mailbox",
    send: async (message, options) => void (await enqueueMail(options?.tx ?? db, FROM, message)),
    request: async () => {},
    close: async () => {},
  };
  const services = () => makeTestServices(db, { mailer });

  it("goes out once per seller and day in their time zone, even when two runs race", async () => {
    const seller = await makeSeller();
    await db.execute(sql`insert into profiles (user_id, first_name, last_name, date_of_birth, time_zone)
      values (${seller.id}, 'Sam', 'Seller', '1990-01-01', 'Pacific/Kiritimati')`);
    const [low, fine] = await makeVariants(seller.id, [`J1-${randomUUID()}`, `J2-${randomUUID()}`], 3);
    await changeStock(db, seller.id, seller.id, {
      kind: "received",
      variantId: low!,
      locationId: seller.shop,
      quantity: 2,
      note: "",
    });
    await changeStock(db, seller.id, seller.id, {
      kind: "received",
      variantId: fine!,
      locationId: seller.shop,
      quantity: 9,
      note: "",
    });
    await Promise.all([sendLowStockDigests(services()), sendLowStockDigests(services())]);
    await sendLowStockDigests(services());
    const mails = await db.execute<{ subject: string; text: string }>(
      sql`select subject, "text" from mail_outbox where "to" = ${`${seller.id}@example.com`}`,
    );
    expect(mails.rows).toHaveLength(1);
    expect(mails.rows[0]!.subject).toBe("Low stock: 1 item is at or below the alert level");
    expect(mails.rows[0]!.text).toContain("Mug — Size 0");
    expect(mails.rows[0]!.text).toContain("2 available, alert at 3");
    expect(mails.rows[0]!.text).not.toContain("Size 1");
    const digest = await db.execute<{ day: string; today: string }>(sql`
      select to_char(day, 'YYYY-MM-DD') as day, to_char((now() at time zone 'Pacific/Kiritimati')::date,
        'YYYY-MM-DD') as today
      from low_stock_digests where user_id = ${seller.id}`);
    expect(digest.rows).toHaveLength(1);
    expect(digest.rows[0]!.day).toBe(digest.rows[0]!.today);
  });

  it("sends nothing to a seller with nothing low", async () => {
    const seller = await makeSeller();
    const [item] = await makeVariants(seller.id, [`K-${randomUUID()}`], 1);
    await changeStock(db, seller.id, seller.id, {
      kind: "received",
      variantId: item!,
      locationId: seller.online,
      quantity: 4,
      note: "",
    });
    await sendLowStockDigests(services());
    const mails = await db.execute(sql`select 1 from mail_outbox where "to" = ${`${seller.id}@example.com`}`);
    expect(mails.rows).toHaveLength(0);
  });
});
