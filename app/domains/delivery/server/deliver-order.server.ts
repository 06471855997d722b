import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { receiptOrderSql } from "~/domains/orders/server/buyer-orders-sql.server";
import type { LineKind, ShippingAddress } from "~/domains/orders/order-lines";
import { formatMoney } from "~/lib/money";
import { formatLongDate } from "~/lib/format-date";
import type { Mailer } from "~/server/mail/mailer.server";
import { consumeRateLimits, type RateLimitRule } from "~/server/rate-limit/consume-rate-limit.server";
import { LOST_LINK_PATH } from "../content/delivery-rules";
import { downloadPageUrl, issueAccessToken } from "./issue-access-token.server";
import { receiptMail } from "./receipt-mail.server";

export type DeliverableOrder = {
  id: string;
  customerEmail: string;
  productName: string;
  amountCents: number;
  currency: string;
  /** The seller's store name, shown in the receipt. */
  storeName: string;
  /** Where it was sold and by whom: a counter sale's receipt is rate limited. */
  channel?: string;
  sellerId?: string;
};

/** Counter receipts a store may email per hour: the cashier types any address, so it must not be a mail cannon. */
export const COUNTER_RECEIPTS_PER_STORE: RateLimitRule = {
  name: "counter-receipt-store",
  limit: 200,
  windowSeconds: 60 * 60,
};
/** Counter receipts one address may get per hour from all stores together. */
export const COUNTER_RECEIPTS_PER_RECIPIENT: RateLimitRule = {
  name: "counter-receipt-recipient",
  limit: 5,
  windowSeconds: 60 * 60,
};

type ReceiptRow = {
  channel: string;
  discount_cents: number;
  discount_code: string | null;
  paid_at: string | null;
  shipping_address: ShippingAddress | null;
  lines: { name: string; variant: string; quantity: number; cents: number; kind: LineKind }[];
};

/** Who sends a receipt: the move to paid, or the seller resending it (their id). */
export type ReceiptSender = { kind: "receipt" } | { kind: "receipt_resent"; actorId: string };

/**
 * Delivers a paid order (download token and receipt mail) in the transaction that marks it paid, so exactly once. A
 * counter sale past its store's or address's receipt limit is paid without the mail, and its timeline says so.
 */
export async function deliverOrder(
  services: { db: Database; mailer: Mailer; appUrl: string },
  order: DeliverableOrder,
): Promise<"sent" | "withheld"> {
  if (order.channel === "pos") {
    const limit = await consumeRateLimits(services.db, [
      { rule: COUNTER_RECEIPTS_PER_STORE, key: `seller:${order.sellerId ?? order.id}` },
      { rule: COUNTER_RECEIPTS_PER_RECIPIENT, key: order.customerEmail.toLowerCase() },
    ]);
    if (!limit.allowed) {
      await services.db.execute(
        sql`insert into delivery_events (order_id, kind) values (${order.id}::uuid, 'receipt_withheld')`,
      );
      return "withheld";
    }
  }
  await sendReceipt(services, order, { kind: "receipt" });
  return "sent";
}

/** Mails the receipt with a fresh download-page link and records it in the order's timeline. */
export async function sendReceipt(
  services: { db: Database; mailer: Mailer; appUrl: string },
  order: DeliverableOrder,
  sender: ReceiptSender,
): Promise<void> {
  const token = await issueAccessToken(services.db, order.id);
  const result = await services.db.execute<ReceiptRow>(sql`
    with recorded as (
      insert into delivery_events (order_id, kind, actor_id)
      values (${order.id}::uuid, ${sender.kind}, ${sender.kind === "receipt_resent" ? sender.actorId : null})
    )
    select channel, discount_cents, discount_code, paid_at, shipping_address, lines
    from (${receiptOrderSql(order.id)}) o`);
  const row = result.rows[0];
  const discountCents = row?.discount_cents ?? 0;
  await services.mailer.send(
    receiptMail({
      to: order.customerEmail,
      orderId: order.id,
      productName: order.productName,
      lines: (row?.lines ?? []).map((line) => ({
        name: line.variant ? `${line.name} (${line.variant})` : line.name,
        quantity: line.quantity,
        total: formatMoney(line.cents, order.currency),
        kind: line.kind,
      })),
      shippingAddress: row?.shipping_address ?? null,
      amount: formatMoney(order.amountCents, order.currency),
      discount:
        discountCents > 0
          ? { code: row?.discount_code ?? null, amount: formatMoney(discountCents, order.currency) }
          : null,
      storeName: order.storeName,
      counter: row?.channel === "pos",
      paidOn: formatLongDate(new Date(row?.paid_at ?? Date.now()).toISOString()),
      downloadUrl: downloadPageUrl(services.appUrl, order.id, token),
      lostLinkUrl: `${services.appUrl}${LOST_LINK_PATH}`,
    }),
    { tx: services.db },
  );
}
