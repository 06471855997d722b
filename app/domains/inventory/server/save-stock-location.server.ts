import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { type Failure, fail } from "~/lib/errors";

/** A shop's details as the seller edits them. */
export type ShopDetails = { name: string; address: string; openingHours: string; phone: string };

/** Adds a shop (no `id`) or edits one of the seller's shops; the Online location's details are not edited here. */
export async function saveStockLocation(
  db: Database,
  sellerId: string,
  id: string | null,
  details: ShopDetails,
): Promise<{ ok: true; id: string } | Failure<"STOCK_LOCATION_NOT_FOUND">> {
  const result = id
    ? await db.execute<{ id: string }>(sql`
        update stock_locations set name = ${details.name}, address = ${details.address},
          opening_hours = ${details.openingHours}, phone = ${details.phone}
        where id = ${id} and user_id = ${sellerId} and kind = 'shop' returning id`)
    : await db.execute<{ id: string }>(sql`
        insert into stock_locations (user_id, kind, name, address, opening_hours, phone, position)
        select ${sellerId}, 'shop', ${details.name}, ${details.address}, ${details.openingHours}, ${details.phone},
          coalesce(max(position), 0) + 1
        from stock_locations where user_id = ${sellerId}
        returning id`);
  const saved = result.rows[0];
  return saved ? { ok: true, id: saved.id } : fail("STOCK_LOCATION_NOT_FOUND");
}
