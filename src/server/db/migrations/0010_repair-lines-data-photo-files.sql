-- Inspections and repairs (issue 11). Runs after the migration that creates job_repair_lines and
-- job_inspection_photos, and before the one that drops job_repairs.accessories and
-- job_repairs.additional_items.

-- 1. Accessories and additional items move out of JSON into rows with numeric(12,2) costs, in
--    their order. JSON costs were dollars; a cost that is not a non-negative number becomes 0 (the
--    form's own rule), a row with no name and no cost is dropped, a nameless row with a cost keeps
--    its money under a generic name.
INSERT INTO "job_repair_lines" ("repair_id", "kind", "position", "name", "cost")
SELECT l."repair_id", l."kind", (row_number() OVER (PARTITION BY l."repair_id", l."kind" ORDER BY l."ord") - 1)::smallint,
       left(coalesce(nullif(btrim(l."name"), ''), CASE l."kind" WHEN 'accessory' THEN 'Accessory' ELSE 'Additional item' END), 200),
       l."cost"
FROM (
  SELECT s."repair_id", s."kind", s."ord", s."item" ->> 'name' AS "name",
         CASE WHEN btrim(s."item" ->> 'cost') ~ '^[0-9]{1,10}(\.[0-9]*)?$' THEN round(btrim(s."item" ->> 'cost')::numeric, 2) ELSE 0 END AS "cost"
  FROM (
    SELECT r."id" AS "repair_id", 'accessory' AS "kind", e."item", e."ord"
    FROM "job_repairs" r CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(r."accessories") = 'array' THEN r."accessories" ELSE '[]'::jsonb END) WITH ORDINALITY AS e("item", "ord")
    UNION ALL
    SELECT r."id", 'additional', e."item", e."ord"
    FROM "job_repairs" r CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(r."additional_items") = 'array' THEN r."additional_items" ELSE '[]'::jsonb END) WITH ORDINALITY AS e("item", "ord")
  ) s
  WHERE jsonb_typeof(s."item") = 'object'
) l
WHERE btrim(coalesce(l."name", '')) <> '' OR l."cost" > 0;
--> statement-breakpoint

-- 2. A photo's stored files (original, display size, thumbnail) go with its row, however the row is
--    deleted: by the API, or by a cascade from a deleted inspection or job.
CREATE OR REPLACE FUNCTION "job_inspection_photos_remove_files"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "stored_files" WHERE "id" IN (OLD."original_key", OLD."display_key", OLD."thumb_key");
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "job_inspection_photos_remove_files" AFTER DELETE ON "job_inspection_photos"
FOR EACH ROW EXECUTE FUNCTION "job_inspection_photos_remove_files"();
