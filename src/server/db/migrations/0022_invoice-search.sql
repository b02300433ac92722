-- The invoice lists' search (decision 016): an invoice is found by its number, its job's name, its
-- location's or its company's name. One row per invoice holds the four, joined by U+001F (a search
-- containing that character falls back to searching the four separately), behind one trigram index.
CREATE TABLE "invoice_search" (
	"invoice_id" uuid PRIMARY KEY NOT NULL,
	"search_text" text NOT NULL
);
--> statement-breakpoint
INSERT INTO "invoice_search" ("invoice_id", "search_text")
SELECT i."id", concat_ws(chr(31), i."invoice_number", j."name", l."name", c."name")
FROM "job_invoices" i JOIN "jobs" j ON j."id" = i."job_id"
LEFT JOIN "locations" l ON l."id" = j."location_id" LEFT JOIN "companies" c ON c."id" = l."company_id";--> statement-breakpoint
ALTER TABLE "invoice_search" ADD CONSTRAINT "invoice_search_invoice_id_job_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."job_invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_search_text_trgm" ON "invoice_search" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE OR REPLACE FUNCTION "invoice_search_refresh"(p_invoice_ids uuid[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "invoice_search" AS s ("invoice_id", "search_text")
  SELECT i."id", concat_ws(chr(31), i."invoice_number", j."name", l."name", c."name")
  FROM "job_invoices" i JOIN "jobs" j ON j."id" = i."job_id"
  LEFT JOIN "locations" l ON l."id" = j."location_id" LEFT JOIN "companies" c ON c."id" = l."company_id"
  WHERE i."id" = ANY (p_invoice_ids)
  ORDER BY i."id"
  ON CONFLICT ("invoice_id") DO UPDATE SET "search_text" = excluded."search_text"
  WHERE s."search_text" IS DISTINCT FROM excluded."search_text";
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "invoice_search_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "invoice_search_refresh"(ARRAY(SELECT "id" FROM new_rows));
  RETURN NULL;
END $$;--> statement-breakpoint
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
                                           JOIN "locations" l ON l."id" = j."location_id" WHERE l."company_id" = NEW."id"));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "job_invoices_search_insert" AFTER INSERT ON "job_invoices" REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "invoice_search_inserted"();--> statement-breakpoint
CREATE TRIGGER "job_invoices_search_update" AFTER UPDATE OF "invoice_number", "job_id" ON "job_invoices" FOR EACH ROW
WHEN (OLD."invoice_number" IS DISTINCT FROM NEW."invoice_number" OR OLD."job_id" IS DISTINCT FROM NEW."job_id")
EXECUTE FUNCTION "invoice_search_changed"();--> statement-breakpoint
CREATE TRIGGER "jobs_invoice_search_update" AFTER UPDATE OF "name", "location_id" ON "jobs" FOR EACH ROW
WHEN (OLD."name" IS DISTINCT FROM NEW."name" OR OLD."location_id" IS DISTINCT FROM NEW."location_id")
EXECUTE FUNCTION "invoice_search_changed"();--> statement-breakpoint
CREATE TRIGGER "locations_invoice_search_update" AFTER UPDATE OF "name", "company_id" ON "locations" FOR EACH ROW
WHEN (OLD."name" IS DISTINCT FROM NEW."name" OR OLD."company_id" IS DISTINCT FROM NEW."company_id")
EXECUTE FUNCTION "invoice_search_changed"();--> statement-breakpoint
CREATE TRIGGER "companies_invoice_search_update" AFTER UPDATE OF "name" ON "companies" FOR EACH ROW
WHEN (OLD."name" IS DISTINCT FROM NEW."name")
EXECUTE FUNCTION "invoice_search_changed"();
