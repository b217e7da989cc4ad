// The embedded database's maintenance job: VACUUM (ANALYZE) brings the planner's row estimates up to
// date, which PGlite (no autovacuum) would otherwise never do. On PostgreSQL the job does nothing.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDatabaseMaintenance, vacuumQueueTables } from '../../server/jobs/database-maintenance.ts';
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

  it('vacuums the audit outbox, a queue, so the writer does not scan what it already deleted', async () => {
    // Statistics reach pg_stat_user_tables when the backend flushes them (about once a second):
    // force the flush and give it time, or a loaded run reads 0 before the delete is counted.
    const deadRows = async () => {
      await server.ctx.db.execute(sql`select pg_stat_force_next_flush()`);
      return deadRowsNow();
    };
    const deadRowsNow = async () =>
      Number(
        (
          (await server.ctx.db.execute(
            sql`select n_dead_tup::int as n from pg_stat_user_tables where relname = 'audit_outbox'`,
          )) as unknown as {
            rows: Array<{ n: number }>;
          }
        ).rows[0]!.n,
      );
    await server.ctx.db.execute(
      sql`insert into audit_outbox (id, tenant_id, payload) select gen_random_uuid(), null, '{"changes":[]}'::jsonb from generate_series(1, 300)`,
    );
    await server.ctx.db.execute(sql`delete from audit_outbox where payload = '{"changes":[]}'::jsonb`);
    await expect.poll(deadRows, { timeout: 10_000 }).toBeGreaterThanOrEqual(300);
    await vacuumQueueTables(server.ctx);
    await expect.poll(deadRows, { timeout: 10_000 }).toBe(0);
  });
});
