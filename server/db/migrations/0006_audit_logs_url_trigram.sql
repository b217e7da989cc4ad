-- URL 'contains' filter of the audit log list: a trigram index where the pg_trgm extension can be
-- created (PostgreSQL; pg_trgm is a trusted extension). Where it cannot (PGlite without the
-- extension loaded) this does nothing and the filter walks the time index instead.
-- Not managed by drizzle (the extension may be missing); see docs/adr/0006-audit-log-counting.md.
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
