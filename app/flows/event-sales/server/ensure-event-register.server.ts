import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { createRegister } from "~/flows/pos/server/create-register.server";
import { locationRegisterIdSql } from "~/flows/pos/server/register-sql.server";
import { type Failure, fail } from "~/lib/errors";

/**
 * Gives an open event a register at its stock location (once), so the point of sale can sell from the stall's stock.
 */
export async function ensureEventRegister(
  db: Database,
  sellerId: string,
  eventId: string,
): Promise<{ ok: true; registerId: string } | Failure<"EVENT_NOT_FOUND" | "POS_REGISTER_NOT_FOUND">> {
  return db.transaction(async (tx) => {
    const found = await tx.execute<{ location_id: string; name: string; register_id: string | null }>(sql`
      select e.location_id, e.name, ${locationRegisterIdSql(sql`e.location_id`)} as register_id
      from events e where e.id = ${eventId} and e.user_id = ${sellerId} and e.archived_at is null for update of e`);
    const event = found.rows[0];
    if (!event) return fail("EVENT_NOT_FOUND");
    if (event.register_id) return { ok: true as const, registerId: event.register_id };
    return createRegister(tx, sellerId, { locationId: event.location_id, name: event.name });
  });
}
