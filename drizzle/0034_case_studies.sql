CREATE TABLE "case_studies" (
	"id" text PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"home_rank" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	CONSTRAINT "case_studies_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "page_copy" ALTER COLUMN "published" DROP NOT NULL;--> statement-breakpoint
-- The home page's case studies became records of their own: the copy stored in the office's
-- earlier schema (caseStudies.items) moves to the new one, which keeps the section's words.
UPDATE "page_copy" SET "published" = "published" #- '{caseStudies,items}' WHERE "page" = 'home' AND "published" IS NOT NULL;--> statement-breakpoint
UPDATE "page_copy" SET "draft" = "draft" #- '{caseStudies,items}' WHERE "page" = 'home' AND "draft" IS NOT NULL;--> statement-breakpoint
UPDATE "page_copy_versions" SET "content" = "content" #- '{caseStudies,items}' WHERE "page" = 'home';
