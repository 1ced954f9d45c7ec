CREATE TABLE "jobs" (
	"id" text PRIMARY KEY NOT NULL,
	"external_id" text,
	"position" text NOT NULL,
	"company" text,
	"dashboards" text[] NOT NULL,
	"industry" text NOT NULL,
	"remote_allowance" text NOT NULL,
	"candidate_locations" text[] DEFAULT '{}'::text[] NOT NULL,
	"contract_type" text NOT NULL,
	"work_schedule" text NOT NULL,
	"salary_min" integer,
	"salary_max" integer,
	"salary_currency" text,
	"salary_period" text,
	"salary_usd_year" integer,
	"client_location" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"short_description" text NOT NULL,
	"description_html" text,
	"apply_url" text,
	"valid_through" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"search_text" text NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, "search_text")) STORED,
	CONSTRAINT "jobs_external_id_unique" UNIQUE("external_id")
);
--> statement-breakpoint
CREATE INDEX "jobs_newest_idx" ON "jobs" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "jobs_dashboards_idx" ON "jobs" USING gin ("dashboards");--> statement-breakpoint
CREATE INDEX "jobs_search_idx" ON "jobs" USING gin ("search");