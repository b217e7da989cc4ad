-- The request pipeline keeps each caller's session and user in memory (ADR 0028); the database itself
-- tells every instance when one of them changes, so no write path (an API, the identity server, a
-- job, a hand-run statement) can leave a revoked session or a disabled user cached. Statement-level
-- AFTER triggers with transition tables send one notification per user a statement touched, on the
-- cache bus's channel (server/cache.ts), delivered at commit; a statement that touches very many
-- users sends one that drops the whole cache instead (a notification carries at most 8,000 bytes).
CREATE FUNCTION notify_caller_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed uuid[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('cache_invalidation', '{"topic":"caller"}');
    RETURN NULL;
  END IF;
  IF TG_TABLE_NAME = 'identity_sessions' THEN
    SELECT array_agg(DISTINCT user_id) INTO changed FROM caller_old_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT id) INTO changed FROM caller_old_rows;
  ELSE
    -- Only what the pipeline reads from the user row: activity and profile fields it does not keep are not news.
    SELECT array_agg(DISTINCT n.id) INTO changed
    FROM caller_new_rows n JOIN caller_old_rows o ON o.id = n.id
    WHERE (n.tenant_id, n.user_name, n.name, n.surname, n.email, n.email_confirmed, n.phone_number,
           n.phone_number_confirmed, n.is_active, n.is_deleted, n.lockout_end)
      IS DISTINCT FROM
          (o.tenant_id, o.user_name, o.name, o.surname, o.email, o.email_confirmed, o.phone_number,
           o.phone_number_confirmed, o.is_active, o.is_deleted, o.lockout_end);
  END IF;
  IF changed IS NULL THEN
    RETURN NULL;
  ELSIF cardinality(changed) > 100 THEN
    PERFORM pg_notify('cache_invalidation', '{"topic":"caller"}');
  ELSE
    PERFORM pg_notify('cache_invalidation', json_build_object('topic', 'caller', 'key', user_id)::text)
    FROM unnest(changed) AS user_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER identity_sessions_caller_delete AFTER DELETE ON identity_sessions
  REFERENCING OLD TABLE AS caller_old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_caller_changed();
--> statement-breakpoint
CREATE TRIGGER identity_sessions_caller_truncate AFTER TRUNCATE ON identity_sessions
  FOR EACH STATEMENT EXECUTE FUNCTION notify_caller_changed();
--> statement-breakpoint
CREATE TRIGGER users_caller_update AFTER UPDATE ON users
  REFERENCING OLD TABLE AS caller_old_rows NEW TABLE AS caller_new_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_caller_changed();
--> statement-breakpoint
CREATE TRIGGER users_caller_delete AFTER DELETE ON users
  REFERENCING OLD TABLE AS caller_old_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_caller_changed();
--> statement-breakpoint
CREATE TRIGGER users_caller_truncate AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION notify_caller_changed();
