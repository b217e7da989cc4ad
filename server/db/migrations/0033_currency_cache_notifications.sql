-- The ledger keeps each tenant's currencies (code, decimals, active) in memory for its batches
-- (ADR 0031) instead of reading them in every batch; the database tells every instance when any
-- currency changes, so no write path (the API, a tenant's seed, a hand-run statement) can leave a
-- deactivated currency usable. One notification per statement on the cache bus's channel
-- (server/cache.ts), delivered at commit; it drops every tenant's currencies (they change rarely).
CREATE FUNCTION notify_currencies_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('cache_invalidation', '{"topic":"currencies"}');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER currencies_cache_change AFTER INSERT OR UPDATE OR DELETE ON currencies
  FOR EACH STATEMENT EXECUTE FUNCTION notify_currencies_changed();
--> statement-breakpoint
CREATE TRIGGER currencies_cache_truncate AFTER TRUNCATE ON currencies
  FOR EACH STATEMENT EXECUTE FUNCTION notify_currencies_changed();
