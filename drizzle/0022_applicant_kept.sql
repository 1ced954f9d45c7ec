ALTER TABLE "leads" ADD COLUMN "kept_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "kept_by" text;