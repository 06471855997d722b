CREATE TABLE "customer_subscribers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller_id" text NOT NULL,
	"email" text NOT NULL,
	"source" text NOT NULL,
	"consent_text" text NOT NULL,
	"consented_at" timestamp with time zone DEFAULT now() NOT NULL,
	"unsubscribe_token_hash" text NOT NULL,
	"unsubscribed_at" timestamp with time zone,
	CONSTRAINT "customer_subscribers_unsubscribe_token_hash_unique" UNIQUE("unsubscribe_token_hash"),
	CONSTRAINT "customer_subscribers_seller_email_key" UNIQUE("seller_id","email")
);
--> statement-breakpoint
CREATE TABLE "bio_block_clicks" (
	"block_id" uuid NOT NULL,
	"seller_id" text NOT NULL,
	"day" date NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "bio_block_clicks_block_id_day_pk" PRIMARY KEY("block_id","day")
);
--> statement-breakpoint
CREATE TABLE "bio_blocks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"url" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"product_id" uuid,
	"thumbnail_cover_id" uuid,
	"hidden" boolean DEFAULT false NOT NULL,
	"show_from" timestamp with time zone,
	"show_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bio_pages" (
	"user_id" text PRIMARY KEY NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"bio" text DEFAULT '' NOT NULL,
	"theme" text DEFAULT 'light' NOT NULL,
	"button_style" text DEFAULT 'rounded' NOT NULL,
	"socials" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_subscribers" ADD CONSTRAINT "customer_subscribers_seller_id_user_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bio_block_clicks" ADD CONSTRAINT "bio_block_clicks_block_id_bio_blocks_id_fk" FOREIGN KEY ("block_id") REFERENCES "public"."bio_blocks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bio_block_clicks" ADD CONSTRAINT "bio_block_clicks_seller_id_user_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bio_blocks" ADD CONSTRAINT "bio_blocks_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bio_blocks" ADD CONSTRAINT "bio_blocks_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bio_blocks" ADD CONSTRAINT "bio_blocks_thumbnail_cover_id_product_covers_id_fk" FOREIGN KEY ("thumbnail_cover_id") REFERENCES "public"."product_covers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bio_pages" ADD CONSTRAINT "bio_pages_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_subscribers_seller_idx" ON "customer_subscribers" USING btree ("seller_id","consented_at");--> statement-breakpoint
CREATE INDEX "bio_block_clicks_seller_idx" ON "bio_block_clicks" USING btree ("seller_id","day");--> statement-breakpoint
CREATE INDEX "bio_blocks_user_position_idx" ON "bio_blocks" USING btree ("user_id","position");