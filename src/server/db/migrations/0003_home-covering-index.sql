-- Home's counts read every job created in the chosen period and test these columns: with them
-- included, the count is an index-only scan (drizzle cannot declare INCLUDE, hence a custom migration).
CREATE INDEX IF NOT EXISTS "jobs_created_at_home_idx" ON "jobs" USING btree ("created_at" DESC)
  INCLUDE ("id", "status", "schedule_start", "time_period_due", "quote_sent", "quote_confirmed", "repair_approved", "office");
