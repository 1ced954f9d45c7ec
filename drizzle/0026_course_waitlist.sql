CREATE TABLE "course_waitlist" (
	"id" text PRIMARY KEY NOT NULL,
	"course_id" text NOT NULL,
	"locale" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"consent" jsonb,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"offered_at" timestamp (3) with time zone,
	"offer_until" timestamp (3) with time zone,
	"offer_token_hash" text,
	"registration_id" text,
	CONSTRAINT "course_waitlist_offer_token_hash_unique" UNIQUE("offer_token_hash")
);
--> statement-breakpoint
ALTER TABLE "course_waitlist" ADD CONSTRAINT "course_waitlist_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_waitlist_line_idx" ON "course_waitlist" USING btree ("course_id","status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "course_waitlist_person_idx" ON "course_waitlist" USING btree ("course_id","email") WHERE "course_waitlist"."status" in ('waiting', 'offered');