ALTER TABLE "job_invoice_lines" ADD COLUMN "job_item_id" uuid;--> statement-breakpoint
ALTER TABLE "job_invoices" ADD COLUMN "bill_to_name" varchar(200);--> statement-breakpoint
ALTER TABLE "job_invoices" ADD COLUMN "bill_to_email" varchar(254);--> statement-breakpoint
ALTER TABLE "job_invoices" ADD COLUMN "bill_to_address" varchar(200);--> statement-breakpoint
ALTER TABLE "job_invoices" ADD COLUMN "bill_to_city" varchar(100);--> statement-breakpoint
ALTER TABLE "job_invoices" ADD COLUMN "bill_to_state" varchar(2);--> statement-breakpoint
ALTER TABLE "job_invoices" ADD COLUMN "bill_to_zip" varchar(10);--> statement-breakpoint
ALTER TABLE "job_invoices" ADD COLUMN "rebill_reason" text;--> statement-breakpoint
ALTER TABLE "job_invoice_lines" ADD CONSTRAINT "job_invoice_lines_job_item_id_job_items_id_fk" FOREIGN KEY ("job_item_id") REFERENCES "public"."job_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_invoice_lines_job_item_idx" ON "job_invoice_lines" USING btree ("job_item_id") WHERE "job_invoice_lines"."job_item_id" is not null;--> statement-breakpoint
-- hand-written:
-- Bill To of the invoices written before this migration, by the rule of domain/invoices/billing.ts
-- billToFor (decision 037): the unit's billing entity, else the company's name; the unit's billing
-- e-mail; the unit's billing city, state and zip when any is set, else the company's address unless
-- the unit names another billing entity.
UPDATE "job_invoices" AS i SET
  "bill_to_name" = coalesce(b.entity, b.company_name),
  "bill_to_email" = b.email,
  "bill_to_address" = CASE WHEN b.unit_address THEN NULL WHEN b.company_address THEN b.company_street END,
  "bill_to_city" = CASE WHEN b.unit_address THEN b.city WHEN b.company_address THEN b.company_city END,
  "bill_to_state" = CASE WHEN b.unit_address THEN b.state WHEN b.company_address THEN b.company_state END,
  "bill_to_zip" = CASE WHEN b.unit_address THEN b.zip WHEN b.company_address THEN b.company_zip END
FROM (
  SELECT v.*,
    (v.city IS NOT NULL OR v.state IS NOT NULL OR v.zip IS NOT NULL) AS unit_address,
    (v.city IS NULL AND v.state IS NULL AND v.zip IS NULL
      AND (v.entity IS NULL OR lower(v.entity) = lower(v.company_name))) AS company_address
  FROM (
    SELECT j."id" AS job_id,
      nullif(btrim(u."billing_entity"), '') AS entity,
      nullif(btrim(u."billing_email"), '') AS email,
      nullif(btrim(u."billing_city"), '') AS city,
      nullif(btrim(u."billing_state"), '') AS state,
      nullif(btrim(u."billing_zip"), '') AS zip,
      nullif(btrim(c."name"), '') AS company_name,
      nullif(btrim(c."address"), '') AS company_street,
      nullif(btrim(c."city"), '') AS company_city,
      nullif(btrim(c."state"), '') AS company_state,
      nullif(btrim(c."zip"), '') AS company_zip
    FROM "jobs" j
    LEFT JOIN "locations" l ON l."id" = j."location_id"
    LEFT JOIN "companies" c ON c."id" = l."company_id"
    LEFT JOIN "units" u ON u."id" = j."unit_id"
  ) v
) b
WHERE b.job_id = i."job_id";
