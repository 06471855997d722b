CREATE TABLE "location_sale_facts" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"location_id" uuid NOT NULL,
	"units" integer NOT NULL,
	"revenue_cents" bigint NOT NULL,
	"refunded_cents" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "location_sales" (
	"location_id" uuid PRIMARY KEY NOT NULL,
	"seller_id" text NOT NULL,
	"orders" integer NOT NULL,
	"units" integer NOT NULL,
	"revenue_cents" bigint NOT NULL,
	"refunded_cents" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "location_sale_facts" ADD CONSTRAINT "location_sale_facts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_sales" ADD CONSTRAINT "location_sales_location_id_stock_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."stock_locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_sales" ADD CONSTRAINT "location_sales_seller_id_user_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_location_idx" ON "orders" USING btree ("location_id") WHERE "orders"."location_id" is not null;--> statement-breakpoint
-- hand-written
-- location_sales_rebuild() refills the per-location sales from the orders (paid or refunded, at a location), as
-- syncLocationSale keeps them; it backfills here and lets seeded benchmarks and repairs start from the truth.
CREATE OR REPLACE FUNCTION location_sales_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM location_sales;
  DELETE FROM location_sale_facts;
  INSERT INTO location_sale_facts (order_id, location_id, units, revenue_cents, refunded_cents)
    SELECT o.id, o.location_id, coalesce(l.units, 0), o.amount_cents, o.refunded_cents
    FROM orders o JOIN stock_locations s ON s.id = o.location_id
    LEFT JOIN (SELECT order_id, sum(quantity)::int AS units FROM order_lines GROUP BY order_id) l ON l.order_id = o.id
    WHERE o.status IN ('paid', 'refunded');
  INSERT INTO location_sales (location_id, seller_id, orders, units, revenue_cents, refunded_cents)
    SELECT f.location_id, s.user_id, count(*), sum(f.units), sum(f.revenue_cents), sum(f.refunded_cents)
    FROM location_sale_facts f JOIN stock_locations s ON s.id = f.location_id GROUP BY f.location_id, s.user_id;
$$;--> statement-breakpoint
SELECT location_sales_rebuild();
