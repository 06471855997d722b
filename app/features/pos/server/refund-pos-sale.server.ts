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
 * Refunds lines of one of the seller's orders at an open shift: a counter sale of any shift or an online order. Restocked
 * units go back at this register's location. Cash leaves this shift's drawer; a card goes back through its provider.
 */
export async function refundPosSale(
  services: Omit<RefundServices, "payOutside">,
  sellerId: string,
  request: { orderId: string; shiftId: string } & Omit<LineRefundRequest, "restockLocationId">,
  meta: RequestMeta,
): Promise<RefundDone | RefundFailure | Failure<"POS_SHIFT_NOT_FOUND" | "POS_SHIFT_CLOSED">> {
  const shift = await services.db.execute<{ closed: boolean; location_id: string }>(sql`
    select closed_at is not null as closed, location_id from shifts
    where id = ${request.shiftId}::uuid and user_id = ${sellerId}`);
  const open = shift.rows[0];
  if (!open) return fail("POS_SHIFT_NOT_FOUND");
  if (open.closed) return fail("POS_SHIFT_CLOSED");
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
    { lines: request.lines, restock: request.restock, restockLocationId: open.location_id },
    meta,
  );
}
