CREATE TABLE "page_marks" (
	"tag" text PRIMARY KEY NOT NULL,
	"marked_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
