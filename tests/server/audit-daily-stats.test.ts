// The per-tenant, per-day statistics rollup of audit logs (issue 22, ADR 0021) agrees with a full
// recount of audit_logs, on the database the run uses (PGlite, or PostgreSQL with
// TEST_DATABASE_URL):
// - after a burst of concurrent audited requests (changes through the audit outbox, failures,
//   reads), their completions applied by the batch writer, over logs of earlier days;
// - the statistics endpoints answer closed days from the rollup (a delta added to the rollup alone
//   shows in the answer) and agree with the recount otherwise;
// - after compaction (one row per closed day) and after the expired-log deleter ran;
// - after the real server process is killed with SIGKILL mid-burst (its writer flushing every
//   20 ms, so batches are in flight) and restarted on the same data.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAuditLogs } from '../../scripts/seed-audit-logs.ts';
import { compactAuditLogDailyStats } from '../../server/audit/daily-stats.ts';
import { openDatabase } from '../../server/db/client.ts';
import { runAuditLogDeleter } from '../../server/jobs/audit-log-deleter.ts';
import { setSettingValues } from '../../server/modules/setting-management/store.ts';
import { processAdminToken } from '../kit/auth.ts';
import { type ServerProcess, startServerProcess } from '../kit/server-process.ts';
import { startTestServer, type TestServer } from '../kit/test-server.ts';
import { type Caller, signIn, tenantIdOf } from './identity-helpers.ts';

const onPostgres = !!process.env.TEST_DATABASE_URL;
const dayMs = 24 * 60 * 60 * 1000;

type Executor = { execute(query: ReturnType<typeof sql>): Promise<unknown> };
const rowsOf = async <T>(db: Executor, query: ReturnType<typeof sql>) => ((await db.execute(query)) as { rows: T[] }).rows;

/** Per (tenant, day): logs, failed, duration sum and count, from the rollup (days summing to nothing left out). */
const rolledUp = async (db: Executor) =>
  (
    await rowsOf<{ line: string }>(
      db,
      sql`select concat_ws('|', coalesce(tenant_id::text, 'host'), to_char(day, 'YYYY-MM-DD'), sum(log_count), sum(failed_count),
            sum(duration_sum), sum(duration_count)) as line
          from audit_log_daily_stats group by tenant_id, day having sum(log_count) <> 0 or sum(duration_sum) <> 0 order by 1`,
    )
  ).map((r) => r.line);

/** The same figures counted from every log. */
const recounted = async (db: Executor) =>
  (
    await rowsOf<{ line: string }>(
      db,
      sql`select concat_ws('|', coalesce(tenant_id::text, 'host'), to_char((execution_time at time zone 'UTC')::date, 'YYYY-MM-DD'),
            count(*), count(*) filter (where exceptions <> ''), sum(execution_duration), count(execution_duration)) as line
          from audit_logs group by tenant_id, (execution_time at time zone 'UTC')::date order by 1`,
    )
  ).map((r) => r.line);

/** A burst of audited requests from `loops` concurrent loops: role creations (changes), duplicates and missing roles (failures), reads. */
async function burst(
  base: string,
  token: string,
  options: { total: number; loops: number; run: string; onAnswer?: (answered: number) => void },
): Promise<{ answered: number; statuses: number[] }> {
  let next = 0;
  let answered = 0;
  const statuses: number[] = [];
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'accept-language': 'en' };
  const loop = async () => {
    while (next < options.total) {
      const i = next++;
      try {
        const kind = i % 5;
        const response =
          kind === 0 || kind === 1
            ? await fetch(`${base}/api/identity/roles`, {
                method: 'POST',
                headers,
                body: JSON.stringify({ name: `stats-${options.run}-${i}` }),
              })
            : kind === 2
              ? await fetch(`${base}/api/identity/roles`, {
                  method: 'POST',
                  headers,
                  body: JSON.stringify({ name: `stats-${options.run}-0` }),
                })
              : kind === 3
                ? await fetch(`${base}/api/identity/roles/${crypto.randomUUID()}`, { headers })
                : await fetch(`${base}/api/identity/users?maxResultCount=5`, { headers });
        await response.arrayBuffer();
        statuses.push(response.status);
        answered += 1;
        options.onAnswer?.(answered);
      } catch {
        return; // the process is gone
      }
    }
  };
  await Promise.all(Array.from({ length: options.loops }, loop));
  return { answered, statuses };
}

