CREATE TABLE "agreement_figures" (
	"agreement_id" uuid PRIMARY KEY NOT NULL,
	"visits_done" integer DEFAULT 0 NOT NULL,
	"quoted_count" integer DEFAULT 0 NOT NULL,
	"quoted_cents" bigint DEFAULT 0 NOT NULL,
	"approved_count" integer DEFAULT 0 NOT NULL,
	"approved_cents" bigint DEFAULT 0 NOT NULL,
	"repair_revenue_cents" bigint DEFAULT 0 NOT NULL,
	"parts_cost_cents" bigint DEFAULT 0 NOT NULL,
	"labor_minutes" bigint DEFAULT 0 NOT NULL,
	"revenue_cents" bigint DEFAULT 0 NOT NULL,
	"labor_rate_cents" bigint DEFAULT 0 NOT NULL,
	"labor_cost_cents" bigint DEFAULT 0 NOT NULL,
	"profit_cents" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agreement_figures" ADD CONSTRAINT "agreement_figures_agreement_id_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."agreements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_items_part_code_idx" ON "job_items" USING btree ("code") WHERE "job_items"."type" = 'part';--> statement-breakpoint
-- hand-written:
-- The pull-through report at scale (decision 060, amending 053). agreement_figures holds each
-- agreement's figures; the statement-level triggers below recompute the figures of the agreements a
-- statement touched, from the tables, in the same transaction (the design of the Tech Scorecard's
-- facts, migration 0057: recomputing from the tables keeps one statement of every figure and makes
-- cascades, moves between jobs and trigger order harmless). The report sorts through the indexes at
-- the end; it reads planned visits (which depend on today) for its page only.
--
-- RESTATED RULES. This function is the one SQL statement of the figures (decision 053, point 2;
-- the report's repo no longer states them): the agreement's jobs are its visit jobs and the jobs
-- holding a repair carried from one of them; visits done = visit jobs completed; quoted = repair
-- and replacement quotes on those jobs not superseded or withdrawn, approved = approved; repair
-- revenue = issued and paid invoices on those jobs less tax, without the agreement's own billing
-- (agreement_id set); parts = part lines at the price book's parts cost, else the line's unit
-- price; minutes = per job the technicians' Arrive to Finish when recorded, else the scheduled
-- duration of a completed job. The arithmetic is the SQL twin of src/domain/agreements/pull-through.ts
-- (agreementRevenueCents: the price; laborCostCents: minutes x rate / 60 half up;
-- agreementProfitability: revenue + repairs - labor - parts), and agreement_labor_rate_cents reads
-- Settings > Company "Labor Cost per Hour" as the settings repo's laborCostCentsPerHour does.
-- tests/api/agreement-figures.test.ts guards them: after each kind of change the kept rows equal
-- the figures recomputed from the source rows, and the profit equals agreementProfitability.
CREATE OR REPLACE FUNCTION "agreement_labor_rate_cents"() RETURNS bigint LANGUAGE sql STABLE AS $$
  SELECT coalesce((
    SELECT CASE WHEN jsonb_typeof(s."value" -> 'labor_cost_per_hour') = 'string'
                 AND btrim(s."value" ->> 'labor_cost_per_hour') ~ '^\d{1,7}(\.\d{1,2})?$'
           THEN round(btrim(s."value" ->> 'labor_cost_per_hour')::numeric * 100)::bigint END
    FROM "settings" s WHERE s."key" = 'company'), 0)
$$;
--> statement-breakpoint
-- laborCostCents (half up to the cent) and the profit of agreementProfitability.
CREATE OR REPLACE FUNCTION "agreement_labor_cost_cents"(p_minutes bigint, p_rate bigint) RETURNS bigint
LANGUAGE sql IMMUTABLE AS $$ SELECT floor((p_minutes * p_rate + 30) / 60.0)::bigint $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "agreement_profit_cents"(p_revenue bigint, p_repairs bigint, p_minutes bigint, p_rate bigint, p_parts bigint)
RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT p_revenue + p_repairs - "agreement_labor_cost_cents"(p_minutes, p_rate) - p_parts
$$;
--> statement-breakpoint
-- agreement_figures_apply(agreements, lock): the figures of these agreements now, stored (a row
-- only rewritten when a figure changed). With lock, their rows are first locked in id order and the
-- figures read after it (a later statement: a later snapshot), so two transactions changing one
-- agreement's records at once both count. Planned for the array it is given (plan_cache_mode): one
-- agreement is index probes, all of them (the rebuild) hash joins.
CREATE OR REPLACE FUNCTION "agreement_figures_apply"(p_agreements uuid[], p_lock boolean) RETURNS void
LANGUAGE plpgsql SET plan_cache_mode = force_custom_plan AS $$
DECLARE
  rate bigint;
BEGIN
  IF coalesce(cardinality(p_agreements), 0) = 0 THEN
    RETURN;
  END IF;
  IF p_lock THEN
    PERFORM 1 FROM "agreement_figures" WHERE "agreement_id" = ANY (p_agreements) ORDER BY "agreement_id" FOR UPDATE;
  END IF;
  rate := "agreement_labor_rate_cents"();
  WITH ag AS (
    SELECT a."id", (a."price" * 100)::bigint AS revenue FROM "agreements" a WHERE a."id" = ANY (p_agreements)
  ), v AS (
    SELECT v."agreement_id", v."job_id" FROM "agreement_visits" v
    WHERE v."agreement_id" = ANY (p_agreements) AND v."job_id" IS NOT NULL
  ), aj AS (
    SELECT v."agreement_id", v."job_id" FROM v
    UNION
    SELECT v."agreement_id", r2."job_id" FROM v
      JOIN "job_repairs" r ON r."job_id" = v."job_id"
      JOIN "job_repairs" r2 ON r2."id" = r."carried_to_repair_id"
  ), done AS (
    SELECT v."agreement_id", count(*)::int AS n FROM v JOIN "jobs" j ON j."id" = v."job_id"
    WHERE j."status" = 'completed' GROUP BY 1
  ), q AS (
    SELECT aj."agreement_id",
           (count(*) FILTER (WHERE q."status" NOT IN ('superseded', 'withdrawn')))::int AS quoted_count,
           (coalesce(sum(q."amount") FILTER (WHERE q."status" NOT IN ('superseded', 'withdrawn')), 0) * 100)::bigint AS quoted_cents,
           (count(*) FILTER (WHERE q."status" = 'approved'))::int AS approved_count,
           (coalesce(sum(q."amount") FILTER (WHERE q."status" = 'approved'), 0) * 100)::bigint AS approved_cents
    FROM aj JOIN "job_quotes" q ON q."job_id" = aj."job_id"
    WHERE q."quote_type" IN ('repair', 'replacement') GROUP BY 1
  ), rev AS (
    -- the agreement's own billing (invoices carrying agreement_id) is its revenue, not repairs
    SELECT aj."agreement_id", (sum(i."amount" - i."tax") * 100)::bigint AS cents
    FROM aj JOIN "job_invoices" i ON i."job_id" = aj."job_id"
    WHERE i."status" IN ('issued', 'paid') AND i."agreement_id" IS NULL GROUP BY 1
  ), parts AS (
    SELECT aj."agreement_id", (sum(round(ji."quantity" * coalesce(pp."parts_cost", ji."unit_cost"), 2)) * 100)::bigint AS cents
    FROM aj JOIN "job_items" ji ON ji."job_id" = aj."job_id"
    LEFT JOIN "job_part_prices" pp ON pp."code" = ji."code"
    WHERE ji."type" = 'part' GROUP BY 1
  ), job_minutes AS (
    SELECT j."id" AS job_id, coalesce(
             (SELECT sum(t.m) FROM (
                SELECT (extract(epoch FROM max(e."device_at") FILTER (WHERE e."kind" = 'work_finished')
                         - min(e."device_at") FILTER (WHERE e."kind" = 'arrived'))::bigint / 60) AS m
                FROM "field_time_events" e WHERE e."job_id" = j."id" GROUP BY e."user_id") t WHERE t.m > 0),
             CASE WHEN j."status" = 'completed' THEN j."schedule_duration" ELSE 0 END) AS m
    FROM "jobs" j WHERE j."id" IN (SELECT aj."job_id" FROM aj)
  ), labor AS (
    SELECT aj."agreement_id", sum(jm.m)::bigint AS minutes FROM aj JOIN job_minutes jm ON jm.job_id = aj."job_id" GROUP BY 1
  ), figures AS (
    SELECT ag."id", coalesce(done.n, 0) AS visits_done,
           coalesce(q.quoted_count, 0) AS quoted_count, coalesce(q.quoted_cents, 0) AS quoted_cents,
           coalesce(q.approved_count, 0) AS approved_count, coalesce(q.approved_cents, 0) AS approved_cents,
           coalesce(rev.cents, 0) AS repair_revenue, coalesce(parts.cents, 0) AS parts_cost,
           coalesce(labor.minutes, 0) AS minutes, ag.revenue
    FROM ag
    LEFT JOIN done ON done."agreement_id" = ag."id"
    LEFT JOIN q ON q."agreement_id" = ag."id"
    LEFT JOIN rev ON rev."agreement_id" = ag."id"
    LEFT JOIN parts ON parts."agreement_id" = ag."id"
    LEFT JOIN labor ON labor."agreement_id" = ag."id"
  )
  INSERT INTO "agreement_figures" AS k ("agreement_id", "visits_done", "quoted_count", "quoted_cents", "approved_count",
    "approved_cents", "repair_revenue_cents", "parts_cost_cents", "labor_minutes", "revenue_cents", "labor_rate_cents",
    "labor_cost_cents", "profit_cents")
  SELECT f."id", f.visits_done, f.quoted_count, f.quoted_cents, f.approved_count, f.approved_cents, f.repair_revenue,
         f.parts_cost, f.minutes, f.revenue, rate, "agreement_labor_cost_cents"(f.minutes, rate),
         "agreement_profit_cents"(f.revenue, f.repair_revenue, f.minutes, rate, f.parts_cost)
  FROM figures f
  ORDER BY f."id"
  ON CONFLICT ("agreement_id") DO UPDATE SET
    "visits_done" = excluded."visits_done", "quoted_count" = excluded."quoted_count",
    "quoted_cents" = excluded."quoted_cents", "approved_count" = excluded."approved_count",
    "approved_cents" = excluded."approved_cents", "repair_revenue_cents" = excluded."repair_revenue_cents",
    "parts_cost_cents" = excluded."parts_cost_cents", "labor_minutes" = excluded."labor_minutes",
    "revenue_cents" = excluded."revenue_cents", "labor_rate_cents" = excluded."labor_rate_cents",
    "labor_cost_cents" = excluded."labor_cost_cents", "profit_cents" = excluded."profit_cents"
  WHERE (k."visits_done", k."quoted_count", k."quoted_cents", k."approved_count", k."approved_cents",
         k."repair_revenue_cents", k."parts_cost_cents", k."labor_minutes", k."revenue_cents", k."labor_rate_cents",
         k."labor_cost_cents", k."profit_cents")
    IS DISTINCT FROM (excluded."visits_done", excluded."quoted_count", excluded."quoted_cents", excluded."approved_count",
         excluded."approved_cents", excluded."repair_revenue_cents", excluded."parts_cost_cents", excluded."labor_minutes",
         excluded."revenue_cents", excluded."labor_rate_cents", excluded."labor_cost_cents", excluded."profit_cents");
END $$;
--> statement-breakpoint
-- The agreements whose figures read these jobs: the agreements they are a visit of, and those
-- whose visits' repairs were carried to a repair on them.
CREATE OR REPLACE FUNCTION "agreement_figures_of_jobs"(p_jobs uuid[]) RETURNS uuid[] LANGUAGE sql STABLE AS $$
  SELECT array(
    SELECT v."agreement_id" FROM "agreement_visits" v WHERE v."job_id" = ANY (p_jobs)
    UNION
    SELECT v."agreement_id" FROM "job_repairs" r2
      JOIN "job_repairs" r ON r."carried_to_repair_id" = r2."id"
      JOIN "agreement_visits" v ON v."job_id" = r."job_id"
    WHERE r2."job_id" = ANY (p_jobs))
$$;
--> statement-breakpoint
-- Everything again from the tables (the backfill below, and after a TRUNCATE of a source table).
CREATE OR REPLACE FUNCTION "agreement_figures_rebuild"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "agreement_figures";
  PERFORM "agreement_figures_apply"(array(SELECT "id" FROM "agreements"), false);
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "agreement_figures_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "agreement_figures_rebuild"();
  RETURN NULL;
END $$;
--> statement-breakpoint
-- agreements: a new agreement gets its row; a changed price changes its revenue and profit (a
-- deleted agreement's row goes with it: ON DELETE CASCADE).
CREATE OR REPLACE FUNCTION "agreement_figures_agreements_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "agreement_figures_apply"(array(SELECT "id" FROM new_rows), false);
  ELSE
    -- changed rows found as a set difference, never by joining the transition tables (migration 0056)
    PERFORM "agreement_figures_apply"(array(
      SELECT "id" FROM (SELECT "id", "price" FROM new_rows EXCEPT SELECT "id", "price" FROM old_rows) c), true);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- agreement_visits: the agreements of the visits made, deleted, or given or relieved of a job.
CREATE OR REPLACE FUNCTION "agreement_figures_visits_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "agreement_figures_apply"(array(SELECT DISTINCT "agreement_id" FROM new_rows WHERE "job_id" IS NOT NULL), true);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "agreement_figures_apply"(array(SELECT DISTINCT "agreement_id" FROM old_rows WHERE "job_id" IS NOT NULL), true);
  ELSE
    PERFORM "agreement_figures_apply"(array(
      SELECT "agreement_id" FROM (SELECT "id", "agreement_id", "job_id" FROM new_rows EXCEPT SELECT "id", "agreement_id", "job_id" FROM old_rows) n
      UNION
      SELECT "agreement_id" FROM (SELECT "id", "agreement_id", "job_id" FROM old_rows EXCEPT SELECT "id", "agreement_id", "job_id" FROM new_rows) o), true);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- jobs: completed or not, the scheduled duration (the minutes of a completed job with no field
-- time). A new job is nobody's until a visit or a carried repair names it; a deleted one's visit
-- loses it (SET NULL) and its records go (CASCADE), each with its own trigger.
CREATE OR REPLACE FUNCTION "agreement_figures_jobs_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "agreement_figures_apply"("agreement_figures_of_jobs"(array(
    SELECT "id" FROM (SELECT "id", "status", "schedule_duration" FROM new_rows
                      EXCEPT SELECT "id", "status", "schedule_duration" FROM old_rows) c)), true);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A job's records (job_quotes, job_invoices, job_items, field_time_events) inserted or deleted.
