-- Search as you type at scale (decision 021): jobs.search_text is stored in lower case too, as the
-- texts of companies, locations, units and invoices have been since 0025, so the jobs list and the
-- header search compare it with a case-sensitive LIKE against lower-cased words instead of ILIKE.
-- The rewrite runs with the table's user triggers off: the counters' statement triggers would join
-- the old and new transition tables of 500,000 rows (see 0025 and 0031); search_text feeds no
-- counter, copy or other trigger. The trigram index is dropped and built again around it.
CREATE OR REPLACE FUNCTION "jobs_search_text_of"(p_number integer, p_name text, p_location_id uuid, p_unit_id uuid) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT lower(concat_ws(' ', p_number::text, p_name,
    (SELECT concat_ws(' ', c."name", l."name") FROM "locations" l JOIN "companies" c ON c."id" = l."company_id" WHERE l."id" = p_location_id),
    (SELECT u."unit_number" FROM "units" u WHERE u."id" = p_unit_id)))
$$;
--> statement-breakpoint
DROP INDEX "jobs_search_trgm";
--> statement-breakpoint
ALTER TABLE "jobs" DISABLE TRIGGER USER;
--> statement-breakpoint
UPDATE "jobs" SET "search_text" = lower("search_text") WHERE "search_text" <> lower("search_text");
--> statement-breakpoint
ALTER TABLE "jobs" ENABLE TRIGGER USER;
--> statement-breakpoint
CREATE INDEX "jobs_search_trgm" ON "jobs" USING gin ("search_text" gin_trgm_ops);
