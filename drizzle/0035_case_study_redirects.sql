CREATE TABLE "case_study_redirects" (
	"from_slug" text PRIMARY KEY NOT NULL,
	"case_study_id" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "case_study_redirects" ADD CONSTRAINT "case_study_redirects_case_study_id_case_studies_id_fk" FOREIGN KEY ("case_study_id") REFERENCES "public"."case_studies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "case_study_redirects_study_idx" ON "case_study_redirects" USING btree ("case_study_id");