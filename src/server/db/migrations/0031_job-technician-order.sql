-- A technician's jobs newest first (the jobs list's Technician filter, decision 015): the list walked
-- every job from the newest and probed job_technicians for each until 25 matched (8,400 probes for
-- one technician of the large data set, whose newest jobs are mostly unassigned: 168 ms on PGlite).
-- Each assignment now carries its job's creation time and number, written by a trigger, and one
-- index lists a technician's assignments in the list's order.
ALTER TABLE "job_technicians" ADD COLUMN "job_created_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "job_technicians" ADD COLUMN "job_number" integer;--> statement-breakpoint
-- The backfill changes no assignment: the counters' statement triggers, whose join of the old and
-- new rows has no index to use on 400,000 rows, are off while it runs.
ALTER TABLE "job_technicians" DISABLE TRIGGER USER;--> statement-breakpoint
UPDATE "job_technicians" jt SET "job_created_at" = j."created_at", "job_number" = j."number" FROM "jobs" j WHERE j."id" = jt."job_id";--> statement-breakpoint
ALTER TABLE "job_technicians" ENABLE TRIGGER USER;--> statement-breakpoint
CREATE INDEX "job_technicians_technician_order_idx" ON "job_technicians" USING btree ("technician_id","job_created_at" DESC NULLS LAST,"job_number" DESC NULLS LAST);--> statement-breakpoint
-- A new assignment (or one moved to another job) takes its job's values.
CREATE OR REPLACE FUNCTION "job_technicians_job_order"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT j."created_at", j."number" INTO NEW."job_created_at", NEW."job_number" FROM "jobs" j WHERE j."id" = NEW."job_id";
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "job_technicians_job_order" BEFORE INSERT OR UPDATE OF "job_id", "job_created_at", "job_number" ON "job_technicians"
FOR EACH ROW EXECUTE FUNCTION "job_technicians_job_order"();--> statement-breakpoint
-- The application never changes a job's creation time or number; an edit by hand is followed.
CREATE OR REPLACE FUNCTION "jobs_technician_order"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "job_technicians" SET "job_created_at" = NEW."created_at", "job_number" = NEW."number" WHERE "job_id" = NEW."id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "jobs_technician_order" AFTER UPDATE OF "created_at", "number" ON "jobs" FOR EACH ROW
WHEN (OLD."created_at" IS DISTINCT FROM NEW."created_at" OR OLD."number" IS DISTINCT FROM NEW."number")
EXECUTE FUNCTION "jobs_technician_order"();
