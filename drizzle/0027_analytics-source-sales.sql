CREATE TABLE "analytics_source_sale_days" (
	"seller_id" text NOT NULL,
	"day" date NOT NULL,
	"source" text NOT NULL,
	"utm_source" text DEFAULT '' NOT NULL,
	"utm_medium" text DEFAULT '' NOT NULL,
	"utm_campaign" text DEFAULT '' NOT NULL,
	"currency" text NOT NULL,
	"orders" integer NOT NULL,
	"units" integer NOT NULL,
	"revenue_cents" bigint NOT NULL,
	CONSTRAINT "analytics_source_sale_days_key" UNIQUE("seller_id","day","source","utm_source","utm_medium","utm_campaign","currency")
);
--> statement-breakpoint
ALTER TABLE "analytics_source_sale_days" ADD CONSTRAINT "analytics_source_sale_days_seller_id_user_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- hand-written
-- Sales by source per UTC day from the existing sale facts, and the rebuild function keeping them too.
INSERT INTO analytics_source_sale_days (seller_id, day, source, utm_source, utm_medium, utm_campaign, currency, orders, units, revenue_cents)
  SELECT f.seller_id, (f.bucket AT TIME ZONE 'UTC')::date, o.source, o.utm_source, o.utm_medium, o.utm_campaign, f.currency,
    sum(f.orders), sum(f.units), sum(f.revenue_cents)
  FROM analytics_sale_facts f JOIN orders o ON o.id = f.order_id GROUP BY 1, 2, 3, 4, 5, 6, 7;--> statement-breakpoint
CREATE OR REPLACE FUNCTION analytics_rebuild_rollups() RETURNS void LANGUAGE sql AS $$
  DELETE FROM analytics_sale_facts;
  DELETE FROM analytics_sales_buckets;
  DELETE FROM analytics_sales_product_days;
  DELETE FROM analytics_sales_totals;
  DELETE FROM analytics_source_sale_days;
  DELETE FROM analytics_view_buckets;
  DELETE FROM analytics_visitor_days;
  DELETE FROM analytics_product_view_days;
  DELETE FROM analytics_source_view_days;
  DELETE FROM analytics_view_days;
  INSERT INTO analytics_sale_facts (order_id, seller_id, product_id, bucket, currency, orders, units, revenue_cents)
    SELECT order_id, seller_id, product_id, bucket, currency,
      (row_number() OVER (PARTITION BY order_id ORDER BY product_id NULLS FIRST) = 1)::int, units, revenue_cents
    FROM (
      SELECT order_id, seller_id, product_id, bucket, currency, sum(quantity)::int AS units, sum(revenue)::int AS revenue_cents
      FROM (
        SELECT s.*, s.share + CASE WHEN s.n = 1 THEN s.net - sum(s.share) OVER (PARTITION BY s.order_id) ELSE 0 END AS revenue
        FROM (
          SELECT k.*, CASE WHEN sum(k.kept) OVER (PARTITION BY k.order_id) > 0
              THEN floor(k.net::numeric * k.kept / sum(k.kept) OVER (PARTITION BY k.order_id))::bigint ELSE 0 END AS share
          FROM (
            SELECT o.id AS order_id, o.user_id AS seller_id, l.product_id,
              date_bin('15 minutes', o.paid_at, timestamptz '1970-01-01 00:00:00+00') AS bucket, o.currency,
              (o.amount_cents - o.refunded_cents)::bigint AS net, l.quantity,
              row_number() OVER (PARTITION BY o.id ORDER BY l.position, l.id) AS n,
              greatest(l.subtotal_cents - l.discount_cents, 0)
                - floor(greatest(l.subtotal_cents - l.discount_cents, 0)::numeric * l.refunded_quantity / l.quantity)::bigint AS kept
            FROM orders o JOIN order_lines l ON l.order_id = o.id
            WHERE o.status IN ('paid', 'refunded') AND o.paid_at IS NOT NULL
          ) k
        ) s
      ) r GROUP BY 1, 2, 3, 4, 5
    ) f;
  INSERT INTO analytics_sales_buckets (seller_id, bucket, currency, orders, units, revenue_cents)
    SELECT seller_id, bucket, currency, sum(orders), sum(units), sum(revenue_cents) FROM analytics_sale_facts GROUP BY 1, 2, 3;
  INSERT INTO analytics_sales_product_days (seller_id, product_id, day, currency, orders, product_orders, units, revenue_cents)
    SELECT seller_id, product_id, (bucket AT TIME ZONE 'UTC')::date, currency, sum(orders), count(*), sum(units), sum(revenue_cents)
    FROM analytics_sale_facts GROUP BY 1, 2, 3, 4;
  INSERT INTO analytics_sales_totals (seller_id, product_id, currency, orders, product_orders, units, revenue_cents)
    SELECT seller_id, product_id, currency, sum(orders), count(*), sum(units), sum(revenue_cents) FROM analytics_sale_facts GROUP BY 1, 2, 3;
  INSERT INTO analytics_source_sale_days (seller_id, day, source, utm_source, utm_medium, utm_campaign, currency, orders, units, revenue_cents)
    SELECT f.seller_id, (f.bucket AT TIME ZONE 'UTC')::date, o.source, o.utm_source, o.utm_medium, o.utm_campaign, f.currency,
      sum(f.orders), sum(f.units), sum(f.revenue_cents)
    FROM analytics_sale_facts f JOIN orders o ON o.id = f.order_id GROUP BY 1, 2, 3, 4, 5, 6, 7;
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
$$;
