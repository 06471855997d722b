import { type SQL, sql } from "drizzle-orm";

// An order's lines as SQL over an `orders` row aliased `o`, shared by every reader of orders.

/** The order's name in lists: its first line's product, plus "+ N more" when it has several lines. */
export const orderTitleSql: SQL = sql`coalesce((
  select l.product_name || case when l.lines > 1 then ' + ' || (l.lines - 1) || ' more' else '' end
  from (select ol.product_name, count(*) over () as lines from order_lines ol where ol.order_id = o.id
    order by ol.position, ol.id limit 1) l
), '')`;

/** Every line in one text for exports: "Mug (Blue) × 2; Poster", a lone single unit being just its name. */
export const orderLinesTextSql: SQL = sql`coalesce((
  select string_agg(ol.product_name || case when ol.variant_title <> '' then ' (' || ol.variant_title || ')' else '' end
    || case when ol.quantity > 1 then ' × ' || ol.quantity else '' end, '; ' order by ol.position, ol.id)
  from order_lines ol where ol.order_id = o.id
), '')`;

/** The order's lines as a JSON array of OrderLine objects, in checkout order. */
export const orderLinesJsonSql: SQL = sql`(
  select coalesce(json_agg(json_build_object('id', ol.id, 'kind', ol.kind, 'productId', ol.product_id,
    'variantId', ol.variant_id, 'productName', ol.product_name, 'variantTitle', ol.variant_title, 'sku', ol.sku,
    'unitPriceCents', ol.unit_price_cents, 'quantity', ol.quantity, 'subtotalCents', ol.subtotal_cents,
    'discountCents', ol.discount_cents, 'fulfilledQuantity', ol.fulfilled_quantity,
    'refundedQuantity', ol.refunded_quantity, 'restockedQuantity', ol.restocked_quantity) order by ol.position, ol.id),
      '[]'::json)
  from order_lines ol where ol.order_id = o.id
)`;

/** Products whose files the order delivers: its digital lines not wholly refunded. */
export const orderDigitalProductsSql: SQL = sql`(
  select ol.product_id from order_lines ol
  where ol.order_id = o.id and ol.kind = 'digital' and ol.refunded_quantity < ol.quantity and ol.product_id is not null
)`;
