ALTER TABLE "session" ALTER COLUMN "last_active_at" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "session" ALTER COLUMN "last_active_at" DROP NOT NULL;