import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { receiveWebhook } from "~/flows/order-lifecycle/server/receive-webhook.server";
import { createTestProvider, type TestProvider } from "~/domains/payments/server/test-provider.server";
import { type PosSale, type PosSaleInput, posSaleSchema } from "~/flows/pos/schemas/pos-sale";
import { simulatedCardReader } from "~/flows/pos/server/card-reader.server";
import { createRegister } from "~/flows/pos/server/create-register.server";
import { openShift } from "~/flows/pos/server/open-shift.server";
import { makeTestServices } from "./test-services";

/** A retail seller for counter tests: a shop with a register, a physical Mug (12.50) and an e-book Guide (5.00). */
export type PosSeller = {
  id: string;
  shop: string;
  register: string;
  mug: { product: string; variant: string };
  ebook: string;
};

/** Seeds a retail seller with a shop, its register "Till 1", a Mug and a Guide. */
export async function makePosSeller(db: Database): Promise<PosSeller> {
  const id = randomUUID();
  await db.execute(
    sql`insert into "user" (id, name, email, email_verified) values (${id}, 'S', ${`${id}@example.com`}, true)`,
  );
  await db.execute(sql`
    insert into business_profiles (user_id, store_name, business_description, business_types, target_customers, phone,
      preferred_delivery, preferred_payment, terms_accepted_at)
    values (${id}, 'Corner Shop', '', '{retail_store}', '', '', '{}', '{}', now())`);
  const shop = await db.execute<{ id: string }>(sql`
    insert into stock_locations (user_id, kind, name) values (${id}, 'shop', 'High Street') returning id`);
  const mug = await db.execute<{ id: string }>(sql`
    insert into products (user_id, name, type, price_cents, currency, status)
    values (${id}, 'Mug', 'physical', 1250, 'USD', 'published') returning id`);
  const variant = await db.execute<{ id: string }>(sql`
    insert into product_variants (product_id, user_id, sku) values (${mug.rows[0]!.id}, ${id}, ${`MUG-${id}`}) returning id`);
  const ebook = await db.execute<{ id: string }>(sql`
    insert into products (user_id, name, type, price_cents, currency, status)
    values (${id}, 'Guide', 'ebook', 500, 'USD', 'published') returning id`);
  const register = await createRegister(db, id, { locationId: shop.rows[0]!.id, name: "Till 1" });
  if (!register.ok) throw new Error("no register");
  return {
    id,
    shop: shop.rows[0]!.id,
    register: register.registerId,
    mug: { product: mug.rows[0]!.id, variant: variant.rows[0]!.id },
    ebook: ebook.rows[0]!.id,
  };
}

/** Opens a shift on the seller's register (or `registerId`) with a float; answers its id. */
export async function openPosShift(db: Database, seller: PosSeller, floatCents = 10_000, registerId?: string) {
  const opened = await openShift(db, seller.id, {
    registerId: registerId ?? seller.register,
    openingFloatCents: floatCents,
  });
  if (!opened.ok) throw new Error(opened.code);
  return opened.shiftId;
}

/** Two Mugs paid 25.00 in cash from 30.00, unless overridden. */
export function posCashSale(seller: PosSeller, shiftId: string, overrides: Partial<PosSaleInput> = {}): PosSale {
  return posSaleSchema.parse({
    deviceSaleId: randomUUID(),
    shiftId,
    soldAt: new Date().toISOString(),
    lines: [{ productId: seller.mug.product, variantId: seller.mug.variant, quantity: 2, unitPriceCents: 1250 }],
    payments: [{ method: "cash", amountCents: 2500, tenderedCents: 3000 }],
    ...overrides,
  });
}

/**
 * The counter's services on a test database: makeTestServices with the test provider and its simulated reader. Its
 * webhooks reach the order intake (a refused one fails the test) after `onWebhook`, or nowhere with `webhooks: false`.
 */
export function makePosServices(
  db: Database,
  authSecret: string,
  {
    webhooks = true,
    onWebhook,
  }: { webhooks?: boolean; onWebhook?: (body: Buffer, headers: Record<string, string>) => void } = {},
) {
  const services = makeTestServices(db, { authSecret });
  const provider: TestProvider = createTestProvider({
    db,
    authSecret,
    logger: services.logger,
    deliver: async (providerId, body, headers) => {
      if (!webhooks) return;
      onWebhook?.(body, headers);
      const received = await receiveWebhook(services, providerId, body, headers);
      if (!received.ok) throw new Error(received.code);
    },
  });
  services.payments = { test: provider };
  services.reader = simulatedCardReader(provider);
  return { services, provider };
}
