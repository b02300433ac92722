-- Each app process keeps the sessions it resolved for a few seconds (decision 014, "Session
-- cache"): the session itself stays here, and every change that can end a session or change what
-- it grants is announced on the channel `hvac_session_change`, whichever process or tool made it.
-- Every process listens and forgets all it kept. Row triggers, so a sweep that deletes no session
-- announces nothing; PostgreSQL sends one notification per transaction for the same payload.
CREATE OR REPLACE FUNCTION "notify_session_change"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('hvac_session_change', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "sessions_notify_change" AFTER DELETE OR UPDATE OF "user_id", "id" ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION "notify_session_change"();
--> statement-breakpoint
CREATE TRIGGER "sessions_notify_truncate" AFTER TRUNCATE ON "sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_session_change"();
--> statement-breakpoint
CREATE TRIGGER "users_notify_change" AFTER UPDATE OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "notify_session_change"();
--> statement-breakpoint
CREATE TRIGGER "users_notify_truncate" AFTER TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_session_change"();
