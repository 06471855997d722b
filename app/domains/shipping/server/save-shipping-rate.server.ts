import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import type { ShippingRateInput } from "~/domains/shipping/schemas/shipping-settings";
import { type Failure, fail } from "~/lib/errors";
import { isUuid } from "~/lib/text-formats";

/** Creates or saves a rate of one of the seller's zones; another seller's zone or rate reads as missing. */
export async function saveShippingRate(
  db: Database,
  userId: string,
  input: ShippingRateInput,
): Promise<{ ok: true; id: string } | Failure<"SHIPPING_ZONE_NOT_FOUND">> {
  if (!isUuid(input.zoneId) || (input.id && !isUuid(input.id))) return fail("SHIPPING_ZONE_NOT_FOUND");
  const bands = JSON.stringify(input.bands);
  const saved = input.id
    ? await db.execute<{ id: string }>(sql`
        update shipping_rates set name = ${input.name}, kind = ${input.kind}, price_cents = ${input.priceCents},
          bands = ${bands}::jsonb, free_above_cents = ${input.freeAboveCents}
        where id = ${input.id}::uuid and zone_id = ${input.zoneId}::uuid and user_id = ${userId} returning id`)
    : await db.execute<{ id: string }>(sql`
        insert into shipping_rates (zone_id, user_id, name, kind, price_cents, bands, free_above_cents, position)
        select z.id, z.user_id, ${input.name}, ${input.kind}, ${input.priceCents}, ${bands}::jsonb,
          ${input.freeAboveCents},
          (select coalesce(max(position) + 1, 0) from shipping_rates where zone_id = z.id)
        from shipping_zones z where z.id = ${input.zoneId}::uuid and z.user_id = ${userId}
        returning id`);
  const id = saved.rows[0]?.id;
  return id ? { ok: true, id } : fail("SHIPPING_ZONE_NOT_FOUND");
}
