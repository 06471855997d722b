ALTER TABLE "discount_codes" DROP CONSTRAINT "discount_codes_redemptions_within_max";--> statement-breakpoint
ALTER TABLE "discount_redemptions" ADD COLUMN "reserved_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "discount_redemptions" ADD COLUMN "client_key" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_over_limit" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- hand-written
-- redemptions_count now counts paid uses only; open reservations hold their use for a short window from creation.
UPDATE "discount_codes" d SET "redemptions_count" = (
  SELECT count(*) FROM "discount_redemptions" r WHERE r."discount_code_id" = d."id" AND r."status" = 'redeemed'
);--> statement-breakpoint
UPDATE "discount_redemptions" SET "reserved_until" = "created_at" + interval '5 minutes' WHERE "status" = 'reserved';
