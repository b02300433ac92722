ALTER TABLE "accounting_export_items" ADD COLUMN "reversal" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "accounting_exports" ADD COLUMN "reversed_invoice_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "accounting_exports" ADD COLUMN "reversed_invoices_total" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "accounting_exports" ADD COLUMN "reversed_tax_total" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "accounting_exports" ADD COLUMN "reversed_payment_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "accounting_exports" ADD COLUMN "reversed_payments_total" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_delivered_idx" ON "webhook_deliveries" USING btree ("delivered_at") WHERE "webhook_deliveries"."status" = 'delivered';--> statement-breakpoint
CREATE INDEX "webhook_deliveries_failed_idx" ON "webhook_deliveries" USING btree ("updated_at") WHERE "webhook_deliveries"."status" = 'failed';