import { sql } from "drizzle-orm";
import { inTransaction } from "~/db/ambient-transaction.server";
import { fail, type Failure } from "~/lib/errors";
import { formatLongDate } from "~/lib/format-date";
import type { RequestContext } from "~/server/http/request-context.server";
import { consumeRateLimits, type RateLimitRule } from "~/server/rate-limit/consume-rate-limit.server";
import type { AppServices } from "~/server/services.server";
import { LOST_LINK_MAX_PURCHASES } from "../content/delivery-rules";
import { downloadPageUrl, issueAccessToken } from "./issue-access-token.server";
import { lostLinksMail } from "./lost-links-mail.server";

/** Lost-link requests per client IP and per email (as the password reset's). */
export const LOST_LINK_RATE_LIMIT: RateLimitRule = { name: "purchase-links", limit: 5, windowSeconds: 60 * 60 };

export type LostLinkResult = { ok: true } | Failure<"LOST_LINK_RATE_LIMITED">;

type OrderRow = { id: string; product_name: string; store_name: string; ordered_at: string };

/**
 * A buyer who lost their receipt asks for new links (issue 15.5): if paid orders exist for the email, ONE mail
 * lists each with a fresh access token's download-page link. The answer is the same whether or not they exist,
 * and so is the work before it: the lookup, the tokens and the mail happen after the answer
 * (`services.afterResponse`, as the password reset does), in one transaction of their own.
 */
export async function requestLostLinks(
  services: Pick<AppServices, "db" | "mailer" | "env" | "afterResponse">,
  ctx: RequestContext,
  input: { email: string },
): Promise<LostLinkResult> {
  const email = input.email.toLowerCase();
  const limit = await consumeRateLimits(services.db, [
    { rule: LOST_LINK_RATE_LIMIT, key: `ip:${ctx.meta.ipAddress ?? "unknown"}` },
    { rule: LOST_LINK_RATE_LIMIT, key: `email:${email}` },
  ]);
  if (!limit.allowed) return fail("LOST_LINK_RATE_LIMITED");
  services.afterResponse.run("lost purchase links", async () => {
    await sendLostLinks(services, email);
  });
  return { ok: true };
}

/** The work after the answer: the buyer's paid orders, a new token each, one mail; nothing when there are none. */
export async function sendLostLinks(services: Pick<AppServices, "db" | "mailer" | "env">, email: string): Promise<number> {
  return inTransaction(services.db, async (tx) => {
    const result = await tx.execute(sql`
      select id, product_name, store_name, coalesce(paid_at, created_at) as ordered_at from orders
      where lower(customer_email) = ${email} and status = 'paid'
      order by coalesce(paid_at, created_at) desc limit ${LOST_LINK_MAX_PURCHASES}`);
    const rows = (result as unknown as { rows: OrderRow[] }).rows;
    if (rows.length === 0) return 0;
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
