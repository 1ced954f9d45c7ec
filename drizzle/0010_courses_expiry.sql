ALTER TABLE "course_orders" ADD COLUMN "expires_at" timestamp (3) with time zone;--> statement-breakpoint
CREATE INDEX "course_orders_status_idx" ON "course_orders" USING btree ("status","expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "course_orders_registration_live_idx" ON "course_orders" USING btree ("registration_id") WHERE "course_orders"."status" not in ('cancelled', 'expired');