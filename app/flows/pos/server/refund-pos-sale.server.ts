import { sql } from "drizzle-orm";
import { Refusal, unlessRefused } from "~/db/refusal.server";
import type { LineRefundRequest } from "~/domains/orders/order-lines";
import {
  type RefundDone,
  type RefundFailure,
  type RefundServices,
  refundOrder,
} from "~/flows/order-lifecycle/server/refund-order.server";
import { drawerMovements } from "~/flows/pos/tables.server";
import { type Failure, fail } from "~/lib/errors";
import { formatMoney } from "~/lib/money";
import type { RequestMeta } from "~/server/http/request-meta.server";

type ShiftFailure = Failure<"POS_SHIFT_NOT_FOUND" | "POS_SHIFT_CLOSED">;

/**
 * Refunds lines of one of the seller's orders at an open shift: a counter sale of any shift or an online order.
 * Restocked units go back at this register's location. Each tender gets its share back: cash from this shift's drawer,
 * a card through its provider, another method outside Sellkit (the drawer untouched).
 */
export async function refundPosSale(
  services: Omit<RefundServices, "counter">,
  sellerId: string,
  request: { orderId: string; shiftId: string } & Omit<LineRefundRequest, "restockLocationId">,
  meta: RequestMeta,
): Promise<RefundDone | RefundFailure | ShiftFailure> {
  const shift = await services.db.execute<{ closed: boolean; location_id: string; currency: string }>(sql`
    select closed_at is not null as closed, location_id, currency from shifts
    where id = ${request.shiftId}::uuid and user_id = ${sellerId}`);
  const open = shift.rows[0];
  if (!open) return fail("POS_SHIFT_NOT_FOUND");
  if (open.closed) return fail("POS_SHIFT_CLOSED");
  return unlessRefused<RefundDone | RefundFailure, ShiftFailure>(() =>
    refundOrder(
      {
        ...services,
        counter: {
          shiftId: request.shiftId,
          payOutside: async (tx, refund) => {
            // Locked, so a close at the same moment reports this cash or finds it refused.
            const locked = await tx.execute<{ closed: boolean }>(sql`
              select closed_at is not null as closed from shifts where id = ${request.shiftId}::uuid for update`);
            if (locked.rows[0]?.closed) {
              const card = formatMoney(refund.providerCents, open.currency);
              const message =
                `This shift closed before the rest was given back: ${card} went back to the card. ` +
                "Return the rest at an open shift.";
              throw new Refusal(fail("POS_SHIFT_CLOSED", refund.providerCents > 0 ? message : undefined));
            }
            const cash = refund.tenders.cash ?? 0;
            if (cash > 0)
              await tx.insert(drawerMovements).values({
                shiftId: request.shiftId,
                kind: "refund",
                amountCents: -cash,
                orderId: refund.orderId,
                actorId: sellerId,
              });
          },
        },
      },
      sellerId,
      request.orderId,
      { lines: request.lines, restock: request.restock, restockLocationId: open.location_id },
      meta,
    ),
  );
}
