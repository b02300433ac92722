-- /jobs at 500,000 jobs (decision 015, "Measured" 2026-11-25): every single filter's first page and
-- total without reading thousands of rows.
--
-- 1. job_assigned_count: how many jobs have at least one technician (one row), kept by
--    statement-level triggers on job_technicians. The "unassigned" total is the jobs' total minus
--    it. A job's technicians can change in two transactions at once (two technicians added, one
--    removed while another is added): each trigger first locks the jobs it touched (in id order;
--    the app's writers hold that lock already), then counts with a snapshot taken after the lock,
--    so the second transaction sees the first one's rows.
CREATE TABLE "job_assigned_count" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "job_assigned_count_one_row" CHECK ("job_assigned_count"."id" = 1)
);--> statement-breakpoint
INSERT INTO "job_assigned_count" ("id", "n") SELECT 1, count(DISTINCT "job_id") FROM "job_technicians";--> statement-breakpoint
-- The change for these jobs: each job's rows now against its rows before the statement
-- (now - added + removed). A job deleted with its technicians (cascade) has none left.
CREATE OR REPLACE FUNCTION "job_assigned_count_apply"(p_jobs uuid[], p_added bigint[], p_removed bigint[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  delta bigint;
BEGIN
  PERFORM 1 FROM "jobs" WHERE "id" = ANY (p_jobs) ORDER BY "id" FOR NO KEY UPDATE;
  SELECT coalesce(sum((t.now_n > 0)::int - (t.now_n - c.added + c.removed > 0)::int), 0) INTO delta
  FROM unnest(p_jobs, p_added, p_removed) AS c(job_id, added, removed)
  CROSS JOIN LATERAL (SELECT count(*) AS now_n FROM "job_technicians" jt WHERE jt."job_id" = c.job_id) t;
  IF delta <> 0 THEN
    UPDATE "job_assigned_count" SET "n" = "n" + delta WHERE "id" = 1;
  END IF;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "job_assigned_count_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "job_assigned_count_apply"(array_agg("job_id"), array_agg(n), array_agg(0::bigint))
  FROM (SELECT "job_id", count(*) AS n FROM new_rows GROUP BY 1) d;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "job_assigned_count_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "job_assigned_count_apply"(array_agg("job_id"), array_agg(0::bigint), array_agg(n))
  FROM (SELECT "job_id", count(*) AS n FROM old_rows GROUP BY 1) d;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "job_assigned_count_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only a row moved to another job changes an assignment (swapping the technician does not).
  IF EXISTS (SELECT 1 FROM old_rows o JOIN new_rows n ON n."id" = o."id" WHERE n."job_id" <> o."job_id") THEN
    PERFORM "job_assigned_count_apply"(array_agg("job_id"), array_agg(added), array_agg(removed))
    FROM (SELECT "job_id", sum(a)::bigint AS added, sum(r)::bigint AS removed FROM (
            SELECT "job_id", 1 AS a, 0 AS r FROM new_rows UNION ALL SELECT "job_id", 0, 1 FROM old_rows) x
          GROUP BY 1) d;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "job_assigned_count_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "job_assigned_count" SET "n" = 0 WHERE "id" = 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "job_technicians_assigned_insert" AFTER INSERT ON "job_technicians" REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "job_assigned_count_inserted"();--> statement-breakpoint
CREATE TRIGGER "job_technicians_assigned_delete" AFTER DELETE ON "job_technicians" REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION "job_assigned_count_deleted"();--> statement-breakpoint
CREATE TRIGGER "job_technicians_assigned_update" AFTER UPDATE ON "job_technicians" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "job_assigned_count_updated"();--> statement-breakpoint
CREATE TRIGGER "job_technicians_assigned_truncate" AFTER TRUNCATE ON "job_technicians"
FOR EACH STATEMENT EXECUTE FUNCTION "job_assigned_count_truncated"();--> statement-breakpoint
--
-- 2. job_counts per (status, type, service line, office): the total of the list with no
--    filter or with any of these filters is a sum over a few hundred counter rows. The counters
--    are changed with INSERT ... ON CONFLICT in key order, so two transactions lock counter rows
--    in the same order.
ALTER TABLE "job_counts" DROP CONSTRAINT "job_counts_pkey";--> statement-breakpoint
DELETE FROM "job_counts";--> statement-breakpoint
ALTER TABLE "job_counts" ADD COLUMN "type" varchar(20) NOT NULL;--> statement-breakpoint
ALTER TABLE "job_counts" ADD COLUMN "service_line" varchar(20) NOT NULL;--> statement-breakpoint
ALTER TABLE "job_counts" ADD COLUMN "office" varchar(100) NOT NULL;--> statement-breakpoint
ALTER TABLE "job_counts" ADD CONSTRAINT "job_counts_status_type_service_line_office_pk" PRIMARY KEY("status","type","service_line","office");--> statement-breakpoint
INSERT INTO "job_counts" ("status", "type", "service_line", "office", "n")
SELECT "status", "type", "service_line", "office", count(*) FROM "jobs" GROUP BY 1, 2, 3, 4;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "job_counts_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "job_counts" AS c ("status", "type", "service_line", "office", "n")
  SELECT "status", "type", "service_line", "office", count(*) FROM new_rows GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT ("status", "type", "service_line", "office") DO UPDATE SET "n" = c."n" + excluded."n";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "job_counts_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "job_counts" AS c ("status", "type", "service_line", "office", "n")
  SELECT "status", "type", "service_line", "office", -count(*) FROM old_rows GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT ("status", "type", "service_line", "office") DO UPDATE SET "n" = c."n" + excluded."n";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "job_counts_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Most updates change none of the counted columns: then no counter row is touched (no lock taken).
  IF EXISTS (SELECT 1 FROM old_rows o JOIN new_rows n ON n."id" = o."id"
             WHERE (n."status", n."type", n."service_line", n."office") IS DISTINCT FROM (o."status", o."type", o."service_line", o."office")) THEN
    INSERT INTO "job_counts" AS c ("status", "type", "service_line", "office", "n")
    SELECT "status", "type", "service_line", "office", sum(k) FROM (
      SELECT "status", "type", "service_line", "office", 1 AS k FROM new_rows
      UNION ALL
      SELECT "status", "type", "service_line", "office", -1 AS k FROM old_rows) x
    GROUP BY 1, 2, 3, 4 HAVING sum(k) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT ("status", "type", "service_line", "office") DO UPDATE SET "n" = c."n" + excluded."n";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "job_counts_recount"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "job_counts";
  INSERT INTO "job_counts" ("status", "type", "service_line", "office", "n")
  SELECT "status", "type", "service_line", "office", count(*) FROM "jobs" GROUP BY 1, 2, 3, 4;
  RETURN NULL;
END $$;--> statement-breakpoint
--
-- 3. Pages in list order without sorting groups of equal creation times: the status index leads
--    with the status (a status's newest jobs first, not after every newer job of other statuses),
--    and the newest-first covering index gets the job number as its second key (the list's tie
--    break) and the columns the single filters test, so the walk for a page is an index-only scan.
DROP INDEX "jobs_status_idx";--> statement-breakpoint
CREATE INDEX "jobs_status_idx" ON "jobs" USING btree ("status","created_at" DESC NULLS FIRST,"number" DESC NULLS FIRST);--> statement-breakpoint
DROP INDEX IF EXISTS "jobs_created_at_home_idx";--> statement-breakpoint
CREATE INDEX "jobs_created_at_home_idx" ON "jobs" USING btree ("created_at" DESC, "number" DESC)
  INCLUDE ("id", "status", "schedule_start", "time_period_due", "office", "type", "service_line");
--> statement-breakpoint
-- 4. Open jobs by due date: the overdue queue's total is an index-only count of the open jobs due
--    before today (the boundary moves every day, so it cannot be a counter row).
CREATE INDEX "jobs_open_due_idx" ON "jobs" USING btree ("time_period_due")
  WHERE "status" NOT IN ('completed', 'cancelled');--> statement-breakpoint
-- 5. The calendar's unscheduled jobs: open, without a start, whose start-due period overlaps the
--    range; a GiST index on the period finds exactly those instead of every job due after the start.
CREATE INDEX "jobs_unscheduled_period_idx" ON "jobs" USING gist (daterange("time_period_start", "time_period_due", '[]'))
  WHERE "schedule_start" IS NULL AND "status" NOT IN ('completed', 'cancelled');
--> statement-breakpoint
-- 6. The calendar month answers every scheduled job of the month (about 6,000 on the large data
--    set) with its company, location, unit and technicians: covering indexes make each of those
--    lookups an index-only probe instead of a heap visit (four times less work per row).
DROP INDEX "job_technicians_job_technician_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "job_technicians_job_technician_unique" ON "job_technicians" USING btree ("job_id", "technician_id") INCLUDE ("is_primary");--> statement-breakpoint
CREATE INDEX "locations_id_name_idx" ON "locations" USING btree ("id") INCLUDE ("company_id", "name");--> statement-breakpoint
CREATE INDEX "companies_id_name_idx" ON "companies" USING btree ("id") INCLUDE ("name");--> statement-breakpoint
CREATE INDEX "units_id_number_idx" ON "units" USING btree ("id") INCLUDE ("unit_number");
