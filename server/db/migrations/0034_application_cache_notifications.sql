-- Each instance keeps the OpenID applications it has read (the identity server's client lookups and,
-- since this migration, the liveness check of every client-credentials token: ADR 0023 as amended);
-- the database tells every instance when any application changes, so no write path (the API, the
-- seed, a hand-run statement) can leave a deleted client, a withdrawn flow or a replaced secret
-- accepted. One notification per statement on the cache bus's channel (server/cache.ts), delivered
-- at commit, naming the trigger's topic; it drops everything kept under that topic (such rows
-- change rarely). The currencies' triggers of migration 0033 move to the same function.
CREATE FUNCTION notify_cache_topic() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('cache_invalidation', json_build_object('topic', TG_ARGV[0])::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER applications_cache_change AFTER INSERT OR UPDATE OR DELETE ON applications
  FOR EACH STATEMENT EXECUTE FUNCTION notify_cache_topic('openiddict-applications');
--> statement-breakpoint
CREATE TRIGGER applications_cache_truncate AFTER TRUNCATE ON applications
  FOR EACH STATEMENT EXECUTE FUNCTION notify_cache_topic('openiddict-applications');
--> statement-breakpoint
DROP TRIGGER currencies_cache_change ON currencies;
--> statement-breakpoint
DROP TRIGGER currencies_cache_truncate ON currencies;
--> statement-breakpoint
DROP FUNCTION notify_currencies_changed();
--> statement-breakpoint
CREATE TRIGGER currencies_cache_change AFTER INSERT OR UPDATE OR DELETE ON currencies
  FOR EACH STATEMENT EXECUTE FUNCTION notify_cache_topic('currencies');
--> statement-breakpoint
CREATE TRIGGER currencies_cache_truncate AFTER TRUNCATE ON currencies
  FOR EACH STATEMENT EXECUTE FUNCTION notify_cache_topic('currencies');
