import { sql } from "drizzle-orm";
import { sellerVariantExistsSql } from "~/domains/catalog/server/variant-sql.server";
import type { Database } from "~/db/database.server";
import type { StockMovementKind } from "~/domains/inventory/stock-kinds";

/** One change of stock to write to the ledger; `quantity` is signed (+ in, − out). */
export type StockMovementInput = {
  variantId: string;
  locationId: string;
  kind: StockMovementKind;
  quantity: number;
  reason?: string | null;
  note?: string;
  orderId?: string | null;
  orderLineId?: string | null;
  transferId?: string | null;
  /** A movement with a key already in the ledger is skipped, with its level change. */
  idempotencyKey?: string | null;
};

/**
 * Appends `movements` for seller `userId` to the ledger, adding each to its (variant, location) level in the same
 * statement. A level thus always equals the sum of its movements. Returns how many were new.
 */
export async function recordStockMovements(
  db: Database,
  userId: string,
  actorId: string | null,
  movements: StockMovementInput[],
): Promise<number> {
  if (movements.length === 0) return 0;
  const rows = movements.map((m) => ({
    variant_id: m.variantId,
    location_id: m.locationId,
    kind: m.kind,
    quantity: m.quantity,
    reason: m.reason ?? null,
    note: m.note ?? "",
    order_id: m.orderId ?? null,
    order_line_id: m.orderLineId ?? null,
    transfer_id: m.transferId ?? null,
    idempotency_key: m.idempotencyKey ?? null,
  }));
  const result = await db.execute<{ recorded: number }>(sql`
    with input as (
      select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(
        variant_id uuid, location_id uuid, kind text, quantity int, reason text, note text,
        order_id uuid, order_line_id uuid, transfer_id uuid, idempotency_key text)
    ), owned as (
      select i.* from input i
      join stock_locations l on l.id = i.location_id and l.user_id = ${userId}
      where ${sellerVariantExistsSql(userId, sql`i.variant_id`)}
    ), recorded as (
      insert into stock_movements (user_id, variant_id, location_id, kind, quantity, reason, note, order_id,
        order_line_id, transfer_id, actor_id, idempotency_key)
      select ${userId}, variant_id, location_id, kind, quantity, reason, note, order_id, order_line_id, transfer_id,
        ${actorId}, idempotency_key
      from owned
      on conflict (idempotency_key) do nothing
      returning variant_id, location_id, quantity
    ), summed as (
      select variant_id, location_id, sum(quantity)::int as quantity from recorded group by variant_id, location_id
    ), levelled as (
      insert into stock_levels (variant_id, location_id, user_id, on_hand)
      select variant_id, location_id, ${userId}, quantity from summed
      on conflict (variant_id, location_id) do update
        set on_hand = stock_levels.on_hand + excluded.on_hand, updated_at = now()
      returning 1
    )
    select (select count(*)::int from recorded) as recorded, (select count(*) from levelled) as levels`);
  const recorded = result.rows[0]?.recorded ?? 0;
  return recorded;
}
