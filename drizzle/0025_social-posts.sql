CREATE TABLE "social_post_clicks" (
	"post_id" uuid NOT NULL,
	"day" date NOT NULL,
	"clicks" integer NOT NULL,
	CONSTRAINT "social_post_clicks_post_id_day_pk" PRIMARY KEY("post_id","day")
);
--> statement-breakpoint
CREATE TABLE "social_posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"code" text NOT NULL,
	"platform" text NOT NULL,
	"content_type" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"product_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'idea' NOT NULL,
	"scheduled_at" timestamp with time zone,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"public_url" text,
	"posted_at" timestamp with time zone,
	"reminder_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "social_posts_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "social_post_clicks" ADD CONSTRAINT "social_post_clicks_post_id_social_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."social_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_posts" ADD CONSTRAINT "social_posts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "social_posts_user_scheduled_idx" ON "social_posts" USING btree ("user_id","scheduled_at");--> statement-breakpoint
CREATE INDEX "social_posts_due_reminder_idx" ON "social_posts" USING btree ("scheduled_at") WHERE "social_posts"."status" = 'scheduled' and "social_posts"."reminder_sent_at" is null;