-- invoice_search also carries its job's office (decision 016, 021): Home's Total Unsent Invoices
-- opens the draft invoices of one office, and their cards summed 21,000 drafts joined to their jobs
-- (240 ms on the large data set); one index now finds them by office and status, newest first.
-- The rows are written again, whole, with the indexes dropped meanwhile (an UPDATE of every row
-- would leave the table twice its size until a VACUUM FULL).
ALTER TABLE "invoice_search" ADD COLUMN "office" varchar(100);--> statement-breakpoint
DROP INDEX "invoice_search_text_trgm";--> statement-breakpoint
DROP INDEX "invoice_search_issued_trgm";--> statement-breakpoint
DROP INDEX "invoice_search_paid_trgm";--> statement-breakpoint
DROP INDEX "invoice_search_job_idx";--> statement-breakpoint
TRUNCATE "invoice_search";--> statement-breakpoint
INSERT INTO "invoice_search" ("invoice_id", "search_text", "job_id", "office", "status", "amount", "issued_date", "due_date", "paid_date", "created_at")
SELECT i."id", lower(concat_ws(chr(31), i."invoice_number", j."name", l."name", c."name")),
       i."job_id", j."office", i."status", i."amount", i."issued_date", i."due_date", i."paid_date", i."created_at"
FROM "job_invoices" i JOIN "jobs" j ON j."id" = i."job_id"
LEFT JOIN "locations" l ON l."id" = j."location_id" LEFT JOIN "companies" c ON c."id" = l."company_id"
ORDER BY i."created_at";--> statement-breakpoint
ALTER TABLE "invoice_search" ALTER COLUMN "office" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "invoice_search_text_trgm" ON "invoice_search" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "invoice_search_issued_trgm" ON "invoice_search" USING gin ("search_text" gin_trgm_ops) WHERE "invoice_search"."status" = 'issued';--> statement-breakpoint
CREATE INDEX "invoice_search_paid_trgm" ON "invoice_search" USING gin ("search_text" gin_trgm_ops) WHERE "invoice_search"."status" = 'paid';--> statement-breakpoint
CREATE INDEX "invoice_search_job_idx" ON "invoice_search" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "invoice_search_office_idx" ON "invoice_search" USING btree ("office","status","created_at" DESC NULLS LAST,"invoice_id" DESC NULLS LAST);--> statement-breakpoint
CREATE OR REPLACE FUNCTION "invoice_search_refresh"(p_invoice_ids uuid[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "invoice_search" AS s ("invoice_id", "search_text", "job_id", "office", "status", "amount", "issued_date", "due_date", "paid_date", "created_at")
  SELECT i."id", lower(concat_ws(chr(31), i."invoice_number", j."name", l."name", c."name")),
         i."job_id", j."office", i."status", i."amount", i."issued_date", i."due_date", i."paid_date", i."created_at"
  FROM "job_invoices" i JOIN "jobs" j ON j."id" = i."job_id"
  LEFT JOIN "locations" l ON l."id" = j."location_id" LEFT JOIN "companies" c ON c."id" = l."company_id"
  WHERE i."id" = ANY (p_invoice_ids)
  ORDER BY i."id"
  ON CONFLICT ("invoice_id") DO UPDATE SET "search_text" = excluded."search_text", "job_id" = excluded."job_id", "office" = excluded."office",
    "status" = excluded."status", "amount" = excluded."amount", "issued_date" = excluded."issued_date",
    "due_date" = excluded."due_date", "paid_date" = excluded."paid_date", "created_at" = excluded."created_at"
  WHERE (s."search_text", s."job_id", s."office", s."status", s."amount", s."issued_date", s."due_date", s."paid_date", s."created_at")
        IS DISTINCT FROM (excluded."search_text", excluded."job_id", excluded."office", excluded."status", excluded."amount",
                          excluded."issued_date", excluded."due_date", excluded."paid_date", excluded."created_at");
$$;--> statement-breakpoint
DROP TRIGGER "jobs_invoice_search_update" ON "jobs";--> statement-breakpoint
CREATE TRIGGER "jobs_invoice_search_update" AFTER UPDATE OF "name", "location_id", "office" ON "jobs" FOR EACH ROW
WHEN (OLD."name" IS DISTINCT FROM NEW."name" OR OLD."location_id" IS DISTINCT FROM NEW."location_id" OR OLD."office" IS DISTINCT FROM NEW."office")
EXECUTE FUNCTION "invoice_search_changed"();
