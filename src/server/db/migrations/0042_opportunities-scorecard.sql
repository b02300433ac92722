CREATE TABLE "opportunity_follow_ups" (
	"kind" varchar(20) NOT NULL,
	"source_id" uuid NOT NULL,
	"follow_up_on" date,
	"note" varchar(1000),
	"dismissed_at" timestamp with time zone,
	"dismiss_reason" varchar(500),
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "opportunity_follow_ups_kind_source_id_pk" PRIMARY KEY("kind","source_id"),
	CONSTRAINT "opportunity_follow_ups_kind_check" CHECK ("opportunity_follow_ups"."kind" in ('unquoted_repair', 'awaiting_customer', 'declined_quote', 'replacement')),
	CONSTRAINT "opportunity_follow_ups_dismissed_has_reason" CHECK ("opportunity_follow_ups"."dismissed_at" is null or ("opportunity_follow_ups"."dismiss_reason" is not null and btrim("opportunity_follow_ups"."dismiss_reason") <> ''))
);
--> statement-breakpoint
ALTER TABLE "opportunity_follow_ups" ADD CONSTRAINT "opportunity_follow_ups_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "opportunity_follow_ups_due_idx" ON "opportunity_follow_ups" USING btree ("follow_up_on") WHERE "opportunity_follow_ups"."follow_up_on" is not null;--> statement-breakpoint
CREATE INDEX "jobs_completed_at_idx" ON "jobs" USING btree ("completed_at") WHERE "jobs"."status" = 'completed';--> statement-breakpoint
CREATE INDEX "job_quotes_sent_at_idx" ON "job_quotes" USING btree ("sent_at");--> statement-breakpoint
CREATE INDEX "job_quotes_declined_idx" ON "job_quotes" USING btree ("decided_at") WHERE "job_quotes"."status" = 'declined';