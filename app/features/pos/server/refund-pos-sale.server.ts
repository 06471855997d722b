import { sql } from "drizzle-orm";
import type { LineRefundRequest } from "~/features/orders/order-lines";
import {
  type RefundDone,
  type RefundFailure,
  type RefundServices,
  refundOrder,
} from "~/features/orders/server/refund-order.server";
import { drawerMovements } from "~/features/pos/schema.server";
import { type Failure, fail } from "~/lib/errors";
import type { RequestMeta } from "~/server/http/request-meta.server";

/**
 * Refunds lines of the seller's own counter sale at an open shift, restocked at the sale's location or not. A cash
 * sale's money leaves this shift's drawer; a card sale's goes back through its provider.
 */
export async function refundPosSale(
  services: Omit<RefundServices, "payOutside">,
  sellerId: string,
  request: { orderId: string; shiftId: string } & LineRefundRequest,
  meta: RequestMeta,
): Promise<RefundDone | RefundFailure | Failure<"POS_SHIFT_NOT_FOUND" | "POS_SHIFT_CLOSED">> {
  const shift = await services.db.execute<{ closed: boolean }>(sql`
    select closed_at is not null as closed from shifts where id = ${request.shiftId}::uuid and user_id = ${sellerId}`);
  if (!shift.rows[0]) return fail("POS_SHIFT_NOT_FOUND");
  if (shift.rows[0].closed) return fail("POS_SHIFT_CLOSED");
  const sale = await services.db.execute(sql`
    select id from orders where id = ${request.orderId}::uuid and user_id = ${sellerId} and channel = 'pos'`);
  if (sale.rows.length === 0) return fail("ORDER_NOT_FOUND");
  return refundOrder(
    {
      ...services,
      payOutside: async (tx, refund) => {
        await tx.insert(drawerMovements).values({
          shiftId: request.shiftId,
          kind: "refund",
          amountCents: -refund.amountCents,
          orderId: refund.orderId,
          actorId: sellerId,
        });
      },
    },
    sellerId,
    request.orderId,
    { lines: request.lines, restock: request.restock },
    meta,
  );
}
