// The embedded database's maintenance job: VACUUM (ANALYZE) brings the planner's row estimates up to
// date, which PGlite (no autovacuum) would otherwise never do. On PostgreSQL the job does nothing.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDatabaseMaintenance } from '../../server/jobs/database-maintenance.ts';
import { databaseKind, startTestServer, type TestServer } from '../kit/test-server.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.stop();
});

const estimatedRows = async () => {
  const result = (await server.ctx.db.execute(
    sql`select reltuples::float8 as n from pg_class where relname = 'security_logs'`,
  )) as unknown as {
    rows: Array<{ n: number }>;
  };
  return Number(result.rows[0]!.n);
};

describe.skipIf(databaseKind !== 'pglite')('database maintenance on PGlite', () => {
  it('brings the planner estimates up to date', async () => {
    await server.ctx.db.execute(
      sql`insert into security_logs (id, tenant_id, action, creation_time, extra_properties) select gen_random_uuid(), null, 'Bulk', now(), '{}'::jsonb from generate_series(1, 500)`,
    );
    const total = (await server.ctx.db.execute(sql`select count(*)::int as n from security_logs`)) as unknown as {
      rows: Array<{ n: number }>;
    };
    expect(await estimatedRows()).not.toBe(total.rows[0]!.n);
    await runDatabaseMaintenance(server.ctx);
    expect(await estimatedRows()).toBe(total.rows[0]!.n);
  });
});
