CREATE TABLE "job_invoice_discounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"kind" varchar(10) NOT NULL,
	"amount" numeric(12, 2),
	"percent" numeric(5, 2),
	"reason" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_invoice_discounts_kind_check" CHECK ("job_invoice_discounts"."kind" in ('amount', 'percent')),
	CONSTRAINT "job_invoice_discounts_value_check" CHECK (("job_invoice_discounts"."kind" = 'amount' and "job_invoice_discounts"."amount" > 0 and "job_invoice_discounts"."percent" is null) or ("job_invoice_discounts"."kind" = 'percent' and "job_invoice_discounts"."percent" > 0 and "job_invoice_discounts"."percent" <= 100 and "job_invoice_discounts"."amount" is null)),
	CONSTRAINT "job_invoice_discounts_reason_not_blank" CHECK (btrim("job_invoice_discounts"."reason") <> '')
);
--> statement-breakpoint
CREATE TABLE "tax_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" varchar(50) NOT NULL,
	"name" varchar(100) NOT NULL,
	"rate" numeric(6, 3) NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_groups_code_not_blank" CHECK (btrim("tax_groups"."code") <> ''),
	CONSTRAINT "tax_groups_name_not_blank" CHECK (btrim("tax_groups"."name") <> ''),
	CONSTRAINT "tax_groups_rate_check" CHECK ("tax_groups"."rate" >= 0 and "tax_groups"."rate" <= 100)
);
--> statement-breakpoint
ALTER TABLE "job_items" DROP CONSTRAINT "job_items_quantity_check";--> statement-breakpoint
ALTER TABLE "job_items" ALTER COLUMN "quantity" SET DATA TYPE numeric(10, 2);--> statement-breakpoint
ALTER TABLE "job_items" ALTER COLUMN "quantity" SET DEFAULT 1;--> statement-breakpoint
ALTER TABLE "job_invoice_lines" ADD COLUMN "taxable" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "job_invoices" ADD COLUMN "subtotal" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "job_invoices" ADD COLUMN "discount" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "job_invoices" ADD COLUMN "tax" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "job_invoices" ADD COLUMN "tax_group_code" varchar(50);--> statement-breakpoint
ALTER TABLE "job_invoices" ADD COLUMN "tax_group_name" varchar(100);--> statement-breakpoint
ALTER TABLE "job_invoices" ADD COLUMN "tax_rate" numeric(6, 3);--> statement-breakpoint
ALTER TABLE "job_invoices" ADD COLUMN "unit_taxable" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "job_invoices" ADD COLUMN "unit_label" varchar(200);--> statement-breakpoint
ALTER TABLE "job_invoice_discounts" ADD CONSTRAINT "job_invoice_discounts_invoice_id_job_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."job_invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_invoice_discounts" ADD CONSTRAINT "job_invoice_discounts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_invoice_discounts_invoice_idx" ON "job_invoice_discounts" USING btree ("invoice_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_groups_code_unique" ON "tax_groups" USING btree ("code");--> statement-breakpoint
CREATE INDEX "job_invoices_tax_report_idx" ON "job_invoices" USING btree ("issued_date","tax_group_code","tax") WHERE "job_invoices"."status" in ('issued', 'paid') and "job_invoices"."tax" > 0;--> statement-breakpoint
ALTER TABLE "job_invoices" ADD CONSTRAINT "job_invoices_money_parts_check" CHECK ("job_invoices"."subtotal" >= 0 and "job_invoices"."discount" >= 0 and "job_invoices"."tax" >= 0);--> statement-breakpoint
ALTER TABLE "job_items" ADD CONSTRAINT "job_items_quantity_check" CHECK ("job_items"."quantity" > 0);--> statement-breakpoint
-- hand-written: invoices made before sales tax and discounts bill their lines' sum (issue 27).
UPDATE "job_invoices" SET "subtotal" = "amount" WHERE "subtotal" <> "amount";