CREATE OR REPLACE FUNCTION "agreement_figures_job_rows_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "agreement_figures_apply"("agreement_figures_of_jobs"(array(SELECT DISTINCT "job_id" FROM new_rows)), true);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "agreement_figures_job_rows_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "agreement_figures_apply"("agreement_figures_of_jobs"(array(SELECT DISTINCT "job_id" FROM old_rows)), true);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Updates: the jobs (before and after, should a row move to another job) of the rows whose counted
-- columns changed.
CREATE OR REPLACE FUNCTION "agreement_figures_job_quotes_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "agreement_figures_apply"("agreement_figures_of_jobs"(array(
    SELECT "job_id" FROM (SELECT "id", "job_id", "quote_type", "status", "amount" FROM new_rows
                          EXCEPT SELECT "id", "job_id", "quote_type", "status", "amount" FROM old_rows) n
    UNION
    SELECT "job_id" FROM (SELECT "id", "job_id", "quote_type", "status", "amount" FROM old_rows
                          EXCEPT SELECT "id", "job_id", "quote_type", "status", "amount" FROM new_rows) o)), true);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "agreement_figures_job_invoices_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "agreement_figures_apply"("agreement_figures_of_jobs"(array(
    SELECT "job_id" FROM (SELECT "id", "job_id", "status", "amount", "tax", "agreement_id" FROM new_rows
                          EXCEPT SELECT "id", "job_id", "status", "amount", "tax", "agreement_id" FROM old_rows) n
    UNION
    SELECT "job_id" FROM (SELECT "id", "job_id", "status", "amount", "tax", "agreement_id" FROM old_rows
                          EXCEPT SELECT "id", "job_id", "status", "amount", "tax", "agreement_id" FROM new_rows) o)), true);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "agreement_figures_job_items_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "agreement_figures_apply"("agreement_figures_of_jobs"(array(
    SELECT "job_id" FROM (SELECT "id", "job_id", "type", "code", "quantity", "unit_cost" FROM new_rows
                          EXCEPT SELECT "id", "job_id", "type", "code", "quantity", "unit_cost" FROM old_rows) n
    UNION
    SELECT "job_id" FROM (SELECT "id", "job_id", "type", "code", "quantity", "unit_cost" FROM old_rows
                          EXCEPT SELECT "id", "job_id", "type", "code", "quantity", "unit_cost" FROM new_rows) o)), true);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "agreement_figures_field_time_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "agreement_figures_apply"("agreement_figures_of_jobs"(array(
    SELECT "job_id" FROM (SELECT "id", "job_id", "user_id", "kind", "device_at" FROM new_rows
                          EXCEPT SELECT "id", "job_id", "user_id", "kind", "device_at" FROM old_rows) n
    UNION
    SELECT "job_id" FROM (SELECT "id", "job_id", "user_id", "kind", "device_at" FROM old_rows
                          EXCEPT SELECT "id", "job_id", "user_id", "kind", "device_at" FROM new_rows) o)), true);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- job_repairs: a repair on a visit job carried to another job (or no longer), or a carried copy
