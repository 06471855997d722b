import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { type Failure, fail } from "~/lib/errors";
import { isUuid } from "~/lib/text-formats";

/** Deletes one of the seller's zones (with its rates) or rates; another seller's reads as missing. */
export async function deleteShippingItem(
  db: Database,
  userId: string,
  item: { kind: "zone" | "rate"; id: string },
): Promise<{ ok: true } | Failure<"SHIPPING_ZONE_NOT_FOUND">> {
  if (!isUuid(item.id)) return fail("SHIPPING_ZONE_NOT_FOUND");
  const deleted =
    item.kind === "zone"
      ? await db.execute(
          sql`delete from shipping_zones where id = ${item.id}::uuid and user_id = ${userId} returning id`,
        )
      : await db.execute(
          sql`delete from shipping_rates where id = ${item.id}::uuid and user_id = ${userId} returning id`,
        );
  return deleted.rows.length ? { ok: true } : fail("SHIPPING_ZONE_NOT_FOUND");
}
