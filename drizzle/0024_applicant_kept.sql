ALTER TABLE "leads" ADD COLUMN "kept_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "kept_by" text;--> statement-breakpoint
CREATE INDEX "leads_applicant_target_idx" ON "leads" USING btree (("form"->'target'->>'id'),"created_at") WHERE "leads"."spam" is null and "leads"."type" = 'job_application';