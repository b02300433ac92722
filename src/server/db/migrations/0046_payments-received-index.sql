-- hand-written: the financial report's "Payments received" (issue 27) sums the period's non-void
-- payments per method from this index alone (an index-only scan by payment date).
CREATE INDEX IF NOT EXISTS "job_invoice_payments_received_idx" ON "job_invoice_payments" USING btree ("payment_date") INCLUDE ("method", "amount") WHERE "voided_at" IS NULL;
