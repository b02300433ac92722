CREATE TABLE "agreement_revenue_shares" (
	"invoice_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"share_count" smallint NOT NULL,
	"agreement_id" uuid NOT NULL,
	"visit_date" date,
	"period" date,
	"location_id" uuid,
	"earned_on" date,
	CONSTRAINT "agreement_revenue_shares_pkey" PRIMARY KEY("invoice_id","position"),
	CONSTRAINT "agreement_revenue_shares_position_check" CHECK ("agreement_revenue_shares"."position" between 1 and "agreement_revenue_shares"."share_count")
);
--> statement-breakpoint
ALTER TABLE "invoice_search" ALTER COLUMN "job_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "job_invoices" ALTER COLUMN "job_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "agreements" ADD COLUMN "next_bill_on" date;--> statement-breakpoint
ALTER TABLE "job_invoices" ADD COLUMN "agreement_id" uuid;--> statement-breakpoint
ALTER TABLE "job_invoices" ADD COLUMN "period_start" date;--> statement-breakpoint
ALTER TABLE "job_invoices" ADD COLUMN "period_end" date;--> statement-breakpoint
ALTER TABLE "agreement_revenue_shares" ADD CONSTRAINT "agreement_revenue_shares_invoice_id_job_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."job_invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreement_revenue_shares" ADD CONSTRAINT "agreement_revenue_shares_agreement_id_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."agreements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreement_revenue_shares" ADD CONSTRAINT "agreement_revenue_shares_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agreement_revenue_shares_visit_idx" ON "agreement_revenue_shares" USING btree ("agreement_id","period","location_id");--> statement-breakpoint
CREATE INDEX "agreement_revenue_shares_earned_idx" ON "agreement_revenue_shares" USING btree ("earned_on") WHERE "agreement_revenue_shares"."earned_on" is not null;--> statement-breakpoint
ALTER TABLE "job_invoices" ADD CONSTRAINT "job_invoices_agreement_id_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."agreements"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agreements_next_bill_idx" ON "agreements" USING btree ("next_bill_on") WHERE "agreements"."status" = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "job_invoices_agreement_period_unique" ON "job_invoices" USING btree ("agreement_id","period_start") WHERE "job_invoices"."agreement_id" is not null and "job_invoices"."job_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "job_invoices_agreement_job_unique" ON "job_invoices" USING btree ("agreement_id","job_id") WHERE "job_invoices"."agreement_id" is not null and "job_invoices"."job_id" is not null;--> statement-breakpoint
CREATE INDEX "job_invoices_advance_issued_idx" ON "job_invoices" USING btree ("issued_date") WHERE "job_invoices"."agreement_id" is not null and "job_invoices"."job_id" is null and "job_invoices"."status" in ('issued', 'paid');--> statement-breakpoint
ALTER TABLE "job_invoices" ADD CONSTRAINT "job_invoices_job_or_agreement" CHECK ("job_invoices"."job_id" is not null or "job_invoices"."agreement_id" is not null);--> statement-breakpoint
ALTER TABLE "job_invoices" ADD CONSTRAINT "job_invoices_agreement_period_check" CHECK ("job_invoices"."agreement_id" is null or ("job_invoices"."period_start" is not null and "job_invoices"."period_end" >= "job_invoices"."period_start"));--> statement-breakpoint
-- Hand-written (decision 052). An advance invoice has no job: its service line and company are the
-- agreement's, copied like a job's so the financial report, Top Customers and the exports read
-- the same two columns for every invoice.
CREATE OR REPLACE FUNCTION job_invoices_copy_job_facts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.job_id IS NULL THEN
    SELECT a.service_line, a.company_id INTO NEW.service_line, NEW.company_id
    FROM agreements a WHERE a.id = NEW.agreement_id;
  ELSE
    SELECT j.service_line, l.company_id INTO NEW.service_line, NEW.company_id
    FROM jobs j LEFT JOIN locations l ON l.id = j.location_id
    WHERE j.id = NEW.job_id;
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS job_invoices_copy_job_facts ON job_invoices;--> statement-breakpoint
CREATE TRIGGER job_invoices_copy_job_facts BEFORE INSERT OR UPDATE OF job_id, agreement_id ON job_invoices
  FOR EACH ROW EXECUTE FUNCTION job_invoices_copy_job_facts();--> statement-breakpoint
