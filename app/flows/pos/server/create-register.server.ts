import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { liveLocationIdSql } from "~/domains/inventory/server/location-sql.server";
import { type Failure, fail } from "~/lib/errors";

/** Adds a register named `name` at the seller's own location `locationId`. */
export async function createRegister(
  db: Database,
  sellerId: string,
  input: { locationId: string; name: string },
): Promise<{ ok: true; registerId: string } | Failure<"POS_REGISTER_NOT_FOUND">> {
  const result = await db.execute<{ id: string }>(sql`
    insert into registers (user_id, location_id, name)
    select ${sellerId}, l.id, ${input.name.trim().slice(0, 80) || "Register"}
    from (${liveLocationIdSql(sellerId, input.locationId)}) l
    returning id`);
  const id = result.rows[0]?.id;
  return id ? { ok: true, registerId: id } : fail("POS_REGISTER_NOT_FOUND");
}
