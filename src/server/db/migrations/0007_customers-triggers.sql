-- Customers: the search columns and the exact counters, kept current by the database itself so
-- every writer (the API, the demo and large seeds, the test factories, a cascade delete) keeps them
-- right in the same transaction as the change.

-- 1. Fill the search columns of rows that exist already.
UPDATE "locations" l SET "search_text" = concat_ws(' ', l."name", l."building_name", l."address", l."city", c."name")
FROM "companies" c WHERE c."id" = l."company_id";
--> statement-breakpoint
UPDATE "units" u SET "search_text" = concat_ws(' ', u."unit_number", l."name", c."name")
FROM "locations" l JOIN "companies" c ON c."id" = l."company_id" WHERE l."id" = u."location_id";
--> statement-breakpoint

-- 2. A location's search text: its name, building, address, city and its company's name.
CREATE OR REPLACE FUNCTION "locations_search_text_fill"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."search_text" := concat_ws(' ', NEW."name", NEW."building_name", NEW."address", NEW."city",
    (SELECT c."name" FROM "companies" c WHERE c."id" = NEW."company_id"));
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "locations_search_text_fill" BEFORE INSERT OR UPDATE OF "name", "building_name", "address", "city", "company_id"
ON "locations" FOR EACH ROW EXECUTE FUNCTION "locations_search_text_fill"();
--> statement-breakpoint

-- 3. A unit's search text: its number, its location's name and its company's name.
CREATE OR REPLACE FUNCTION "units_search_text_fill"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."search_text" := coalesce(
    (SELECT concat_ws(' ', NEW."unit_number", l."name", c."name")
     FROM "locations" l JOIN "companies" c ON c."id" = l."company_id" WHERE l."id" = NEW."location_id"),
    NEW."unit_number");
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "units_search_text_fill" BEFORE INSERT OR UPDATE OF "unit_number", "location_id"
ON "units" FOR EACH ROW EXECUTE FUNCTION "units_search_text_fill"();
--> statement-breakpoint

-- 4. Renames flow down: a location's name into its units, a company's name into its locations and units.
CREATE OR REPLACE FUNCTION "locations_search_text_cascade"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "units" u SET "search_text" = concat_ws(' ', u."unit_number", NEW."name", c."name")
  FROM "companies" c WHERE c."id" = NEW."company_id" AND u."location_id" = NEW."id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "locations_search_text_cascade" AFTER UPDATE OF "name", "company_id" ON "locations" FOR EACH ROW
WHEN (OLD."name" IS DISTINCT FROM NEW."name" OR OLD."company_id" IS DISTINCT FROM NEW."company_id")
EXECUTE FUNCTION "locations_search_text_cascade"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "companies_search_text_cascade"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "locations" l SET "search_text" = concat_ws(' ', l."name", l."building_name", l."address", l."city", NEW."name")
  WHERE l."company_id" = NEW."id";
  UPDATE "units" u SET "search_text" = concat_ws(' ', u."unit_number", l."name", NEW."name")
  FROM "locations" l WHERE l."company_id" = NEW."id" AND u."location_id" = l."id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "companies_search_text_cascade" AFTER UPDATE OF "name" ON "companies" FOR EACH ROW
WHEN (OLD."name" IS DISTINCT FROM NEW."name")
EXECUTE FUNCTION "companies_search_text_cascade"();
--> statement-breakpoint

-- 5. The counters: one row, statement-level triggers with transition tables (one update per
--    statement, however many rows it touched; cascaded deletes fire them too).
CREATE OR REPLACE FUNCTION "customer_counts_recount"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "customer_counts" ("id", "companies", "locations", "units", "active_units")
  SELECT 1, (SELECT count(*) FROM "companies"), (SELECT count(*) FROM "locations"), (SELECT count(*) FROM "units"),
         (SELECT count(*) FROM "units" WHERE "status" = 'active')
  ON CONFLICT ("id") DO UPDATE SET "companies" = EXCLUDED."companies", "locations" = EXCLUDED."locations",
    "units" = EXCLUDED."units", "active_units" = EXCLUDED."active_units";
  RETURN NULL;
