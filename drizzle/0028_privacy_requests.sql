CREATE TABLE "privacy_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"email" text NOT NULL,
	"locale" text NOT NULL,
	"status" text DEFAULT 'unconfirmed' NOT NULL,
	"opened_by" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp (3) with time zone,
	"due_at" timestamp (3) with time zone,
	"completed_at" timestamp (3) with time zone,
	"file_key" text,
	"file_expires_at" timestamp (3) with time zone,
	"outcome" jsonb
);
--> statement-breakpoint
CREATE INDEX "privacy_requests_created_idx" ON "privacy_requests" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "privacy_requests_file_idx" ON "privacy_requests" USING btree ("file_expires_at") WHERE "privacy_requests"."file_key" is not null;