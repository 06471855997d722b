import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/database.server";
import type { DiscountInput } from "~/domains/discounts/schemas/discount-code";
import { archiveDiscountCode } from "~/domains/discounts/server/archive-discount-code.server";
import { createDiscountCode } from "~/domains/discounts/server/create-discount-code.server";
import { deleteDiscountCode } from "~/domains/discounts/server/delete-discount-code.server";
import { reserveDiscount } from "~/domains/discounts/server/discount-reservation.server";
import { listDiscountCodes } from "~/domains/discounts/server/list-discount-codes.server";
import { updateDiscountCode } from "~/domains/discounts/server/update-discount-code.server";
import { createTestDatabase } from "../../support/test-database";

// The seller's management of discount codes against a real PostgreSQL: create/update/archive/delete
// rules, case-insensitive uniqueness per store, own data only (another creator's code is not found and unchanged),
// and how management meets the checkout's reservation (archived codes refused, maximum never below the count).

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Database;
let alice: string;
let bob: string;
let aliceProduct: string;
let bobProduct: string;

async function makeCreator(name: string): Promise<{ id: string; productId: string }> {
  const id = randomUUID();
  const productId = randomUUID();
  await db.execute(
    sql`insert into "user" (id, name, email, email_verified) values (${id}, ${name}, ${`${id}@example.com`}, true)`,
  );
  await db.execute(
    sql`insert into products (id, user_id, name, slug, price_cents, currency, status) values (${productId}, ${id}, ${`${name}'s guide`}, ${`guide-${id.slice(0, 8)}`}, 2000, 'USD', 'published')`,
  );
  return { id, productId };
}

const input = (overrides: Partial<DiscountInput> = {}): DiscountInput => ({
  code: `CODE${Math.floor(Math.random() * 1e9)}`,
  kind: "percent",
  percentOff: 20,
  amountOffCents: null,
  currency: null,
  appliesTo: "all",
  productIds: [],
  startsAt: null,
  endsAt: null,
  maxRedemptions: null,
  minAmountCents: null,
  ...overrides,
});

async function created(userId: string, overrides: Partial<DiscountInput> = {}): Promise<string> {
  const result = await createDiscountCode(db, userId, input(overrides));
  if (!result.ok) throw new Error(result.code);
  return result.id;
}

const row = async (id: string) =>
  (
    await db.execute<{
      code: string;
      percent_off: number | null;
      max_redemptions: number | null;
      archived_at: Date | null;
      redemptions_count: number;
    }>(
      sql`select code, percent_off, max_redemptions, archived_at, redemptions_count from discount_codes where id = ${id}::uuid`,
    )
  ).rows[0];

/** A pending order of `userId` reserving `code` (as the checkout does, in one transaction). */
async function reserve(userId: string, productId: string, code: string) {
  const orderId = randomUUID();
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`insert into orders (id, user_id, customer_email, amount_cents, currency) values (${orderId}::uuid, ${userId}, 'buyer@example.com', 2000, 'USD')`,
    );
    return reserveDiscount(tx, {
      sellerId: userId,
      productIds: [productId],
      code,
      subtotalCents: 2000,
      currency: "USD",
      orderId,
    });
  });
}

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  ({ id: alice, productId: aliceProduct } = await makeCreator("Alice"));
  ({ id: bob, productId: bobProduct } = await makeCreator("Bob"));
});
afterAll(async () => {
  await database?.drop();
});

describe("creating codes", () => {
  it("stores a percent code and a fixed code for chosen products, listed newest first with their products", async () => {
    const percent = await created(alice, { code: "Spring25", percentOff: 25 });
    const fixed = await created(alice, {
      code: "FIVE-OFF",
      kind: "fixed",
      percentOff: null,
      amountOffCents: 500,
      currency: "USD",
      appliesTo: "selected",
      productIds: [aliceProduct],
      maxRedemptions: 10,
      minAmountCents: 1000,
      startsAt: new Date("2026-01-01T00:00:00Z"),
      endsAt: new Date("2027-01-01T00:00:00Z"),
    });
    const list = await listDiscountCodes(db, alice);
    const ids = list.map((code) => code.id);
    expect(ids.indexOf(fixed)).toBeLessThan(ids.indexOf(percent));
    expect(list.find((code) => code.id === fixed)).toMatchObject({
      code: "FIVE-OFF",
      kind: "fixed",
      amountOffCents: 500,
      currency: "USD",
      appliesTo: "selected",
      products: [{ id: aliceProduct, name: "Alice's guide" }],
      maxRedemptions: 10,
      minAmountCents: 1000,
      redemptionsCount: 0,
      used: false,
    });
    expect(new Date(list.find((code) => code.id === fixed)!.startsAt!).toISOString()).toBe("2026-01-01T00:00:00.000Z");
    // Another creator's list never shows them.
    expect((await listDiscountCodes(db, bob)).map((code) => code.id)).not.toContain(fixed);
  });

  it("refuses a code the store already has, in any letter case; another store may have it", async () => {
    await created(alice, { code: "SUMMER" });
    expect(await createDiscountCode(db, alice, input({ code: "summer" }))).toMatchObject({
      ok: false,
      code: "DISCOUNT_CODE_TAKEN",
    });
    expect(await createDiscountCode(db, alice, input({ code: "SuMmEr" }))).toMatchObject({
      ok: false,
      code: "DISCOUNT_CODE_TAKEN",
    });
    expect((await createDiscountCode(db, bob, input({ code: "summer" }))).ok).toBe(true);
  });

  it("refuses another creator's product and stores nothing", async () => {
    const before = (await listDiscountCodes(db, alice)).length;
    const result = await createDiscountCode(
      db,
      alice,
      input({ appliesTo: "selected", productIds: [aliceProduct, bobProduct] }),
    );
    expect(result).toMatchObject({ ok: false, code: "DISCOUNT_PRODUCT_NOT_FOUND" });
    expect(await listDiscountCodes(db, alice)).toHaveLength(before);
  });
});

