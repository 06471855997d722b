import { createHmac, timingSafeEqual } from "node:crypto";
import { orderTitleSql } from "~/domains/orders/server/order-lines-sql.server";
import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { productBuyPath } from "~/domains/catalog/store-profile";
import { downloadPageUrl, keepAccessToken } from "~/domains/delivery/server/issue-access-token.server";
import type { OrderStatus } from "~/domains/orders/order-status";
import type { PaymentProviders } from "~/domains/payments/server/payment-provider.server";
import type { Mailer } from "~/server/mail/mailer.server";
import { hashReturnKey } from "./create-checkout.server";
import { syncOrderStatus } from "~/flows/order-lifecycle/server/sync-order-status.server";
import { isUuid } from "~/lib/text-formats";

/** What the buyer's return page shows of their order. */
export type OrderOutcome = {
  id: string;
  status: OrderStatus;
  customerEmail: string;
  productName: string;
  storeName: string;
  amountCents: number;
  currency: string;
  provider: string | null;
  /** The provider's reason for the last failed attempt, in plain words. */
  failureMessage: string | null;
  /** The product's checkout page ("Try again"), when the product is still sold there. */
  retryPath: string | null;
  /** Paid: the link to the buyer's download page, the same on every visit. */
  downloadUrl: string | null;
};

type Row = {
  id: string;
  status: OrderStatus;
  customer_email: string;
  product_name: string;
  store_name: string;
  amount_cents: number;
  currency: string;
  provider: string | null;
  provider_checkout_id: string | null;
  failure_message: string | null;
  return_key_hash: string | null;
  expires_at: string | null;
  handle: string | null;
  slug: string | null;
};

async function read(db: Database, orderId: string): Promise<Row | null> {
  const result = await db.execute<Row>(sql`
    select o.id, o.status, o.customer_email, ${orderTitleSql} as product_name, o.store_name, o.amount_cents, o.currency,
      o.provider, o.provider_checkout_id,
      o.failure_message, o.return_key_hash, o.expires_at, s.handle, p.slug
    from orders o
    left join products p on p.id = (select l.product_id from order_lines l where l.order_id = o.id order by l.position,
      l.id limit 1)
      and p.status = 'published'
    left join storefronts s on s.user_id = p.user_id
    where o.id = ${orderId}::uuid`);
  return result.rows[0] ?? null;
}

function keyMatches(row: Row, key: string): boolean {
  if (!row.return_key_hash || !key) return false;
  const expected = Buffer.from(row.return_key_hash, "hex");
  const given = Buffer.from(hashReturnKey(key), "hex");
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The return page's download token, derived from the order's secret return key so every visit gets one link. */
export function returnPageAccessToken(orderId: string, returnKey: string): string {
  return createHmac("sha256", returnKey).update(`sellkit return page download access:${orderId}`).digest("base64url");
}

/** The buyer's return page, only with the order's secret key; a pending order is first checked at its provider. */
export async function readOrderOutcome(
  services: { db: Database; mailer: Mailer; payments: PaymentProviders; env: { APP_URL: string } },
  orderId: string,
  key: string,
): Promise<OrderOutcome | null> {
  if (!isUuid(orderId) || key.length > 200) return null;
  let row = await read(services.db, orderId);
  if (!row || !keyMatches(row, key)) return null;
  if (row.status === "pending" && row.provider) {
    const expiresAt = row.expires_at ? new Date(row.expires_at) : null;
    await syncOrderStatus(
      services,
      { id: row.id, provider: row.provider, providerCheckoutId: row.provider_checkout_id, expiresAt },
      { cause: "return_page", expireIfUnpaid: expiresAt !== null && expiresAt <= new Date() },
    );
    row = (await read(services.db, orderId)) ?? row;
  }
  let downloadUrl: string | null = null;
  if (row.status === "paid") {
    const token = returnPageAccessToken(row.id, key);
    await keepAccessToken(services.db, row.id, token);
    downloadUrl = downloadPageUrl(services.env.APP_URL, row.id, token);
  }
  return {
    id: row.id,
    status: row.status,
    customerEmail: row.customer_email,
    productName: row.product_name,
    storeName: row.store_name,
    amountCents: Number(row.amount_cents),
    currency: row.currency,
    provider: row.provider,
    failureMessage: row.failure_message,
    retryPath: row.handle && row.slug ? productBuyPath(row.handle, row.slug) : null,
    downloadUrl,
  };
}
