-- The invoice lists' search at scale (decision 016, 021): a common word matches tens of thousands of
-- invoices ("magnolia": 31,000 of 500,000), and joining each match back to job_invoices to filter,
-- count, sort and sum it cost 70-170 ms. invoice_search now carries the invoice's own columns that
-- the lists filter, sort and sum by, so a search runs on this narrow table alone; the pending and
-- paid lists each get a trigram index over their own status only.
-- (companies.search_text and its index came with 0025, written by hand; this migration's snapshot
-- is the first to record them, and the SQL does not add them again.)
ALTER TABLE "invoice_search" ADD COLUMN "job_id" uuid;--> statement-breakpoint
ALTER TABLE "invoice_search" ADD COLUMN "status" varchar(10);--> statement-breakpoint
ALTER TABLE "invoice_search" ADD COLUMN "amount" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "invoice_search" ADD COLUMN "issued_date" date;--> statement-breakpoint
ALTER TABLE "invoice_search" ADD COLUMN "due_date" date;--> statement-breakpoint
ALTER TABLE "invoice_search" ADD COLUMN "paid_date" date;--> statement-breakpoint
ALTER TABLE "invoice_search" ADD COLUMN "created_at" timestamp with time zone;--> statement-breakpoint
-- The rows written before are written again, whole (an UPDATE of every row would leave the table
-- twice its size until a VACUUM FULL); the trigram index is rebuilt after.
DROP INDEX "invoice_search_text_trgm";--> statement-breakpoint
TRUNCATE "invoice_search";--> statement-breakpoint
INSERT INTO "invoice_search" ("invoice_id", "search_text", "job_id", "status", "amount", "issued_date", "due_date", "paid_date", "created_at")
SELECT i."id", lower(concat_ws(chr(31), i."invoice_number", j."name", l."name", c."name")),
       i."job_id", i."status", i."amount", i."issued_date", i."due_date", i."paid_date", i."created_at"
FROM "job_invoices" i JOIN "jobs" j ON j."id" = i."job_id"
LEFT JOIN "locations" l ON l."id" = j."location_id" LEFT JOIN "companies" c ON c."id" = l."company_id"
ORDER BY i."created_at";--> statement-breakpoint
ALTER TABLE "invoice_search" ALTER COLUMN "job_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_search" ALTER COLUMN "status" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_search" ALTER COLUMN "amount" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_search" ALTER COLUMN "created_at" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "invoice_search_text_trgm" ON "invoice_search" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "invoice_search_issued_trgm" ON "invoice_search" USING gin ("search_text" gin_trgm_ops) WHERE "invoice_search"."status" = 'issued';--> statement-breakpoint
CREATE INDEX "invoice_search_paid_trgm" ON "invoice_search" USING gin ("search_text" gin_trgm_ops) WHERE "invoice_search"."status" = 'paid';--> statement-breakpoint
CREATE INDEX "invoice_search_job_idx" ON "invoice_search" USING btree ("job_id");--> statement-breakpoint
-- The refresh writes the copies with the text, and only when one of them changed.
CREATE OR REPLACE FUNCTION "invoice_search_refresh"(p_invoice_ids uuid[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "invoice_search" AS s ("invoice_id", "search_text", "job_id", "status", "amount", "issued_date", "due_date", "paid_date", "created_at")
  SELECT i."id", lower(concat_ws(chr(31), i."invoice_number", j."name", l."name", c."name")),
         i."job_id", i."status", i."amount", i."issued_date", i."due_date", i."paid_date", i."created_at"
  FROM "job_invoices" i JOIN "jobs" j ON j."id" = i."job_id"
  LEFT JOIN "locations" l ON l."id" = j."location_id" LEFT JOIN "companies" c ON c."id" = l."company_id"
  WHERE i."id" = ANY (p_invoice_ids)
  ORDER BY i."id"
  ON CONFLICT ("invoice_id") DO UPDATE SET "search_text" = excluded."search_text", "job_id" = excluded."job_id",
    "status" = excluded."status", "amount" = excluded."amount", "issued_date" = excluded."issued_date",
    "due_date" = excluded."due_date", "paid_date" = excluded."paid_date", "created_at" = excluded."created_at"
  WHERE (s."search_text", s."job_id", s."status", s."amount", s."issued_date", s."due_date", s."paid_date", s."created_at")
        IS DISTINCT FROM (excluded."search_text", excluded."job_id", excluded."status", excluded."amount",
                          excluded."issued_date", excluded."due_date", excluded."paid_date", excluded."created_at");
$$;--> statement-breakpoint
DROP TRIGGER "job_invoices_search_update" ON "job_invoices";--> statement-breakpoint
CREATE TRIGGER "job_invoices_search_update" AFTER UPDATE OF "invoice_number", "job_id", "status", "amount", "issued_date", "due_date", "paid_date", "created_at" ON "job_invoices" FOR EACH ROW
WHEN ((OLD."invoice_number", OLD."job_id", OLD."status", OLD."amount", OLD."issued_date", OLD."due_date", OLD."paid_date", OLD."created_at")
      IS DISTINCT FROM (NEW."invoice_number", NEW."job_id", NEW."status", NEW."amount", NEW."issued_date", NEW."due_date", NEW."paid_date", NEW."created_at"))
EXECUTE FUNCTION "invoice_search_changed"();
