import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { Refusal, refusable } from "~/db/refusal.server";
import { availableStockSql } from "~/domains/inventory/server/location-sql.server";
import { transferStock } from "~/domains/inventory/server/transfer-stock.server";
import { type Failure, fail } from "~/lib/errors";

type TransferFailure = Exclude<Awaited<ReturnType<typeof transferStock>>, { ok: true }>;
type ReturnFailure = Failure<"EVENT_NOT_FOUND"> | TransferFailure;

/** Transfers every unit left at the event's location to `toLocationId` in one transaction; returns the units moved. */
export async function returnEventLeftovers(
  db: Database,
  sellerId: string,
  eventId: string,
  toLocationId: string,
): Promise<{ ok: true; units: number } | ReturnFailure> {
  return refusable<{ ok: true; units: number } | Failure<"EVENT_NOT_FOUND">, TransferFailure>(db, async (tx) => {
    const found = await tx.execute<{ location_id: string; name: string }>(
      sql`select location_id, name from events where id = ${eventId} and user_id = ${sellerId} for update`,
    );
    const event = found.rows[0];
    if (!event) return fail("EVENT_NOT_FOUND");
    const left = await tx.execute<{ variant_id: string; available: number }>(availableStockSql(event.location_id));
    let units = 0;
    for (const row of left.rows) {
      const moved = await transferStock(tx, sellerId, sellerId, {
        variantId: row.variant_id,
        fromLocationId: event.location_id,
        toLocationId,
        quantity: row.available,
        note: `Leftovers from ${event.name}`,
      });
      // A refused transfer rolls back the ones before it.
      if (!moved.ok) throw new Refusal(moved);
      units += row.available;
    }
    return { ok: true as const, units };
  });
}
