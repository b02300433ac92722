CREATE TABLE "api_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(100) NOT NULL,
	"role" varchar(20) NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"hint" varchar(8) NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoked_by" uuid,
	CONSTRAINT "api_tokens_name_not_blank" CHECK (btrim("api_tokens"."name") <> ''),
	CONSTRAINT "api_tokens_role_check" CHECK ("api_tokens"."role" in ('read-only', 'office', 'admin'))
);
--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_tokens_hash_unique" ON "api_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "api_tokens_created_idx" ON "api_tokens" USING btree ("created_at" desc);--> statement-breakpoint
CREATE INDEX "api_tokens_created_by_idx" ON "api_tokens" USING btree ("created_by");--> statement-breakpoint
-- hand-written:
-- A revoke (or any change to what a token grants) is announced like a session's end (migration
-- 0036), so every app server forgets its token copies before its next request (decision 047).
-- last_used_at is not watched: a use never empties the copies.
CREATE TRIGGER "api_tokens_notify_change" AFTER DELETE OR UPDATE OF "revoked_at", "token_hash", "role", "expires_at", "created_by" ON "api_tokens"
  FOR EACH ROW EXECUTE FUNCTION "notify_session_change"();
--> statement-breakpoint
CREATE TRIGGER "api_tokens_notify_truncate" AFTER TRUNCATE ON "api_tokens"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_session_change"();
