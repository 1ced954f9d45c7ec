CREATE TABLE "course_invoice_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_invoices" (
	"id" text PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"order_id" text NOT NULL,
	"issued_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"data" jsonb NOT NULL,
	CONSTRAINT "course_invoices_number_unique" UNIQUE("number"),
	CONSTRAINT "course_invoices_order_id_unique" UNIQUE("order_id")
);
--> statement-breakpoint
ALTER TABLE "course_orders" ADD COLUMN "billing_company" text;--> statement-breakpoint
ALTER TABLE "course_orders" ADD COLUMN "billing_address" text;--> statement-breakpoint
ALTER TABLE "course_orders" ADD COLUMN "billing_vat_id" text;--> statement-breakpoint
ALTER TABLE "course_invoices" ADD CONSTRAINT "course_invoices_order_id_course_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."course_orders"("id") ON DELETE cascade ON UPDATE no action;