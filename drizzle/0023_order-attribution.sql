ALTER TABLE "orders" ADD COLUMN "source" text DEFAULT 'direct' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "utm_source" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "utm_medium" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "utm_campaign" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "attribution_ref" text;--> statement-breakpoint
CREATE INDEX "orders_attribution_idx" ON "orders" USING btree ("user_id","attribution_ref") WHERE "orders"."attribution_ref" is not null;