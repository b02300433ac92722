-- Decision 018: job_quotes is the one record of each sent quote, with a status; the quote flags on
-- jobs are moved into it and dropped. The job's state is read from the view job_latest_quotes.
ALTER TABLE "job_quotes" DROP CONSTRAINT "job_quotes_type_check";--> statement-breakpoint
DROP INDEX "jobs_quote_token_unique";--> statement-breakpoint
DROP INDEX "job_quotes_awaiting_idx";--> statement-breakpoint
DROP INDEX "job_quotes_job_idx";--> statement-breakpoint
ALTER TABLE "job_quotes" ADD COLUMN "status" varchar(12) DEFAULT 'sent' NOT NULL;--> statement-breakpoint
ALTER TABLE "job_quotes" ADD COLUMN "sent_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "job_quotes" ADD COLUMN "pdf_file_key" uuid;--> statement-breakpoint
ALTER TABLE "job_quotes" ADD COLUMN "pdf_sha256" varchar(64);--> statement-breakpoint
ALTER TABLE "job_quotes" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "job_quotes" ADD COLUMN "signer_name" varchar(200);--> statement-breakpoint
ALTER TABLE "job_quotes" ADD COLUMN "signature_file_key" uuid;--> statement-breakpoint
ALTER TABLE "job_quotes" ADD COLUMN "chosen_options" jsonb;--> statement-breakpoint
ALTER TABLE "job_quotes" ADD COLUMN "decline_reason" varchar(20);--> statement-breakpoint
ALTER TABLE "job_quotes" ADD COLUMN "decline_comment" varchar(1000);--> statement-breakpoint
ALTER TABLE "job_quotes" ADD COLUMN "decision_ip" varchar(64);--> statement-breakpoint
ALTER TABLE "job_quotes" ADD COLUMN "decision_user_agent" varchar(300);--> statement-breakpoint
ALTER TABLE "job_quotes" ADD COLUMN "fee_invoice_id" uuid;--> statement-breakpoint
-- 1. the old rows: sent time, decision time and status from the two booleans
UPDATE "job_quotes" SET
  "sent_at" = "created_at",
  "decided_at" = CASE WHEN "confirmed" THEN coalesce("confirmed_at", "updated_at") END,
  "status" = CASE WHEN NOT "confirmed" THEN 'sent' WHEN "approved" THEN 'approved' ELSE 'declined' END;--> statement-breakpoint
-- 2. a job flagged as sent with no quote row gets one from its flags
INSERT INTO "job_quotes" ("job_id", "quote_number", "quote_type", "status", "amount", "token", "expires_at", "email", "sent_at", "decided_at", "created_at", "updated_at")
SELECT j."id",
  'QT-' || j."number" || '-' || lpad((abs(hashtext(j."id"::text)) % 10000)::text, 4, '0'),
  'repair',
  CASE WHEN NOT j."quote_confirmed" THEN 'sent' WHEN j."repair_approved" THEN 'approved' ELSE 'declined' END,
  0,
  coalesce(j."quote_token", replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '')),
  coalesce(j."quote_token_expires_at", coalesce(j."quote_sent_at", j."updated_at") + interval '30 days'),
  coalesce(j."contact_email", ''),
  coalesce(j."quote_sent_at", j."updated_at"),
  CASE WHEN j."quote_confirmed" THEN coalesce(j."quote_confirmed_at", j."updated_at") END,
  coalesce(j."quote_sent_at", j."updated_at"),
  now()
FROM "jobs" j
WHERE j."quote_sent" AND NOT EXISTS (SELECT 1 FROM "job_quotes" q WHERE q."job_id" = j."id");--> statement-breakpoint
-- 3. a job that says its customer decided while its latest row does not: the job's flags win
UPDATE "job_quotes" q SET
  "status" = CASE WHEN j."repair_approved" THEN 'approved' ELSE 'declined' END,
  "decided_at" = coalesce(j."quote_confirmed_at", j."updated_at")
FROM "jobs" j
WHERE j."id" = q."job_id" AND j."quote_confirmed" AND q."status" = 'sent'
  AND q."id" = (SELECT l."id" FROM "job_quotes" l WHERE l."job_id" = q."job_id" ORDER BY l."sent_at" DESC, l."id" DESC LIMIT 1);--> statement-breakpoint
-- 4. only a job's latest quote can still be awaiting the customer; older open ones were replaced
UPDATE "job_quotes" q SET "status" = 'superseded'
WHERE q."status" = 'sent'
  AND q."id" <> (SELECT l."id" FROM "job_quotes" l WHERE l."job_id" = q."job_id" ORDER BY l."sent_at" DESC, l."id" DESC LIMIT 1);--> statement-breakpoint
