ALTER TABLE "home_job_facts" ALTER COLUMN "job_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "home_job_facts" ADD COLUMN "invoice_id" uuid;--> statement-breakpoint
CREATE INDEX "home_job_facts_invoice_idx" ON "home_job_facts" USING btree ("invoice_id") WHERE "home_job_facts"."invoice_id" is not null;--> statement-breakpoint
ALTER TABLE "home_job_facts" ADD CONSTRAINT "home_job_facts_job_or_invoice" CHECK (("home_job_facts"."job_id" is null) <> ("home_job_facts"."invoice_id" is null));--> statement-breakpoint
-- Hand-written (decision 059). An advance agreement invoice has no job, so neither Home's counters
-- nor the header search saw it.
--
-- The office of an advance invoice: the office of its agreement's visits. The visit generator puts
-- every visit job in the default office (jobs.service.ts createVisitJobs, DEFAULT_OFFICE), so an
-- agreement's invoices are in that office too: Home's Office select and /invoices' office filter
-- show an agreement's visits and its invoices together. One SQL home for both readers below.
CREATE OR REPLACE FUNCTION "advance_invoice_office"() RETURNS varchar LANGUAGE sql IMMUTABLE AS $$ SELECT 'Main Office'::varchar $$;
--> statement-breakpoint
-- Home's Total Unsent Invoices counts the draft advance invoices too: one fact row each (job_id
-- null, invoice_id set) under EVERY_TECHNICIAN only (no technician works an advance invoice, and a
-- technician cannot open one), in the agreement's office, at the invoice's creation, added to
-- home_counts like a job's draft. The invoice's own row lock (the statement that changed it) keeps
-- two changes of one invoice in order.
CREATE OR REPLACE FUNCTION "home_advance_invoice_facts_apply"(p_invoices uuid[]) RETURNS void
LANGUAGE plpgsql SET plan_cache_mode = force_custom_plan AS $$
BEGIN
  IF coalesce(cardinality(p_invoices), 0) = 0 THEN
    RETURN;
  END IF;
  WITH new_facts AS (
    SELECT '00000000-0000-0000-0000-000000000000'::uuid AS technician_id, i."id" AS invoice_id, i."created_at",
           "advance_invoice_office"() AS office, 1 AS unsent, i."amount" AS unsent_value
    FROM "job_invoices" i
    WHERE i."id" = ANY (p_invoices) AND i."job_id" IS NULL AND i."status" = 'draft'
  ),
  old_facts AS (
    DELETE FROM "home_job_facts" WHERE "invoice_id" = ANY (p_invoices)
    RETURNING "technician_id", "office", "created_at", "unsent", "unsent_value"
  ),
  saved AS (
    INSERT INTO "home_job_facts" ("technician_id", "job_id", "invoice_id", "created_at", "office", "time_period_due", "schedule_start",
                                  "no_appointment", "open_jobs", "scheduled_jobs", "follow_up", "to_schedule", "to_schedule_value",
                                  "to_invoice", "deficiencies", "unsent", "unsent_value", "open_quote", "quote_expires_at", "quote_amount")
    SELECT technician_id, NULL, invoice_id, "created_at", office, NULL, NULL, 0, 0, 0, 0, 0, 0, 0, 0, unsent, unsent_value, 0, NULL, NULL
    FROM new_facts
  ),
  changes AS (
    SELECT technician_id, office, "created_at", unsent, unsent_value FROM new_facts
    UNION ALL
    SELECT "technician_id", "office", "created_at", -"unsent", -"unsent_value" FROM old_facts
  )
  INSERT INTO "home_counts" AS c ("technician_id", "office", "day", "unsent", "unsent_value")
  SELECT technician_id, office, ("created_at" AT TIME ZONE 'UTC')::date, sum(unsent), sum(unsent_value)
  FROM changes
  GROUP BY 1, 2, 3
  HAVING (sum(unsent), sum(unsent_value)) <> (0, 0)
  ORDER BY 1, 2, 3
  ON CONFLICT ("technician_id", "office", "day") DO UPDATE SET
    "unsent" = c."unsent" + excluded."unsent",
    "unsent_value" = c."unsent_value" + excluded."unsent_value";
