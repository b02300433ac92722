CREATE TABLE "invoice_tax_day_totals" (
	"issued_date" date NOT NULL,
	"tax_group_code" varchar(50),
	"n" bigint NOT NULL,
	"tax" numeric(16, 2) NOT NULL,
	CONSTRAINT "invoice_tax_day_totals_key" UNIQUE NULLS NOT DISTINCT("issued_date","tax_group_code")
);
--> statement-breakpoint
CREATE TABLE "payment_day_totals" (
	"payment_date" date NOT NULL,
	"method" varchar(10) NOT NULL,
	"n" bigint NOT NULL,
	"amount" numeric(16, 2) NOT NULL,
	CONSTRAINT "payment_day_totals_payment_date_method_pk" PRIMARY KEY("payment_date","method")
);
--> statement-breakpoint
DROP INDEX "job_invoices_tax_report_idx";--> statement-breakpoint
-- hand-written:
-- The financial report's "Sales Tax Collected" and "Payments Received" (issue 27) for any period
-- sum day totals kept here instead of every invoice and payment of the period (500,000 invoices:
-- a year's panels read ~1,100 and ~1,800 rows). Same design as invoice_totals_apply (0021): the
-- statement's rows as +1 (new) and -1 (old), added in key order (INSERT ... ON CONFLICT).
DROP INDEX IF EXISTS "job_invoice_payments_received_idx";--> statement-breakpoint
INSERT INTO "invoice_tax_day_totals" ("issued_date", "tax_group_code", "n", "tax")
SELECT "issued_date", "tax_group_code", count(*), sum("tax") FROM "job_invoices"
WHERE "status" IN ('issued', 'paid') AND "tax" > 0 AND "issued_date" IS NOT NULL GROUP BY 1, 2;--> statement-breakpoint
INSERT INTO "payment_day_totals" ("payment_date", "method", "n", "amount")
SELECT "payment_date", "method", count(*), sum("amount") FROM "job_invoice_payments"
WHERE "voided_at" IS NULL GROUP BY 1, 2;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "invoice_tax_totals_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  rows_sql text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    rows_sql := 'SELECT *, 1 AS k FROM new_rows';
  ELSIF TG_OP = 'DELETE' THEN
    rows_sql := 'SELECT *, -1 AS k FROM old_rows';
  ELSE
    IF NOT EXISTS (SELECT 1 FROM old_rows o JOIN new_rows n ON n."id" = o."id"
                   WHERE (n."status", n."tax", n."issued_date", n."tax_group_code")
                         IS DISTINCT FROM (o."status", o."tax", o."issued_date", o."tax_group_code")) THEN
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
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "invoice_tax_totals_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "invoice_tax_day_totals";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "job_invoices_tax_totals_insert" AFTER INSERT ON "job_invoices" REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "invoice_tax_totals_apply"();--> statement-breakpoint
CREATE TRIGGER "job_invoices_tax_totals_delete" AFTER DELETE ON "job_invoices" REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION "invoice_tax_totals_apply"();--> statement-breakpoint
CREATE TRIGGER "job_invoices_tax_totals_update" AFTER UPDATE ON "job_invoices" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "invoice_tax_totals_apply"();--> statement-breakpoint
CREATE TRIGGER "job_invoices_tax_totals_truncate" AFTER TRUNCATE ON "job_invoices"
FOR EACH STATEMENT EXECUTE FUNCTION "invoice_tax_totals_clear"();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "payment_totals_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  rows_sql text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    rows_sql := 'SELECT *, 1 AS k FROM new_rows';
  ELSIF TG_OP = 'DELETE' THEN
    rows_sql := 'SELECT *, -1 AS k FROM old_rows';
  ELSE
    IF NOT EXISTS (SELECT 1 FROM old_rows o JOIN new_rows n ON n."id" = o."id"
                   WHERE (n."payment_date", n."method", n."amount", n."voided_at" IS NULL)
                         IS DISTINCT FROM (o."payment_date", o."method", o."amount", o."voided_at" IS NULL)) THEN
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
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "payment_totals_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "payment_day_totals";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "job_invoice_payments_totals_insert" AFTER INSERT ON "job_invoice_payments" REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "payment_totals_apply"();--> statement-breakpoint
CREATE TRIGGER "job_invoice_payments_totals_delete" AFTER DELETE ON "job_invoice_payments" REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION "payment_totals_apply"();--> statement-breakpoint
CREATE TRIGGER "job_invoice_payments_totals_update" AFTER UPDATE ON "job_invoice_payments" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "payment_totals_apply"();--> statement-breakpoint
CREATE TRIGGER "job_invoice_payments_totals_truncate" AFTER TRUNCATE ON "job_invoice_payments"
FOR EACH STATEMENT EXECUTE FUNCTION "payment_totals_clear"();
