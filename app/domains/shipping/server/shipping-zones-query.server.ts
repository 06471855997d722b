import { sql } from "drizzle-orm";
import { jsonList, jsonObject, pagePart, type PageQuery } from "~/kernel/session/page-query.server";
import { shippingRates, shippingZones } from "~/domains/shipping/tables.server";
import type { ShippingZoneItem } from "~/domains/shipping/shipping-zone-item";

const rates = jsonList(
  jsonObject({
    id: shippingRates.id,
    name: shippingRates.name,
    kind: shippingRates.kind,
    priceCents: shippingRates.priceCents,
    bands: shippingRates.bands,
    freeAboveCents: shippingRates.freeAboveCents,
  }),
  sql`from ${shippingRates} where ${shippingRates.zoneId} = ${shippingZones.id}`,
  { orderBy: sql`${shippingRates.position}, ${shippingRates.createdAt}` },
);

/** The signed-in seller's zones and their rates, as one JSON expression of the session check's statement. */
export const shippingZonesQuery: PageQuery<ShippingZoneItem[]> = pagePart(
  jsonList(
    jsonObject({ id: shippingZones.id, name: shippingZones.name, countries: shippingZones.countries, rates }),
    sql`from ${shippingZones} where ${shippingZones.userId} = me.user_id`,
    { orderBy: sql`${shippingZones.position}, ${shippingZones.createdAt}` },
  ),
);