END $$;
--> statement-breakpoint
-- job_invoices' inserts and deletes (these two functions also serve job_technicians, job_quotes and
-- job_repairs): the jobs' facts as before, and the advance invoices' own.
CREATE OR REPLACE FUNCTION "home_counts_job_rows_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'job_invoices' THEN
    PERFORM "home_job_facts_apply"(array(SELECT DISTINCT "job_id" FROM new_rows WHERE "job_id" IS NOT NULL), true);
    PERFORM "home_advance_invoice_facts_apply"(array(SELECT "id" FROM new_rows WHERE "job_id" IS NULL));
  ELSE
    PERFORM "home_job_facts_apply"(array(SELECT DISTINCT "job_id" FROM new_rows), true);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "home_counts_job_rows_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'job_invoices' THEN
    PERFORM "home_job_facts_apply"(array(SELECT DISTINCT "job_id" FROM old_rows WHERE "job_id" IS NOT NULL), true);
    PERFORM "home_advance_invoice_facts_apply"(array(SELECT "id" FROM old_rows WHERE "job_id" IS NULL));
  ELSE
    PERFORM "home_job_facts_apply"(array(SELECT DISTINCT "job_id" FROM old_rows), true);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "home_counts_job_invoices_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "home_job_facts_apply"(array(
    SELECT "job_id" FROM (SELECT "id", "job_id", "status", "amount", "created_at" FROM new_rows EXCEPT SELECT "id", "job_id", "status", "amount", "created_at" FROM old_rows) n
    WHERE "job_id" IS NOT NULL
    UNION ALL
    SELECT "job_id" FROM (SELECT "id", "job_id", "status", "amount", "created_at" FROM old_rows EXCEPT SELECT "id", "job_id", "status", "amount", "created_at" FROM new_rows) o
    WHERE "job_id" IS NOT NULL), true);
  PERFORM "home_advance_invoice_facts_apply"(array(
    SELECT "id" FROM (SELECT "id", "job_id", "status", "amount", "created_at" FROM new_rows EXCEPT SELECT "id", "job_id", "status", "amount", "created_at" FROM old_rows) n
    WHERE "job_id" IS NULL
    UNION
    SELECT "id" FROM (SELECT "id", "job_id", "status", "amount", "created_at" FROM old_rows EXCEPT SELECT "id", "job_id", "status", "amount", "created_at" FROM new_rows) o
    WHERE "job_id" IS NULL));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Everything again from the tables (after a TRUNCATE of a counted table): the advance drafts too.
CREATE OR REPLACE FUNCTION "home_counts_rebuild"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "home_job_facts";
  DELETE FROM "home_counts";
  DELETE FROM "home_future_counts";
  PERFORM "home_job_facts_apply"(array(SELECT "id" FROM "jobs"), false);
  PERFORM "home_advance_invoice_facts_apply"(array(SELECT "id" FROM "job_invoices" WHERE "job_id" IS NULL AND "status" = 'draft'));
END $$;
--> statement-breakpoint
SELECT "home_advance_invoice_facts_apply"(array(SELECT "id" FROM "job_invoices" WHERE "job_id" IS NULL AND "status" = 'draft'));
--> statement-breakpoint
-- The search row of an advance invoice: its number, "#{agreement number} {agreement name}" in the
-- job's place (so "#1001", "1001" and the name find it), no location, the company; the agreement's
-- office. The company is the invoice's (job_invoices.company_id, kept for both kinds), which the
-- company rename trigger (0059) finds the advance invoices by.
CREATE OR REPLACE FUNCTION "invoice_search_refresh"(p_invoice_ids uuid[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "invoice_search" AS s ("invoice_id", "search_text", "job_id", "office", "status", "amount", "amount_paid", "issued_date", "due_date", "paid_date", "created_at")
  SELECT i."id", lower(concat_ws(chr(31), i."invoice_number", coalesce(j."name", '#' || a."number" || ' ' || a."name"), l."name", c."name")),
         i."job_id", coalesce(j."office", "advance_invoice_office"()), i."status", i."amount", i."amount_paid", i."issued_date", i."due_date", i."paid_date", i."created_at"
  FROM "job_invoices" i LEFT JOIN "jobs" j ON j."id" = i."job_id"
  LEFT JOIN "agreements" a ON a."id" = i."agreement_id" AND i."job_id" IS NULL
  LEFT JOIN "locations" l ON l."id" = j."location_id"
  LEFT JOIN "companies" c ON c."id" = coalesce(l."company_id", i."company_id")
  WHERE i."id" = ANY (p_invoice_ids)
  ORDER BY i."id"
  ON CONFLICT ("invoice_id") DO UPDATE SET "search_text" = excluded."search_text", "job_id" = excluded."job_id", "office" = excluded."office",
    "status" = excluded."status", "amount" = excluded."amount", "amount_paid" = excluded."amount_paid", "issued_date" = excluded."issued_date",
    "due_date" = excluded."due_date", "paid_date" = excluded."paid_date", "created_at" = excluded."created_at"
  WHERE (s."search_text", s."job_id", s."office", s."status", s."amount", s."amount_paid", s."issued_date", s."due_date", s."paid_date", s."created_at")
        IS DISTINCT FROM (excluded."search_text", excluded."job_id", excluded."office", excluded."status", excluded."amount", excluded."amount_paid",
                          excluded."issued_date", excluded."due_date", excluded."paid_date", excluded."created_at");
$$;--> statement-breakpoint
-- An agreement renamed refreshes its advance invoices' search rows, set-based: the changed
-- agreements are new_rows EXCEPT old_rows on the columns the text reads (an invoice keeps the
-- company it was billed to, job_invoices.company_id, whose renames 0059 follows).
CREATE OR REPLACE FUNCTION "invoice_search_agreements_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "invoice_search_refresh"(array(
    SELECT i."id" FROM "job_invoices" i
    WHERE i."job_id" IS NULL AND i."agreement_id" IN (
      SELECT "id" FROM (SELECT "id", "number", "name" FROM new_rows
                        EXCEPT SELECT "id", "number", "name" FROM old_rows) n)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "agreements_invoice_search" AFTER UPDATE ON "agreements" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "invoice_search_agreements_changed"();
--> statement-breakpoint
SELECT "invoice_search_refresh"(array(SELECT "id" FROM "job_invoices" WHERE "job_id" IS NULL));
