import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { transitionOrder } from "~/features/orders/server/transition-order.server";
import { type Failure, fail } from "~/lib/errors";
import type { Mailer } from "~/server/mail/mailer.server";

/** Gives up the seller's own pending card or pay-on-phone sale: its order expires, nothing is sold or counted. */
export async function cancelPosPayment(
  services: { db: Database; mailer: Mailer; appUrl: string },
  sellerId: string,
  orderId: string,
): Promise<{ ok: true } | Failure<"POS_PAYMENT_NOT_FOUND">> {
  const found = await services.db.execute(sql`
    select id from orders where id = ${orderId}::uuid and user_id = ${sellerId} and channel = 'pos' and status = 'pending'`);
  if (found.rows.length === 0) return fail("POS_PAYMENT_NOT_FOUND");
  await transitionOrder(services, orderId, { to: "expired", cause: "pos:cancelled" });
  return { ok: true };
}
