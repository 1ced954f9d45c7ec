ALTER TABLE "course_registrations" ADD COLUMN "spam" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "spam" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "held" jsonb;--> statement-breakpoint
CREATE INDEX "leads_spam_idx" ON "leads" USING btree ("created_at") WHERE "leads"."spam" is not null;