END $$;
--> statement-breakpoint
INSERT INTO "customer_counts" ("id", "companies", "locations", "units", "active_units")
SELECT 1, (SELECT count(*) FROM "companies"), (SELECT count(*) FROM "locations"), (SELECT count(*) FROM "units"),
       (SELECT count(*) FROM "units" WHERE "status" = 'active')
ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "customer_counts_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'companies' THEN
    UPDATE "customer_counts" SET "companies" = "companies" + (SELECT count(*) FROM new_rows) WHERE "id" = 1;
  ELSIF TG_TABLE_NAME = 'locations' THEN
    UPDATE "customer_counts" SET "locations" = "locations" + (SELECT count(*) FROM new_rows) WHERE "id" = 1;
  ELSE
    UPDATE "customer_counts" SET "units" = "units" + (SELECT count(*) FROM new_rows),
      "active_units" = "active_units" + (SELECT count(*) FROM new_rows WHERE "status" = 'active') WHERE "id" = 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "customer_counts_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'companies' THEN
    UPDATE "customer_counts" SET "companies" = "companies" - (SELECT count(*) FROM old_rows) WHERE "id" = 1;
  ELSIF TG_TABLE_NAME = 'locations' THEN
    UPDATE "customer_counts" SET "locations" = "locations" - (SELECT count(*) FROM old_rows) WHERE "id" = 1;
  ELSE
    UPDATE "customer_counts" SET "units" = "units" - (SELECT count(*) FROM old_rows),
      "active_units" = "active_units" - (SELECT count(*) FROM old_rows WHERE "status" = 'active') WHERE "id" = 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "customer_counts_units_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta bigint;
BEGIN
  SELECT (SELECT count(*) FROM new_rows WHERE "status" = 'active') - (SELECT count(*) FROM old_rows WHERE "status" = 'active') INTO delta;
  -- Most updates leave the status alone: then the counter row is not touched (no lock taken).
  IF delta <> 0 THEN
    UPDATE "customer_counts" SET "active_units" = "active_units" + delta WHERE "id" = 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "companies_count_insert" AFTER INSERT ON "companies" REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "customer_counts_inserted"();
--> statement-breakpoint
CREATE TRIGGER "companies_count_delete" AFTER DELETE ON "companies" REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION "customer_counts_deleted"();
--> statement-breakpoint
CREATE TRIGGER "locations_count_insert" AFTER INSERT ON "locations" REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "customer_counts_inserted"();
--> statement-breakpoint
CREATE TRIGGER "locations_count_delete" AFTER DELETE ON "locations" REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION "customer_counts_deleted"();
--> statement-breakpoint
CREATE TRIGGER "units_count_insert" AFTER INSERT ON "units" REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "customer_counts_inserted"();
--> statement-breakpoint
CREATE TRIGGER "units_count_delete" AFTER DELETE ON "units" REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION "customer_counts_deleted"();
--> statement-breakpoint
CREATE TRIGGER "units_count_update" AFTER UPDATE ON "units" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "customer_counts_units_updated"();
--> statement-breakpoint
CREATE TRIGGER "companies_count_truncate" AFTER TRUNCATE ON "companies" FOR EACH STATEMENT EXECUTE FUNCTION "customer_counts_recount"();
--> statement-breakpoint
CREATE TRIGGER "locations_count_truncate" AFTER TRUNCATE ON "locations" FOR EACH STATEMENT EXECUTE FUNCTION "customer_counts_recount"();
--> statement-breakpoint
CREATE TRIGGER "units_count_truncate" AFTER TRUNCATE ON "units" FOR EACH STATEMENT EXECUTE FUNCTION "customer_counts_recount"();
