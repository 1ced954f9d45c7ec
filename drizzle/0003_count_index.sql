-- Counting reads this narrow index instead of the wide rows (an index-only scan): every column a
-- search filters on, but the free text, is in it. Drizzle cannot declare INCLUDE, hence by hand.
CREATE INDEX "jobs_count_idx" ON "jobs" USING btree ("valid_through") INCLUDE ("dashboards", "industry", "remote_allowance", "candidate_locations", "contract_type", "work_schedule", "salary_usd_year");
