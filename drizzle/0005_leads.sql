CREATE TABLE "leads" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"locale" text NOT NULL,
	"email" text,
	"form" jsonb NOT NULL,
	"page" text NOT NULL,
	"referrer" text NOT NULL,
	"utm" jsonb NOT NULL,
	"consent" jsonb,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "leads_created_idx" ON "leads" USING btree ("created_at");