-- Issue 13.2: every way a session ends announces it on the 'session_ended' channel (payload: the session id), so
-- each app instance (LISTEN) closes that session's live event streams at once: logout, terminating one or all
-- other sessions, password change or reset, account deletion (cascade) and better-auth's own deletions of
-- expired sessions are all a DELETE; an UPDATE ends it when its expiry is moved to now or the past (or its
-- token, id or user changes). Delivered on commit: a rolled-back change announces nothing. 'Last active' and
-- better-auth's refresh (expiry moved forward) do not fire it.
CREATE FUNCTION "notify_session_ended"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('session_ended', '*');
  ELSE
    PERFORM pg_notify('session_ended', OLD.id);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "session_ended_on_delete" AFTER DELETE ON "session" FOR EACH ROW EXECUTE FUNCTION "notify_session_ended"();--> statement-breakpoint
CREATE TRIGGER "session_ended_on_update" AFTER UPDATE OF "id", "expires_at", "token", "user_id" ON "session" FOR EACH ROW
  WHEN (NEW.expires_at <= now() OR NEW.id IS DISTINCT FROM OLD.id OR NEW.token IS DISTINCT FROM OLD.token OR NEW.user_id IS DISTINCT FROM OLD.user_id)
  EXECUTE FUNCTION "notify_session_ended"();--> statement-breakpoint
CREATE TRIGGER "session_ended_on_truncate" AFTER TRUNCATE ON "session" FOR EACH STATEMENT EXECUTE FUNCTION "notify_session_ended"();
