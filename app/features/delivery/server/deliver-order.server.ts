import { createHash, randomBytes } from "node:crypto";
import type { Database } from "~/db/database.server";
import { formatMoney } from "~/features/catalog/money";
import { orderAccessTokens } from "~/features/delivery/schema.server";
import type { Mailer } from "~/server/mail/mailer.server";
import { receiptMail } from "./receipt-mail.server";

export type DeliverableOrder = {
  id: string;
  customerEmail: string;
  productName: string;
  amountCents: number;
  currency: string;
  /** The seller's store name, shown in the receipt. */
  storeName: string;
};

/** SHA-256 (hex) of an access token: what the database keeps. */
export function hashAccessToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** The buyer's download page of an order, opened by its secret token. */
export function downloadPageUrl(appUrl: string, orderId: string, token: string): string {
  return `${appUrl}/purchases/${orderId}?token=${encodeURIComponent(token)}`;
}

/**
 * Delivers a paid order: a new access token for its download page (stored hashed) and the receipt mail with the
 * link, both written through `db` — called by the order state machine inside the transaction that moves the
 * order to paid, so the receipt exists exactly when the payment is recorded, and exactly once.
 */
export async function deliverOrder(services: { db: Database; mailer: Mailer; appUrl: string }, order: DeliverableOrder): Promise<void> {
  const token = randomBytes(32).toString("base64url");
  await services.db.insert(orderAccessTokens).values({ orderId: order.id, tokenHash: hashAccessToken(token) });
  await services.mailer.send(
    receiptMail({
      to: order.customerEmail,
      orderId: order.id,
      productName: order.productName,
      amount: formatMoney(order.amountCents, order.currency),
      storeName: order.storeName,
      downloadUrl: downloadPageUrl(services.appUrl, order.id, token),
    }),
    { tx: services.db },
  );
}
