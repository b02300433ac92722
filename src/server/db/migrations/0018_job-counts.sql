CREATE TABLE "job_counts" (
	"status" varchar(20) PRIMARY KEY NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- The counters: one row per status, fixed by statement-level triggers with transition tables (one
-- update per statement however many rows it touched; cascaded deletes fire them too).
INSERT INTO "job_counts" ("status", "n")
SELECT s, (SELECT count(*) FROM "jobs" j WHERE j."status" = s)
FROM unnest(array['scheduled', 'unscheduled', 'completed', 'cancelled']) s;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "job_counts_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "job_counts" c SET "n" = c."n" + d.n FROM (SELECT "status", count(*) AS n FROM new_rows GROUP BY "status") d WHERE c."status" = d."status";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "job_counts_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "job_counts" c SET "n" = c."n" - d.n FROM (SELECT "status", count(*) AS n FROM old_rows GROUP BY "status") d WHERE c."status" = d."status";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "job_counts_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Most updates leave the status alone: then no counter row is touched (no lock taken).
  IF EXISTS (SELECT 1 FROM old_rows o JOIN new_rows n ON n."id" = o."id" WHERE n."status" <> o."status") THEN
    UPDATE "job_counts" c SET "n" = c."n" + d.delta
    FROM (SELECT "status", sum(k) AS delta FROM (
            SELECT "status", 1 AS k FROM new_rows UNION ALL SELECT "status", -1 AS k FROM old_rows) x
          GROUP BY "status") d
    WHERE c."status" = d."status" AND d.delta <> 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "job_counts_recount"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "job_counts" c SET "n" = (SELECT count(*) FROM "jobs" j WHERE j."status" = c."status");
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "jobs_count_insert" AFTER INSERT ON "jobs" REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "job_counts_inserted"();
--> statement-breakpoint
CREATE TRIGGER "jobs_count_delete" AFTER DELETE ON "jobs" REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION "job_counts_deleted"();
--> statement-breakpoint
CREATE TRIGGER "jobs_count_update" AFTER UPDATE ON "jobs" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "job_counts_updated"();
--> statement-breakpoint
CREATE TRIGGER "jobs_count_truncate" AFTER TRUNCATE ON "jobs" FOR EACH STATEMENT EXECUTE FUNCTION "job_counts_recount"();
