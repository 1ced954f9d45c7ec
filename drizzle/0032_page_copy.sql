CREATE TABLE "page_copy" (
	"page" text NOT NULL,
	"locale" text NOT NULL,
	"published" jsonb NOT NULL,
	"published_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"published_by" text,
	"release_hash" text,
	"draft" jsonb,
	"draft_saved_at" timestamp (3) with time zone,
	"draft_saved_by" text,
	CONSTRAINT "page_copy_page_locale_pk" PRIMARY KEY("page","locale")
);
--> statement-breakpoint
CREATE TABLE "page_copy_versions" (
	"id" text PRIMARY KEY NOT NULL,
	"page" text NOT NULL,
	"locale" text NOT NULL,
	"version" integer NOT NULL,
	"content" jsonb NOT NULL,
	"published_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"published_by" text
);
--> statement-breakpoint
CREATE UNIQUE INDEX "page_copy_versions_page_idx" ON "page_copy_versions" USING btree ("page","locale","version");