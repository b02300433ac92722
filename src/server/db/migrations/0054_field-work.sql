CREATE TABLE "field_checklist_marks" (
	"job_id" uuid NOT NULL,
	"item" varchar(200) NOT NULL,
	"done" boolean NOT NULL,
	"user_id" uuid NOT NULL,
	"device_at" timestamp with time zone NOT NULL,
	"server_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "field_checklist_marks_job_id_item_pk" PRIMARY KEY("job_id","item")
);
--> statement-breakpoint
CREATE TABLE "field_conflicts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"field" varchar(40) NOT NULL,
	"base_value" text,
	"office_value" text,
	"technician_value" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" uuid,
	"resolution" varchar(20),
	CONSTRAINT "field_conflicts_field_check" CHECK ("field_conflicts"."field" in ('contactName', 'contactPhone', 'problemDescription')),
	CONSTRAINT "field_conflicts_resolution_check" CHECK ("field_conflicts"."resolution" in ('office', 'field'))
);
--> statement-breakpoint
CREATE TABLE "field_idempotency" (
	"user_id" uuid NOT NULL,
	"key" varchar(100) NOT NULL,
	"request" varchar(200) NOT NULL,
	"status_code" integer,
	"body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "field_idempotency_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "field_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"body" text NOT NULL,
	"device_at" timestamp with time zone NOT NULL,
	"server_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "field_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"device_at" timestamp with time zone NOT NULL,
	"server_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "field_signatures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"signer_name" varchar(200) NOT NULL,
	"file_id" uuid,
	"device_at" timestamp with time zone NOT NULL,
	"server_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "field_time_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" varchar(20) NOT NULL,
	"device_at" timestamp with time zone NOT NULL,
	"server_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "field_time_events_kind_check" CHECK ("field_time_events"."kind" in ('travel_started', 'arrived', 'work_started', 'work_finished'))
);
--> statement-breakpoint
ALTER TABLE "field_checklist_marks" ADD CONSTRAINT "field_checklist_marks_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_checklist_marks" ADD CONSTRAINT "field_checklist_marks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_conflicts" ADD CONSTRAINT "field_conflicts_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_conflicts" ADD CONSTRAINT "field_conflicts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_conflicts" ADD CONSTRAINT "field_conflicts_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_idempotency" ADD CONSTRAINT "field_idempotency_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_notes" ADD CONSTRAINT "field_notes_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_notes" ADD CONSTRAINT "field_notes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_photos" ADD CONSTRAINT "field_photos_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_photos" ADD CONSTRAINT "field_photos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_photos" ADD CONSTRAINT "field_photos_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_signatures" ADD CONSTRAINT "field_signatures_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_signatures" ADD CONSTRAINT "field_signatures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_signatures" ADD CONSTRAINT "field_signatures_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_time_events" ADD CONSTRAINT "field_time_events_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_time_events" ADD CONSTRAINT "field_time_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "field_conflicts_job_idx" ON "field_conflicts" USING btree ("job_id","created_at");--> statement-breakpoint
CREATE INDEX "field_idempotency_created_idx" ON "field_idempotency" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "field_notes_job_idx" ON "field_notes" USING btree ("job_id","server_at");--> statement-breakpoint
CREATE INDEX "field_photos_job_idx" ON "field_photos" USING btree ("job_id","server_at");--> statement-breakpoint
CREATE INDEX "field_signatures_job_idx" ON "field_signatures" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "field_time_events_job_idx" ON "field_time_events" USING btree ("job_id","device_at");--> statement-breakpoint
CREATE INDEX "field_time_events_user_idx" ON "field_time_events" USING btree ("user_id","device_at");
--> statement-breakpoint
-- hand-written:
-- A signature's PNG and a photo's JPEG in stored_files go with their rows, however the row is
-- deleted (a cascade from a deleted job).
CREATE OR REPLACE FUNCTION "field_signatures_remove_file"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "stored_files" WHERE "id" = OLD."file_id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "field_signatures_remove_file" AFTER DELETE ON "field_signatures"
FOR EACH ROW WHEN (OLD."file_id" IS NOT NULL) EXECUTE FUNCTION "field_signatures_remove_file"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "field_photos_remove_file"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "stored_files" WHERE "id" = OLD."file_id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "field_photos_remove_file" AFTER DELETE ON "field_photos"
FOR EACH ROW EXECUTE FUNCTION "field_photos_remove_file"();