-- moved or deleted: the agreements of the repairs' jobs and of the repairs carried to them.
CREATE OR REPLACE FUNCTION "agreement_figures_of_repairs"(p_repairs uuid[], p_jobs uuid[]) RETURNS uuid[] LANGUAGE sql STABLE AS $$
  SELECT array(
    SELECT v."agreement_id" FROM "agreement_visits" v WHERE v."job_id" = ANY (p_jobs)
    UNION
    SELECT v."agreement_id" FROM "job_repairs" r JOIN "agreement_visits" v ON v."job_id" = r."job_id"
    WHERE r."carried_to_repair_id" = ANY (p_repairs))
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "agreement_figures_repairs_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "agreement_figures_apply"("agreement_figures_of_repairs"(
      array(SELECT "id" FROM new_rows), array(SELECT DISTINCT "job_id" FROM new_rows WHERE "carried_to_repair_id" IS NOT NULL)), true);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "agreement_figures_apply"("agreement_figures_of_repairs"(
      array(SELECT "id" FROM old_rows), array(SELECT DISTINCT "job_id" FROM old_rows WHERE "carried_to_repair_id" IS NOT NULL)), true);
  ELSE
    PERFORM "agreement_figures_apply"("agreement_figures_of_repairs"(
      array(SELECT "id" FROM (SELECT "id", "job_id", "carried_to_repair_id" FROM new_rows
                              EXCEPT SELECT "id", "job_id", "carried_to_repair_id" FROM old_rows) n),
      array(SELECT "job_id" FROM (SELECT "id", "job_id", "carried_to_repair_id" FROM new_rows
                                  EXCEPT SELECT "id", "job_id", "carried_to_repair_id" FROM old_rows) n
            UNION
            SELECT "job_id" FROM (SELECT "id", "job_id", "carried_to_repair_id" FROM old_rows
                                  EXCEPT SELECT "id", "job_id", "carried_to_repair_id" FROM new_rows) o)), true);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- job_part_prices: a part's cost changed, or the part added to or removed from the price book: the
