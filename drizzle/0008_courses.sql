CREATE TABLE "course_orders" (
	"id" text PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"course_id" text NOT NULL,
	"registration_id" text,
	"locale" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"quantity" integer NOT NULL,
	"seats_taken" integer NOT NULL,
	"unit_amount_cents" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"method" text NOT NULL,
	"status" text NOT NULL,
	"provider_session_id" text,
	"paid_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_orders_reference_unique" UNIQUE("reference"),
	CONSTRAINT "course_orders_provider_session_id_unique" UNIQUE("provider_session_id")
);
--> statement-breakpoint
CREATE TABLE "course_registrations" (
	"id" text PRIMARY KEY NOT NULL,
	"course_id" text NOT NULL,
	"locale" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"experience" text NOT NULL,
	"motivation" text NOT NULL,
	"page" text NOT NULL,
	"referrer" text NOT NULL,
	"utm" jsonb NOT NULL,
	"consent" jsonb,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "courses" (
	"id" text PRIMARY KEY NOT NULL,
	"locale" text NOT NULL,
	"title" text NOT NULL,
	"subtitle" text DEFAULT '' NOT NULL,
	"modality" text NOT NULL,
	"location" text NOT NULL,
	"price_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"discount_percent" integer DEFAULT 0 NOT NULL,
	"promo" text,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"timetable" text NOT NULL,
	"description_html" text NOT NULL,
	"spots" integer NOT NULL,
	"spots_taken" integer DEFAULT 0 NOT NULL,
	"application_deadline" timestamp (3) with time zone NOT NULL,
	"external_form_url" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "courses_seats_check" CHECK ("courses"."spots_taken" >= 0 and "courses"."spots_taken" <= "courses"."spots"),
	CONSTRAINT "courses_discount_check" CHECK ("courses"."discount_percent" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "course_orders" ADD CONSTRAINT "course_orders_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_orders" ADD CONSTRAINT "course_orders_registration_id_course_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."course_registrations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_registrations" ADD CONSTRAINT "course_registrations_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_orders_course_idx" ON "course_orders" USING btree ("course_id","created_at");--> statement-breakpoint
CREATE INDEX "course_registrations_course_idx" ON "course_registrations" USING btree ("course_id","created_at");