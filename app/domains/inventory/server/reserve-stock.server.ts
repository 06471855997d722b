import { sql } from "drizzle-orm";
import { sellerVariantExistsSql } from "~/domains/catalog/server/variant-sql.server";
import type { Database } from "~/db/database.server";
import { type Failure, fail } from "~/lib/errors";

/** One checkout line's claim on stock. */
export type StockClaim = {
  orderLineId: string;
  variantId: string;
  quantity: number;
  /** Sell past zero (a backorder) instead of refusing. */
  allowBackorder: boolean;
};

/** Units a refused claim asked for and how many the location had available. */
export type StockShortage = { variantId: string; requested: number; available: number };

export type StockReserveFailure = Failure<"STOCK_INSUFFICIENT"> & { shortages: StockShortage[] };

/**
 * Holds `claims` of order `orderId` at `locationId` until `expiresAt`. Each claim raises its level's `reserved` only if
 * the units are available (or backorder is on). That one UPDATE locks the row, so concurrent buyers cannot both take
 * the last unit. On a shortage nothing is kept: the caller's transaction rolls back.
 */
export async function reserveStock(
  db: Database,
  input: { orderId: string; sellerId: string; locationId: string; expiresAt: Date; claims: StockClaim[] },
): Promise<{ ok: true } | StockReserveFailure> {
  const shortages: StockShortage[] = [];
  // A fixed order of rows keeps two checkouts of the same items from deadlocking.
  const claims = [...input.claims].sort((a, b) => a.variantId.localeCompare(b.variantId));
  for (const claim of claims) {
    // The level row exists before the guarded UPDATE, which then locks and re-checks it against concurrent buyers.
    await db.execute(sql`
      insert into stock_levels (variant_id, location_id, user_id)
      select ${claim.variantId}::uuid, ${input.locationId}::uuid, ${input.sellerId}
      where ${sellerVariantExistsSql(input.sellerId, sql`${claim.variantId}::uuid`)}
      on conflict (variant_id, location_id) do nothing`);
    const held = await db.execute<{ available: number; held: boolean }>(sql`
      with held as (
        update stock_levels set reserved = reserved + ${claim.quantity}, updated_at = now()
        where variant_id = ${claim.variantId}::uuid and location_id = ${input.locationId}::uuid
          and user_id = ${input.sellerId} and (${claim.allowBackorder} or on_hand - reserved >= ${claim.quantity})
        returning 1
      ), kept as (
        insert into stock_reservations (order_id, order_line_id, variant_id, location_id, quantity, expires_at)
        select ${input.orderId}::uuid, ${claim.orderLineId}::uuid, ${claim.variantId}::uuid, ${input.locationId}::uuid,
          ${claim.quantity}, ${input.expiresAt.toISOString()}::timestamptz
        where exists (select 1 from held)
        returning 1
      )
      select greatest(0, coalesce((select on_hand - reserved from stock_levels
          where variant_id = ${claim.variantId}::uuid and location_id = ${input.locationId}::uuid),
            0))::int as available,
        exists (select 1 from kept) as held`);
    const row = held.rows[0];
    if (!row?.held)
      shortages.push({ variantId: claim.variantId, requested: claim.quantity, available: row?.available ?? 0 });
  }
  if (shortages.length > 0) return { ...fail("STOCK_INSUFFICIENT"), shortages };
  return { ok: true };
}