describe(`audit statistics rollup (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let server: TestServer;
  let admin: Caller;
  let acme: Caller;
  let acmeId: string;
  const run = Date.now().toString(36);

  beforeAll(async () => {
    server = await startTestServer();
    admin = await signIn(server, 'admin');
    acme = await signIn(server, 'admin', 'acme');
    acmeId = await tenantIdOf(server, 'acme');
    // Earlier days: closed days the statistics read from the rollup.
    await seedAuditLogs(server.ctx.db, { count: 600, tenantId: acmeId, tenantName: 'acme', days: 20, batchSize: 200 });
    await seedAuditLogs(server.ctx.db, { count: 200, tenantId: null, days: 20, batchSize: 200 });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('agrees with a recount after a burst of concurrent audited requests', { timeout: 120_000 }, async () => {
    const [host, tenant] = await Promise.all([
      burst(server.url, admin.token, { total: 120, loops: 8, run: `${run}-h` }),
      burst(server.url, acme.token, { total: 120, loops: 8, run: `${run}-a` }),
    ]);
    expect(host.statuses.filter((s) => s === 200).length).toBeGreaterThan(20);
    expect(tenant.statuses.some((s) => s >= 400)).toBe(true);
    // The writer expands the outbox and applies the completions (status code, duration, exceptions).
    await server.ctx.audit.writer.flush();
    await server.ctx.audit.writer.flush();
    const [{ outbox } = { outbox: -1 }] = await rowsOf<{ outbox: number }>(
      server.ctx.db,
      sql`select count(*)::int as outbox from audit_outbox`,
    );
    expect(outbox).toBe(0);
    const counted = await recounted(server.ctx.db);
    expect(counted.some((line) => line.startsWith(`${acmeId}|${new Date().toISOString().slice(0, 10)}|`))).toBe(true);
    expect(await rolledUp(server.ctx.db)).toEqual(counted);
  });

  it('answers closed days from the rollup and agrees with a recount', async () => {
    const start = new Date(Date.now() - 15 * dayMs).toISOString().slice(0, 10);
    const end = new Date().toISOString().slice(0, 10);
    const query = `startDate=${start}&endDate=${end}`;
    const [expected] = await rowsOf<{ total: number; failed: number }>(
      server.ctx.db,
      sql`select count(*)::int as total, (count(*) filter (where exceptions <> ''))::int as failed from audit_logs
          where tenant_id = ${acmeId} and execution_time >= ${`${start}T00:00:00Z`}::timestamptz`,
    );
    const rate = await acme.call<{ data: Record<string, number> }>('GET', `/api/audit-logging/audit-logs/statistics/error-rate?${query}`);
    expect(rate.status).toBe(200);
    expect(rate.body.data).toEqual({ Fault: expected!.failed, Success: expected!.total - expected!.failed });
    const perDay = await rowsOf<{ day: string; average: string }>(
      server.ctx.db,
      sql`select to_char((execution_time at time zone 'UTC')::date, 'YYYY-MM-DD') as day, avg(execution_duration) as average from audit_logs
          where tenant_id = ${acmeId} and execution_time >= ${`${start}T00:00:00Z`}::timestamptz group by 1 order by 1`,
    );
    const format = new Intl.DateTimeFormat('en', { year: 'numeric', month: 'numeric', day: 'numeric', timeZone: 'UTC' });
    const average = await acme.call<{ data: Record<string, number> }>(
      'GET',
      `/api/audit-logging/audit-logs/statistics/average-execution-duration-per-day?${query}`,
    );
    expect(average.body.data).toEqual(
      Object.fromEntries(perDay.map((d) => [format.format(new Date(`${d.day}T00:00:00Z`)), Math.round(Number(d.average) * 100) / 100])),
    );
    expect(Object.keys(average.body.data).length).toBeGreaterThan(10);

    // A delta in the rollup alone (no log behind it) shows: closed days are read from the rollup.
    const closedDay = new Date(Date.now() - 3 * dayMs).toISOString().slice(0, 10);
    await server.ctx.db.execute(
      sql`insert into audit_log_daily_stats (tenant_id, day, log_count, failed_count, duration_sum, duration_count)
          values (${acmeId}, ${closedDay}::date, 1000, 1000, 0, 1000)`,
    );
    const tampered = await acme.call<{ data: Record<string, number> }>(
      'GET',
      `/api/audit-logging/audit-logs/statistics/error-rate?${query}`,
    );
    expect(tampered.body.data).toEqual({ Fault: expected!.failed + 1000, Success: expected!.total - expected!.failed });
    await server.ctx.db.execute(
      sql`insert into audit_log_daily_stats (tenant_id, day, log_count, failed_count, duration_sum, duration_count)
          values (${acmeId}, ${closedDay}::date, -1000, -1000, 0, -1000)`,
    );
    // Today is read live: the rollup's rows of today do not count.
    const today = new Date().toISOString().slice(0, 10);
    const todayOnly = `startDate=${today}&endDate=${today}`;
    const before = await acme.call<{ data: Record<string, number> }>(
      'GET',
      `/api/audit-logging/audit-logs/statistics/error-rate?${todayOnly}`,
    );
    await server.ctx.db.execute(
      sql`insert into audit_log_daily_stats (tenant_id, day, log_count, failed_count, duration_sum, duration_count)
          values (${acmeId}, ${today}::date, 500, 500, 0, 500)`,
    );
    const after = await acme.call<{ data: Record<string, number> }>(
      'GET',
      `/api/audit-logging/audit-logs/statistics/error-rate?${todayOnly}`,
    );
    expect(after.body.data).toEqual(before.body.data);
    await server.ctx.db.execute(
      sql`insert into audit_log_daily_stats (tenant_id, day, log_count, failed_count, duration_sum, duration_count)
          values (${acmeId}, ${today}::date, -500, -500, 0, -500)`,
    );
    expect(await rolledUp(server.ctx.db)).toEqual(await recounted(server.ctx.db));
  });

  it('agrees after compaction and after the expired-log deleter ran', async () => {
    const { removed } = await compactAuditLogDailyStats(server.ctx.db);
    expect(removed).toBeGreaterThan(0);
    const [{ crowded } = { crowded: -1 }] = await rowsOf<{ crowded: number }>(
      server.ctx.db,
      sql`select count(*)::int as crowded from (select 1 from audit_log_daily_stats where day < (now() at time zone 'UTC')::date
          group by tenant_id, day having count(*) > 1) x`,
    );
    expect(crowded).toBe(0);
    expect(await rolledUp(server.ctx.db)).toEqual(await recounted(server.ctx.db));

    await setSettingValues(
      server.ctx,
      {
        'Volo.AuditLogging.IsPeriodicDeleterEnabled': 'true',
        'Volo.AuditLogging.IsExpiredDeleterEnabled': 'true',
        'Volo.AuditLogging.ExpiredDeleterPeriod': '7',
      },
      { providerName: 'G', providerKey: '' },
    );
    const result = await runAuditLogDeleter(server.ctx, { deleterBatchSize: 97 });
    expect(result.ran).toBe(true);
    expect(result.byTenant[acmeId]).toBeGreaterThan(100);
    expect(await rolledUp(server.ctx.db)).toEqual(await recounted(server.ctx.db));
    // Compaction drops the closed days that sum to nothing now (today's rows include completions' deltas of 0 logs).
    await compactAuditLogDailyStats(server.ctx.db);
    const [{ empty } = { empty: -1 }] = await rowsOf<{ empty: number }>(
      server.ctx.db,
      sql`select count(*)::int as empty from audit_log_daily_stats where log_count = 0 and day < (now() at time zone 'UTC')::date`,
    );
    expect(empty).toBe(0);
    expect(await rolledUp(server.ctx.db)).toEqual(await recounted(server.ctx.db));
  });
});

describe(`audit statistics rollup across SIGKILL (${onPostgres ? 'PostgreSQL' : 'PGlite'} process)`, () => {
  const processes: ServerProcess[] = [];
  afterAll(async () => {
    for (const server of processes.reverse()) await server.remove();
  });

  it('agrees with a recount after the process is killed mid-burst and restarted', { timeout: 240_000 }, async () => {
    const env = { AUDIT_FLUSH_INTERVAL_MS: '20', AUDIT_BATCH_SIZE: '7', AUDIT_GET_REQUESTS: 'true' };
    const first = await startServerProcess(env, { postgres: true });
    processes.push(first);
    const token = await processAdminToken(first.base);
    const killAfter = 90;
    const { answered } = await burst(first.base, token, {
      total: 400,
      loops: 8,
      run: Date.now().toString(36),
      onAnswer: (n) => {
        if (n === killAfter) first.kill();
      },
    });
    await first.exited;
    expect(answered).toBeGreaterThanOrEqual(killAfter);
    expect(answered).toBeLessThan(400);

    // Restarted on the same data: it expands what the killed one left, then stops gracefully
    // (its writer writes everything queued).
    const second = await startServerProcess(env, { reuse: first });
    processes.push(second);
    expect((await fetch(`${second.base}/health/ready`)).status).toBe(200);
    second.terminate();
    expect(await second.exited).toBe(0);

    const database = await openDatabase({ dataDir: first.dataDir, databaseUrl: first.databaseUrl });
    try {
      const counted = await recounted(database.db);
      expect(counted.length).toBeGreaterThan(0);
      expect(await rolledUp(database.db)).toEqual(counted);
    } finally {
      await database.close();
    }
  });
});
