import { sql } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { countryName } from "~/domains/shipping/content/countries";
import type { ShippingZoneInput } from "~/domains/shipping/schemas/shipping-settings";
import { REST_OF_WORLD } from "~/domains/shipping/shipping-price";
import { type Failure, fail } from "~/lib/errors";
import { isUuid } from "~/lib/text-formats";

/**
 * Creates or renames a seller's shipping zone with its countries, refusing a country another of their zones serves.
 * The seller's zones are locked while it checks, so two saves cannot both take one country.
 */
export async function saveShippingZone(
  db: Database,
  userId: string,
  input: ShippingZoneInput,
): Promise<{ ok: true; id: string } | Failure<"SHIPPING_ZONE_NOT_FOUND" | "SHIPPING_COUNTRY_TAKEN">> {
  if (input.id && !isUuid(input.id)) return fail("SHIPPING_ZONE_NOT_FOUND");
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`shipping-zones:${userId}`}))`);
    const taken = await tx.execute<{ name: string; country: string }>(sql`
      select z.name, c.country from shipping_zones z, unnest(z.countries) as c(country)
      where z.user_id = ${userId} and (${input.id}::uuid is null or z.id <> ${input.id}::uuid)
        and c.country = any(${`{${input.countries.join(",")}}`}::text[])
      order by c.country limit 1`);
    const clash = taken.rows[0];
    if (clash) {
      const what = clash.country === REST_OF_WORLD ? "Rest of world" : countryName(clash.country);
      return fail("SHIPPING_COUNTRY_TAKEN", `${what} is already in the zone ${clash.name}.`);
    }
    const countries = `{${input.countries.join(",")}}`;
    const saved = input.id
      ? await tx.execute<{ id: string }>(sql`
          update shipping_zones set name = ${input.name}, countries = ${countries}::text[]
          where id = ${input.id}::uuid and user_id = ${userId} returning id`)
      : await tx.execute<{ id: string }>(sql`
          insert into shipping_zones (user_id, name, countries, position)
          values (${userId}, ${input.name}, ${countries}::text[],
            (select coalesce(max(position) + 1, 0) from shipping_zones where user_id = ${userId}))
          returning id`);
    const id = saved.rows[0]?.id;
    return id ? { ok: true as const, id } : fail("SHIPPING_ZONE_NOT_FOUND");
  });
}
