ALTER TABLE "registers" ADD COLUMN "card_reader_id" text;--> statement-breakpoint
ALTER TABLE "registers" ADD COLUMN "card_reader_label" text;