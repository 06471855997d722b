CREATE TABLE "subscriber_confirmations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller_id" text NOT NULL,
	"email" text NOT NULL,
	"source" text NOT NULL,
	"consent_text" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "subscriber_confirmations_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "subscriber_confirmations_seller_email_key" UNIQUE("seller_id","email")
);
--> statement-breakpoint
ALTER TABLE "customer_subscribers" ADD COLUMN "consent_ip" text;--> statement-breakpoint
ALTER TABLE "customer_subscribers" ADD COLUMN "consent_user_agent" text;--> statement-breakpoint
ALTER TABLE "subscriber_confirmations" ADD CONSTRAINT "subscriber_confirmations_seller_id_user_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscriber_confirmations_seller_idx" ON "subscriber_confirmations" USING btree ("seller_id","expires_at");