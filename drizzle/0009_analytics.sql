CREATE TABLE "page_view_counts" (
	"seller_id" text NOT NULL,
	"product_id" uuid,
	"kind" text NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"utm_source" text DEFAULT '' NOT NULL,
	"utm_medium" text DEFAULT '' NOT NULL,
	"utm_campaign" text DEFAULT '' NOT NULL,
	"views" integer NOT NULL,
	CONSTRAINT "page_view_counts_key" UNIQUE NULLS NOT DISTINCT("seller_id","bucket","kind","product_id","source","utm_source","utm_medium","utm_campaign")
);
--> statement-breakpoint
CREATE TABLE "page_view_visitors" (
	"seller_id" text NOT NULL,
	"product_id" uuid,
	"kind" text NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"visitor" "bytea" NOT NULL,
	CONSTRAINT "page_view_visitors_key" UNIQUE NULLS NOT DISTINCT("seller_id","bucket","kind","product_id","visitor")
);
--> statement-breakpoint
CREATE TABLE "view_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" "bytea" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "page_view_counts" ADD CONSTRAINT "page_view_counts_seller_id_user_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_view_counts" ADD CONSTRAINT "page_view_counts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_view_visitors" ADD CONSTRAINT "page_view_visitors_seller_id_user_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_view_visitors" ADD CONSTRAINT "page_view_visitors_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;