-- agreements whose jobs hold part lines of those codes (job_items_part_code_idx).
CREATE OR REPLACE FUNCTION "agreement_figures_part_prices_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "agreement_figures_apply"("agreement_figures_of_jobs"(array(
      SELECT DISTINCT ji."job_id" FROM "job_items" ji WHERE ji."type" = 'part' AND ji."code" IN (SELECT "code" FROM new_rows))), true);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "agreement_figures_apply"("agreement_figures_of_jobs"(array(
      SELECT DISTINCT ji."job_id" FROM "job_items" ji WHERE ji."type" = 'part' AND ji."code" IN (SELECT "code" FROM old_rows))), true);
  ELSE
    PERFORM "agreement_figures_apply"("agreement_figures_of_jobs"(array(
      SELECT DISTINCT ji."job_id" FROM "job_items" ji WHERE ji."type" = 'part' AND ji."code" IN (
        SELECT "code" FROM (SELECT "id", "code", "parts_cost" FROM new_rows EXCEPT SELECT "id", "code", "parts_cost" FROM old_rows) n
        UNION
        SELECT "code" FROM (SELECT "id", "code", "parts_cost" FROM old_rows EXCEPT SELECT "id", "code", "parts_cost" FROM new_rows) o))), true);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- settings: the company's labor cost per hour changed: every agreement's labor cost and profit at
