CREATE TABLE "job_inspection_changes" (
	"job_id" uuid PRIMARY KEY NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changed_by" uuid
);
--> statement-breakpoint
CREATE TABLE "job_inspection_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"inspection_id" uuid NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"content_type" varchar(20) NOT NULL,
	"size" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"original_key" uuid NOT NULL,
	"display_key" uuid NOT NULL,
	"display_width" integer NOT NULL,
	"display_height" integer NOT NULL,
	"thumb_key" uuid NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_inspection_photos_content_type_check" CHECK ("job_inspection_photos"."content_type" in ('image/jpeg', 'image/png', 'image/webp')),
	CONSTRAINT "job_inspection_photos_file_name_not_blank" CHECK (btrim("job_inspection_photos"."file_name") <> ''),
	CONSTRAINT "job_inspection_photos_size_check" CHECK ("job_inspection_photos"."size" > 0 and "job_inspection_photos"."size" <= 10485760),
	CONSTRAINT "job_inspection_photos_dimensions_check" CHECK ("job_inspection_photos"."width" > 0 and "job_inspection_photos"."height" > 0 and "job_inspection_photos"."display_width" > 0 and "job_inspection_photos"."display_height" > 0)
);
--> statement-breakpoint
CREATE TABLE "job_repair_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"repair_id" uuid NOT NULL,
	"kind" varchar(12) NOT NULL,
	"position" smallint NOT NULL,
	"name" varchar(200) NOT NULL,
	"cost" numeric(12, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "job_repair_lines_kind_check" CHECK ("job_repair_lines"."kind" in ('accessory', 'additional')),
	CONSTRAINT "job_repair_lines_position_check" CHECK ("job_repair_lines"."position" >= 0),
	CONSTRAINT "job_repair_lines_cost_check" CHECK ("job_repair_lines"."cost" >= 0)
);
--> statement-breakpoint
ALTER TABLE "job_inspection_changes" ADD CONSTRAINT "job_inspection_changes_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_inspection_changes" ADD CONSTRAINT "job_inspection_changes_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_inspection_photos" ADD CONSTRAINT "job_inspection_photos_inspection_id_job_inspections_id_fk" FOREIGN KEY ("inspection_id") REFERENCES "public"."job_inspections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_inspection_photos" ADD CONSTRAINT "job_inspection_photos_original_key_stored_files_id_fk" FOREIGN KEY ("original_key") REFERENCES "public"."stored_files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_inspection_photos" ADD CONSTRAINT "job_inspection_photos_display_key_stored_files_id_fk" FOREIGN KEY ("display_key") REFERENCES "public"."stored_files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_inspection_photos" ADD CONSTRAINT "job_inspection_photos_thumb_key_stored_files_id_fk" FOREIGN KEY ("thumb_key") REFERENCES "public"."stored_files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_inspection_photos" ADD CONSTRAINT "job_inspection_photos_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_repair_lines" ADD CONSTRAINT "job_repair_lines_repair_id_job_repairs_id_fk" FOREIGN KEY ("repair_id") REFERENCES "public"."job_repairs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_inspection_photos_inspection_idx" ON "job_inspection_photos" USING btree ("inspection_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "job_repair_lines_repair_kind_position_unique" ON "job_repair_lines" USING btree ("repair_id","kind","position");