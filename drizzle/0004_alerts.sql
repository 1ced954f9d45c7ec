CREATE TABLE "alert_subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"locale" text NOT NULL,
	"search" jsonb NOT NULL,
	"search_key" text NOT NULL,
	"frequency" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp (3) with time zone,
	"confirmation_sent_at" timestamp (3) with time zone,
	"last_digest_at" timestamp (3) with time zone,
	"next_digest_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "alert_subscriptions_email_search_idx" ON "alert_subscriptions" USING btree ("email","search_key");--> statement-breakpoint
CREATE INDEX "alert_subscriptions_due_idx" ON "alert_subscriptions" USING btree ("next_digest_at") WHERE "alert_subscriptions"."status" = 'active';