import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { deleteLocationSql, locationHasMovementsSql } from "~/domains/inventory/server/location-sql.server";
import { locationSalesExistSql } from "~/domains/orders/server/location-orders-sql.server";
import { locationHasRegisterSql } from "~/flows/pos/server/register-sql.server";
import { type Failure, fail } from "~/lib/errors";

/** Deletes an event and its stock location, refused once it has sales or stock movements (archive it instead). */
export async function deleteEvent(
  db: Database,
  sellerId: string,
  id: string,
): Promise<{ ok: true } | Failure<"EVENT_NOT_FOUND" | "EVENT_HAS_SALES" | "EVENT_HAS_STOCK">> {
  return db.transaction(async (tx) => {
    const found = await tx.execute<{ location_id: string; sales: boolean; stock: boolean }>(sql`
      select e.location_id,
        ${locationSalesExistSql(sql`e.location_id`)} as sales, ${locationHasMovementsSql(sql`e.location_id`)} as stock
      from events e where e.id = ${id} and e.user_id = ${sellerId} for update of e`);
    const event = found.rows[0];
    if (!event) return fail("EVENT_NOT_FOUND");
    if (event.sales) return fail("EVENT_HAS_SALES");
    if (event.stock) return fail("EVENT_HAS_STOCK");
    await tx.execute(sql`delete from events where id = ${id}`);
    await tx.execute(deleteLocationSql(event.location_id, locationHasRegisterSql(event.location_id)));
    return { ok: true as const };
  });
}
