CREATE TABLE "form_receipts" (
	"key" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"answer" jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
