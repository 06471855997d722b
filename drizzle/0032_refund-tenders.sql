ALTER TABLE "refunds" ADD COLUMN "tenders" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "shift_id" uuid;--> statement-breakpoint
CREATE INDEX "refunds_shift_idx" ON "refunds" USING btree ("shift_id") WHERE "refunds"."shift_id" is not null;--> statement-breakpoint
-- Refunds made before tenders were kept: a counter refund without a provider payment left the drawer as cash, the
-- others went back through the provider (the counter sale's card or phone part, or the online payment).
UPDATE "refunds" r SET "tenders" = jsonb_build_object(
  CASE
    WHEN o.provider_payment_id IS NULL THEN 'cash'
    ELSE coalesce((SELECT p.method FROM order_payments p WHERE p.order_id = o.id AND p.method IN ('card', 'pay_on_phone')
      LIMIT 1), 'online')
  END, r.amount_cents)
FROM orders o WHERE o.id = r.order_id AND r.tenders = '{}'::jsonb;
