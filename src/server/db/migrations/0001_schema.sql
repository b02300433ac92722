CREATE TABLE "auth_throttle" (
	"key" varchar(200) PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_started_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(200) NOT NULL,
	"address" varchar(200) NOT NULL,
	"city" varchar(100) NOT NULL,
	"state" varchar(2) NOT NULL,
	"zip" varchar(10) NOT NULL,
	"phone" varchar(30),
	"latitude" double precision,
	"longitude" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "companies_name_not_blank" CHECK (btrim("companies"."name") <> ''),
	CONSTRAINT "companies_state_length" CHECK (char_length("companies"."state") <= 2),
	CONSTRAINT "companies_zip_length" CHECK (char_length("companies"."zip") <= 10)
);
--> statement-breakpoint
CREATE TABLE "job_inspections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"model_number" varchar(100),
	"serial_number" varchar(100),
	"age" integer,
	"tonnage" varchar(20),
	"unit_type" varchar(20),
	"system_type" varchar(20),
	"completed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_inspections_age_check" CHECK ("job_inspections"."age" >= 0),
	CONSTRAINT "job_inspections_unit_type_check" CHECK ("job_inspections"."unit_type" in ('Gas', 'Electric')),
	CONSTRAINT "job_inspections_system_type_check" CHECK ("job_inspections"."system_type" in ('RTU', 'Split System'))
);
--> statement-breakpoint
CREATE TABLE "job_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"invoice_number" varchar(40) NOT NULL,
	"invoice_type" varchar(20) DEFAULT 'standard' NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"status" varchar(10) DEFAULT 'draft' NOT NULL,
	"issued_date" date,
	"due_date" date,
	"paid_date" date,
	"email" varchar(254),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_invoices_status_check" CHECK ("job_invoices"."status" in ('draft', 'issued', 'paid', 'void')),
	CONSTRAINT "job_invoices_type_check" CHECK ("job_invoices"."invoice_type" in ('standard', 'replacement', 'repair', 'inspection')),
	CONSTRAINT "job_invoices_amount_check" CHECK ("job_invoices"."amount" >= 0),
	CONSTRAINT "job_invoices_issued_has_date" CHECK ("job_invoices"."status" not in ('issued', 'paid') or "job_invoices"."issued_date" is not null),
	CONSTRAINT "job_invoices_paid_has_date" CHECK ("job_invoices"."status" <> 'paid' or "job_invoices"."paid_date" is not null),
	CONSTRAINT "job_invoices_due_after_issue" CHECK ("job_invoices"."due_date" is null or "job_invoices"."issued_date" is null or "job_invoices"."due_date" >= "job_invoices"."issued_date")
);
--> statement-breakpoint
CREATE TABLE "job_item_prices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" varchar(50) NOT NULL,
	"name" varchar(200) NOT NULL,
	"description" text,
	"service_line" varchar(20) DEFAULT 'HVACGEN' NOT NULL,
	"unit_cost" numeric(12, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"category" varchar(100) DEFAULT 'General' NOT NULL,
	"is_taxable" boolean DEFAULT true NOT NULL,
	CONSTRAINT "job_item_prices_code_not_blank" CHECK (btrim("job_item_prices"."code") <> ''),
	CONSTRAINT "job_item_prices_name_not_blank" CHECK (btrim("job_item_prices"."name") <> ''),
	CONSTRAINT "job_item_prices_unit_cost_check" CHECK ("job_item_prices"."unit_cost" > 0)
);
--> statement-breakpoint
CREATE TABLE "job_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"code" varchar(50) NOT NULL,
	"name" varchar(200) NOT NULL,
	"service_line" varchar(20),
	"quantity" integer DEFAULT 1 NOT NULL,
	"unit_cost" numeric(12, 2) NOT NULL,
	"total_cost" numeric(12, 2) NOT NULL,
	"type" varchar(10) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_items_type_check" CHECK ("job_items"."type" in ('part', 'labor', 'item')),
	CONSTRAINT "job_items_quantity_check" CHECK ("job_items"."quantity" >= 1),
	CONSTRAINT "job_items_unit_cost_check" CHECK ("job_items"."unit_cost" >= 0),
	CONSTRAINT "job_items_total_cost_check" CHECK ("job_items"."total_cost" >= 0)
);
--> statement-breakpoint
CREATE TABLE "job_labor_prices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" varchar(50) NOT NULL,
	"name" varchar(200) NOT NULL,
	"description" text,
	"service_line" varchar(20) DEFAULT 'HVACGEN' NOT NULL,
	"unit_cost" numeric(12, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"skill_level" varchar(20) DEFAULT 'standard' NOT NULL,
	"is_overtime" boolean DEFAULT false NOT NULL,
	"is_emergency" boolean DEFAULT false NOT NULL,
	"duration_hours" numeric(6, 2) DEFAULT '1' NOT NULL,
	CONSTRAINT "job_labor_prices_code_not_blank" CHECK (btrim("job_labor_prices"."code") <> ''),
	CONSTRAINT "job_labor_prices_name_not_blank" CHECK (btrim("job_labor_prices"."name") <> ''),
	CONSTRAINT "job_labor_prices_unit_cost_check" CHECK ("job_labor_prices"."unit_cost" > 0),
	CONSTRAINT "job_labor_prices_skill_level_check" CHECK ("job_labor_prices"."skill_level" in ('helper', 'standard', 'senior', 'master')),
	CONSTRAINT "job_labor_prices_duration_check" CHECK ("job_labor_prices"."duration_hours" >= 0.1)
);
--> statement-breakpoint
CREATE TABLE "job_part_prices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" varchar(50) NOT NULL,
	"name" varchar(200) NOT NULL,
	"description" text,
	"service_line" varchar(20) DEFAULT 'HVACGEN' NOT NULL,
	"unit_cost" numeric(12, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"parts_cost" numeric(12, 2) DEFAULT '0' NOT NULL,
	"estimated_hours" numeric(6, 2) DEFAULT '0' NOT NULL,
	"complexity_multiplier" numeric(4, 2) DEFAULT '1' NOT NULL,
	"labor_rate" numeric(12, 2) DEFAULT '60' NOT NULL,
	"multi_technician" boolean DEFAULT false NOT NULL,
	"adjusted_labor_cost" numeric(12, 2) DEFAULT '60' NOT NULL,
	"truck_fee" numeric(12, 2) DEFAULT '10' NOT NULL,
	"include_roof_access" boolean DEFAULT false NOT NULL,
	"roof_access_fee" numeric(12, 2) DEFAULT '75' NOT NULL,
	"total_base_cost" numeric(12, 2) DEFAULT '0' NOT NULL,
	"flat_rate_non_contract" numeric(12, 2) DEFAULT '0' NOT NULL,
	"flat_rate_pm_contract" numeric(12, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "job_part_prices_code_not_blank" CHECK (btrim("job_part_prices"."code") <> ''),
	CONSTRAINT "job_part_prices_unit_cost_check" CHECK ("job_part_prices"."unit_cost" >= 0),
	CONSTRAINT "job_part_prices_parts_cost_check" CHECK ("job_part_prices"."parts_cost" >= 0),
	CONSTRAINT "job_part_prices_hours_check" CHECK ("job_part_prices"."estimated_hours" >= 0),
	CONSTRAINT "job_part_prices_complexity_check" CHECK ("job_part_prices"."complexity_multiplier" >= 0.1),
	CONSTRAINT "job_part_prices_fees_check" CHECK ("job_part_prices"."labor_rate" >= 0 and "job_part_prices"."truck_fee" >= 0 and "job_part_prices"."roof_access_fee" >= 0)
);
--> statement-breakpoint
CREATE TABLE "job_presets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(100) NOT NULL,
	"data" jsonb NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_presets_name_not_blank" CHECK (btrim("job_presets"."name") <> '')
);
--> statement-breakpoint
CREATE TABLE "job_quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"quote_number" varchar(40) NOT NULL,
	"quote_type" varchar(20) NOT NULL,
	"amount" numeric(12, 2) DEFAULT '0' NOT NULL,
	"token" varchar(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"confirmed" boolean DEFAULT false NOT NULL,
	"approved" boolean DEFAULT false NOT NULL,
	"email" varchar(254) NOT NULL,
	"sent_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	CONSTRAINT "job_quotes_type_check" CHECK ("job_quotes"."quote_type" in ('inspection', 'repair', 'replacement')),
	CONSTRAINT "job_quotes_amount_check" CHECK ("job_quotes"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "job_repairs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"inspection_id" uuid NOT NULL,
	"needs_crane" boolean DEFAULT false NOT NULL,
	"phase1_description" text DEFAULT 'Economy Option' NOT NULL,
	"phase1_cost" numeric(12, 2) DEFAULT '0' NOT NULL,
	"phase2_description" text DEFAULT 'Standard Option' NOT NULL,
	"phase2_cost" numeric(12, 2) DEFAULT '0' NOT NULL,
	"phase3_description" text DEFAULT 'Premium Option' NOT NULL,
	"phase3_cost" numeric(12, 2) DEFAULT '0' NOT NULL,
	"labor" numeric(12, 2) DEFAULT '0' NOT NULL,
	"refrigeration_recovery" numeric(12, 2) DEFAULT '0' NOT NULL,
	"start_up_costs" numeric(12, 2) DEFAULT '0' NOT NULL,
	"accessories" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"thermostat_startup" numeric(12, 2) DEFAULT '0' NOT NULL,
	"removal_cost" numeric(12, 2) DEFAULT '0' NOT NULL,
	"permit_cost" numeric(12, 2) DEFAULT '0' NOT NULL,
	"warranty" text,
	"additional_items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"selected_phase" varchar(10) DEFAULT 'phase2' NOT NULL,
	"total_cost" numeric(12, 2) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_repairs_selected_phase_check" CHECK ("job_repairs"."selected_phase" in ('phase1', 'phase2', 'phase3')),
	CONSTRAINT "job_repairs_costs_check" CHECK ("job_repairs"."phase1_cost" >= 0 and "job_repairs"."phase2_cost" >= 0 and "job_repairs"."phase3_cost" >= 0 and "job_repairs"."labor" >= 0 and "job_repairs"."refrigeration_recovery" >= 0 and "job_repairs"."start_up_costs" >= 0 and "job_repairs"."thermostat_startup" >= 0 and "job_repairs"."removal_cost" >= 0 and "job_repairs"."permit_cost" >= 0 and "job_repairs"."total_cost" >= 0)
);
--> statement-breakpoint
CREATE TABLE "job_technicians" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"technician_id" uuid NOT NULL,
	"is_primary" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(100) NOT NULL,
	"code" varchar(20) NOT NULL,
	"description" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_types_code_key" UNIQUE("code"),
	CONSTRAINT "job_types_name_not_blank" CHECK (btrim("job_types"."name") <> ''),
	CONSTRAINT "job_types_code_not_blank" CHECK (btrim("job_types"."code") <> '')
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" integer GENERATED BY DEFAULT AS IDENTITY (sequence name "job_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1001 CACHE 1),
	"name" varchar(200) NOT NULL,
	"type" varchar(20) NOT NULL,
	"status" varchar(20) DEFAULT 'unscheduled' NOT NULL,
	"location_id" uuid NOT NULL,
	"unit_id" uuid,
	"contact_name" varchar(200),
	"contact_phone" varchar(30),
	"contact_email" varchar(254),
	"contact_type" varchar(20) DEFAULT 'primary' NOT NULL,
	"service_line" varchar(20) NOT NULL,
	"description" text NOT NULL,
	"problem_description" text,
	"customer_po" varchar(100),
	"is_training" boolean DEFAULT false NOT NULL,
	"time_period_start" date NOT NULL,
	"time_period_due" date NOT NULL,
	"schedule_start" timestamp with time zone,
	"schedule_duration" integer DEFAULT 60 NOT NULL,
	"office" varchar(100) DEFAULT 'Main Office' NOT NULL,
	"service_contract" varchar(20),
	"quote_sent" boolean DEFAULT false NOT NULL,
	"quote_sent_at" timestamp with time zone,
	"quote_token" varchar(64),
	"quote_token_expires_at" timestamp with time zone,
	"quote_confirmed" boolean DEFAULT false NOT NULL,
	"quote_confirmed_at" timestamp with time zone,
	"repair_approved" boolean,
	"completed_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jobs_name_not_blank" CHECK (btrim("jobs"."name") <> ''),
	CONSTRAINT "jobs_status_check" CHECK ("jobs"."status" in ('scheduled', 'unscheduled', 'completed', 'cancelled')),
	CONSTRAINT "jobs_contact_type_check" CHECK ("jobs"."contact_type" in ('primary', 'secondary', 'emergency')),
	CONSTRAINT "jobs_service_contract_check" CHECK ("jobs"."service_contract" in ('Standard', 'Financial', 'Management', 'On-site', 'Owner', 'Sales', 'Non-Contract')),
	CONSTRAINT "jobs_duration_check" CHECK ("jobs"."schedule_duration" between 1 and 1440),
	CONSTRAINT "jobs_period_check" CHECK ("jobs"."time_period_due" >= "jobs"."time_period_start"),
	CONSTRAINT "jobs_scheduled_has_start" CHECK ("jobs"."status" <> 'scheduled' or "jobs"."schedule_start" is not null)
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" varchar(200) NOT NULL,
	"building_name" varchar(200) NOT NULL,
	"address" varchar(200) NOT NULL,
	"city" varchar(100) NOT NULL,
	"state" varchar(2) NOT NULL,
	"zip" varchar(10) NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "locations_name_not_blank" CHECK (btrim("locations"."name") <> ''),
	CONSTRAINT "locations_state_length" CHECK (char_length("locations"."state") <= 2),
	CONSTRAINT "locations_zip_length" CHECK (char_length("locations"."zip") <= 10)
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to_address" varchar(254) NOT NULL,
	"subject" varchar(300) NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"related_type" varchar(30),
	"related_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "outbox_status_check" CHECK ("outbox"."status" in ('pending', 'sending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "quote_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(200) NOT NULL,
	"kind" varchar(10) NOT NULL,
	"template_type" varchar(20),
	"is_default" boolean DEFAULT false NOT NULL,
	"file_name" varchar(255),
	"storage_key" varchar(300),
	"file_size" integer,
	"page_count" integer,
	"preserved_pages" integer[] DEFAULT '{1}'::integer[] NOT NULL,
	"email_content" jsonb,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quote_templates_name_not_blank" CHECK (btrim("quote_templates"."name") <> ''),
	CONSTRAINT "quote_templates_kind_check" CHECK ("quote_templates"."kind" in ('pdf', 'email')),
	CONSTRAINT "quote_templates_type_check" CHECK ("quote_templates"."template_type" in ('inspection', 'repair', 'replacement')),
	CONSTRAINT "quote_templates_pdf_has_file" CHECK ("quote_templates"."kind" <> 'pdf' or "quote_templates"."storage_key" is not null),
	CONSTRAINT "quote_templates_email_has_content" CHECK ("quote_templates"."kind" <> 'email' or "quote_templates"."email_content" is not null),
	CONSTRAINT "quote_templates_file_size_check" CHECK ("quote_templates"."file_size" is null or "quote_templates"."file_size" <= 10485760)
);
--> statement-breakpoint
CREATE TABLE "service_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(100) NOT NULL,
	"code" varchar(20) NOT NULL,
	"description" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_lines_code_key" UNIQUE("code"),
	CONSTRAINT "service_lines_name_not_blank" CHECK (btrim("service_lines"."name") <> ''),
	CONSTRAINT "service_lines_code_not_blank" CHECK (btrim("service_lines"."code") <> '')
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ip" varchar(64),
	"user_agent" varchar(300)
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" varchar(100) PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "technician_availability" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"technician_id" uuid NOT NULL,
	"day_of_week" smallint NOT NULL,
	"start_time" time NOT NULL,
	"end_time" time NOT NULL,
	"is_available" boolean DEFAULT true NOT NULL,
	CONSTRAINT "technician_availability_day_check" CHECK ("technician_availability"."day_of_week" between 0 and 6),
	CONSTRAINT "technician_availability_times_check" CHECK ("technician_availability"."end_time" > "technician_availability"."start_time")
);
--> statement-breakpoint
CREATE TABLE "technician_certifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"technician_id" uuid NOT NULL,
	"certification_name" varchar(200) NOT NULL,
	"issuing_organization" varchar(200),
	"certification_number" varchar(100),
	"issue_date" date,
	"expiry_date" date,
	"status" varchar(20) DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "technician_certifications_name_not_blank" CHECK (btrim("technician_certifications"."certification_name") <> ''),
	CONSTRAINT "technician_certifications_status_check" CHECK ("technician_certifications"."status" in ('active', 'expired', 'pending')),
	CONSTRAINT "technician_certifications_dates_check" CHECK ("technician_certifications"."expiry_date" is null or "technician_certifications"."issue_date" is null or "technician_certifications"."expiry_date" >= "technician_certifications"."issue_date")
);
--> statement-breakpoint
CREATE TABLE "technician_skills" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"technician_id" uuid NOT NULL,
	"skill_name" varchar(100) NOT NULL,
	"proficiency_level" varchar(20) DEFAULT 'intermediate' NOT NULL,
	"years_experience" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "technician_skills_name_not_blank" CHECK (btrim("technician_skills"."skill_name") <> ''),
	CONSTRAINT "technician_skills_proficiency_check" CHECK ("technician_skills"."proficiency_level" in ('beginner', 'intermediate', 'advanced', 'expert')),
	CONSTRAINT "technician_skills_years_check" CHECK ("technician_skills"."years_experience" >= 0)
);
--> statement-breakpoint
CREATE TABLE "technician_territories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"technician_id" uuid NOT NULL,
	"territory_name" varchar(100) NOT NULL,
	"state" varchar(2) NOT NULL,
	"zip_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_primary" boolean DEFAULT false NOT NULL,
	CONSTRAINT "technician_territories_name_not_blank" CHECK (btrim("technician_territories"."territory_name") <> ''),
	CONSTRAINT "technician_territories_state_length" CHECK (char_length("technician_territories"."state") <= 2)
);
--> statement-breakpoint
CREATE TABLE "technicians" (
	"id" uuid PRIMARY KEY NOT NULL,
	"employee_id" varchar(50),
	"hire_date" date NOT NULL,
	"job_title" varchar(100) DEFAULT 'HVAC Technician' NOT NULL,
	"hourly_rate" numeric(12, 2),
	"emergency_contact_name" varchar(200),
	"emergency_contact_phone" varchar(30),
	"notes" text,
	"office" varchar(100) DEFAULT 'Main Office' NOT NULL,
	"address" varchar(200),
	"city" varchar(100),
	"state" varchar(2),
	"zip" varchar(10),
	"license_number" varchar(100),
	"license_expiry" date,
	"vehicle_number" varchar(50),
	"vehicle_make" varchar(50),
	"vehicle_model" varchar(50),
	"vehicle_year" integer,
	"shirt_size" varchar(10),
	"boot_size" varchar(10),
	"preferred_name" varchar(100),
	"tax_id" varchar(50),
	"direct_deposit" boolean DEFAULT false NOT NULL,
	"bank_name" varchar(100),
	"bank_routing" varchar(50),
	"bank_account" varchar(50),
	"background_check_date" date,
	"drug_test_date" date,
	"last_review_date" date,
	"next_review_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "technicians_job_title_not_blank" CHECK (btrim("technicians"."job_title") <> ''),
	CONSTRAINT "technicians_hourly_rate_check" CHECK ("technicians"."hourly_rate" >= 0),
	CONSTRAINT "technicians_state_length" CHECK (char_length("technicians"."state") <= 2),
	CONSTRAINT "technicians_zip_length" CHECK (char_length("technicians"."zip") <= 10)
);
--> statement-breakpoint
CREATE TABLE "units" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"location_id" uuid NOT NULL,
	"unit_number" varchar(100) NOT NULL,
	"status" varchar(10) DEFAULT 'active' NOT NULL,
	"primary_contact_type" varchar(20),
	"primary_contact_email" varchar(254),
	"primary_contact_phone" varchar(30),
	"phone" varchar(30),
	"billing_entity" varchar(200),
	"billing_email" varchar(254),
	"billing_city" varchar(100),
	"billing_state" varchar(2),
	"billing_zip" varchar(10),
	"office" varchar(100) DEFAULT 'Main Office' NOT NULL,
	"taxable" boolean DEFAULT true NOT NULL,
	"tax_group_name" varchar(100),
	"tax_group_code" varchar(50),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "units_unit_number_not_blank" CHECK (btrim("units"."unit_number") <> ''),
	CONSTRAINT "units_status_check" CHECK ("units"."status" in ('active', 'inactive')),
	CONSTRAINT "units_contact_type_check" CHECK ("units"."primary_contact_type" in ('Management', 'Owner', 'Business Owner', 'Tenant')),
	CONSTRAINT "units_billing_state_length" CHECK (char_length("units"."billing_state") <= 2),
	CONSTRAINT "units_billing_zip_length" CHECK (char_length("units"."billing_zip") <= 10)
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"username" varchar(100) NOT NULL,
	"email" varchar(254) NOT NULL,
	"first_name" varchar(100),
	"last_name" varchar(100),
	"phone" varchar(30),
	"role" varchar(20) DEFAULT 'user' NOT NULL,
	"status" varchar(10) DEFAULT 'active' NOT NULL,
	"password_hash" text,
	"password_changed_at" timestamp with time zone,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_username_not_blank" CHECK (btrim("users"."username") <> ''),
	CONSTRAINT "users_role_check" CHECK ("users"."role" in ('admin', 'manager', 'technician', 'user')),
	CONSTRAINT "users_status_check" CHECK ("users"."status" in ('active', 'inactive'))
);
--> statement-breakpoint
ALTER TABLE "job_inspections" ADD CONSTRAINT "job_inspections_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_invoices" ADD CONSTRAINT "job_invoices_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_item_prices" ADD CONSTRAINT "job_item_prices_service_line_service_lines_code_fk" FOREIGN KEY ("service_line") REFERENCES "public"."service_lines"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "job_items" ADD CONSTRAINT "job_items_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_items" ADD CONSTRAINT "job_items_service_line_service_lines_code_fk" FOREIGN KEY ("service_line") REFERENCES "public"."service_lines"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "job_labor_prices" ADD CONSTRAINT "job_labor_prices_service_line_service_lines_code_fk" FOREIGN KEY ("service_line") REFERENCES "public"."service_lines"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "job_part_prices" ADD CONSTRAINT "job_part_prices_service_line_service_lines_code_fk" FOREIGN KEY ("service_line") REFERENCES "public"."service_lines"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "job_presets" ADD CONSTRAINT "job_presets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_quotes" ADD CONSTRAINT "job_quotes_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_quotes" ADD CONSTRAINT "job_quotes_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_repairs" ADD CONSTRAINT "job_repairs_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_repairs" ADD CONSTRAINT "job_repairs_inspection_id_job_inspections_id_fk" FOREIGN KEY ("inspection_id") REFERENCES "public"."job_inspections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_technicians" ADD CONSTRAINT "job_technicians_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_technicians" ADD CONSTRAINT "job_technicians_technician_id_technicians_id_fk" FOREIGN KEY ("technician_id") REFERENCES "public"."technicians"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_type_job_types_code_fk" FOREIGN KEY ("type") REFERENCES "public"."job_types"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_service_line_service_lines_code_fk" FOREIGN KEY ("service_line") REFERENCES "public"."service_lines"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_templates" ADD CONSTRAINT "quote_templates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "technician_availability" ADD CONSTRAINT "technician_availability_technician_id_technicians_id_fk" FOREIGN KEY ("technician_id") REFERENCES "public"."technicians"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "technician_certifications" ADD CONSTRAINT "technician_certifications_technician_id_technicians_id_fk" FOREIGN KEY ("technician_id") REFERENCES "public"."technicians"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "technician_skills" ADD CONSTRAINT "technician_skills_technician_id_technicians_id_fk" FOREIGN KEY ("technician_id") REFERENCES "public"."technicians"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "technician_territories" ADD CONSTRAINT "technician_territories_technician_id_technicians_id_fk" FOREIGN KEY ("technician_id") REFERENCES "public"."technicians"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "technicians" ADD CONSTRAINT "technicians_id_users_id_fk" FOREIGN KEY ("id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "units" ADD CONSTRAINT "units_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "companies_name_unique" ON "companies" USING btree (lower(btrim("name")));--> statement-breakpoint
CREATE INDEX "companies_name_idx" ON "companies" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "companies_created_at_idx" ON "companies" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "companies_name_trgm" ON "companies" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "companies_city_trgm" ON "companies" USING gin ("city" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "companies_state_trgm" ON "companies" USING gin ("state" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "companies_zip_trgm" ON "companies" USING gin ("zip" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "job_inspections_job_idx" ON "job_inspections" USING btree ("job_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "job_invoices_number_unique" ON "job_invoices" USING btree ("invoice_number");--> statement-breakpoint
CREATE INDEX "job_invoices_job_idx" ON "job_invoices" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "job_invoices_status_due_idx" ON "job_invoices" USING btree ("status","due_date");--> statement-breakpoint
CREATE INDEX "job_invoices_issued_date_idx" ON "job_invoices" USING btree ("issued_date");--> statement-breakpoint
CREATE INDEX "job_invoices_paid_date_idx" ON "job_invoices" USING btree ("paid_date");--> statement-breakpoint
CREATE INDEX "job_invoices_created_at_idx" ON "job_invoices" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "job_invoices_number_trgm" ON "job_invoices" USING gin ("invoice_number" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "job_item_prices_code_unique" ON "job_item_prices" USING btree ("code");--> statement-breakpoint
CREATE INDEX "job_item_prices_service_line_idx" ON "job_item_prices" USING btree ("service_line");--> statement-breakpoint
CREATE INDEX "job_item_prices_code_trgm" ON "job_item_prices" USING gin ("code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "job_item_prices_name_trgm" ON "job_item_prices" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "job_items_job_idx" ON "job_items" USING btree ("job_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "job_labor_prices_code_unique" ON "job_labor_prices" USING btree ("code");--> statement-breakpoint
CREATE INDEX "job_labor_prices_service_line_idx" ON "job_labor_prices" USING btree ("service_line");--> statement-breakpoint
CREATE INDEX "job_labor_prices_code_trgm" ON "job_labor_prices" USING gin ("code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "job_labor_prices_name_trgm" ON "job_labor_prices" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "job_part_prices_code_unique" ON "job_part_prices" USING btree ("code");--> statement-breakpoint
CREATE INDEX "job_part_prices_service_line_idx" ON "job_part_prices" USING btree ("service_line");--> statement-breakpoint
CREATE INDEX "job_part_prices_code_trgm" ON "job_part_prices" USING gin ("code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "job_part_prices_name_trgm" ON "job_part_prices" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "job_presets_user_idx" ON "job_presets" USING btree ("user_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "job_quotes_number_unique" ON "job_quotes" USING btree ("quote_number");--> statement-breakpoint
CREATE UNIQUE INDEX "job_quotes_token_unique" ON "job_quotes" USING btree ("token");--> statement-breakpoint
CREATE INDEX "job_quotes_job_idx" ON "job_quotes" USING btree ("job_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "job_quotes_awaiting_idx" ON "job_quotes" USING btree ("created_at") WHERE not "job_quotes"."confirmed";--> statement-breakpoint
CREATE UNIQUE INDEX "job_repairs_inspection_unique" ON "job_repairs" USING btree ("inspection_id");--> statement-breakpoint
CREATE INDEX "job_repairs_job_idx" ON "job_repairs" USING btree ("job_id");--> statement-breakpoint
CREATE UNIQUE INDEX "job_technicians_job_technician_unique" ON "job_technicians" USING btree ("job_id","technician_id");--> statement-breakpoint
CREATE UNIQUE INDEX "job_technicians_one_primary" ON "job_technicians" USING btree ("job_id") WHERE "job_technicians"."is_primary";--> statement-breakpoint
CREATE INDEX "job_technicians_technician_idx" ON "job_technicians" USING btree ("technician_id","job_id");--> statement-breakpoint
CREATE UNIQUE INDEX "job_types_code_ci_unique" ON "job_types" USING btree (upper("code"));--> statement-breakpoint
CREATE INDEX "job_types_name_idx" ON "job_types" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_number_unique" ON "jobs" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_quote_token_unique" ON "jobs" USING btree ("quote_token");--> statement-breakpoint
CREATE INDEX "jobs_status_idx" ON "jobs" USING btree ("status");--> statement-breakpoint
CREATE INDEX "jobs_schedule_start_idx" ON "jobs" USING btree ("schedule_start");--> statement-breakpoint
CREATE INDEX "jobs_time_period_due_idx" ON "jobs" USING btree ("time_period_due");--> statement-breakpoint
CREATE INDEX "jobs_created_at_idx" ON "jobs" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "jobs_unit_idx" ON "jobs" USING btree ("unit_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "jobs_location_idx" ON "jobs" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "jobs_office_idx" ON "jobs" USING btree ("office");--> statement-breakpoint
CREATE INDEX "jobs_service_line_idx" ON "jobs" USING btree ("service_line");--> statement-breakpoint
CREATE INDEX "jobs_type_idx" ON "jobs" USING btree ("type");--> statement-breakpoint
CREATE INDEX "jobs_name_trgm" ON "jobs" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "locations_company_name_idx" ON "locations" USING btree ("company_id","name");--> statement-breakpoint
CREATE INDEX "locations_name_idx" ON "locations" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "locations_name_trgm" ON "locations" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "locations_building_name_trgm" ON "locations" USING gin ("building_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "locations_city_trgm" ON "locations" USING gin ("city" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "locations_state_trgm" ON "locations" USING gin ("state" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "locations_zip_trgm" ON "locations" USING gin ("zip" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "outbox_due_idx" ON "outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "outbox_created_at_idx" ON "outbox" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "outbox_related_idx" ON "outbox" USING btree ("related_type","related_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quote_templates_one_default" ON "quote_templates" USING btree ("kind","template_type") WHERE "quote_templates"."is_default";--> statement-breakpoint
CREATE INDEX "quote_templates_kind_type_idx" ON "quote_templates" USING btree ("kind","template_type","name");--> statement-breakpoint
CREATE UNIQUE INDEX "service_lines_code_ci_unique" ON "service_lines" USING btree (upper("code"));--> statement-breakpoint
CREATE INDEX "service_lines_name_idx" ON "service_lines" USING btree ("name");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "technician_availability_day_unique" ON "technician_availability" USING btree ("technician_id","day_of_week");--> statement-breakpoint
CREATE INDEX "technician_certifications_technician_idx" ON "technician_certifications" USING btree ("technician_id");--> statement-breakpoint
CREATE INDEX "technician_certifications_expiry_idx" ON "technician_certifications" USING btree ("expiry_date");--> statement-breakpoint
CREATE INDEX "technician_skills_technician_idx" ON "technician_skills" USING btree ("technician_id");--> statement-breakpoint
CREATE INDEX "technician_skills_name_idx" ON "technician_skills" USING btree ("skill_name");--> statement-breakpoint
CREATE INDEX "technician_territories_technician_idx" ON "technician_territories" USING btree ("technician_id");--> statement-breakpoint
CREATE INDEX "technician_territories_zip_codes_idx" ON "technician_territories" USING gin ("zip_codes");--> statement-breakpoint
CREATE UNIQUE INDEX "technicians_employee_id_unique" ON "technicians" USING btree ("employee_id");--> statement-breakpoint
CREATE INDEX "units_location_unit_number_idx" ON "units" USING btree ("location_id","unit_number");--> statement-breakpoint
CREATE INDEX "units_unit_number_idx" ON "units" USING btree ("unit_number","id");--> statement-breakpoint
CREATE INDEX "units_status_idx" ON "units" USING btree ("status");--> statement-breakpoint
CREATE INDEX "units_unit_number_trgm" ON "units" USING gin ("unit_number" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_unique" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_role_status_idx" ON "users" USING btree ("role","status");