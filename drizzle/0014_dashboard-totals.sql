CREATE TABLE "analytics_sales_totals" (
	"seller_id" text NOT NULL,
	"product_id" uuid,
	"currency" text NOT NULL,
	"orders" integer NOT NULL,
	"units" integer NOT NULL,
	"revenue_cents" bigint NOT NULL,
	CONSTRAINT "analytics_sales_totals_key" UNIQUE NULLS NOT DISTINCT("seller_id","product_id","currency")
);
--> statement-breakpoint
ALTER TABLE "analytics_sales_totals" ADD CONSTRAINT "analytics_sales_totals_seller_id_user_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_totals_first_idx" ON "customer_totals" USING btree ("user_id","first_paid_at");

--> statement-breakpoint
-- ── Hand-written (issue 16.6): keep this block when the migration is regenerated ─────────────────────────────────
-- analytics_rebuild_rollups() (migration 0013) also rebuilds analytics_sales_totals, the all-time sales per seller,
-- product and currency kept by syncOrderSale; the table is filled here from the sale facts that exist.
CREATE OR REPLACE FUNCTION analytics_rebuild_rollups() RETURNS void LANGUAGE sql AS $$
  DELETE FROM analytics_sale_facts;
  DELETE FROM analytics_sales_buckets;
  DELETE FROM analytics_sales_product_days;
  DELETE FROM analytics_sales_totals;
  DELETE FROM analytics_view_buckets;
  DELETE FROM analytics_visitor_days;
  DELETE FROM analytics_product_view_days;
  DELETE FROM analytics_source_view_days;
  DELETE FROM analytics_view_days;
  INSERT INTO analytics_sale_facts (order_id, seller_id, product_id, bucket, currency, units, revenue_cents)
    SELECT id, user_id, product_id, date_bin('15 minutes', paid_at, timestamptz '1970-01-01 00:00:00+00'), currency, 1, amount_cents - refunded_cents
    FROM orders WHERE status IN ('paid', 'refunded') AND paid_at IS NOT NULL;
  INSERT INTO analytics_sales_buckets (seller_id, bucket, currency, orders, units, revenue_cents)
    SELECT seller_id, bucket, currency, count(*), sum(units), sum(revenue_cents) FROM analytics_sale_facts GROUP BY 1, 2, 3;
  INSERT INTO analytics_sales_product_days (seller_id, product_id, day, currency, orders, units, revenue_cents)
    SELECT seller_id, product_id, (bucket AT TIME ZONE 'UTC')::date, currency, count(*), sum(units), sum(revenue_cents)
    FROM analytics_sale_facts GROUP BY 1, 2, 3, 4;
  INSERT INTO analytics_sales_totals (seller_id, product_id, currency, orders, units, revenue_cents)
    SELECT seller_id, product_id, currency, count(*), sum(units), sum(revenue_cents) FROM analytics_sale_facts GROUP BY 1, 2, 3;
  INSERT INTO analytics_product_view_days (seller_id, product_id, day, views)
    SELECT seller_id, product_id, (bucket AT TIME ZONE 'UTC')::date, sum(views) FROM page_view_counts WHERE kind <> 'storefront' GROUP BY 1, 2, 3;
  INSERT INTO analytics_source_view_days (seller_id, day, source, utm_source, utm_medium, utm_campaign, views)
    SELECT seller_id, (bucket AT TIME ZONE 'UTC')::date, source, utm_source, utm_medium, utm_campaign, sum(views) FROM page_view_counts GROUP BY 1, 2, 3, 4, 5, 6;
  INSERT INTO analytics_visitor_days (seller_id, day, visitor, first_bucket, last_bucket)
    SELECT seller_id, (bucket AT TIME ZONE 'UTC')::date, visitor, min(bucket), max(bucket) FROM page_view_visitors GROUP BY 1, 2, 3;
  INSERT INTO analytics_view_days (seller_id, day, views, visitors)
    SELECT seller_id, day, sum(views), sum(visitors) FROM (
      SELECT seller_id, (bucket AT TIME ZONE 'UTC')::date AS day, sum(views) AS views, 0 AS visitors FROM page_view_counts GROUP BY 1, 2
      UNION ALL SELECT seller_id, day, 0, count(*) FROM analytics_visitor_days GROUP BY 1, 2
    ) parts GROUP BY 1, 2;
  INSERT INTO analytics_view_buckets (seller_id, bucket, views, first_seen, last_seen)
    SELECT seller_id, bucket, sum(views), sum(first_seen), sum(last_seen) FROM (
      SELECT seller_id, bucket, sum(views) AS views, 0 AS first_seen, 0 AS last_seen FROM page_view_counts GROUP BY 1, 2
      UNION ALL SELECT seller_id, first_bucket, 0, count(*), 0 FROM analytics_visitor_days GROUP BY 1, 2
      UNION ALL SELECT seller_id, last_bucket, 0, 0, count(*) FROM analytics_visitor_days GROUP BY 1, 2
    ) parts GROUP BY 1, 2;
$$;--> statement-breakpoint
INSERT INTO analytics_sales_totals (seller_id, product_id, currency, orders, units, revenue_cents)
  SELECT seller_id, product_id, currency, count(*), sum(units), sum(revenue_cents) FROM analytics_sale_facts GROUP BY 1, 2, 3;
-- ── End of the hand-written block ───────────────────────────────────────────────────────────────────────────────
