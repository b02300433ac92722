ALTER TABLE "job_invoices" ADD COLUMN IF NOT EXISTS "service_line" varchar(20);--> statement-breakpoint
ALTER TABLE "job_invoices" ADD COLUMN IF NOT EXISTS "company_id" uuid;