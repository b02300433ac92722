CREATE TABLE "scorecard_day_totals" (
	"technician_id" uuid NOT NULL,
	"day" date NOT NULL,
	"completed" bigint DEFAULT 0 NOT NULL,
	"repeats" bigint DEFAULT 0 NOT NULL,
	"scheduled" bigint DEFAULT 0 NOT NULL,
	"minutes" bigint DEFAULT 0 NOT NULL,
	"sent" bigint DEFAULT 0 NOT NULL,
	"approved" bigint DEFAULT 0 NOT NULL,
	"declined" bigint DEFAULT 0 NOT NULL,
	"invoices" bigint DEFAULT 0 NOT NULL,
	"revenue" numeric(16, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "scorecard_day_totals_technician_id_day_pk" PRIMARY KEY("technician_id","day")
);
--> statement-breakpoint
CREATE TABLE "scorecard_job_facts" (
	"job_id" uuid NOT NULL,
	"technician_id" uuid NOT NULL,
	"at" timestamp with time zone,
	"day" date NOT NULL,
	"completed" integer NOT NULL,
	"repeats" integer NOT NULL,
	"scheduled" integer NOT NULL,
	"minutes" integer NOT NULL,
	"sent" integer NOT NULL,
	"approved" integer NOT NULL,
	"declined" integer NOT NULL,
	"invoices" integer NOT NULL,
	"revenue" numeric(16, 2) NOT NULL
);
--> statement-breakpoint
-- hand-written:
-- The Tech Scorecard at scale (decision 056). scorecard_job_facts holds what each job adds to the
-- scorecard's figures, one row per technician of the job and counted fact; scorecard_day_totals adds
-- those rows up per technician and day (UTC day of the fact's instant; an invoice's issue date). The
-- triggers below recompute the facts of the jobs a statement touched and add the difference to the
-- totals, in the same transaction (the design of the Home counters, migration 0027: recomputing a
-- job from the tables keeps one statement of every figure and makes cascades, moves between jobs and
-- trigger order harmless).
--
-- RESTATED RULES. The figures' rules live in src/domain/tech-scorecard.ts; this function is their
-- SQL twin (the scorecard repo no longer states them): jobs completed (status completed, by
-- completed_at), hours on the schedule (jobs not cancelled, schedule_duration by schedule_start),
-- revenue (invoices issued or paid, amount by issued_date), quotes sent (by sent_at) with approved
-- and declined, and the repeat visit (isRepeatVisit: another job on the unit, not cancelled,
-- created after the completion and at most REPEAT_VISIT_DAYS = 30 days after it).
-- tests/api/scorecard-totals.test.ts guards them: the scorecard read from these tables equals the
-- figures recomputed from the source rows by those rules for every period, and the repeat visit's
-- edges (created at the completion, 30 days after it, 30 days and a second) agree with
-- isRepeatVisit.
--
-- scorecard_job_facts_apply(jobs, lock): the facts of these jobs now, the difference to their
-- stored facts added to the totals (in key order, so concurrent transactions lock total rows in the
-- same order), the stored facts replaced. With lock, the jobs are first locked in id order and the
-- facts read after it, so two transactions changing one job's records at once add up instead of one
-- losing the other's change. Planned for the array it is given (plan_cache_mode): one job is index
-- probes, all of them (the rebuild) hash joins.
CREATE OR REPLACE FUNCTION "scorecard_job_facts_apply"(p_jobs uuid[], p_lock boolean) RETURNS void
LANGUAGE plpgsql SET plan_cache_mode = force_custom_plan AS $$
BEGIN
  IF coalesce(cardinality(p_jobs), 0) = 0 THEN
    RETURN;
  END IF;
  IF p_lock THEN
    PERFORM 1 FROM "jobs" WHERE "id" = ANY (p_jobs) ORDER BY "id" FOR NO KEY UPDATE;
  END IF;
  WITH parts AS (
    -- jobs completed, and whether a repeat visit followed (isRepeatVisit)
    SELECT j."id" AS job_id, j."completed_at" AS at, (j."completed_at" AT TIME ZONE 'UTC')::date AS day,
           1 AS completed,
           CASE WHEN j."unit_id" IS NOT NULL AND EXISTS (
             SELECT 1 FROM "jobs" j2
             WHERE j2."unit_id" = j."unit_id" AND j2."id" <> j."id" AND j2."status" <> 'cancelled'
               AND j2."created_at" > j."completed_at" AND j2."created_at" <= j."completed_at" + interval '30 days'
           ) THEN 1 ELSE 0 END AS repeats,
           0 AS scheduled, 0 AS minutes, 0 AS sent, 0 AS approved, 0 AS declined, 0 AS invoices, 0::numeric AS revenue
    FROM "jobs" j
    WHERE j."id" = ANY (p_jobs) AND j."status" = 'completed' AND j."completed_at" IS NOT NULL
    UNION ALL
    -- hours on the schedule
    SELECT j."id", j."schedule_start", (j."schedule_start" AT TIME ZONE 'UTC')::date, 0, 0, 1, j."schedule_duration", 0, 0, 0, 0, 0
    FROM "jobs" j
    WHERE j."id" = ANY (p_jobs) AND j."schedule_start" IS NOT NULL AND j."status" <> 'cancelled'
    UNION ALL
    -- revenue: invoices issued or paid, by issue date
    SELECT i."job_id", NULL, i."issued_date", 0, 0, 0, 0, 0, 0, 0, 1, i."amount"
    FROM "job_invoices" i
    WHERE i."job_id" = ANY (p_jobs) AND i."status" IN ('issued', 'paid') AND i."issued_date" IS NOT NULL
    UNION ALL
    -- quotes sent, approved, declined
    SELECT q."job_id", q."sent_at", (q."sent_at" AT TIME ZONE 'UTC')::date, 0, 0, 0, 0, 1,
           (q."status" = 'approved')::int, (q."status" = 'declined')::int, 0, 0
    FROM "job_quotes" q
    WHERE q."job_id" = ANY (p_jobs)
  ),
  new_facts AS (
    -- a job with two technicians counts for both; with none, for nobody
    SELECT p.job_id, t."technician_id", p.at, p.day, p.completed, p.repeats, p.scheduled, p.minutes, p.sent,
           p.approved, p.declined, p.invoices, p.revenue
    FROM parts p JOIN "job_technicians" t ON t."job_id" = p.job_id
    WHERE t."job_id" = ANY (p_jobs)
  ),
  old_facts AS (
    DELETE FROM "scorecard_job_facts" WHERE "job_id" = ANY (p_jobs)
    RETURNING "job_id", "technician_id", "at", "day", "completed", "repeats", "scheduled", "minutes", "sent",
              "approved", "declined", "invoices", "revenue"
  ),
  saved AS (
    INSERT INTO "scorecard_job_facts" ("job_id", "technician_id", "at", "day", "completed", "repeats", "scheduled", "minutes",
                                       "sent", "approved", "declined", "invoices", "revenue")
    SELECT * FROM new_facts
  ),
  changes AS MATERIALIZED (SELECT 1 AS w, * FROM new_facts UNION ALL SELECT -1 AS w, * FROM old_facts)
  INSERT INTO "scorecard_day_totals" AS c ("technician_id", "day", "completed", "repeats", "scheduled", "minutes", "sent",
                                           "approved", "declined", "invoices", "revenue")
  SELECT d."technician_id", d."day", sum(d.w * d."completed"), sum(d.w * d."repeats"), sum(d.w * d."scheduled"),
         sum(d.w * d."minutes"), sum(d.w * d."sent"), sum(d.w * d."approved"), sum(d.w * d."declined"),
         sum(d.w * d."invoices"), sum(d.w * d."revenue")
  FROM changes d
  GROUP BY 1, 2
  HAVING (sum(d.w * d."completed"), sum(d.w * d."repeats"), sum(d.w * d."scheduled"), sum(d.w * d."minutes"),
          sum(d.w * d."sent"), sum(d.w * d."approved"), sum(d.w * d."declined"), sum(d.w * d."invoices"),
          sum(d.w * d."revenue")) <> (0, 0, 0, 0, 0, 0, 0, 0, 0)
  ORDER BY 1, 2
  ON CONFLICT ("technician_id", "day") DO UPDATE SET
    "completed" = c."completed" + excluded."completed",
    "repeats" = c."repeats" + excluded."repeats",
    "scheduled" = c."scheduled" + excluded."scheduled",
    "minutes" = c."minutes" + excluded."minutes",
    "sent" = c."sent" + excluded."sent",
    "approved" = c."approved" + excluded."approved",
    "declined" = c."declined" + excluded."declined",
    "invoices" = c."invoices" + excluded."invoices",
    "revenue" = c."revenue" + excluded."revenue";
END $$;
--> statement-breakpoint
-- Everything again from the tables (the backfill below, and after a TRUNCATE of a counted table).
CREATE OR REPLACE FUNCTION "scorecard_totals_rebuild"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "scorecard_job_facts";
  DELETE FROM "scorecard_day_totals";
  PERFORM "scorecard_job_facts_apply"(array(SELECT "id" FROM "jobs"), false);
END $$;
--> statement-breakpoint
-- A job's change can change the repeat-visit fact of the completed jobs on its unit (before and
-- after the change): a job created, deleted, cancelled or moved to another unit is, or stops being,
-- their repeat visit. Those jobs are recomputed with it: every completed job on the unit, a superset
-- of the ones whose flag can change (the window is not restated here: a unit holds few jobs).
CREATE OR REPLACE FUNCTION "scorecard_jobs_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "scorecard_job_facts_apply"(array(
      SELECT "id" FROM new_rows
      UNION SELECT j."id" FROM "jobs" j JOIN new_rows n ON j."unit_id" = n."unit_id" WHERE j."status" = 'completed'), true);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "scorecard_job_facts_apply"(array(
      SELECT "id" FROM old_rows
      UNION SELECT j."id" FROM "jobs" j JOIN old_rows o ON j."unit_id" = o."unit_id" WHERE j."status" = 'completed'), true);
  ELSE
    -- most updates (names, notes, tags, the search text, the office) change no figure
    -- (changed rows found as set differences, never by joining the transition tables: migration 0056)
    PERFORM "scorecard_job_facts_apply"(array(
      SELECT "id" FROM (
        SELECT "id", "status", "completed_at", "schedule_start", "schedule_duration", "unit_id", "created_at" FROM new_rows
        EXCEPT SELECT "id", "status", "completed_at", "schedule_start", "schedule_duration", "unit_id", "created_at" FROM old_rows) c
      UNION SELECT j."id" FROM "jobs" j WHERE j."status" = 'completed' AND j."unit_id" IN (
        -- the units before and after of the rows that became or stopped being a unit's other job
        SELECT "unit_id" FROM (SELECT "id", "status" = 'cancelled', "unit_id", "created_at" FROM new_rows
                               EXCEPT SELECT "id", "status" = 'cancelled', "unit_id", "created_at" FROM old_rows) nu
        UNION SELECT "unit_id" FROM (SELECT "id", "status" = 'cancelled', "unit_id", "created_at" FROM old_rows
                                     EXCEPT SELECT "id", "status" = 'cancelled', "unit_id", "created_at" FROM new_rows) ou)), true);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Inserts and deletes of a job's records: job_technicians, job_quotes, job_invoices.
