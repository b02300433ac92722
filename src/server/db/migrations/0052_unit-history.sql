ALTER TABLE "job_repairs" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "job_repairs" ADD COLUMN "resolved_by" uuid;--> statement-breakpoint
ALTER TABLE "job_repairs" ADD COLUMN "resolution_reason" varchar(500);--> statement-breakpoint
ALTER TABLE "job_repairs" ADD COLUMN "carried_to_repair_id" uuid;--> statement-breakpoint
ALTER TABLE "job_repairs" ADD CONSTRAINT "job_repairs_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_repairs" ADD CONSTRAINT "job_repairs_carried_to_repair_id_job_repairs_id_fk" FOREIGN KEY ("carried_to_repair_id") REFERENCES "public"."job_repairs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_repairs_carried_to_idx" ON "job_repairs" USING btree ("carried_to_repair_id") WHERE "job_repairs"."carried_to_repair_id" is not null;--> statement-breakpoint
ALTER TABLE "job_repairs" ADD CONSTRAINT "job_repairs_resolved_has_reason" CHECK ("job_repairs"."resolved_at" is null or ("job_repairs"."resolution_reason" is not null and btrim("job_repairs"."resolution_reason") <> ''));--> statement-breakpoint
-- hand-written:
-- Issue 29 (decision 044): an open deficiency is also not marked resolved and not added to a later
-- job (homeRules.openDeficiency, src/domain/home.ts). The Home counters' facts follow: the function
-- of migration 0027 again with the two conditions, and the repairs' update trigger also reacts to
-- the two columns. Every existing row has both null, so the stored counters stay right.
CREATE OR REPLACE FUNCTION "home_job_facts_apply"(p_jobs uuid[], p_lock boolean) RETURNS void
LANGUAGE plpgsql SET plan_cache_mode = force_custom_plan AS $$
BEGIN
  IF coalesce(cardinality(p_jobs), 0) = 0 THEN
    RETURN;
  END IF;
  IF p_lock THEN
    PERFORM 1 FROM "jobs" WHERE "id" = ANY (p_jobs) ORDER BY "id" FOR NO KEY UPDATE;
  END IF;
  WITH s AS (
    SELECT j."id", j."office", j."status", j."schedule_start", j."time_period_due", j."created_at",
           j."status" NOT IN ('completed', 'cancelled') AS open,
           lq."status" AS quote_status,
           coalesce(t.ids, '{}') AS technician_ids,
           b."job_id" IS NOT NULL AS billed
    FROM "jobs" j
    -- the latest quote, as the view job_latest_quotes picks it
    LEFT JOIN (SELECT DISTINCT ON ("job_id") "job_id", "status" FROM "job_quotes" WHERE "job_id" = ANY (p_jobs)
               ORDER BY "job_id", "sent_at" DESC, "id" DESC) lq ON lq."job_id" = j."id"
    LEFT JOIN (SELECT "job_id", array_agg("technician_id") AS ids FROM "job_technicians"
               WHERE "job_id" = ANY (p_jobs) GROUP BY 1) t ON t."job_id" = j."id"
    LEFT JOIN (SELECT DISTINCT "job_id" FROM "job_invoices" WHERE "job_id" = ANY (p_jobs) AND "status" <> 'void') b ON b."job_id" = j."id"
    WHERE j."id" = ANY (p_jobs)
  ),
  -- the quote awaiting the customer (at most one per job: job_quotes_one_open_per_job)
  q AS (SELECT "job_id", "sent_at", "expires_at", "amount" FROM "job_quotes" WHERE "job_id" = ANY (p_jobs) AND "status" = 'sent'),
  r AS (SELECT "job_id", "created_at", "total_cost", "resolved_at", "carried_to_repair_id" FROM "job_repairs" WHERE "job_id" = ANY (p_jobs)),
  parts AS (
    -- the job itself, at its creation
    SELECT s."id" AS job_id, s."created_at",
           CASE WHEN s.open THEN s."time_period_due" END AS time_period_due,
           CASE WHEN s."status" = 'scheduled' THEN s."schedule_start" END AS schedule_start,
           CASE WHEN s.open AND s."schedule_start" IS NULL THEN 1 ELSE 0 END AS no_appointment,
           CASE WHEN s.open THEN 1 ELSE 0 END AS open_jobs,
           CASE WHEN s."status" = 'scheduled' AND s."schedule_start" IS NOT NULL THEN 1 ELSE 0 END AS scheduled_jobs,
           CASE WHEN s.quote_status IN ('sent', 'expired') THEN 1 ELSE 0 END AS follow_up,
           CASE WHEN s.open AND s.quote_status = 'approved' THEN 1 ELSE 0 END AS to_schedule,
           CASE WHEN s.open AND s.quote_status = 'approved' THEN coalesce(rs.total, 0) ELSE 0 END AS to_schedule_value,
           CASE WHEN s."status" = 'completed' AND NOT s.billed THEN 1 ELSE 0 END AS to_invoice,
           0 AS deficiencies, 0 AS unsent, 0::numeric AS unsent_value,
           0 AS open_quote, NULL::timestamptz AS quote_expires_at, NULL::numeric AS quote_amount
    FROM s LEFT JOIN (SELECT "job_id", sum("total_cost") AS total FROM r GROUP BY 1) rs ON rs."job_id" = s."id"
    UNION ALL
    -- its open deficiencies, each at its repair record's creation
    SELECT s."id", r."created_at", NULL, NULL, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, NULL, NULL
    FROM r JOIN s ON s."id" = r."job_id"
    WHERE r."total_cost" > 0 AND r."resolved_at" IS NULL AND r."carried_to_repair_id" IS NULL
      AND s.quote_status IS DISTINCT FROM 'approved' AND s.quote_status IS DISTINCT FROM 'declined'
    UNION ALL
    -- its draft invoices, each at the invoice's creation
    SELECT s."id", i."created_at", NULL, NULL, 0, 0, 0, 0, 0, 0, 0, 0, 1, i."amount", 0, NULL, NULL
    FROM "job_invoices" i JOIN s ON s."id" = i."job_id"
    WHERE i."job_id" = ANY (p_jobs) AND i."status" = 'draft'
    UNION ALL
    -- its quote awaiting the customer, at its send
    SELECT s."id", q."sent_at", NULL, NULL, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, q."expires_at", q."amount"
    FROM q JOIN s ON s."id" = q."job_id"
  ),
  new_facts AS (
    SELECT k.technician_id, p.job_id, p.created_at, s."office", p.time_period_due, p.schedule_start, p.no_appointment,
           p.open_jobs, p.scheduled_jobs, p.follow_up, p.to_schedule, p.to_schedule_value, p.to_invoice, p.deficiencies,
           p.unsent, p.unsent_value, p.open_quote, p.quote_expires_at, p.quote_amount
    FROM (SELECT job_id, created_at, max(time_period_due) AS time_period_due, max(schedule_start) AS schedule_start,
                 sum(no_appointment)::int AS no_appointment, sum(open_jobs)::int AS open_jobs,
                 sum(scheduled_jobs)::int AS scheduled_jobs, sum(follow_up)::int AS follow_up, sum(to_schedule)::int AS to_schedule,
                 sum(to_schedule_value) AS to_schedule_value, sum(to_invoice)::int AS to_invoice, sum(deficiencies)::int AS deficiencies,
                 sum(unsent)::int AS unsent, sum(unsent_value) AS unsent_value, sum(open_quote)::int AS open_quote,
                 max(quote_expires_at) AS quote_expires_at, max(quote_amount) AS quote_amount
          FROM parts GROUP BY 1, 2) p
    JOIN s ON s."id" = p.job_id
    CROSS JOIN LATERAL unnest('{00000000-0000-0000-0000-000000000000}'::uuid[] || s.technician_ids) AS k(technician_id)
    -- a job that counts nowhere keeps no row
    WHERE (p.no_appointment, p.open_jobs, p.scheduled_jobs, p.follow_up, p.to_schedule, p.to_invoice, p.deficiencies, p.unsent, p.open_quote)
          <> (0, 0, 0, 0, 0, 0, 0, 0, 0)
  ),
  old_facts AS (
    DELETE FROM "home_job_facts" WHERE "job_id" = ANY (p_jobs)
    RETURNING "technician_id", "job_id", "created_at", "office", "time_period_due", "schedule_start", "no_appointment",
              "open_jobs", "scheduled_jobs", "follow_up", "to_schedule", "to_schedule_value", "to_invoice", "deficiencies",
              "unsent", "unsent_value", "open_quote", "quote_expires_at", "quote_amount"
  ),
  saved AS (
    INSERT INTO "home_job_facts" ("technician_id", "job_id", "created_at", "office", "time_period_due", "schedule_start",
                                  "no_appointment", "open_jobs", "scheduled_jobs", "follow_up", "to_schedule", "to_schedule_value",
                                  "to_invoice", "deficiencies", "unsent", "unsent_value", "open_quote", "quote_expires_at", "quote_amount")
    SELECT * FROM new_facts
  ),
  changes AS MATERIALIZED (SELECT 1 AS w, * FROM new_facts UNION ALL SELECT -1 AS w, * FROM old_facts),
  future AS (
    INSERT INTO "home_future_counts" AS c ("technician_id", "kind", "month", "office", "day", "n")
    SELECT d."technician_id", m.kind, m.month, d."office", (d."created_at" AT TIME ZONE 'UTC')::date, sum(d.w)
    FROM changes d
    CROSS JOIN LATERAL (
      SELECT 'd' AS kind, date_trunc('month', d."time_period_due")::date AS month WHERE d."open_jobs" > 0
      UNION ALL
      SELECT 's', date_trunc('month', d."schedule_start" AT TIME ZONE 'UTC')::date WHERE d."scheduled_jobs" > 0) m
    GROUP BY 1, 2, 3, 4, 5
    HAVING sum(d.w) <> 0
    ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT ("technician_id", "kind", "month", "office", "day") DO UPDATE SET "n" = c."n" + excluded."n"
  )
  INSERT INTO "home_counts" AS c ("technician_id", "office", "day", "no_appointment", "open_jobs", "scheduled_jobs", "follow_up",
                                  "to_schedule", "to_schedule_value", "to_invoice", "deficiencies", "unsent", "unsent_value")
  SELECT d."technician_id", d."office", (d."created_at" AT TIME ZONE 'UTC')::date, sum(d.w * d."no_appointment"),
         sum(d.w * d."open_jobs"), sum(d.w * d."scheduled_jobs"), sum(d.w * d."follow_up"), sum(d.w * d."to_schedule"),
         sum(d.w * d."to_schedule_value"), sum(d.w * d."to_invoice"), sum(d.w * d."deficiencies"), sum(d.w * d."unsent"),
         sum(d.w * d."unsent_value")
  FROM changes d
  GROUP BY 1, 2, 3
  HAVING (sum(d.w * d."no_appointment"), sum(d.w * d."open_jobs"), sum(d.w * d."scheduled_jobs"), sum(d.w * d."follow_up"),
          sum(d.w * d."to_schedule"), sum(d.w * d."to_schedule_value"), sum(d.w * d."to_invoice"), sum(d.w * d."deficiencies"),
          sum(d.w * d."unsent"), sum(d.w * d."unsent_value")) <> (0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
  ORDER BY 1, 2, 3
  ON CONFLICT ("technician_id", "office", "day") DO UPDATE SET
    "no_appointment" = c."no_appointment" + excluded."no_appointment",
    "open_jobs" = c."open_jobs" + excluded."open_jobs",
    "scheduled_jobs" = c."scheduled_jobs" + excluded."scheduled_jobs",
    "follow_up" = c."follow_up" + excluded."follow_up",
    "to_schedule" = c."to_schedule" + excluded."to_schedule",
    "to_schedule_value" = c."to_schedule_value" + excluded."to_schedule_value",
    "to_invoice" = c."to_invoice" + excluded."to_invoice",
    "deficiencies" = c."deficiencies" + excluded."deficiencies",
    "unsent" = c."unsent" + excluded."unsent",
    "unsent_value" = c."unsent_value" + excluded."unsent_value";
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "home_counts_job_repairs_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "home_job_facts_apply"(array(
    SELECT unnest(array[o."job_id", n."job_id"]) FROM old_rows o JOIN new_rows n ON n."id" = o."id"
    WHERE (n."job_id", n."total_cost", n."created_at", n."resolved_at", n."carried_to_repair_id")
      IS DISTINCT FROM (o."job_id", o."total_cost", o."created_at", o."resolved_at", o."carried_to_repair_id")), true);
  RETURN NULL;
END $$;
