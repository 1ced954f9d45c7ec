CREATE TABLE "course_order_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"actor" text,
	"amount_cents" integer,
	"detail" jsonb
);
--> statement-breakpoint
ALTER TABLE "course_orders" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "course_orders" ADD COLUMN "seats_released_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "published" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "course_order_events" ADD CONSTRAINT "course_order_events_order_id_course_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."course_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_order_events_order_idx" ON "course_order_events" USING btree ("order_id","at");--> statement-breakpoint
-- Orders placed before the history was kept: what their rows tell (when they were created, paid).
INSERT INTO "course_order_events" ("order_id", "kind", "at") SELECT "id", 'created', "created_at" FROM "course_orders";--> statement-breakpoint
INSERT INTO "course_order_events" ("order_id", "kind", "at") SELECT "id", 'instructions_sent', "created_at" FROM "course_orders" WHERE "method" = 'bank_transfer';--> statement-breakpoint
INSERT INTO "course_order_events" ("order_id", "kind", "at") SELECT "id", 'paid', "paid_at" FROM "course_orders" WHERE "paid_at" IS NOT NULL;
