-- Search as you type at scale (decision 021): the units list sorts by unit number, and a search
-- whose matches are the units of a few numbers ("rt", "rtu": the 125,000 RTU units of the large set,
-- which sort after every AHU, CH, CU, FCU, HP and MAU unit) was neither found by walking the first
-- rows of that order nor cheaply by gathering its matches through the trigram index (all of them
-- read and sorted: 260 ms). unit_numbers holds every unit number in use, in lower case for the
-- searches, so the numbers that match are found at once and their units walked in list order
-- through units_unit_number_idx (src/server/modules/units/units.repo.ts). A number is never taken
-- out (a deleted or renumbered unit's number stays): the walk only reads the units a number has.
CREATE TABLE "unit_numbers" (
	"unit_number" varchar(100) PRIMARY KEY NOT NULL,
	"search_text" text NOT NULL
);
--> statement-breakpoint
INSERT INTO "unit_numbers" ("unit_number", "search_text")
SELECT DISTINCT "unit_number", lower("unit_number") FROM "units" ON CONFLICT ("unit_number") DO NOTHING;
--> statement-breakpoint
CREATE INDEX "unit_numbers_search_trgm" ON "unit_numbers" USING gin ("search_text" gin_trgm_ops);
--> statement-breakpoint
-- Once a statement, over its new rows (a bulk insert of a million units adds its numbers in one go).
CREATE OR REPLACE FUNCTION "unit_numbers_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "unit_numbers" ("unit_number", "search_text")
  SELECT DISTINCT n."unit_number", lower(n."unit_number") FROM new_rows n ORDER BY 1
  ON CONFLICT ("unit_number") DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "units_numbers_insert" ON "units";
--> statement-breakpoint
CREATE TRIGGER "units_numbers_insert" AFTER INSERT ON "units" REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "unit_numbers_add"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "units_numbers_update" ON "units";
--> statement-breakpoint
CREATE TRIGGER "units_numbers_update" AFTER UPDATE ON "units" REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "unit_numbers_add"();