-- The search row of an advance invoice: its number, the agreement's name and the company's name;
-- no job and no office ('').
CREATE OR REPLACE FUNCTION "invoice_search_refresh"(p_invoice_ids uuid[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "invoice_search" AS s ("invoice_id", "search_text", "job_id", "office", "status", "amount", "amount_paid", "issued_date", "due_date", "paid_date", "created_at")
  SELECT i."id", lower(concat_ws(chr(31), i."invoice_number", coalesce(j."name", a."name"), l."name", c."name")),
         i."job_id", coalesce(j."office", ''), i."status", i."amount", i."amount_paid", i."issued_date", i."due_date", i."paid_date", i."created_at"
  FROM "job_invoices" i LEFT JOIN "jobs" j ON j."id" = i."job_id"
  LEFT JOIN "agreements" a ON a."id" = i."agreement_id" AND i."job_id" IS NULL
  LEFT JOIN "locations" l ON l."id" = j."location_id"
  LEFT JOIN "companies" c ON c."id" = coalesce(l."company_id", a."company_id")
  WHERE i."id" = ANY (p_invoice_ids)
  ORDER BY i."id"
  ON CONFLICT ("invoice_id") DO UPDATE SET "search_text" = excluded."search_text", "job_id" = excluded."job_id", "office" = excluded."office",
    "status" = excluded."status", "amount" = excluded."amount", "amount_paid" = excluded."amount_paid", "issued_date" = excluded."issued_date",
    "due_date" = excluded."due_date", "paid_date" = excluded."paid_date", "created_at" = excluded."created_at"
  WHERE (s."search_text", s."job_id", s."office", s."status", s."amount", s."amount_paid", s."issued_date", s."due_date", s."paid_date", s."created_at")
        IS DISTINCT FROM (excluded."search_text", excluded."job_id", excluded."office", excluded."status", excluded."amount", excluded."amount_paid",
                          excluded."issued_date", excluded."due_date", excluded."paid_date", excluded."created_at");
$$;--> statement-breakpoint
-- A company's rename reaches its advance invoices too (they have no job or location).
CREATE OR REPLACE FUNCTION "invoice_search_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'job_invoices' THEN
    PERFORM "invoice_search_refresh"(ARRAY[NEW."id"]);
  ELSIF TG_TABLE_NAME = 'jobs' THEN
    PERFORM "invoice_search_refresh"(ARRAY(SELECT i."id" FROM "job_invoices" i WHERE i."job_id" = NEW."id"));
  ELSIF TG_TABLE_NAME = 'locations' THEN
    PERFORM "invoice_search_refresh"(ARRAY(SELECT i."id" FROM "job_invoices" i JOIN "jobs" j ON j."id" = i."job_id" WHERE j."location_id" = NEW."id"));
  ELSE
    PERFORM "invoice_search_refresh"(ARRAY(SELECT i."id" FROM "job_invoices" i JOIN "jobs" j ON j."id" = i."job_id"
                                           JOIN "locations" l ON l."id" = j."location_id" WHERE l."company_id" = NEW."id"
                                           UNION SELECT i."id" FROM "job_invoices" i
                                           WHERE i."job_id" IS NULL AND i."company_id" = NEW."id"));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Deferred revenue is earned when a visit's job is completed (decision 052): the parts of the
-- agreement's advance invoices on that visit (agreement, month, location) take the completion day
-- in the company's time zone; a job reopened or cancelled gives them back.
CREATE OR REPLACE FUNCTION "agreement_revenue_earned"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  zone text := coalesce((SELECT s."value"->>'time_zone' FROM "settings" s WHERE s."key" = 'company'), 'America/New_York');
BEGIN
  UPDATE "agreement_revenue_shares" r
  SET "earned_on" = CASE WHEN NEW."status" = 'completed'
                         THEN (coalesce(NEW."completed_at", now()) AT TIME ZONE zone)::date END
  FROM "agreement_visits" v
  WHERE v."job_id" = NEW."id" AND r."agreement_id" = v."agreement_id" AND r."period" = v."period"
    AND r."location_id" = v."location_id"
    AND r."earned_on" IS DISTINCT FROM CASE WHEN NEW."status" = 'completed'
                         THEN (coalesce(NEW."completed_at", now()) AT TIME ZONE zone)::date END;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "jobs_agreement_revenue_earned" AFTER UPDATE OF "status", "completed_at" ON "jobs" FOR EACH ROW
WHEN (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."completed_at" IS DISTINCT FROM NEW."completed_at")
EXECUTE FUNCTION "agreement_revenue_earned"();
