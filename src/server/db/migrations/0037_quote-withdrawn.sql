ALTER TABLE "job_quotes" DROP CONSTRAINT "job_quotes_status_check";--> statement-breakpoint
ALTER TABLE "job_quotes" ADD CONSTRAINT "job_quotes_status_check" CHECK ("job_quotes"."status" in ('sent', 'approved', 'declined', 'superseded', 'expired', 'withdrawn'));--> statement-breakpoint
-- Cancelling a job withdraws its quotes still awaiting the customer (RULINGS); jobs cancelled
-- before this rule existed get the same.
UPDATE "job_quotes" SET "status" = 'withdrawn'
  WHERE "status" = 'sent' AND "job_id" IN (SELECT "id" FROM "jobs" WHERE "status" = 'cancelled');
