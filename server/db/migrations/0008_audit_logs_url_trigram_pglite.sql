-- PGlite now loads its pg_trgm contrib (server/db/client.ts), so data directories that ran 0006
-- without the extension get the URL trigram index here. Same guard as 0006: where pg_trgm cannot
-- be created this does nothing; where 0006 already built the index (PostgreSQL, new PGlite
-- directories) IF NOT EXISTS makes it a no-op.
DO $$
BEGIN
  BEGIN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
  EXCEPTION WHEN OTHERS THEN
    RAISE NOTICE 'pg_trgm is not available: no trigram index on audit_logs.url';
  END;
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    EXECUTE 'CREATE INDEX IF NOT EXISTS audit_logs_url_trgm_idx ON audit_logs USING gin (url gin_trgm_ops)';
  END IF;
END
$$;
