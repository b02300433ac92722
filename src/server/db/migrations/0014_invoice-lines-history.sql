CREATE TABLE "job_invoice_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"code" varchar(50) NOT NULL,
	"name" varchar(200) NOT NULL,
	"item_type" varchar(10),
	"quantity" numeric(10, 2) NOT NULL,
	"unit_price" numeric(12, 2) NOT NULL,
	"total" numeric(12, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_invoice_lines_name_not_blank" CHECK (btrim("job_invoice_lines"."name") <> ''),
	CONSTRAINT "job_invoice_lines_item_type_check" CHECK ("job_invoice_lines"."item_type" is null or "job_invoice_lines"."item_type" in ('part', 'labor', 'item')),
	CONSTRAINT "job_invoice_lines_quantity_check" CHECK ("job_invoice_lines"."quantity" > 0),
	CONSTRAINT "job_invoice_lines_unit_price_check" CHECK ("job_invoice_lines"."unit_price" >= 0),
	CONSTRAINT "job_invoice_lines_total_check" CHECK ("job_invoice_lines"."total" >= 0)
);
--> statement-breakpoint
CREATE TABLE "job_invoice_status_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"from_status" varchar(10),
	"to_status" varchar(10) NOT NULL,
	"note" text,
	"changed_by" uuid,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_invoice_status_changes_from_check" CHECK ("job_invoice_status_changes"."from_status" is null or "job_invoice_status_changes"."from_status" in ('draft', 'issued', 'paid', 'void')),
	CONSTRAINT "job_invoice_status_changes_to_check" CHECK ("job_invoice_status_changes"."to_status" in ('draft', 'issued', 'paid', 'void'))
);
--> statement-breakpoint
ALTER TABLE "job_invoices" ADD COLUMN "notes" text;--> statement-breakpoint
ALTER TABLE "job_invoices" ADD COLUMN "void_reason" text;--> statement-breakpoint
ALTER TABLE "job_invoices" ADD COLUMN "voided_date" date;--> statement-breakpoint
ALTER TABLE "job_invoices" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "job_invoice_lines" ADD CONSTRAINT "job_invoice_lines_invoice_id_job_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."job_invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_invoice_status_changes" ADD CONSTRAINT "job_invoice_status_changes_invoice_id_job_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."job_invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_invoice_status_changes" ADD CONSTRAINT "job_invoice_status_changes_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "job_invoice_lines_position_unique" ON "job_invoice_lines" USING btree ("invoice_id","position");--> statement-breakpoint
CREATE INDEX "job_invoice_status_changes_invoice_idx" ON "job_invoice_status_changes" USING btree ("invoice_id","changed_at");--> statement-breakpoint
ALTER TABLE "job_invoices" ADD CONSTRAINT "job_invoices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_invoices_status_created_idx" ON "job_invoices" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "job_invoices_paid_list_idx" ON "job_invoices" USING btree ("paid_date" DESC NULLS LAST,"id") WHERE "job_invoices"."status" = 'paid';--> statement-breakpoint
-- Invoices voided before a reason was recorded get one, so the new rule holds for old rows too.
UPDATE "job_invoices" SET "void_reason" = 'Voided before reasons were recorded' WHERE "status" = 'void' AND ("void_reason" IS NULL OR btrim("void_reason") = '');--> statement-breakpoint
ALTER TABLE "job_invoices" ADD CONSTRAINT "job_invoices_void_has_reason" CHECK ("job_invoices"."status" <> 'void' or ("job_invoices"."void_reason" is not null and btrim("job_invoices"."void_reason") <> ''));--> statement-breakpoint
-- Invoices created before invoices had lines: the inspection fee line, the job's items when they add
-- up to the invoice's amount, otherwise one line for the whole amount.
INSERT INTO "job_invoice_lines" ("invoice_id", "position", "code", "name", "item_type", "quantity", "unit_price", "total")
SELECT i."id", 1, 'INSP-FEE', 'Inspection Fee', 'item', 1, i."amount", i."amount"
FROM "job_invoices" i WHERE i."invoice_type" = 'inspection' AND i."amount" > 0;--> statement-breakpoint
INSERT INTO "job_invoice_lines" ("invoice_id", "position", "code", "name", "item_type", "quantity", "unit_price", "total")
SELECT i."id", row_number() OVER (PARTITION BY i."id" ORDER BY it."created_at", it."id"), it."code", it."name", it."type", it."quantity", it."unit_cost", it."total_cost"
FROM "job_invoices" i JOIN "job_items" it ON it."job_id" = i."job_id" AND it."code" <> 'INSP-FEE'
WHERE i."invoice_type" <> 'inspection'
  AND i."amount" = (SELECT coalesce(sum(x."total_cost"), 0) FROM "job_items" x WHERE x."job_id" = i."job_id" AND x."code" <> 'INSP-FEE');--> statement-breakpoint
INSERT INTO "job_invoice_lines" ("invoice_id", "position", "code", "name", "item_type", "quantity", "unit_price", "total")
SELECT i."id", 1, 'SERVICE', 'Service', NULL, 1, i."amount", i."amount"
FROM "job_invoices" i WHERE i."amount" > 0 AND NOT EXISTS (SELECT 1 FROM "job_invoice_lines" l WHERE l."invoice_id" = i."id");
