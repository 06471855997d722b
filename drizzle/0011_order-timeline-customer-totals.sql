CREATE TABLE "delivery_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"file_id" uuid,
	"actor_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_totals" (
	"user_id" text NOT NULL,
	"email" text NOT NULL,
	"first_paid_at" timestamp with time zone NOT NULL,
	"last_paid_at" timestamp with time zone NOT NULL,
	"orders" integer NOT NULL,
	"spent_cents" bigint NOT NULL,
	"spent" jsonb NOT NULL,
	CONSTRAINT "customer_totals_user_id_email_pk" PRIMARY KEY("user_id","email")
);
--> statement-breakpoint
ALTER TABLE "delivery_events" ADD CONSTRAINT "delivery_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_events" ADD CONSTRAINT "delivery_events_file_id_product_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."product_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_events" ADD CONSTRAINT "delivery_events_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_totals" ADD CONSTRAINT "customer_totals_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "delivery_events_order_idx" ON "delivery_events" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "customer_totals_last_idx" ON "customer_totals" USING btree ("user_id","last_paid_at","email");--> statement-breakpoint
CREATE INDEX "customer_totals_spent_idx" ON "customer_totals" USING btree ("user_id","spent_cents","email");--> statement-breakpoint
CREATE INDEX "customer_totals_orders_idx" ON "customer_totals" USING btree ("user_id","orders","email");--> statement-breakpoint
CREATE INDEX "orders_user_email_idx" ON "orders" USING btree ("user_id",(lower("customer_email") collate "C"),"created_at","id");--> statement-breakpoint
-- ── Hand-written (issue 16, engineer B): backfills of the new tables from the rows that exist already. ─────────
-- Keep this block when the migration is regenerated at merge.
-- 1. Every order paid before this migration had its receipt queued in the transaction of its move to paid.
INSERT INTO "delivery_events" ("order_id", "kind", "created_at")
SELECT "id", 'receipt', "paid_at" FROM "orders" WHERE "paid_at" IS NOT NULL;--> statement-breakpoint
-- 2. Each customer's figures (the sale rule of refresh-customer-totals.server.ts, IS_SALE and SALE_AT): paid orders,
--    and refunded ones that had been paid; from paid_at (created_at for rows paid before 0008); spent = amount − refunded.
INSERT INTO "customer_totals" ("user_id", "email", "first_paid_at", "last_paid_at", "orders", "spent_cents", "spent")
SELECT per."user_id", per."email", min(per."first_paid_at"), max(per."last_paid_at"), sum(per."orders")::int, sum(per."spent")::bigint,
  jsonb_object_agg(per."currency", per."spent")
FROM (
  SELECT "user_id", lower("customer_email") AS "email", "currency", min(coalesce("paid_at", "created_at")) AS "first_paid_at",
    max(coalesce("paid_at", "created_at")) AS "last_paid_at", count(*) AS "orders", sum("amount_cents" - "refunded_cents")::bigint AS "spent"
  FROM "orders" WHERE "status" = 'paid' OR ("status" = 'refunded' AND "paid_at" IS NOT NULL)
  GROUP BY "user_id", lower("customer_email"), "currency"
) per
GROUP BY per."user_id", per."email";
