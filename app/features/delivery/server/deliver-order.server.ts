import type { Database } from "~/db/database.server";
import { formatMoney } from "~/features/catalog/money";
import { downloadPageUrl, issueAccessToken } from "./issue-access-token.server";
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

/**
 * Delivers a paid order: a new access token for its download page (stored hashed) and the receipt mail with the
 * link, both written through `db` — called by the order state machine inside the transaction that moves the
 * order to paid, so the receipt exists exactly when the payment is recorded, and exactly once.
 */
export async function deliverOrder(services: { db: Database; mailer: Mailer; appUrl: string }, order: DeliverableOrder): Promise<void> {
  const token = await issueAccessToken(services.db, order.id);
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
