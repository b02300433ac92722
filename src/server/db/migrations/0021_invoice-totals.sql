-- Invoice lists and the financial report at 500,000 invoices (decision 016, "Measured" 2026-11-25).
-- Pages come in list order straight from an index (the id is the tie break, so equal creation
-- times need no sort), and the cards and the report read totals kept by the triggers below.
CREATE TABLE "invoice_company_totals" (
	"period" char(1) NOT NULL,
	"period_start" date NOT NULL,
	"company_id" uuid,
	"n" bigint NOT NULL,
	"amount" numeric(16, 2) NOT NULL,
	CONSTRAINT "invoice_company_totals_key" UNIQUE NULLS NOT DISTINCT("period","period_start","company_id"),
	CONSTRAINT "invoice_company_totals_period_check" CHECK ("invoice_company_totals"."period" in ('y', 'q', 'm'))
);
--> statement-breakpoint
CREATE TABLE "invoice_due_totals" (
	"due_date" date,
	"n" bigint NOT NULL,
	"amount" numeric(16, 2) NOT NULL,
	CONSTRAINT "invoice_due_totals_key" UNIQUE NULLS NOT DISTINCT("due_date")
);
--> statement-breakpoint
CREATE TABLE "invoice_month_totals" (
	"status" varchar(10) NOT NULL,
	"issued_month" date,
	"service_line" varchar(20),
	"n" bigint NOT NULL,
	"amount" numeric(16, 2) NOT NULL,
	CONSTRAINT "invoice_month_totals_key" UNIQUE NULLS NOT DISTINCT("status","issued_month","service_line")
);
--> statement-breakpoint
CREATE TABLE "invoice_paid_totals" (
	"paid_date" date PRIMARY KEY NOT NULL,
	"n" bigint NOT NULL,
	"amount" numeric(16, 2) NOT NULL
);
--> statement-breakpoint
DROP INDEX "job_invoices_status_due_idx";--> statement-breakpoint
DROP INDEX "job_invoices_created_at_idx";--> statement-breakpoint
DROP INDEX "job_invoices_status_created_idx";--> statement-breakpoint
DROP INDEX "job_invoices_paid_list_idx";--> statement-breakpoint
CREATE INDEX "invoice_company_totals_top_idx" ON "invoice_company_totals" USING btree ("period","period_start","amount" DESC NULLS FIRST,"company_id");--> statement-breakpoint
CREATE INDEX "job_invoices_status_due_idx" ON "job_invoices" USING btree ("status","due_date","id");--> statement-breakpoint
CREATE INDEX "job_invoices_created_at_idx" ON "job_invoices" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "job_invoices_status_created_idx" ON "job_invoices" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "job_invoices_paid_list_idx" ON "job_invoices" USING btree ("paid_date" DESC NULLS LAST,"id" DESC NULLS FIRST) WHERE "job_invoices"."status" = 'paid';--> statement-breakpoint
-- The totals start from the invoices there are.
INSERT INTO "invoice_month_totals" ("status", "issued_month", "service_line", "n", "amount")
SELECT "status", date_trunc('month', "issued_date")::date, "service_line", count(*), sum("amount")
FROM "job_invoices" GROUP BY 1, 2, 3;--> statement-breakpoint
INSERT INTO "invoice_company_totals" ("period", "period_start", "company_id", "n", "amount")
SELECT p.period, p.period_start, i."company_id", count(*), sum(i."amount")
FROM "job_invoices" i
CROSS JOIN LATERAL (VALUES ('y', date_trunc('year', i."issued_date")::date), ('q', date_trunc('quarter', i."issued_date")::date),
                           ('m', date_trunc('month', i."issued_date")::date)) p(period, period_start)
WHERE i."issued_date" IS NOT NULL AND i."status" <> 'draft'
GROUP BY 1, 2, 3;--> statement-breakpoint
INSERT INTO "invoice_due_totals" ("due_date", "n", "amount")
SELECT "due_date", count(*), sum("amount") FROM "job_invoices" WHERE "status" = 'issued' GROUP BY 1;--> statement-breakpoint
INSERT INTO "invoice_paid_totals" ("paid_date", "n", "amount")
SELECT "paid_date", count(*), sum("amount") FROM "job_invoices" WHERE "status" = 'paid' GROUP BY 1;--> statement-breakpoint
-- One function for the three events: the statement's rows as +1 (new) and -1 (old), added to
-- every total in key order (INSERT ... ON CONFLICT), so concurrent transactions lock total rows in
-- the same order. An update that changes none of the summed columns touches no total.
CREATE OR REPLACE FUNCTION "invoice_totals_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  rows_sql text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    rows_sql := 'SELECT *, 1 AS k FROM new_rows';
  ELSIF TG_OP = 'DELETE' THEN
    rows_sql := 'SELECT *, -1 AS k FROM old_rows';
  ELSE
    IF NOT EXISTS (SELECT 1 FROM old_rows o JOIN new_rows n ON n."id" = o."id"
                   WHERE (n."status", n."amount", n."issued_date", n."due_date", n."paid_date", n."service_line", n."company_id")
                         IS DISTINCT FROM (o."status", o."amount", o."issued_date", o."due_date", o."paid_date", o."service_line", o."company_id")) THEN
      RETURN NULL;
    END IF;
    rows_sql := 'SELECT *, 1 AS k FROM new_rows UNION ALL SELECT *, -1 AS k FROM old_rows';
  END IF;
  EXECUTE format($q$
    WITH d AS MATERIALIZED (SELECT "status", "amount", "issued_date", "due_date", "paid_date", "service_line", "company_id", k FROM (%s) x),
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
      SELECT "due_date", sum(k), sum(k * "amount") FROM d WHERE "status" = 'issued'
      GROUP BY 1 HAVING sum(k) <> 0 OR sum(k * "amount") <> 0 ORDER BY 1
      ON CONFLICT ("due_date") DO UPDATE SET "n" = t."n" + excluded."n", "amount" = t."amount" + excluded."amount")
    INSERT INTO "invoice_paid_totals" AS t ("paid_date", "n", "amount")
    SELECT "paid_date", sum(k), sum(k * "amount") FROM d WHERE "status" = 'paid'
    GROUP BY 1 HAVING sum(k) <> 0 OR sum(k * "amount") <> 0 ORDER BY 1
    ON CONFLICT ("paid_date") DO UPDATE SET "n" = t."n" + excluded."n", "amount" = t."amount" + excluded."amount"
  $q$, rows_sql);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "invoice_totals_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "invoice_month_totals";
  DELETE FROM "invoice_company_totals";
  DELETE FROM "invoice_due_totals";
  DELETE FROM "invoice_paid_totals";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "job_invoices_totals_insert" AFTER INSERT ON "job_invoices" REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "invoice_totals_apply"();--> statement-breakpoint
CREATE TRIGGER "job_invoices_totals_delete" AFTER DELETE ON "job_invoices" REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION "invoice_totals_apply"();--> statement-breakpoint
CREATE TRIGGER "job_invoices_totals_update" AFTER UPDATE ON "job_invoices" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "invoice_totals_apply"();--> statement-breakpoint
CREATE TRIGGER "job_invoices_totals_truncate" AFTER TRUNCATE ON "job_invoices"
FOR EACH STATEMENT EXECUTE FUNCTION "invoice_totals_clear"();