UPDATE "job_quotes" SET "status" = 'expired' WHERE "status" = 'sent' AND "expires_at" <= now();--> statement-breakpoint
ALTER TABLE "job_quotes" ADD CONSTRAINT "job_quotes_pdf_file_key_stored_files_id_fk" FOREIGN KEY ("pdf_file_key") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_quotes" ADD CONSTRAINT "job_quotes_signature_file_key_stored_files_id_fk" FOREIGN KEY ("signature_file_key") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_quotes" ADD CONSTRAINT "job_quotes_fee_invoice_id_job_invoices_id_fk" FOREIGN KEY ("fee_invoice_id") REFERENCES "public"."job_invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "job_quotes_one_open_per_job" ON "job_quotes" USING btree ("job_id") WHERE "job_quotes"."status" = 'sent';--> statement-breakpoint
CREATE INDEX "job_quotes_open_idx" ON "job_quotes" USING btree ("sent_at") WHERE "job_quotes"."status" = 'sent';--> statement-breakpoint
CREATE INDEX "job_quotes_job_idx" ON "job_quotes" USING btree ("job_id","sent_at" DESC NULLS LAST);--> statement-breakpoint
DROP INDEX IF EXISTS "jobs_created_at_home_idx";--> statement-breakpoint
ALTER TABLE "jobs" DROP COLUMN "quote_sent";--> statement-breakpoint
ALTER TABLE "jobs" DROP COLUMN "quote_sent_at";--> statement-breakpoint
ALTER TABLE "jobs" DROP COLUMN "quote_token";--> statement-breakpoint
ALTER TABLE "jobs" DROP COLUMN "quote_token_expires_at";--> statement-breakpoint
ALTER TABLE "jobs" DROP COLUMN "quote_confirmed";--> statement-breakpoint
ALTER TABLE "jobs" DROP COLUMN "quote_confirmed_at";--> statement-breakpoint
ALTER TABLE "jobs" DROP COLUMN "repair_approved";--> statement-breakpoint
-- Home's job counts stay an index-only scan over the columns they still read on jobs.
CREATE INDEX "jobs_created_at_home_idx" ON "jobs" USING btree ("created_at" DESC)
  INCLUDE ("id", "status", "schedule_start", "time_period_due", "office");--> statement-breakpoint
ALTER TABLE "job_quotes" DROP COLUMN "confirmed";--> statement-breakpoint
ALTER TABLE "job_quotes" DROP COLUMN "approved";--> statement-breakpoint
ALTER TABLE "job_quotes" DROP COLUMN "confirmed_at";--> statement-breakpoint
ALTER TABLE "job_quotes" ADD CONSTRAINT "job_quotes_status_check" CHECK ("job_quotes"."status" in ('sent', 'approved', 'declined', 'superseded', 'expired'));--> statement-breakpoint
ALTER TABLE "job_quotes" ADD CONSTRAINT "job_quotes_decline_reason_check" CHECK ("job_quotes"."decline_reason" in ('too_expensive', 'other_quotes', 'not_now', 'other'));--> statement-breakpoint
ALTER TABLE "job_quotes" ADD CONSTRAINT "job_quotes_decided_has_time" CHECK ("job_quotes"."status" not in ('approved', 'declined') or "job_quotes"."decided_at" is not null);--> statement-breakpoint
ALTER TABLE "job_quotes" ADD CONSTRAINT "job_quotes_type_check" CHECK ("job_quotes"."quote_type" in ('inspection', 'repair', 'replacement', 'other'));--> statement-breakpoint
-- The job's latest quote. Its status is as stored: readers turn a sent quote past expires_at into
-- 'expired' with their own clock (quoteStatusAt in src/server/db/views.ts).
-- (A filter on job_id is pushed into the DISTINCT ON, so a job's row is one index probe.)
CREATE VIEW "job_latest_quotes" AS
SELECT DISTINCT ON (q."job_id")
  q."job_id", q."id" AS "quote_id", q."quote_number", q."quote_type",
  q."status",
  q."amount", q."sent_at", q."decided_at", q."expires_at"
FROM "job_quotes" q
ORDER BY q."job_id", q."sent_at" DESC, q."id" DESC;
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" varchar(200) PRIMARY KEY NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	"window_started_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_limits_window_idx" ON "rate_limits" USING btree ("window_started_at");