describe("updating codes", () => {
  it("saves new terms and products, and refuses a code taken by another of the store's codes", async () => {
    const id = await created(alice, { code: "EDIT-ME" });
    await created(alice, { code: "OTHER-CODE" });
    expect(await updateDiscountCode(db, alice, id, input({ code: "other-code" }))).toMatchObject({
      ok: false,
      code: "DISCOUNT_CODE_TAKEN",
    });
    // The same code in another case is its own: allowed.
    expect(
      await updateDiscountCode(
        db,
        alice,
        id,
        input({ code: "edit-me", percentOff: 40, appliesTo: "selected", productIds: [aliceProduct] }),
      ),
    ).toEqual({
      ok: true,
    });
    const saved = (await listDiscountCodes(db, alice)).find((code) => code.id === id)!;
    expect(saved).toMatchObject({
      code: "edit-me",
      percentOff: 40,
      appliesTo: "selected",
      products: [{ id: aliceProduct }],
    });
    expect(await updateDiscountCode(db, alice, id, input({ code: "edit-me", appliesTo: "all" }))).toEqual({ ok: true });
    expect((await listDiscountCodes(db, alice)).find((code) => code.id === id)!.products).toEqual([]);
  });

  it("never lowers the maximum below the redemptions already counted", async () => {
    const id = await created(alice, { code: "LIMITED", maxRedemptions: 5 });
    expect((await reserve(alice, aliceProduct, "limited")).ok).toBe(true);
    expect((await reserve(alice, aliceProduct, "LIMITED")).ok).toBe(true);
    const refused = await updateDiscountCode(db, alice, id, input({ code: "LIMITED", maxRedemptions: 1 }));
    expect(refused).toMatchObject({
      ok: false,
      code: "DISCOUNT_MAX_BELOW_USED",
      message: "The maximum cannot be lower than the 2 redemptions already counted.",
    });
    expect((await row(id))!.max_redemptions).toBe(5);
    expect(await updateDiscountCode(db, alice, id, input({ code: "LIMITED", maxRedemptions: 2 }))).toEqual({
      ok: true,
    });
    expect((await reserve(alice, aliceProduct, "LIMITED")) as unknown).toMatchObject({
      ok: false,
      code: "DISCOUNT_CODE_USED_UP",
    });
  });
});

describe("archiving and deleting", () => {
  it("an archived code is refused at checkout, and accepted again when unarchived", async () => {
    const id = await created(alice, { code: "PAUSE" });
    expect(await archiveDiscountCode(db, alice, id)).toEqual({ ok: true });
    expect((await row(id))!.archived_at).not.toBeNull();
    expect(await reserve(alice, aliceProduct, "pause")).toMatchObject({ ok: false, code: "DISCOUNT_CODE_INVALID" });
    expect(await archiveDiscountCode(db, alice, id, false)).toEqual({ ok: true });
    expect((await reserve(alice, aliceProduct, "pause")).ok).toBe(true);
  });

  it("deletes a code never used; refuses one an order holds or used", async () => {
    const unused = await created(alice, { code: "NEVER-USED" });
    expect(await deleteDiscountCode(db, alice, unused)).toEqual({ ok: true });
    expect(await row(unused)).toBeUndefined();
    const used = await created(alice, { code: "USED-ONCE" });
    expect((await reserve(alice, aliceProduct, "used-once")).ok).toBe(true);
    expect(await deleteDiscountCode(db, alice, used)).toMatchObject({ ok: false, code: "DISCOUNT_HAS_REDEMPTIONS" });
    expect(await row(used)).toBeDefined();
    expect((await listDiscountCodes(db, alice)).find((code) => code.id === used)!.used).toBe(true);
  });
});

describe("own data only", () => {
  it("another creator's code is not found for every verb, and stays unchanged", async () => {
    const id = await created(alice, { code: "ALICE-ONLY", percentOff: 15 });
    expect(await updateDiscountCode(db, bob, id, input({ code: "STOLEN", percentOff: 100 }))).toMatchObject({
      ok: false,
      code: "DISCOUNT_NOT_FOUND",
    });
    expect(await archiveDiscountCode(db, bob, id)).toMatchObject({ ok: false, code: "DISCOUNT_NOT_FOUND" });
    expect(await deleteDiscountCode(db, bob, id)).toMatchObject({ ok: false, code: "DISCOUNT_NOT_FOUND" });
    expect(await row(id)).toMatchObject({ code: "ALICE-ONLY", percent_off: 15, archived_at: null });
    expect(await updateDiscountCode(db, alice, randomUUID(), input())).toMatchObject({
      ok: false,
      code: "DISCOUNT_NOT_FOUND",
    });
  });
});
