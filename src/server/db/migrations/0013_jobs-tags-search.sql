ALTER TABLE "jobs" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "subcontracted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "jobs_search_trgm" ON "jobs" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "jobs_tags_gin" ON "jobs" USING gin ("tags");--> statement-breakpoint
-- Jobs search: every word of the /jobs search box must match the job number, job name, company,
-- location or unit number. The text is kept by the database (as for locations and units in 0007),
-- so every writer and every rename upstream keeps it right in the same transaction.
CREATE OR REPLACE FUNCTION "jobs_search_text_of"(p_number integer, p_name text, p_location_id uuid, p_unit_id uuid) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT concat_ws(' ', p_number::text, p_name,
    (SELECT concat_ws(' ', c."name", l."name") FROM "locations" l JOIN "companies" c ON c."id" = l."company_id" WHERE l."id" = p_location_id),
    (SELECT u."unit_number" FROM "units" u WHERE u."id" = p_unit_id))
$$;
--> statement-breakpoint
UPDATE "jobs" SET "search_text" = "jobs_search_text_of"("number", "name", "location_id", "unit_id");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "jobs_search_text_fill"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."search_text" := "jobs_search_text_of"(NEW."number", NEW."name", NEW."location_id", NEW."unit_id");
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "jobs_search_text_fill" BEFORE INSERT OR UPDATE OF "number", "name", "location_id", "unit_id"
ON "jobs" FOR EACH ROW EXECUTE FUNCTION "jobs_search_text_fill"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "jobs_search_text_cascade"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'companies' THEN
    UPDATE "jobs" j SET "search_text" = "jobs_search_text_of"(j."number", j."name", j."location_id", j."unit_id")
    FROM "locations" l WHERE l."company_id" = NEW."id" AND j."location_id" = l."id";
  ELSIF TG_TABLE_NAME = 'locations' THEN
    UPDATE "jobs" j SET "search_text" = "jobs_search_text_of"(j."number", j."name", j."location_id", j."unit_id")
    WHERE j."location_id" = NEW."id";
  ELSE
    UPDATE "jobs" j SET "search_text" = "jobs_search_text_of"(j."number", j."name", j."location_id", j."unit_id")
    WHERE j."unit_id" = NEW."id";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "companies_jobs_search_cascade" AFTER UPDATE OF "name" ON "companies" FOR EACH ROW
WHEN (OLD."name" IS DISTINCT FROM NEW."name") EXECUTE FUNCTION "jobs_search_text_cascade"();
--> statement-breakpoint
CREATE TRIGGER "locations_jobs_search_cascade" AFTER UPDATE OF "name", "company_id" ON "locations" FOR EACH ROW
WHEN (OLD."name" IS DISTINCT FROM NEW."name" OR OLD."company_id" IS DISTINCT FROM NEW."company_id")
EXECUTE FUNCTION "jobs_search_text_cascade"();
--> statement-breakpoint
CREATE TRIGGER "units_jobs_search_cascade" AFTER UPDATE OF "unit_number" ON "units" FOR EACH ROW
WHEN (OLD."unit_number" IS DISTINCT FROM NEW."unit_number") EXECUTE FUNCTION "jobs_search_text_cascade"();
