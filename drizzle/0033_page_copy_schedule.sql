ALTER TABLE "page_copy" ADD COLUMN "scheduled_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "page_copy" ADD COLUMN "scheduled_by" text;