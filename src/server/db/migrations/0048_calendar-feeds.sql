CREATE TABLE "calendar_feeds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" varchar(20) NOT NULL,
	"technician_id" uuid,
	"office" varchar(100),
	"token_hash" varchar(64) NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_fetched_at" timestamp with time zone,
	CONSTRAINT "calendar_feeds_owner_check" CHECK (("calendar_feeds"."kind" = 'personal' and "calendar_feeds"."technician_id" is not null and "calendar_feeds"."office" is null) or ("calendar_feeds"."kind" = 'office' and "calendar_feeds"."office" is not null and "calendar_feeds"."technician_id" is null))
);
--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_technician_id_technicians_id_fk" FOREIGN KEY ("technician_id") REFERENCES "public"."technicians"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_token_unique" ON "calendar_feeds" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_technician_unique" ON "calendar_feeds" USING btree ("technician_id") WHERE "calendar_feeds"."kind" = 'personal';--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_office_unique" ON "calendar_feeds" USING btree ("office") WHERE "calendar_feeds"."kind" = 'office';