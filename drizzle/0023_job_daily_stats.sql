CREATE TABLE "job_daily_stats" (
	"job_id" text NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"apply_clicks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "job_daily_stats_job_id_day_pk" PRIMARY KEY("job_id","day")
);
--> statement-breakpoint
ALTER TABLE "job_daily_stats" ADD CONSTRAINT "job_daily_stats_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;