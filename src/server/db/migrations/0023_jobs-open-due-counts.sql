-- The overdue queue's total (open jobs due before today) without counting 100,000 jobs: open jobs
-- per due date, kept by the same statement triggers as job_counts (the boundary moves every day,
-- so it is a sum over the days before today, at most a few thousand rows).
CREATE TABLE "job_open_due_counts" (
	"time_period_due" date PRIMARY KEY NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "job_open_due_counts" ("time_period_due", "n")
SELECT "time_period_due", count(*) FROM "jobs" WHERE "status" NOT IN ('completed', 'cancelled') GROUP BY 1;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "job_counts_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "job_counts" AS c ("status", "type", "service_line", "office", "n")
  SELECT "status", "type", "service_line", "office", count(*) FROM new_rows GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT ("status", "type", "service_line", "office") DO UPDATE SET "n" = c."n" + excluded."n";
  INSERT INTO "job_open_due_counts" AS c ("time_period_due", "n")
  SELECT "time_period_due", count(*) FROM new_rows WHERE "status" NOT IN ('completed', 'cancelled') GROUP BY 1 ORDER BY 1
  ON CONFLICT ("time_period_due") DO UPDATE SET "n" = c."n" + excluded."n";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "job_counts_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "job_counts" AS c ("status", "type", "service_line", "office", "n")
  SELECT "status", "type", "service_line", "office", -count(*) FROM old_rows GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT ("status", "type", "service_line", "office") DO UPDATE SET "n" = c."n" + excluded."n";
  INSERT INTO "job_open_due_counts" AS c ("time_period_due", "n")
  SELECT "time_period_due", -count(*) FROM old_rows WHERE "status" NOT IN ('completed', 'cancelled') GROUP BY 1 ORDER BY 1
  ON CONFLICT ("time_period_due") DO UPDATE SET "n" = c."n" + excluded."n";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "job_counts_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Most updates change none of the counted columns: then no counter row is touched (no lock taken).
  IF EXISTS (SELECT 1 FROM old_rows o JOIN new_rows n ON n."id" = o."id"
             WHERE (n."status", n."type", n."service_line", n."office") IS DISTINCT FROM (o."status", o."type", o."service_line", o."office")) THEN
    INSERT INTO "job_counts" AS c ("status", "type", "service_line", "office", "n")
    SELECT "status", "type", "service_line", "office", sum(k) FROM (
      SELECT "status", "type", "service_line", "office", 1 AS k FROM new_rows
      UNION ALL
      SELECT "status", "type", "service_line", "office", -1 AS k FROM old_rows) x
    GROUP BY 1, 2, 3, 4 HAVING sum(k) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT ("status", "type", "service_line", "office") DO UPDATE SET "n" = c."n" + excluded."n";
  END IF;
  IF EXISTS (SELECT 1 FROM old_rows o JOIN new_rows n ON n."id" = o."id"
             WHERE n."time_period_due" IS DISTINCT FROM o."time_period_due"
                OR (n."status" IN ('completed', 'cancelled')) IS DISTINCT FROM (o."status" IN ('completed', 'cancelled'))) THEN
    INSERT INTO "job_open_due_counts" AS c ("time_period_due", "n")
    SELECT "time_period_due", sum(k) FROM (
      SELECT "time_period_due", 1 AS k FROM new_rows WHERE "status" NOT IN ('completed', 'cancelled')
      UNION ALL
      SELECT "time_period_due", -1 AS k FROM old_rows WHERE "status" NOT IN ('completed', 'cancelled')) x
    GROUP BY 1 HAVING sum(k) <> 0 ORDER BY 1
    ON CONFLICT ("time_period_due") DO UPDATE SET "n" = c."n" + excluded."n";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "job_counts_recount"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "job_counts";
  INSERT INTO "job_counts" ("status", "type", "service_line", "office", "n")
  SELECT "status", "type", "service_line", "office", count(*) FROM "jobs" GROUP BY 1, 2, 3, 4;
  DELETE FROM "job_open_due_counts";
  INSERT INTO "job_open_due_counts" ("time_period_due", "n")
  SELECT "time_period_due", count(*) FROM "jobs" WHERE "status" NOT IN ('completed', 'cancelled') GROUP BY 1;
  RETURN NULL;
END $$;
