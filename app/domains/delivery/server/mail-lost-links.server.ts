import { buyerPaidOrdersSql } from "~/domains/orders/server/buyer-orders-sql.server";
import { inTransaction } from "~/db/ambient-transaction.server";
import { formatLongDate } from "~/lib/format-date";
import { consumeRateLimit, type RateLimitRule } from "~/server/rate-limit/consume-rate-limit.server";
import type { AppServices } from "~/server/services.server";
import { LOST_LINK_MAX_PURCHASES } from "../content/delivery-rules";
import { downloadPageUrl, issueAccessToken } from "./issue-access-token.server";
import { lostLinksMail } from "./lost-links-mail.server";

/** The outbox kind of a requested lost-links mail. */
export const LOST_LINKS_MAIL = "lost-purchase-links";

/** Lost-link mails per buyer email, so many addresses cannot flood an inbox; counted but never refused. */
export const LOST_LINK_MAIL_LIMIT: RateLimitRule = { name: "purchase-links-mail", limit: 10, windowSeconds: 60 * 60 };

type OrderRow = { id: string; product_name: string; store_name: string; ordered_at: string };

/**
 * Mails the buyer one list of paid orders with fresh access tokens, run by the outbox worker so every request answers
 * equally fast.
 */
export async function mailLostLinks(
  services: Pick<AppServices, "db" | "mailer" | "env">,
  email: string,
): Promise<number> {
  return inTransaction(services.db, async (tx) => {
    const result = await tx.execute<OrderRow>(buyerPaidOrdersSql(email, LOST_LINK_MAX_PURCHASES));
    const rows = result.rows;
    if (rows.length === 0) return 0;
    if (!(await consumeRateLimit(tx, LOST_LINK_MAIL_LIMIT, `email:${email}`)).allowed) return 0;
    const purchases = [];
    for (const row of rows) {
      const token = await issueAccessToken(tx, row.id);
      purchases.push({
        orderId: row.id,
        productName: row.product_name,
        storeName: row.store_name,
        orderedOn: formatLongDate(new Date(row.ordered_at).toISOString()),
        downloadUrl: downloadPageUrl(services.env.APP_URL, row.id, token),
      });
    }
    await services.mailer.send(lostLinksMail({ to: email, appUrl: services.env.APP_URL, purchases }), { tx });
    return rows.length;
  });
}
