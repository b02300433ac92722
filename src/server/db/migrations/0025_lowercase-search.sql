-- Search as you type at scale (decision 021): the search texts of companies, locations, units and
-- invoices are stored in lower case, so a search compares them with a case-sensitive LIKE against
-- the lower-cased words instead of ILIKE, which lower-cases every row it looks at (in UTF-8 about 8
-- times the cost of the comparison). The trigram indexes hold the same trigrams as before (pg_trgm
-- folds case itself); the rows are rewritten once, with each index dropped and built again around
-- the rewrite (much faster than updating a GIN index a million times). jobs.search_text is left as
-- it is: rewriting every job fires the jobs counters' statement triggers, whose join of the old and
-- new transition tables is quadratic on 500,000 rows; the jobs list keeps ILIKE.

-- 1. Companies get a search column too: the name, in lower case.
ALTER TABLE "companies" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;
--> statement-breakpoint
UPDATE "companies" SET "search_text" = lower("name");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "companies_search_text_fill"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."search_text" := lower(NEW."name");
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "companies_search_text_fill" BEFORE INSERT OR UPDATE OF "name"
ON "companies" FOR EACH ROW EXECUTE FUNCTION "companies_search_text_fill"();
--> statement-breakpoint
CREATE INDEX "companies_search_trgm" ON "companies" USING gin ("search_text" gin_trgm_ops);
--> statement-breakpoint

-- 2. The fill and cascade functions of 0007 and 0022, now writing lower case.
CREATE OR REPLACE FUNCTION "locations_search_text_fill"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."search_text" := lower(concat_ws(' ', NEW."name", NEW."building_name", NEW."address", NEW."city",
    (SELECT c."name" FROM "companies" c WHERE c."id" = NEW."company_id")));
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "units_search_text_fill"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."search_text" := lower(coalesce(
    (SELECT concat_ws(' ', NEW."unit_number", l."name", c."name")
     FROM "locations" l JOIN "companies" c ON c."id" = l."company_id" WHERE l."id" = NEW."location_id"),
    NEW."unit_number"));
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "locations_search_text_cascade"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "units" u SET "search_text" = lower(concat_ws(' ', u."unit_number", NEW."name", c."name"))
  FROM "companies" c WHERE c."id" = NEW."company_id" AND u."location_id" = NEW."id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "companies_search_text_cascade"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "locations" l SET "search_text" = lower(concat_ws(' ', l."name", l."building_name", l."address", l."city", NEW."name"))
  WHERE l."company_id" = NEW."id";
  UPDATE "units" u SET "search_text" = lower(concat_ws(' ', u."unit_number", l."name", NEW."name"))
  FROM "locations" l WHERE l."company_id" = NEW."id" AND u."location_id" = l."id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "invoice_search_refresh"(p_invoice_ids uuid[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "invoice_search" AS s ("invoice_id", "search_text")
  SELECT i."id", lower(concat_ws(chr(31), i."invoice_number", j."name", l."name", c."name"))
  FROM "job_invoices" i JOIN "jobs" j ON j."id" = i."job_id"
  LEFT JOIN "locations" l ON l."id" = j."location_id" LEFT JOIN "companies" c ON c."id" = l."company_id"
  WHERE i."id" = ANY (p_invoice_ids)
  ORDER BY i."id"
  ON CONFLICT ("invoice_id") DO UPDATE SET "search_text" = excluded."search_text"
  WHERE s."search_text" IS DISTINCT FROM excluded."search_text";
$$;
--> statement-breakpoint

-- 3. The rows written before, in lower case (each trigram index rebuilt after its table).
DROP INDEX "locations_search_trgm";
--> statement-breakpoint
UPDATE "locations" SET "search_text" = lower("search_text") WHERE "search_text" <> lower("search_text");
--> statement-breakpoint
CREATE INDEX "locations_search_trgm" ON "locations" USING gin ("search_text" gin_trgm_ops);
--> statement-breakpoint
DROP INDEX "units_search_trgm";
--> statement-breakpoint
UPDATE "units" SET "search_text" = lower("search_text") WHERE "search_text" <> lower("search_text");
--> statement-breakpoint
CREATE INDEX "units_search_trgm" ON "units" USING gin ("search_text" gin_trgm_ops);
--> statement-breakpoint
DROP INDEX "invoice_search_text_trgm";
--> statement-breakpoint
UPDATE "invoice_search" SET "search_text" = lower("search_text") WHERE "search_text" <> lower("search_text");
--> statement-breakpoint
CREATE INDEX "invoice_search_text_trgm" ON "invoice_search" USING gin ("search_text" gin_trgm_ops);