-- the new rate (one set-based UPDATE of the rows priced at another rate; nothing else is read).
CREATE OR REPLACE FUNCTION "agreement_figures_settings_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  rate bigint;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM new_rows WHERE "key" = 'company') THEN
    RETURN NULL;
  END IF;
  rate := "agreement_labor_rate_cents"();
  UPDATE "agreement_figures" SET
    "labor_rate_cents" = rate,
    "labor_cost_cents" = "agreement_labor_cost_cents"("labor_minutes", rate),
    "profit_cents" = "agreement_profit_cents"("revenue_cents", "repair_revenue_cents", "labor_minutes", rate, "parts_cost_cents")
  WHERE "labor_rate_cents" <> rate;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "agreements_figures_insert" AFTER INSERT ON "agreements" REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "agreement_figures_agreements_changed"();--> statement-breakpoint
CREATE TRIGGER "agreements_figures_update" AFTER UPDATE ON "agreements" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "agreement_figures_agreements_changed"();--> statement-breakpoint
CREATE TRIGGER "agreement_visits_figures_insert" AFTER INSERT ON "agreement_visits" REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "agreement_figures_visits_changed"();--> statement-breakpoint
CREATE TRIGGER "agreement_visits_figures_delete" AFTER DELETE ON "agreement_visits" REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION "agreement_figures_visits_changed"();--> statement-breakpoint
CREATE TRIGGER "agreement_visits_figures_update" AFTER UPDATE ON "agreement_visits" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "agreement_figures_visits_changed"();--> statement-breakpoint
CREATE TRIGGER "agreement_visits_figures_truncate" AFTER TRUNCATE ON "agreement_visits" FOR EACH STATEMENT EXECUTE FUNCTION "agreement_figures_truncated"();--> statement-breakpoint
CREATE TRIGGER "jobs_figures_update" AFTER UPDATE ON "jobs" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "agreement_figures_jobs_updated"();--> statement-breakpoint
CREATE TRIGGER "jobs_figures_truncate" AFTER TRUNCATE ON "jobs" FOR EACH STATEMENT EXECUTE FUNCTION "agreement_figures_truncated"();--> statement-breakpoint
CREATE TRIGGER "job_quotes_figures_insert" AFTER INSERT ON "job_quotes" REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "agreement_figures_job_rows_inserted"();--> statement-breakpoint
CREATE TRIGGER "job_quotes_figures_delete" AFTER DELETE ON "job_quotes" REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION "agreement_figures_job_rows_deleted"();--> statement-breakpoint
CREATE TRIGGER "job_quotes_figures_update" AFTER UPDATE ON "job_quotes" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "agreement_figures_job_quotes_updated"();--> statement-breakpoint
CREATE TRIGGER "job_quotes_figures_truncate" AFTER TRUNCATE ON "job_quotes" FOR EACH STATEMENT EXECUTE FUNCTION "agreement_figures_truncated"();--> statement-breakpoint
CREATE TRIGGER "job_invoices_figures_insert" AFTER INSERT ON "job_invoices" REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "agreement_figures_job_rows_inserted"();--> statement-breakpoint
CREATE TRIGGER "job_invoices_figures_delete" AFTER DELETE ON "job_invoices" REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION "agreement_figures_job_rows_deleted"();--> statement-breakpoint
CREATE TRIGGER "job_invoices_figures_update" AFTER UPDATE ON "job_invoices" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "agreement_figures_job_invoices_updated"();--> statement-breakpoint
CREATE TRIGGER "job_invoices_figures_truncate" AFTER TRUNCATE ON "job_invoices" FOR EACH STATEMENT EXECUTE FUNCTION "agreement_figures_truncated"();--> statement-breakpoint
CREATE TRIGGER "job_items_figures_insert" AFTER INSERT ON "job_items" REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "agreement_figures_job_rows_inserted"();--> statement-breakpoint
CREATE TRIGGER "job_items_figures_delete" AFTER DELETE ON "job_items" REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION "agreement_figures_job_rows_deleted"();--> statement-breakpoint
CREATE TRIGGER "job_items_figures_update" AFTER UPDATE ON "job_items" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "agreement_figures_job_items_updated"();--> statement-breakpoint
CREATE TRIGGER "job_items_figures_truncate" AFTER TRUNCATE ON "job_items" FOR EACH STATEMENT EXECUTE FUNCTION "agreement_figures_truncated"();--> statement-breakpoint
CREATE TRIGGER "field_time_events_figures_insert" AFTER INSERT ON "field_time_events" REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "agreement_figures_job_rows_inserted"();--> statement-breakpoint
CREATE TRIGGER "field_time_events_figures_delete" AFTER DELETE ON "field_time_events" REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION "agreement_figures_job_rows_deleted"();--> statement-breakpoint
CREATE TRIGGER "field_time_events_figures_update" AFTER UPDATE ON "field_time_events" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "agreement_figures_field_time_updated"();--> statement-breakpoint
CREATE TRIGGER "field_time_events_figures_truncate" AFTER TRUNCATE ON "field_time_events" FOR EACH STATEMENT EXECUTE FUNCTION "agreement_figures_truncated"();--> statement-breakpoint
CREATE TRIGGER "job_repairs_figures_insert" AFTER INSERT ON "job_repairs" REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "agreement_figures_repairs_changed"();--> statement-breakpoint
CREATE TRIGGER "job_repairs_figures_delete" AFTER DELETE ON "job_repairs" REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION "agreement_figures_repairs_changed"();--> statement-breakpoint
CREATE TRIGGER "job_repairs_figures_update" AFTER UPDATE ON "job_repairs" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "agreement_figures_repairs_changed"();--> statement-breakpoint
CREATE TRIGGER "job_repairs_figures_truncate" AFTER TRUNCATE ON "job_repairs" FOR EACH STATEMENT EXECUTE FUNCTION "agreement_figures_truncated"();--> statement-breakpoint
CREATE TRIGGER "job_part_prices_figures_insert" AFTER INSERT ON "job_part_prices" REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "agreement_figures_part_prices_changed"();--> statement-breakpoint
CREATE TRIGGER "job_part_prices_figures_delete" AFTER DELETE ON "job_part_prices" REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION "agreement_figures_part_prices_changed"();--> statement-breakpoint
CREATE TRIGGER "job_part_prices_figures_update" AFTER UPDATE ON "job_part_prices" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "agreement_figures_part_prices_changed"();--> statement-breakpoint
CREATE TRIGGER "job_part_prices_figures_truncate" AFTER TRUNCATE ON "job_part_prices" FOR EACH STATEMENT EXECUTE FUNCTION "agreement_figures_truncated"();--> statement-breakpoint
CREATE TRIGGER "settings_figures_insert" AFTER INSERT ON "settings" REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "agreement_figures_settings_changed"();--> statement-breakpoint
CREATE TRIGGER "settings_figures_update" AFTER UPDATE ON "settings" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "agreement_figures_settings_changed"();--> statement-breakpoint
-- The figures start from the records there are: one set-based pass, then the sorts' indexes
-- (built once instead of grown row by row).
SELECT "agreement_figures_rebuild"();--> statement-breakpoint
CREATE INDEX "agreement_figures_visits_done_idx" ON "agreement_figures" USING btree ("visits_done","agreement_id");--> statement-breakpoint
CREATE INDEX "agreement_figures_approved_idx" ON "agreement_figures" USING btree ("approved_cents","agreement_id");--> statement-breakpoint
CREATE INDEX "agreement_figures_repair_revenue_idx" ON "agreement_figures" USING btree ("repair_revenue_cents","agreement_id");--> statement-breakpoint
CREATE INDEX "agreement_figures_profit_idx" ON "agreement_figures" USING btree ("profit_cents","agreement_id");