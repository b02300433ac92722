CREATE TABLE "accounting_export_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"export_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"name" varchar(120) NOT NULL,
	"content_type" varchar(60) NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "accounting_export_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"export_id" uuid NOT NULL,
	"invoice_id" uuid,
	"payment_id" uuid,
	CONSTRAINT "accounting_export_items_one_record" CHECK (("accounting_export_items"."invoice_id" is null) <> ("accounting_export_items"."payment_id" is null))
);
--> statement-breakpoint
CREATE TABLE "accounting_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"format" varchar(10) NOT NULL,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"include_exported" boolean DEFAULT false NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"invoice_count" integer NOT NULL,
	"invoices_total" numeric(12, 2) NOT NULL,
	"tax_total" numeric(12, 2) NOT NULL,
	"payment_count" integer NOT NULL,
	"payments_total" numeric(12, 2) NOT NULL,
	"customer_count" integer NOT NULL,
	CONSTRAINT "accounting_exports_format_check" CHECK ("accounting_exports"."format" in ('iif', 'qbo', 'xero')),
	CONSTRAINT "accounting_exports_period_check" CHECK ("accounting_exports"."period_to" >= "accounting_exports"."period_from")
);
--> statement-breakpoint
CREATE TABLE "accounting_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"value" jsonb NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounting_settings_single_row" CHECK ("accounting_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "accounting_export_files" ADD CONSTRAINT "accounting_export_files_export_id_accounting_exports_id_fk" FOREIGN KEY ("export_id") REFERENCES "public"."accounting_exports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_export_items" ADD CONSTRAINT "accounting_export_items_export_id_accounting_exports_id_fk" FOREIGN KEY ("export_id") REFERENCES "public"."accounting_exports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_export_items" ADD CONSTRAINT "accounting_export_items_invoice_id_job_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."job_invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_export_items" ADD CONSTRAINT "accounting_export_items_payment_id_job_invoice_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."job_invoice_payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_exports" ADD CONSTRAINT "accounting_exports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_settings" ADD CONSTRAINT "accounting_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "accounting_export_files_position_unique" ON "accounting_export_files" USING btree ("export_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "accounting_export_files_name_unique" ON "accounting_export_files" USING btree ("export_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "accounting_export_items_invoice_unique" ON "accounting_export_items" USING btree ("export_id","invoice_id") WHERE "accounting_export_items"."invoice_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "accounting_export_items_payment_unique" ON "accounting_export_items" USING btree ("export_id","payment_id") WHERE "accounting_export_items"."payment_id" is not null;--> statement-breakpoint
CREATE INDEX "accounting_export_items_invoice_idx" ON "accounting_export_items" USING btree ("invoice_id") WHERE "accounting_export_items"."invoice_id" is not null;--> statement-breakpoint
CREATE INDEX "accounting_export_items_payment_idx" ON "accounting_export_items" USING btree ("payment_id") WHERE "accounting_export_items"."payment_id" is not null;--> statement-breakpoint
CREATE INDEX "accounting_exports_created_idx" ON "accounting_exports" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);