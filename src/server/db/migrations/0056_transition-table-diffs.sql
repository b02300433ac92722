-- Statement-level triggers found "which rows changed" by joining the transition tables on id.
-- PostgreSQL plans that join as a nested loop (an EXISTS is planned for its first row, and PL/pgSQL
-- keeps a parameterless statement's first plan, made when the transition tables held one row), so
-- an UPDATE of n rows compared n x n rows: 20,000 rows took 90 s, and the large bench seed's update
-- of 220,000 paid invoices ran for over 40 minutes. The same question asked as a set difference
-- (new_rows EXCEPT old_rows, by id and the columns that matter) is hashed or sorted: linear
-- whatever the plan (200,000 rows: under 5 s). Same columns, same meaning (EXCEPT treats NULLs as
-- equal, like IS DISTINCT FROM); only the shape of each query changes.
CREATE OR REPLACE FUNCTION "home_counts_job_invoices_updated"()
 RETURNS trigger
 LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM "home_job_facts_apply"(array(
    SELECT "job_id" FROM (SELECT "id", "job_id", "status", "amount", "created_at" FROM new_rows EXCEPT SELECT "id", "job_id", "status", "amount", "created_at" FROM old_rows) n
    UNION ALL
    SELECT "job_id" FROM (SELECT "id", "job_id", "status", "amount", "created_at" FROM old_rows EXCEPT SELECT "id", "job_id", "status", "amount", "created_at" FROM new_rows) o), true);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "home_counts_job_quotes_updated"()
 RETURNS trigger
 LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM "home_job_facts_apply"(array(
    SELECT "job_id" FROM (SELECT "id", "job_id", "status", "sent_at", "expires_at", "amount" FROM new_rows EXCEPT SELECT "id", "job_id", "status", "sent_at", "expires_at", "amount" FROM old_rows) n
    UNION ALL
    SELECT "job_id" FROM (SELECT "id", "job_id", "status", "sent_at", "expires_at", "amount" FROM old_rows EXCEPT SELECT "id", "job_id", "status", "sent_at", "expires_at", "amount" FROM new_rows) o), true);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "home_counts_job_repairs_updated"()
 RETURNS trigger
 LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM "home_job_facts_apply"(array(
    SELECT "job_id" FROM (SELECT "id", "job_id", "total_cost", "created_at", "resolved_at", "carried_to_repair_id" FROM new_rows EXCEPT SELECT "id", "job_id", "total_cost", "created_at", "resolved_at", "carried_to_repair_id" FROM old_rows) n
    UNION ALL
    SELECT "job_id" FROM (SELECT "id", "job_id", "total_cost", "created_at", "resolved_at", "carried_to_repair_id" FROM old_rows EXCEPT SELECT "id", "job_id", "total_cost", "created_at", "resolved_at", "carried_to_repair_id" FROM new_rows) o), true);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "home_counts_job_technicians_updated"()
 RETURNS trigger
 LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM "home_job_facts_apply"(array(
    SELECT "job_id" FROM (SELECT "id", "job_id", "technician_id" FROM new_rows EXCEPT SELECT "id", "job_id", "technician_id" FROM old_rows) n
    UNION ALL
    SELECT "job_id" FROM (SELECT "id", "job_id", "technician_id" FROM old_rows EXCEPT SELECT "id", "job_id", "technician_id" FROM new_rows) o), true);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "home_counts_jobs_changed"()
 RETURNS trigger
 LANGUAGE plpgsql
AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "home_job_facts_apply"(array(SELECT "id" FROM new_rows), true);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "home_job_facts_apply"(array(SELECT "id" FROM old_rows), true);
  ELSE
    -- most updates (names, notes, tags, the search text) change nothing the counts read
    PERFORM "home_job_facts_apply"(array(
      SELECT "id" FROM (SELECT "id", "status", "office", "created_at", "schedule_start", "time_period_due" FROM new_rows
                       EXCEPT SELECT "id", "status", "office", "created_at", "schedule_start", "time_period_due" FROM old_rows) n), true);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "job_assigned_count_updated"()
 RETURNS trigger
 LANGUAGE plpgsql
AS $$
BEGIN
  -- Only a row moved to another job changes an assignment (swapping the technician does not).
  IF EXISTS (SELECT "id", "job_id" FROM new_rows EXCEPT SELECT "id", "job_id" FROM old_rows) THEN
    PERFORM "job_assigned_count_apply"(array_agg("job_id"), array_agg(added), array_agg(removed))
    FROM (SELECT "job_id", sum(a)::bigint AS added, sum(r)::bigint AS removed FROM (
            SELECT "job_id", 1 AS a, 0 AS r FROM new_rows UNION ALL SELECT "job_id", 0, 1 FROM old_rows) x
          GROUP BY 1) d;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "job_counts_updated"()
 RETURNS trigger
 LANGUAGE plpgsql
AS $$
BEGIN
  -- Most updates change none of the counted columns: then no counter row is touched (no lock taken).
  IF EXISTS (SELECT "id", "status", "type", "service_line", "office" FROM new_rows
             EXCEPT SELECT "id", "status", "type", "service_line", "office" FROM old_rows) THEN
    INSERT INTO "job_counts" AS c ("status", "type", "service_line", "office", "n")
    SELECT "status", "type", "service_line", "office", sum(k) FROM (
      SELECT "status", "type", "service_line", "office", 1 AS k FROM new_rows
      UNION ALL
      SELECT "status", "type", "service_line", "office", -1 AS k FROM old_rows) x
    GROUP BY 1, 2, 3, 4 HAVING sum(k) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT ("status", "type", "service_line", "office") DO UPDATE SET "n" = c."n" + excluded."n";
  END IF;
  IF EXISTS (SELECT "id", "time_period_due", "status" IN ('completed', 'cancelled') FROM new_rows
             EXCEPT SELECT "id", "time_period_due", "status" IN ('completed', 'cancelled') FROM old_rows) THEN
    INSERT INTO "job_open_due_counts" AS c ("time_period_due", "n")
    SELECT "time_period_due", sum(k) FROM (
      SELECT "time_period_due", 1 AS k FROM new_rows WHERE "status" NOT IN ('completed', 'cancelled')
      UNION ALL
      SELECT "time_period_due", -1 AS k FROM old_rows WHERE "status" NOT IN ('completed', 'cancelled')) x
    GROUP BY 1 HAVING sum(k) <> 0 ORDER BY 1
    ON CONFLICT ("time_period_due") DO UPDATE SET "n" = c."n" + excluded."n";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "payment_totals_apply"()
 RETURNS trigger
 LANGUAGE plpgsql
AS $$
DECLARE
  rows_sql text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    rows_sql := 'SELECT *, 1 AS k FROM new_rows';
  ELSIF TG_OP = 'DELETE' THEN
    rows_sql := 'SELECT *, -1 AS k FROM old_rows';
  ELSE
    IF NOT EXISTS (SELECT "id", "payment_date", "method", "amount", "voided_at" IS NULL FROM new_rows
                   EXCEPT SELECT "id", "payment_date", "method", "amount", "voided_at" IS NULL FROM old_rows) THEN
      RETURN NULL;
    END IF;
    rows_sql := 'SELECT *, 1 AS k FROM new_rows UNION ALL SELECT *, -1 AS k FROM old_rows';
  END IF;
  EXECUTE format($q$
    INSERT INTO "payment_day_totals" AS t ("payment_date", "method", "n", "amount")
    SELECT "payment_date", "method", sum(k), sum(k * "amount") FROM (%s) d WHERE "voided_at" IS NULL
    GROUP BY 1, 2 HAVING sum(k) <> 0 OR sum(k * "amount") <> 0 ORDER BY 1, 2
    ON CONFLICT ("payment_date", "method") DO UPDATE SET "n" = t."n" + excluded."n", "amount" = t."amount" + excluded."amount"
  $q$, rows_sql);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "invoice_totals_apply"()
 RETURNS trigger
 LANGUAGE plpgsql
AS $$
DECLARE
  rows_sql text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    rows_sql := 'SELECT *, 1 AS k FROM new_rows';
  ELSIF TG_OP = 'DELETE' THEN
    rows_sql := 'SELECT *, -1 AS k FROM old_rows';
  ELSE
    IF NOT EXISTS (SELECT "id", "status", "amount", "amount_paid", "issued_date", "due_date", "paid_date", "service_line", "company_id" FROM new_rows
                   EXCEPT SELECT "id", "status", "amount", "amount_paid", "issued_date", "due_date", "paid_date", "service_line", "company_id" FROM old_rows) THEN
      RETURN NULL;
    END IF;
    rows_sql := 'SELECT *, 1 AS k FROM new_rows UNION ALL SELECT *, -1 AS k FROM old_rows';
  END IF;
  EXECUTE format($q$
    WITH d AS MATERIALIZED (SELECT "status", "amount", "amount_paid", "issued_date", "due_date", "paid_date", "service_line", "company_id", k FROM (%s) x),
    months AS (
      INSERT INTO "invoice_month_totals" AS t ("status", "issued_month", "service_line", "n", "amount")
      SELECT "status", date_trunc('month', "issued_date")::date, "service_line", sum(k), sum(k * "amount") FROM d
      GROUP BY 1, 2, 3 HAVING sum(k) <> 0 OR sum(k * "amount") <> 0 ORDER BY 1, 2, 3
      ON CONFLICT ("status", "issued_month", "service_line") DO UPDATE SET "n" = t."n" + excluded."n", "amount" = t."amount" + excluded."amount"),
    companies AS (
      INSERT INTO "invoice_company_totals" AS t ("period", "period_start", "company_id", "n", "amount")
      SELECT p.period, p.period_start, d."company_id", sum(k), sum(k * d."amount") FROM d
      CROSS JOIN LATERAL (VALUES ('y', date_trunc('year', d."issued_date")::date), ('q', date_trunc('quarter', d."issued_date")::date),
                                 ('m', date_trunc('month', d."issued_date")::date)) p(period, period_start)
      WHERE d."issued_date" IS NOT NULL AND d."status" <> 'draft'
      GROUP BY 1, 2, 3 HAVING sum(k) <> 0 OR sum(k * d."amount") <> 0 ORDER BY 1, 2, 3
      ON CONFLICT ("period", "period_start", "company_id") DO UPDATE SET "n" = t."n" + excluded."n", "amount" = t."amount" + excluded."amount"),
    dues AS (
      INSERT INTO "invoice_due_totals" AS t ("due_date", "n", "amount")
      SELECT "due_date", sum(k), sum(k * ("amount" - "amount_paid")) FROM d WHERE "status" = 'issued'
      GROUP BY 1 HAVING sum(k) <> 0 OR sum(k * ("amount" - "amount_paid")) <> 0 ORDER BY 1
      ON CONFLICT ("due_date") DO UPDATE SET "n" = t."n" + excluded."n", "amount" = t."amount" + excluded."amount")
    INSERT INTO "invoice_paid_totals" AS t ("paid_date", "n", "amount")
    SELECT "paid_date", sum(k), sum(k * "amount") FROM d WHERE "status" = 'paid'
    GROUP BY 1 HAVING sum(k) <> 0 OR sum(k * "amount") <> 0 ORDER BY 1
    ON CONFLICT ("paid_date") DO UPDATE SET "n" = t."n" + excluded."n", "amount" = t."amount" + excluded."amount"
  $q$, rows_sql);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "invoice_tax_totals_apply"()
 RETURNS trigger
 LANGUAGE plpgsql
AS $$
DECLARE
  rows_sql text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    rows_sql := 'SELECT *, 1 AS k FROM new_rows';
  ELSIF TG_OP = 'DELETE' THEN
    rows_sql := 'SELECT *, -1 AS k FROM old_rows';
  ELSE
    IF NOT EXISTS (SELECT "id", "status", "tax", "issued_date", "tax_group_code" FROM new_rows
                   EXCEPT SELECT "id", "status", "tax", "issued_date", "tax_group_code" FROM old_rows) THEN
      RETURN NULL;
    END IF;
    rows_sql := 'SELECT *, 1 AS k FROM new_rows UNION ALL SELECT *, -1 AS k FROM old_rows';
  END IF;
  EXECUTE format($q$
    INSERT INTO "invoice_tax_day_totals" AS t ("issued_date", "tax_group_code", "n", "tax")
    SELECT "issued_date", "tax_group_code", sum(k), sum(k * "tax") FROM (%s) d
    WHERE "status" IN ('issued', 'paid') AND "tax" > 0 AND "issued_date" IS NOT NULL
    GROUP BY 1, 2 HAVING sum(k) <> 0 OR sum(k * "tax") <> 0 ORDER BY 1, 2
    ON CONFLICT ("issued_date", "tax_group_code") DO UPDATE SET "n" = t."n" + excluded."n", "tax" = t."tax" + excluded."tax"
  $q$, rows_sql);
  RETURN NULL;
END $$;
