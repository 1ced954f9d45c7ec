CREATE TABLE "job_postings" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"contact_name" text NOT NULL,
	"company" text NOT NULL,
	"locale" text NOT NULL,
	"state" text DEFAULT 'unconfirmed' NOT NULL,
	"draft" jsonb,
	"listing" jsonb,
	"job_id" text,
	"rejection_reason" text,
	"spam" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp (3) with time zone,
	"submitted_at" timestamp (3) with time zone,
	"reviewed_at" timestamp (3) with time zone,
	"reviewed_by" text,
	"notice_for" timestamp (3) with time zone
);
--> statement-breakpoint
ALTER TABLE "job_postings" ADD CONSTRAINT "job_postings_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_postings_review_idx" ON "job_postings" USING btree ("submitted_at") WHERE "job_postings"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "job_postings_email_idx" ON "job_postings" USING btree ("email");--> statement-breakpoint
CREATE INDEX "job_postings_job_idx" ON "job_postings" USING btree ("job_id");