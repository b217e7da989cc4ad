-- The user list's 'contains' filters (free text over user name, e-mail, name, surname and phone;
-- and each of those alone): trigram indexes where pg_trgm can be created (PostgreSQL; PGlite loads
-- its contrib, server/db/client.ts). Where it cannot, this does nothing and the filters scan the
-- tenant's users, as before. Same guard as 0006 (not managed by drizzle: the extension may be missing).
DO $$
BEGIN
  BEGIN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
  EXCEPTION WHEN OTHERS THEN
    RAISE NOTICE 'pg_trgm is not available: no trigram indexes on users';
  END;
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    EXECUTE 'CREATE INDEX IF NOT EXISTS users_user_name_trgm_idx ON users USING gin (user_name gin_trgm_ops)';
    EXECUTE 'CREATE INDEX IF NOT EXISTS users_email_trgm_idx ON users USING gin (email gin_trgm_ops)';
    EXECUTE 'CREATE INDEX IF NOT EXISTS users_name_trgm_idx ON users USING gin (name gin_trgm_ops)';
    EXECUTE 'CREATE INDEX IF NOT EXISTS users_surname_trgm_idx ON users USING gin (surname gin_trgm_ops)';
    EXECUTE 'CREATE INDEX IF NOT EXISTS users_phone_number_trgm_idx ON users USING gin (phone_number gin_trgm_ops)';
  END IF;
END
$$;
