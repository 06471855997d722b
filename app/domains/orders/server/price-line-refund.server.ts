import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { type LineRefundRequest, lineRefundCents } from "~/domains/orders/order-lines";
import { fail, type Failure } from "~/lib/errors";

/** A line refund priced on the server: its amount and the units per line, each flagged for restocking. */
export type PricedLineRefund = {
  ok: true;
  amountCents: number;
  lines: { lineId: string; quantity: number; restock: boolean; locationId?: string }[];
};

type LineRow = {
  id: string;
  kind: string;
  quantity: number;
  refunded_quantity: number;
  subtotal_cents: number;
  discount_cents: number;
  in_flight: number;
};

/**
 * Prices a refund of chosen units of an order's lines from their paid share per unit; every unit left refunds
 * `leftCents`, all that is left.
 */
export async function priceLineRefund(
  db: Database,
  orderId: string,
  request: LineRefundRequest,
  leftCents: number,
): Promise<PricedLineRefund | Failure<"REFUND_LINES_INVALID">> {
  const chosen = request.lines.filter((line) => line.quantity !== 0);
  const ids = new Set(chosen.map((line) => line.lineId));
  if (chosen.length === 0 || ids.size !== chosen.length) return fail("REFUND_LINES_INVALID");
  if (chosen.some((line) => !Number.isSafeInteger(line.quantity) || line.quantity < 1))
    return fail("REFUND_LINES_INVALID");
  // Units of refunds still waiting for their provider count as taken.
  const found = await db.execute<LineRow>(sql`
    select l.id, l.kind, l.quantity, l.refunded_quantity, l.subtotal_cents, l.discount_cents,
      coalesce((select sum((x->>'quantity')::int) from refunds r cross join jsonb_array_elements(r.lines) x
        where r.order_id = l.order_id and r.status in ('pending', 'unknown') and x->>'lineId' = l.id::text),
          0)::int as in_flight
    from order_lines l where l.order_id = ${orderId}::uuid`);
  const lines = new Map(found.rows.map((row) => [row.id, row]));
  let amountCents = 0;
  let everyUnit = true;
  for (const row of found.rows) {
    const taken = chosen.find((line) => line.lineId === row.id)?.quantity ?? 0;
    const left = row.quantity - row.refunded_quantity - row.in_flight;
    if (taken > left) return fail("REFUND_LINES_INVALID");
    if (taken < left) everyUnit = false;
    if (taken > 0)
      amountCents += lineRefundCents(
        {
          subtotalCents: row.subtotal_cents,
          discountCents: row.discount_cents,
          quantity: row.quantity,
          refundedQuantity: row.refunded_quantity + row.in_flight,
        },
        taken,
      );
  }
  if (chosen.some((line) => !lines.has(line.lineId))) return fail("REFUND_LINES_INVALID");
  return {
    ok: true,
    amountCents: everyUnit ? leftCents : Math.min(amountCents, leftCents),
    lines: chosen.map((line) => {
      const restock = request.restock && lines.get(line.lineId)?.kind === "physical";
      return {
        lineId: line.lineId,
        quantity: line.quantity,
        restock,
        ...(restock && request.restockLocationId ? { locationId: request.restockLocationId } : {}),
      };
    }),
  };
}
