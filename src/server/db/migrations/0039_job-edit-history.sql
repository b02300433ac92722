CREATE TABLE "job_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"user_id" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"changes" jsonb NOT NULL,
	"quote_relevant" boolean DEFAULT false NOT NULL,
	CONSTRAINT "job_changes_not_empty" CHECK (jsonb_typeof("job_changes"."changes") = 'array' and jsonb_array_length("job_changes"."changes") > 0)
);
--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "notes" text;--> statement-breakpoint
ALTER TABLE "job_changes" ADD CONSTRAINT "job_changes_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_changes" ADD CONSTRAINT "job_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_changes_job_idx" ON "job_changes" USING btree ("job_id","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "job_changes_quote_idx" ON "job_changes" USING btree ("job_id","at" DESC NULLS LAST) WHERE "job_changes"."quote_relevant";