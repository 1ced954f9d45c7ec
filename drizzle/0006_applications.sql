CREATE TABLE "positions" (
	"id" text PRIMARY KEY NOT NULL,
	"role" text NOT NULL,
	"locale" text NOT NULL,
	"description" text NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"email" text NOT NULL,
	"info" text DEFAULT '' NOT NULL,
	"locale" text NOT NULL,
	"filename" text NOT NULL,
	"declared_type" text NOT NULL,
	"declared_size" integer NOT NULL,
	"storage_key" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"content_type" text,
	"size" integer,
	"lead_id" text,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"stored_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE INDEX "uploads_lead_idx" ON "uploads" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "uploads_unattached_idx" ON "uploads" USING btree ("created_at") WHERE "uploads"."status" <> 'attached';