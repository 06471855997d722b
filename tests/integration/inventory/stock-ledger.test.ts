import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/database.server";
import { ensureOnlineLocation } from "~/domains/inventory/server/ensure-online-location.server";
import { recordStockMovements } from "~/domains/inventory/server/record-stock-movements.server";
import { reserveStock } from "~/domains/inventory/server/reserve-stock.server";
import { settleStockReservations } from "~/domains/inventory/server/settle-stock-reservations.server";
import { createTestDatabase } from "../../support/test-database";
import { readSoldStockLines } from "~/domains/orders/server/read-sold-stock-lines.server";

/** Settles an order's holds as its payment does: the lines it sold taken from stock. */
async function sell(sellerId: string, orderId: string) {
  await settleStockReservations(db, orderId, { sellerId, lines: await readSoldStockLines(db, orderId) });
}

// The stock ledger's core verbs against a real PostgreSQL: levels always equal the sum of movements, concurrent holds
// never take more than is there, and another seller's variant or location is never touched.

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Database;

async function makeSeller(): Promise<string> {
  const id = randomUUID();
  await db.execute(
    sql`insert into "user" (id, name, email, email_verified) values (${id}, 'S', ${`${id}@example.com`}, true)`,
  );
  return id;
}

async function makeVariant(sellerId: string): Promise<string> {
  const product = await db.execute<{ id: string }>(sql`
    insert into products (user_id, name, type, price_cents, currency, status)
    values (${sellerId}, 'Mug', 'physical', 1200, 'USD', 'published') returning id`);
  const variant = await db.execute<{ id: string }>(sql`
    insert into product_variants (product_id, user_id, sku) values (${product.rows[0]!.id}, ${sellerId}, ${`MUG-${randomUUID()}`})
    returning id`);
  return variant.rows[0]!.id;
}

async function order(
  sellerId: string,
  variantId: string,
  locationId: string,
  quantity = 1,
): Promise<{ orderId: string; lineId: string }> {
  const orderId = randomUUID();
  await db.execute(sql`
    insert into orders (id, user_id, customer_email, amount_cents, currency, location_id)
    values (${orderId}, ${sellerId}, 'b@example.com', 1200, 'USD', ${locationId})`);
  const line = await db.execute<{ id: string }>(sql`
    insert into order_lines (order_id, kind, variant_id, product_name, unit_price_cents, quantity, subtotal_cents)
    values (${orderId}, 'physical', ${variantId}, 'Mug', 1200, ${quantity}, ${1200 * quantity}) returning id`);
  return { orderId, lineId: line.rows[0]!.id };
}

async function level(variantId: string, locationId: string) {
  const result = await db.execute<{ on_hand: number; reserved: number; ledger: number }>(sql`
    select l.on_hand, l.reserved,
      (select coalesce(sum(quantity), 0)::int from stock_movements m where m.variant_id = l.variant_id
        and m.location_id = l.location_id) as ledger
    from stock_levels l where variant_id = ${variantId} and location_id = ${locationId}`);
  return result.rows[0]!;
}

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(() => database?.drop());

describe("the stock ledger", () => {
  it("makes one Online location per seller, however often it is asked", async () => {
    const seller = await makeSeller();
    const ids = await Promise.all([1, 2, 3].map(() => ensureOnlineLocation(db, seller)));
    expect(new Set(ids).size).toBe(1);
  });

  it("holds the last units for exactly as many concurrent checkouts as there are units", async () => {
    const seller = await makeSeller();
    const variant = await makeVariant(seller);
    const online = await ensureOnlineLocation(db, seller);
    await recordStockMovements(db, seller, seller, [
      { variantId: variant, locationId: online, kind: "received", quantity: 5 },
    ]);
    const orders = await Promise.all(Array.from({ length: 12 }, () => order(seller, variant, online)));
    const results = await Promise.all(
      orders.map(({ orderId, lineId }) =>
        db.transaction(async (tx) => {
          const held = await reserveStock(tx, {
            orderId,
            sellerId: seller,
            locationId: online,
            expiresAt: new Date(Date.now() + 60_000),
            claims: [{ orderLineId: lineId, variantId: variant, quantity: 1, allowBackorder: false }],
          });
          return held.ok;
        }),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(5);
    expect(await level(variant, online)).toEqual({ on_hand: 5, reserved: 5, ledger: 5 });

    const held = orders.filter((_, i) => results[i]);
    await sell(seller, held[0]!.orderId);
    await sell(seller, held[0]!.orderId);
    await settleStockReservations(db, held[1]!.orderId, "released");
    expect(await level(variant, online)).toEqual({ on_hand: 4, reserved: 3, ledger: 4 });
  });

  it("refuses a shortage with what was asked and what is left, and backorders past zero when allowed", async () => {
    const seller = await makeSeller();
    const variant = await makeVariant(seller);
    const online = await ensureOnlineLocation(db, seller);
    await recordStockMovements(db, seller, seller, [
      { variantId: variant, locationId: online, kind: "received", quantity: 2 },
    ]);
    const first = await order(seller, variant, online, 3);
    const claim = { orderLineId: first.lineId, variantId: variant, quantity: 3, allowBackorder: false };
    const base = {
      orderId: first.orderId,
      sellerId: seller,
      locationId: online,
      expiresAt: new Date(Date.now() + 60_000),
    };
    const refused = await reserveStock(db, { ...base, claims: [claim] });
    expect(refused).toMatchObject({
      ok: false,
      code: "STOCK_INSUFFICIENT",
      shortages: [{ requested: 3, available: 2 }],
    });
    expect(await reserveStock(db, { ...base, claims: [{ ...claim, allowBackorder: true }] })).toEqual({ ok: true });
    await sell(seller, first.orderId);
    expect(await level(variant, online)).toEqual({ on_hand: -1, reserved: 0, ledger: -1 });
  });

  it("never moves another seller's stock", async () => {
    const seller = await makeSeller();
    const other = await makeSeller();
    const variant = await makeVariant(other);
    const online = await ensureOnlineLocation(db, seller);
    const recorded = await recordStockMovements(db, seller, seller, [
      { variantId: variant, locationId: online, kind: "received", quantity: 9 },
    ]);
    expect(recorded).toBe(0);
    const rows = await db.execute(sql`select 1 from stock_levels where variant_id = ${variant}`);
    expect(rows.rows).toHaveLength(0);
  });
});