CREATE OR REPLACE FUNCTION "scorecard_job_rows_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "scorecard_job_facts_apply"(array(SELECT DISTINCT "job_id" FROM new_rows), true);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "scorecard_job_rows_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "scorecard_job_facts_apply"(array(SELECT DISTINCT "job_id" FROM old_rows), true);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Updates: the jobs (before and after, should a row move to another job) of the rows whose counted
-- columns changed.
CREATE OR REPLACE FUNCTION "scorecard_job_technicians_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "scorecard_job_facts_apply"(array(
    SELECT "job_id" FROM (SELECT "id", "job_id", "technician_id" FROM new_rows EXCEPT SELECT "id", "job_id", "technician_id" FROM old_rows) n
    UNION ALL
    SELECT "job_id" FROM (SELECT "id", "job_id", "technician_id" FROM old_rows EXCEPT SELECT "id", "job_id", "technician_id" FROM new_rows) o), true);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "scorecard_job_quotes_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "scorecard_job_facts_apply"(array(
    SELECT "job_id" FROM (SELECT "id", "job_id", "status", "sent_at" FROM new_rows EXCEPT SELECT "id", "job_id", "status", "sent_at" FROM old_rows) n
    UNION ALL
    SELECT "job_id" FROM (SELECT "id", "job_id", "status", "sent_at" FROM old_rows EXCEPT SELECT "id", "job_id", "status", "sent_at" FROM new_rows) o), true);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "scorecard_job_invoices_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "scorecard_job_facts_apply"(array(
    SELECT "job_id" FROM (SELECT "id", "job_id", "status", "amount", "issued_date" FROM new_rows EXCEPT SELECT "id", "job_id", "status", "amount", "issued_date" FROM old_rows) n
    UNION ALL
    SELECT "job_id" FROM (SELECT "id", "job_id", "status", "amount", "issued_date" FROM old_rows EXCEPT SELECT "id", "job_id", "status", "amount", "issued_date" FROM new_rows) o), true);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "scorecard_totals_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "scorecard_totals_rebuild"();
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "jobs_scorecard_insert" AFTER INSERT ON "jobs" REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "scorecard_jobs_changed"();--> statement-breakpoint
CREATE TRIGGER "jobs_scorecard_delete" AFTER DELETE ON "jobs" REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION "scorecard_jobs_changed"();--> statement-breakpoint
CREATE TRIGGER "jobs_scorecard_update" AFTER UPDATE ON "jobs" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "scorecard_jobs_changed"();--> statement-breakpoint
CREATE TRIGGER "jobs_scorecard_truncate" AFTER TRUNCATE ON "jobs" FOR EACH STATEMENT EXECUTE FUNCTION "scorecard_totals_truncated"();--> statement-breakpoint
CREATE TRIGGER "job_technicians_scorecard_insert" AFTER INSERT ON "job_technicians" REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "scorecard_job_rows_inserted"();--> statement-breakpoint
CREATE TRIGGER "job_technicians_scorecard_delete" AFTER DELETE ON "job_technicians" REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION "scorecard_job_rows_deleted"();--> statement-breakpoint
CREATE TRIGGER "job_technicians_scorecard_update" AFTER UPDATE ON "job_technicians" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "scorecard_job_technicians_updated"();--> statement-breakpoint
CREATE TRIGGER "job_technicians_scorecard_truncate" AFTER TRUNCATE ON "job_technicians" FOR EACH STATEMENT EXECUTE FUNCTION "scorecard_totals_truncated"();--> statement-breakpoint
CREATE TRIGGER "job_quotes_scorecard_insert" AFTER INSERT ON "job_quotes" REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "scorecard_job_rows_inserted"();--> statement-breakpoint
CREATE TRIGGER "job_quotes_scorecard_delete" AFTER DELETE ON "job_quotes" REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION "scorecard_job_rows_deleted"();--> statement-breakpoint
CREATE TRIGGER "job_quotes_scorecard_update" AFTER UPDATE ON "job_quotes" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "scorecard_job_quotes_updated"();--> statement-breakpoint
CREATE TRIGGER "job_quotes_scorecard_truncate" AFTER TRUNCATE ON "job_quotes" FOR EACH STATEMENT EXECUTE FUNCTION "scorecard_totals_truncated"();--> statement-breakpoint
CREATE TRIGGER "job_invoices_scorecard_insert" AFTER INSERT ON "job_invoices" REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "scorecard_job_rows_inserted"();--> statement-breakpoint
CREATE TRIGGER "job_invoices_scorecard_delete" AFTER DELETE ON "job_invoices" REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION "scorecard_job_rows_deleted"();--> statement-breakpoint
CREATE TRIGGER "job_invoices_scorecard_update" AFTER UPDATE ON "job_invoices" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "scorecard_job_invoices_updated"();--> statement-breakpoint
CREATE TRIGGER "job_invoices_scorecard_truncate" AFTER TRUNCATE ON "job_invoices" FOR EACH STATEMENT EXECUTE FUNCTION "scorecard_totals_truncated"();--> statement-breakpoint
-- The totals start from the records there are: one set-based pass, then the indexes (built once
-- instead of grown row by row): one job's facts, the facts by instant (the hours of a period
-- outside whole UTC days), every technician's totals of a period.
SELECT "scorecard_totals_rebuild"();--> statement-breakpoint
CREATE INDEX "scorecard_day_totals_day_idx" ON "scorecard_day_totals" USING btree ("day");--> statement-breakpoint
CREATE INDEX "scorecard_job_facts_job_idx" ON "scorecard_job_facts" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "scorecard_job_facts_at_idx" ON "scorecard_job_facts" USING btree ("at");--> statement-breakpoint
-- hand-written:
-- Home's Total Unsent Invoices for one technician opens /invoices?status=draft&technicianId= (the
-- drafts of the technician's jobs: 715 of 147,000 drafts on the large data set). Its count and
-- page found every draft through job_invoices_draft_created_idx and hashed them against the
-- technician's assignments (12,700 heap pages, 440-590 ms at load 18); with the drafts by job,
-- carrying what the summary and the page read, both are a merge of two index-only scans (about
-- 1,500 index pages). drizzle-kit cannot declare INCLUDE (docs/architecture.md, hand-written indexes).
CREATE INDEX "job_invoices_draft_job_idx" ON "job_invoices" USING btree ("job_id")
  INCLUDE ("created_at", "id", "status", "amount", "amount_paid", "due_date", "paid_date") WHERE "status" = 'draft';
