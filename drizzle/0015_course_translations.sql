ALTER TABLE "courses" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "translations" jsonb;