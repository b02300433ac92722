CREATE TABLE "job_invoice_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"payment_date" date NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"method" varchar(10) NOT NULL,
	"reference" varchar(100),
	"note" text,
	"recorded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"voided_at" timestamp with time zone,
	"voided_by" uuid,
	"void_reason" text,
	CONSTRAINT "job_invoice_payments_amount_check" CHECK ("job_invoice_payments"."amount" > 0),
	CONSTRAINT "job_invoice_payments_method_check" CHECK ("job_invoice_payments"."method" in ('check', 'card', 'ach', 'cash', 'other')),
	CONSTRAINT "job_invoice_payments_void_has_reason" CHECK ("job_invoice_payments"."voided_at" is null or ("job_invoice_payments"."void_reason" is not null and btrim("job_invoice_payments"."void_reason") <> ''))
);
--> statement-breakpoint
ALTER TABLE "invoice_search" ADD COLUMN "amount_paid" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "job_invoices" ADD COLUMN "amount_paid" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "job_invoice_payments" ADD CONSTRAINT "job_invoice_payments_invoice_id_job_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."job_invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_invoice_payments" ADD CONSTRAINT "job_invoice_payments_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_invoice_payments" ADD CONSTRAINT "job_invoice_payments_voided_by_users_id_fk" FOREIGN KEY ("voided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_invoice_payments_invoice_idx" ON "job_invoice_payments" USING btree ("invoice_id","payment_date","created_at");--> statement-breakpoint
CREATE INDEX "job_invoice_payments_date_idx" ON "job_invoice_payments" USING btree ("payment_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "job_invoice_payments_live_date_idx" ON "job_invoice_payments" USING btree ("payment_date" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "job_invoice_payments"."voided_at" is null;--> statement-breakpoint
CREATE INDEX "job_invoice_payments_method_idx" ON "job_invoice_payments" USING btree ("method","payment_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "job_invoice_payments_reference_trgm" ON "job_invoice_payments" USING gin ("reference" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "job_invoices" ADD CONSTRAINT "job_invoices_amount_paid_check" CHECK ("job_invoices"."amount_paid" >= 0 and "job_invoices"."amount_paid" <= "job_invoices"."amount");;--> statement-breakpoint
-- hand-written:
-- Backfill (decision 036): every paid invoice gets one payment of its amount dated its paid date, so
-- its amount_paid, its balance (zero) and the payments list agree with the history. This runs before
-- the totals function below learns amount_paid, so the totals it keeps are not touched (the due
-- totals only sum issued invoices, whose amount_paid is still 0 = their balance is their amount).
INSERT INTO "job_invoice_payments" ("invoice_id", "payment_date", "amount", "method", "note", "created_at")
SELECT "id", "paid_date", "amount", 'other', 'Recorded when the invoice was marked paid, before payments were recorded one by one', "updated_at"
FROM "job_invoices" WHERE "status" = 'paid' AND "amount" > 0 ORDER BY "paid_date", "id";--> statement-breakpoint
UPDATE "job_invoices" SET "amount_paid" = "amount" WHERE "status" = 'paid' AND "amount" > 0;--> statement-breakpoint
UPDATE "invoice_search" s SET "amount_paid" = i."amount_paid" FROM "job_invoices" i
WHERE i."id" = s."invoice_id" AND i."status" = 'paid' AND i."amount" > 0;--> statement-breakpoint
-- Pending's cards (invoice_due_totals) now sum the issued invoices' balances (amount - amount_paid),
-- and a change of amount_paid alone (a partial payment, a void) moves them.
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
                   WHERE (n."status", n."amount", n."amount_paid", n."issued_date", n."due_date", n."paid_date", n."service_line", n."company_id")
                         IS DISTINCT FROM (o."status", o."amount", o."amount_paid", o."issued_date", o."due_date", o."paid_date", o."service_line", o."company_id")) THEN
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
END $$;;--> statement-breakpoint
-- invoice_search copies amount_paid too, so a searched pending list sums balances from it alone.
CREATE OR REPLACE FUNCTION "invoice_search_refresh"(p_invoice_ids uuid[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "invoice_search" AS s ("invoice_id", "search_text", "job_id", "office", "status", "amount", "amount_paid", "issued_date", "due_date", "paid_date", "created_at")
  SELECT i."id", lower(concat_ws(chr(31), i."invoice_number", j."name", l."name", c."name")),
         i."job_id", j."office", i."status", i."amount", i."amount_paid", i."issued_date", i."due_date", i."paid_date", i."created_at"
  FROM "job_invoices" i JOIN "jobs" j ON j."id" = i."job_id"
  LEFT JOIN "locations" l ON l."id" = j."location_id" LEFT JOIN "companies" c ON c."id" = l."company_id"
  WHERE i."id" = ANY (p_invoice_ids)
  ORDER BY i."id"
  ON CONFLICT ("invoice_id") DO UPDATE SET "search_text" = excluded."search_text", "job_id" = excluded."job_id", "office" = excluded."office",
    "status" = excluded."status", "amount" = excluded."amount", "amount_paid" = excluded."amount_paid", "issued_date" = excluded."issued_date",
    "due_date" = excluded."due_date", "paid_date" = excluded."paid_date", "created_at" = excluded."created_at"
  WHERE (s."search_text", s."job_id", s."office", s."status", s."amount", s."amount_paid", s."issued_date", s."due_date", s."paid_date", s."created_at")
        IS DISTINCT FROM (excluded."search_text", excluded."job_id", excluded."office", excluded."status", excluded."amount", excluded."amount_paid",
                          excluded."issued_date", excluded."due_date", excluded."paid_date", excluded."created_at");
$$;--> statement-breakpoint
DROP TRIGGER "job_invoices_search_update" ON "job_invoices";--> statement-breakpoint
CREATE TRIGGER "job_invoices_search_update" AFTER UPDATE OF "invoice_number", "job_id", "status", "amount", "amount_paid", "issued_date", "due_date", "paid_date", "created_at" ON "job_invoices" FOR EACH ROW
WHEN ((OLD."invoice_number", OLD."job_id", OLD."status", OLD."amount", OLD."amount_paid", OLD."issued_date", OLD."due_date", OLD."paid_date", OLD."created_at")
      IS DISTINCT FROM (NEW."invoice_number", NEW."job_id", NEW."status", NEW."amount", NEW."amount_paid", NEW."issued_date", NEW."due_date", NEW."paid_date", NEW."created_at"))
EXECUTE FUNCTION "invoice_search_changed"();
