CREATE TABLE "home_counts" (
	"technician_id" uuid NOT NULL,
	"office" varchar(100) NOT NULL,
	"day" date NOT NULL,
	"no_appointment" bigint DEFAULT 0 NOT NULL,
	"open_jobs" bigint DEFAULT 0 NOT NULL,
	"scheduled_jobs" bigint DEFAULT 0 NOT NULL,
	"follow_up" bigint DEFAULT 0 NOT NULL,
	"to_schedule" bigint DEFAULT 0 NOT NULL,
	"to_schedule_value" numeric(16, 2) DEFAULT '0' NOT NULL,
	"to_invoice" bigint DEFAULT 0 NOT NULL,
	"deficiencies" bigint DEFAULT 0 NOT NULL,
	"unsent" bigint DEFAULT 0 NOT NULL,
	"unsent_value" numeric(16, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "home_counts_technician_id_office_day_pk" PRIMARY KEY("technician_id","office","day")
);
--> statement-breakpoint
CREATE TABLE "home_future_counts" (
	"technician_id" uuid NOT NULL,
	"kind" char(1) NOT NULL,
	"month" date NOT NULL,
	"office" varchar(100) NOT NULL,
	"day" date NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "home_future_counts_technician_id_kind_month_office_day_pk" PRIMARY KEY("technician_id","kind","month","office","day"),
	CONSTRAINT "home_future_counts_kind_check" CHECK ("home_future_counts"."kind" in ('d', 's'))
);
--> statement-breakpoint
CREATE TABLE "home_job_facts" (
	"technician_id" uuid NOT NULL,
	"job_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"office" varchar(100) NOT NULL,
	"time_period_due" date,
	"schedule_start" timestamp with time zone,
	"no_appointment" integer NOT NULL,
	"open_jobs" integer NOT NULL,
	"scheduled_jobs" integer NOT NULL,
	"follow_up" integer NOT NULL,
	"to_schedule" integer NOT NULL,
	"to_schedule_value" numeric(16, 2) NOT NULL,
	"to_invoice" integer NOT NULL,
	"deficiencies" integer NOT NULL,
	"unsent" integer NOT NULL,
	"unsent_value" numeric(16, 2) NOT NULL,
	"open_quote" integer NOT NULL,
	"quote_expires_at" timestamp with time zone,
	"quote_amount" numeric(16, 2)
);
--> statement-breakpoint
-- The Home counts at 500,000 jobs (decision 022). home_job_facts holds what each job adds to the
-- counts, one row per technician key (00000000-...: all jobs; and each of its technicians) and
-- instant of the counted records: the job's creation (with its due date when open and its start
-- when scheduled), each open-deficiency repair record's and each draft invoice's creation, and
-- the send of its quote awaiting the customer. home_counts adds those rows up per technician key,
-- office and UTC day. Overdue Jobs and Past Jobs to Mark Complete move with the clock: they are the
-- open (scheduled) jobs less those not yet due (started); home_future_counts holds the open jobs
-- per month due and the scheduled jobs per month of start, so the reader takes the later months
-- from there and only this month's remaining days from the facts. The triggers below recompute the
-- facts of the jobs a statement touched and add the difference to both counter tables, in the same
-- transaction.
--
-- home_job_facts_apply(jobs, lock): the facts of these jobs now, the difference to their stored
-- facts added to the counters (in key order, so concurrent transactions lock counter rows in the
-- same order), the stored facts replaced. With lock, the jobs are first locked in id order (the
-- app's writers mostly hold that lock already) and the facts read after it, so two transactions
-- changing one job's records at once (an invoice and a repair) add up instead of one losing the
-- other's change. Set-based: one statement for one job or for all of them (the rebuild), planned
-- for the array it is given (plan_cache_mode), so 500,000 jobs are hash joins, not probes.
CREATE OR REPLACE FUNCTION "home_job_facts_apply"(p_jobs uuid[], p_lock boolean) RETURNS void
LANGUAGE plpgsql SET plan_cache_mode = force_custom_plan AS $$
BEGIN
  IF coalesce(cardinality(p_jobs), 0) = 0 THEN
    RETURN;
  END IF;
  IF p_lock THEN
    PERFORM 1 FROM "jobs" WHERE "id" = ANY (p_jobs) ORDER BY "id" FOR NO KEY UPDATE;
  END IF;
  WITH s AS (
    SELECT j."id", j."office", j."status", j."schedule_start", j."time_period_due", j."created_at",
           j."status" NOT IN ('completed', 'cancelled') AS open,
           lq."status" AS quote_status,
           coalesce(t.ids, '{}') AS technician_ids,
           b."job_id" IS NOT NULL AS billed
    FROM "jobs" j
    -- the latest quote, as the view job_latest_quotes picks it
    LEFT JOIN (SELECT DISTINCT ON ("job_id") "job_id", "status" FROM "job_quotes" WHERE "job_id" = ANY (p_jobs)
               ORDER BY "job_id", "sent_at" DESC, "id" DESC) lq ON lq."job_id" = j."id"
    LEFT JOIN (SELECT "job_id", array_agg("technician_id") AS ids FROM "job_technicians"
               WHERE "job_id" = ANY (p_jobs) GROUP BY 1) t ON t."job_id" = j."id"
    LEFT JOIN (SELECT DISTINCT "job_id" FROM "job_invoices" WHERE "job_id" = ANY (p_jobs) AND "status" <> 'void') b ON b."job_id" = j."id"
    WHERE j."id" = ANY (p_jobs)
  ),
  -- the quote awaiting the customer (at most one per job: job_quotes_one_open_per_job)
  q AS (SELECT "job_id", "sent_at", "expires_at", "amount" FROM "job_quotes" WHERE "job_id" = ANY (p_jobs) AND "status" = 'sent'),
  r AS (SELECT "job_id", "created_at", "total_cost" FROM "job_repairs" WHERE "job_id" = ANY (p_jobs)),
  parts AS (
    -- the job itself, at its creation
    SELECT s."id" AS job_id, s."created_at",
           CASE WHEN s.open THEN s."time_period_due" END AS time_period_due,
           CASE WHEN s."status" = 'scheduled' THEN s."schedule_start" END AS schedule_start,
           CASE WHEN s.open AND s."schedule_start" IS NULL THEN 1 ELSE 0 END AS no_appointment,
           CASE WHEN s.open THEN 1 ELSE 0 END AS open_jobs,
           CASE WHEN s."status" = 'scheduled' AND s."schedule_start" IS NOT NULL THEN 1 ELSE 0 END AS scheduled_jobs,
           CASE WHEN s.quote_status IN ('sent', 'expired') THEN 1 ELSE 0 END AS follow_up,
           CASE WHEN s.open AND s.quote_status = 'approved' THEN 1 ELSE 0 END AS to_schedule,
           CASE WHEN s.open AND s.quote_status = 'approved' THEN coalesce(rs.total, 0) ELSE 0 END AS to_schedule_value,
           CASE WHEN s."status" = 'completed' AND NOT s.billed THEN 1 ELSE 0 END AS to_invoice,
           0 AS deficiencies, 0 AS unsent, 0::numeric AS unsent_value,
           0 AS open_quote, NULL::timestamptz AS quote_expires_at, NULL::numeric AS quote_amount
    FROM s LEFT JOIN (SELECT "job_id", sum("total_cost") AS total FROM r GROUP BY 1) rs ON rs."job_id" = s."id"
    UNION ALL
    -- its open deficiencies, each at its repair record's creation
    SELECT s."id", r."created_at", NULL, NULL, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, NULL, NULL
    FROM r JOIN s ON s."id" = r."job_id"
    WHERE r."total_cost" > 0 AND s.quote_status IS DISTINCT FROM 'approved' AND s.quote_status IS DISTINCT FROM 'declined'
    UNION ALL
    -- its draft invoices, each at the invoice's creation
    SELECT s."id", i."created_at", NULL, NULL, 0, 0, 0, 0, 0, 0, 0, 0, 1, i."amount", 0, NULL, NULL
    FROM "job_invoices" i JOIN s ON s."id" = i."job_id"
    WHERE i."job_id" = ANY (p_jobs) AND i."status" = 'draft'
    UNION ALL
    -- its quote awaiting the customer, at its send
    SELECT s."id", q."sent_at", NULL, NULL, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, q."expires_at", q."amount"
    FROM q JOIN s ON s."id" = q."job_id"
  ),
  new_facts AS (
    SELECT k.technician_id, p.job_id, p.created_at, s."office", p.time_period_due, p.schedule_start, p.no_appointment,
           p.open_jobs, p.scheduled_jobs, p.follow_up, p.to_schedule, p.to_schedule_value, p.to_invoice, p.deficiencies,
           p.unsent, p.unsent_value, p.open_quote, p.quote_expires_at, p.quote_amount
    FROM (SELECT job_id, created_at, max(time_period_due) AS time_period_due, max(schedule_start) AS schedule_start,
                 sum(no_appointment)::int AS no_appointment, sum(open_jobs)::int AS open_jobs,
                 sum(scheduled_jobs)::int AS scheduled_jobs, sum(follow_up)::int AS follow_up, sum(to_schedule)::int AS to_schedule,
                 sum(to_schedule_value) AS to_schedule_value, sum(to_invoice)::int AS to_invoice, sum(deficiencies)::int AS deficiencies,
                 sum(unsent)::int AS unsent, sum(unsent_value) AS unsent_value, sum(open_quote)::int AS open_quote,
                 max(quote_expires_at) AS quote_expires_at, max(quote_amount) AS quote_amount
          FROM parts GROUP BY 1, 2) p
    JOIN s ON s."id" = p.job_id
    CROSS JOIN LATERAL unnest('{00000000-0000-0000-0000-000000000000}'::uuid[] || s.technician_ids) AS k(technician_id)
    -- a job that counts nowhere keeps no row
    WHERE (p.no_appointment, p.open_jobs, p.scheduled_jobs, p.follow_up, p.to_schedule, p.to_invoice, p.deficiencies, p.unsent, p.open_quote)
          <> (0, 0, 0, 0, 0, 0, 0, 0, 0)
  ),
  old_facts AS (
    DELETE FROM "home_job_facts" WHERE "job_id" = ANY (p_jobs)
    RETURNING "technician_id", "job_id", "created_at", "office", "time_period_due", "schedule_start", "no_appointment",
              "open_jobs", "scheduled_jobs", "follow_up", "to_schedule", "to_schedule_value", "to_invoice", "deficiencies",
              "unsent", "unsent_value", "open_quote", "quote_expires_at", "quote_amount"
  ),
  saved AS (
    INSERT INTO "home_job_facts" ("technician_id", "job_id", "created_at", "office", "time_period_due", "schedule_start",
                                  "no_appointment", "open_jobs", "scheduled_jobs", "follow_up", "to_schedule", "to_schedule_value",
                                  "to_invoice", "deficiencies", "unsent", "unsent_value", "open_quote", "quote_expires_at", "quote_amount")
    SELECT * FROM new_facts
  ),
  changes AS MATERIALIZED (SELECT 1 AS w, * FROM new_facts UNION ALL SELECT -1 AS w, * FROM old_facts),
  future AS (
    INSERT INTO "home_future_counts" AS c ("technician_id", "kind", "month", "office", "day", "n")
    SELECT d."technician_id", m.kind, m.month, d."office", (d."created_at" AT TIME ZONE 'UTC')::date, sum(d.w)
    FROM changes d
    CROSS JOIN LATERAL (
      SELECT 'd' AS kind, date_trunc('month', d."time_period_due")::date AS month WHERE d."open_jobs" > 0
      UNION ALL
      SELECT 's', date_trunc('month', d."schedule_start" AT TIME ZONE 'UTC')::date WHERE d."scheduled_jobs" > 0) m
    GROUP BY 1, 2, 3, 4, 5
    HAVING sum(d.w) <> 0
    ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT ("technician_id", "kind", "month", "office", "day") DO UPDATE SET "n" = c."n" + excluded."n"
  )
  INSERT INTO "home_counts" AS c ("technician_id", "office", "day", "no_appointment", "open_jobs", "scheduled_jobs", "follow_up",
                                  "to_schedule", "to_schedule_value", "to_invoice", "deficiencies", "unsent", "unsent_value")
  SELECT d."technician_id", d."office", (d."created_at" AT TIME ZONE 'UTC')::date, sum(d.w * d."no_appointment"),
         sum(d.w * d."open_jobs"), sum(d.w * d."scheduled_jobs"), sum(d.w * d."follow_up"), sum(d.w * d."to_schedule"),
         sum(d.w * d."to_schedule_value"), sum(d.w * d."to_invoice"), sum(d.w * d."deficiencies"), sum(d.w * d."unsent"),
         sum(d.w * d."unsent_value")
  FROM changes d
  GROUP BY 1, 2, 3
  HAVING (sum(d.w * d."no_appointment"), sum(d.w * d."open_jobs"), sum(d.w * d."scheduled_jobs"), sum(d.w * d."follow_up"),
          sum(d.w * d."to_schedule"), sum(d.w * d."to_schedule_value"), sum(d.w * d."to_invoice"), sum(d.w * d."deficiencies"),
          sum(d.w * d."unsent"), sum(d.w * d."unsent_value")) <> (0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
  ORDER BY 1, 2, 3
  ON CONFLICT ("technician_id", "office", "day") DO UPDATE SET
    "no_appointment" = c."no_appointment" + excluded."no_appointment",
    "open_jobs" = c."open_jobs" + excluded."open_jobs",
    "scheduled_jobs" = c."scheduled_jobs" + excluded."scheduled_jobs",
    "follow_up" = c."follow_up" + excluded."follow_up",
    "to_schedule" = c."to_schedule" + excluded."to_schedule",
    "to_schedule_value" = c."to_schedule_value" + excluded."to_schedule_value",
    "to_invoice" = c."to_invoice" + excluded."to_invoice",
    "deficiencies" = c."deficiencies" + excluded."deficiencies",
    "unsent" = c."unsent" + excluded."unsent",
    "unsent_value" = c."unsent_value" + excluded."unsent_value";
END $$;
--> statement-breakpoint
-- Everything again from the tables (the backfill below, and after a TRUNCATE of a counted table).
CREATE OR REPLACE FUNCTION "home_counts_rebuild"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "home_job_facts";
  DELETE FROM "home_counts";
  DELETE FROM "home_future_counts";
  PERFORM "home_job_facts_apply"(array(SELECT "id" FROM "jobs"), false);
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "home_counts_jobs_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "home_job_facts_apply"(array(SELECT "id" FROM new_rows), true);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "home_job_facts_apply"(array(SELECT "id" FROM old_rows), true);
  ELSE
    -- most updates (names, notes, tags, the search text) change nothing the counts read
    PERFORM "home_job_facts_apply"(array(
      SELECT n."id" FROM new_rows n JOIN old_rows o ON o."id" = n."id"
      WHERE (n."status", n."office", n."created_at", n."schedule_start", n."time_period_due")
            IS DISTINCT FROM (o."status", o."office", o."created_at", o."schedule_start", o."time_period_due")), true);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Inserts and deletes of a job's records: job_technicians, job_quotes, job_invoices, job_repairs.
CREATE OR REPLACE FUNCTION "home_counts_job_rows_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "home_job_facts_apply"(array(SELECT DISTINCT "job_id" FROM new_rows), true);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "home_counts_job_rows_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "home_job_facts_apply"(array(SELECT DISTINCT "job_id" FROM old_rows), true);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Updates: the jobs (before and after, should a row move to another job) of the rows whose counted
-- columns changed.
CREATE OR REPLACE FUNCTION "home_counts_job_technicians_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "home_job_facts_apply"(array(
    SELECT unnest(array[o."job_id", n."job_id"]) FROM old_rows o JOIN new_rows n ON n."id" = o."id"
    WHERE (n."job_id", n."technician_id") IS DISTINCT FROM (o."job_id", o."technician_id")), true);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "home_counts_job_quotes_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "home_job_facts_apply"(array(
    SELECT unnest(array[o."job_id", n."job_id"]) FROM old_rows o JOIN new_rows n ON n."id" = o."id"
    WHERE (n."job_id", n."status", n."sent_at", n."expires_at", n."amount")
          IS DISTINCT FROM (o."job_id", o."status", o."sent_at", o."expires_at", o."amount")), true);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "home_counts_job_invoices_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "home_job_facts_apply"(array(
    SELECT unnest(array[o."job_id", n."job_id"]) FROM old_rows o JOIN new_rows n ON n."id" = o."id"
    WHERE (n."job_id", n."status", n."amount", n."created_at") IS DISTINCT FROM (o."job_id", o."status", o."amount", o."created_at")), true);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "home_counts_job_repairs_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "home_job_facts_apply"(array(
    SELECT unnest(array[o."job_id", n."job_id"]) FROM old_rows o JOIN new_rows n ON n."id" = o."id"
    WHERE (n."job_id", n."total_cost", n."created_at") IS DISTINCT FROM (o."job_id", o."total_cost", o."created_at")), true);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "home_counts_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "home_counts_rebuild"();
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "jobs_home_insert" AFTER INSERT ON "jobs" REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "home_counts_jobs_changed"();--> statement-breakpoint
CREATE TRIGGER "jobs_home_delete" AFTER DELETE ON "jobs" REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION "home_counts_jobs_changed"();--> statement-breakpoint
CREATE TRIGGER "jobs_home_update" AFTER UPDATE ON "jobs" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "home_counts_jobs_changed"();--> statement-breakpoint
CREATE TRIGGER "jobs_home_truncate" AFTER TRUNCATE ON "jobs" FOR EACH STATEMENT EXECUTE FUNCTION "home_counts_truncated"();--> statement-breakpoint
CREATE TRIGGER "job_technicians_home_insert" AFTER INSERT ON "job_technicians" REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "home_counts_job_rows_inserted"();--> statement-breakpoint
CREATE TRIGGER "job_technicians_home_delete" AFTER DELETE ON "job_technicians" REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION "home_counts_job_rows_deleted"();--> statement-breakpoint
CREATE TRIGGER "job_technicians_home_update" AFTER UPDATE ON "job_technicians" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "home_counts_job_technicians_updated"();--> statement-breakpoint
CREATE TRIGGER "job_technicians_home_truncate" AFTER TRUNCATE ON "job_technicians" FOR EACH STATEMENT EXECUTE FUNCTION "home_counts_truncated"();--> statement-breakpoint
CREATE TRIGGER "job_quotes_home_insert" AFTER INSERT ON "job_quotes" REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "home_counts_job_rows_inserted"();--> statement-breakpoint
CREATE TRIGGER "job_quotes_home_delete" AFTER DELETE ON "job_quotes" REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION "home_counts_job_rows_deleted"();--> statement-breakpoint
CREATE TRIGGER "job_quotes_home_update" AFTER UPDATE ON "job_quotes" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "home_counts_job_quotes_updated"();--> statement-breakpoint
CREATE TRIGGER "job_quotes_home_truncate" AFTER TRUNCATE ON "job_quotes" FOR EACH STATEMENT EXECUTE FUNCTION "home_counts_truncated"();--> statement-breakpoint
CREATE TRIGGER "job_invoices_home_insert" AFTER INSERT ON "job_invoices" REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "home_counts_job_rows_inserted"();--> statement-breakpoint
CREATE TRIGGER "job_invoices_home_delete" AFTER DELETE ON "job_invoices" REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION "home_counts_job_rows_deleted"();--> statement-breakpoint
CREATE TRIGGER "job_invoices_home_update" AFTER UPDATE ON "job_invoices" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "home_counts_job_invoices_updated"();--> statement-breakpoint
CREATE TRIGGER "job_invoices_home_truncate" AFTER TRUNCATE ON "job_invoices" FOR EACH STATEMENT EXECUTE FUNCTION "home_counts_truncated"();--> statement-breakpoint
CREATE TRIGGER "job_repairs_home_insert" AFTER INSERT ON "job_repairs" REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "home_counts_job_rows_inserted"();--> statement-breakpoint
CREATE TRIGGER "job_repairs_home_delete" AFTER DELETE ON "job_repairs" REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION "home_counts_job_rows_deleted"();--> statement-breakpoint
CREATE TRIGGER "job_repairs_home_update" AFTER UPDATE ON "job_repairs" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "home_counts_job_repairs_updated"();--> statement-breakpoint
CREATE TRIGGER "job_repairs_home_truncate" AFTER TRUNCATE ON "job_repairs" FOR EACH STATEMENT EXECUTE FUNCTION "home_counts_truncated"();--> statement-breakpoint
-- The counters start from the records there are: one set-based pass (hash joins over the tables).
SELECT "home_counts_rebuild"();--> statement-breakpoint
-- The indexes after the backfill (built once instead of grown row by row): the facts of one job;
-- per technician key, the facts in creation order (the part of a period before the counters' first
-- whole day), the open jobs by due date and the scheduled jobs by start (those due or starting
-- later this month), the open quotes by expiry (the live ones), each index-only with the creation
-- time and office to filter on.
CREATE INDEX "home_job_facts_job_idx" ON "home_job_facts" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "home_job_facts_created_idx" ON "home_job_facts" USING btree ("technician_id","created_at");--> statement-breakpoint
CREATE INDEX "home_job_facts_due_idx" ON "home_job_facts" USING btree ("technician_id", "time_period_due") INCLUDE ("created_at", "office")
  WHERE "open_jobs" > 0;--> statement-breakpoint
CREATE INDEX "home_job_facts_start_idx" ON "home_job_facts" USING btree ("technician_id", "schedule_start") INCLUDE ("created_at", "office")
  WHERE "scheduled_jobs" > 0;--> statement-breakpoint
CREATE INDEX "home_job_facts_quote_idx" ON "home_job_facts" USING btree ("technician_id", "quote_expires_at") INCLUDE ("created_at", "office", "quote_amount")
  WHERE "open_quote" > 0;
