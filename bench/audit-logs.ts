// Audit logs at scale (quality bar: first page < 100 ms p95 on PostgreSQL at 1,000,000 rows; detail
// and entity history < 20 ms; 100,000-row export in seconds with bounded memory; issue 22 at
// 10,000,000 rows: every list filter and sort, both statistics over 30 days and the entity-changes
// list under 50 ms p95 through HTTP, skipCount=100000 under 100 ms for every sort order).
//   node bench/audit-logs.ts --db postgres|pglite [--rows 1000000] [--samples 25] [--prepare-only] [--no-export]
// PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres:postgres@127.0.0.1:5432/bench_audit,
// created when missing). PGlite: BENCH_PGLITE_DIR (default /tmp/finance-bench-audit). The database is
// kept between runs: the demo tenant 'acme' is topped up to --rows audit logs, then VACUUM ANALYZEd.
// Each case is timed twice: calling the service function the route calls (no HTTP, no token check:
// the database-bound part) and through HTTP on the real app (a listening server, acme's admin token:
// what a client waits for). A large top-up goes through the seed's bulk path (COPY, secondary
// indexes after the load). Prints Markdown tables, with the load average before and after.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { defaultStateFile, seedAuditLogs } from '../scripts/seed-audit-logs.ts';
import { type BuiltApp, buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { auditLogs, tenants } from '../server/db/schema/index.ts';
import { seed } from '../server/db/seed/index.ts';

export interface BenchOptions {
  db: 'postgres' | 'pglite';
  rows: number;
  samples: number;
  /** Skip the 100,000-row export (minutes at 10M on a busy machine). */
  noExport?: boolean;
}

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

export async function ensurePostgresDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Unexpected database name ${name}`);
  const adminUrl = new URL(url);
  adminUrl.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (!found.rowCount) await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
}

/** Opens (and migrates, seeds, tops up) the benchmark database. */
export async function prepare(
  options: BenchOptions,
): Promise<{ built: BuiltApp; listen: () => Promise<{ url: string; token: string }>; tenantId: string; seedSeconds: number | null }> {
  const databaseUrl =
    options.db === 'postgres' ? (process.env.BENCH_DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/bench_audit') : undefined;
  const dataDir =
    options.db === 'pglite'
      ? (process.env.BENCH_PGLITE_DIR ?? path.join(os.tmpdir(), 'finance-bench-audit'))
      : fs.mkdtempSync(path.join(os.tmpdir(), 'finance-bench-audit-'));
  // Not bench-app.ts's startBenchApp: it imports this module, which would wait on its own top-level await.
  if (databaseUrl) await ensurePostgresDatabase(databaseUrl);
  const { freePort } = await import('../tests/kit/test-server.ts');
  const port = await freePort();
  const config = loadConfig(
    {
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}/`,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      SERVE_SPA: 'false',
      SECRETS_KEY: Buffer.alloc(32, 9).toString('base64'),
    },
    { databaseUrl },
  );
  const built = await buildApp({ config, logger: false });
  await seed(built.ctx);
  const listen = async () => {
    await built.app.listen({ port, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${port}`;
    const { passwordToken } = await import('../tests/kit/auth.ts');
    const { adminPassword } = await import('../server/db/seed/identity.ts');
    const { access_token: token } = await passwordToken({ url, config }, { userName: 'admin', password: adminPassword, tenant: 'acme' });
    return { url, token };
  };
  const [tenant] = await built.ctx.db.select().from(tenants).where(eq(tenants.normalizedName, 'ACME'));
  if (!tenant) throw new Error('The demo tenant acme is missing');
  const [{ count } = { count: 0 }] = await built.ctx.db
    .select({ count: sql<number>`count(*)::int` })
    .from(auditLogs)
    .where(eq(auditLogs.tenantId, tenant.id));
  let seedSeconds: number | null = null;
  if (count < options.rows) {
    const started = performance.now();
    const missing = options.rows - count;
    await seedAuditLogs(built.ctx.db, {
      count: missing,
      tenantId: tenant.id,
      tenantName: tenant.name,
      batchSize: 50_000,
      indexesAfter: options.db === 'postgres' && missing >= 1_000_000,
      stateFile: defaultStateFile(databaseUrl ?? dataDir, tenant.id),
      onProgress: (done) =>
        process.stderr.write(
          `\rseeding ${done.toLocaleString('en')} / ${missing.toLocaleString('en')} (${((performance.now() - started) / 1000).toFixed(0)} s)`,
        ),
    });
    seedSeconds = (performance.now() - started) / 1000;
    process.stderr.write('\n');
  }
  // PGlite has no autovacuum: without a VACUUM its visibility map stays empty and every index-only
  // scan reads the heap row by row (the 30-day statistics took 1.4 s instead of 76 ms). VACUUM
  // ANALYZE here stands in for what PostgreSQL's autovacuum does by itself (2-3 s at 1M rows).
  await built.ctx.db.execute(sql`vacuum analyze`);
  return { built, listen, tenantId: tenant.id, seedSeconds };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

/** p50/p95 over `samples` runs after 2 warm-ups; a case whose warm-up takes over a second gets 5 runs. */
async function time(
  samples: number,
  run: (i: number) => Promise<unknown>,
): Promise<{ p50: number; p95: number; last: unknown; samples: number }> {
  let last: unknown;
  const warm = performance.now();
  for (let i = 0; i < 2; i += 1) last = await run(i);
  const count = (performance.now() - warm) / 2 > 1000 ? Math.min(5, samples) : samples;
  const durations: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const started = performance.now();
    last = await run(i);
    durations.push(performance.now() - started);
  }
  durations.sort((a, b) => a - b);
  return { p50: percentile(durations, 50), p95: percentile(durations, 95), last, samples: count };
}

const ms = (value: number) => value.toFixed(value < 10 ? 2 : 1);

function markdown(header: string[], rows: string[][]): string {
  return [`| ${header.join(' | ')} |`, `| ${header.map(() => '---').join(' | ')} |`, ...rows.map((row) => `| ${row.join(' | ')} |`)].join(
    '\n',
  );
}

type Raw = Record<string, unknown>;
async function rows<T = Raw>(built: BuiltApp, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await built.ctx.db.execute(query)) as unknown as { rows: T[] }).rows;
}

export async function runBenchmark(options: BenchOptions): Promise<string> {
  const loadBefore = os.loadavg();
  const { built, listen, tenantId, seedSeconds } = await prepare(options);
  const { ctx } = built;
  const { url: base, token } = await listen();
  const { listAuditLogs, getAuditLog, entityChangesWithUsername, listEntityChanges, averageExecutionDurationPerDay, errorRate } =
    await import('../server/modules/audit-logging/audit-log-repository.ts');
  const { createAuditExports, defaultAuditExportOptions } = await import('../server/jobs/audit-export.ts');
  try {
    const [{ total } = { total: 0 }] = await rows<{ total: number }>(
      built,
      sql`select count(*)::int as total from ${auditLogs} where ${auditLogs.tenantId} = ${tenantId}`,
    );
    const sample = async (column: string, where = sql`true`) =>
      (
        await rows<{ value: string }>(
          built,
          sql`select ${sql.identifier(column)}::text as value from ${auditLogs} where ${auditLogs.tenantId} = ${tenantId} and ${where} offset 5000 limit 1`,
        )
      )[0]?.value as string;
    const ip = await sample('client_ip_address');
    const correlationId = await sample('correlation_id');
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
    const detailIds = (
      await rows<{ id: string }>(
        built,
        sql`select audit_log_id::text as id from entity_changes where tenant_id = ${tenantId} order by change_time desc offset 1000 limit 50`,
      )
    ).map((r) => r.id);
    const entities = await rows<{ entityId: string; type: string }>(
      built,
      sql`select entity_id as "entityId", entity_type_full_name as type from entity_changes where tenant_id = ${tenantId}
          and change_time > now() - interval '3 days' group by 1, 2 order by count(*) desc limit 50`,
    );

    /** GET `path` with `query` through HTTP as acme's admin; a non-200 answer fails the benchmark. */
    const http = (path: string, query: Record<string, unknown> = {}) => {
      const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
      const target = `${base}${path}${search ? `?${search}` : ''}`;
      return async () => {
        const response = await fetch(target, { headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' } });
        const body = await response.text();
        if (response.status !== 200) throw new Error(`${target}: ${response.status} ${body.slice(0, 200)}`);
        return JSON.parse(body) as unknown;
      };
    };
    const listPath = '/api/audit-logging/audit-logs';
    const page = (filter: Record<string, unknown>) => () => listAuditLogs(ctx, tenantId, { maxResultCount: 10, skipCount: 0, ...filter });
    const filters: Array<[string, Record<string, unknown>]> = [
      ['no filter', {}],
      ['startTime/endTime: last 7 days', { startTime: daysAgo(7), endTime: daysAgo(0) }],
      ['userName', { userName: 'john.smith' }],
      ['url contains (common: identity/users)', { url: 'identity/users' }],
      ['url contains (rare: invoices/1)', { url: 'invoices/1' }],
      ['url contains (no match)', { url: 'no-such-path' }],
      ['httpMethod POST', { httpMethod: 'POST' }],
      ['httpMethod TRACE (0.5%)', { httpMethod: 'TRACE' }],
      ['httpStatusCode 404', { httpStatusCode: 404 }],
      ['httpStatusCode 503 (1%)', { httpStatusCode: 503 }],
      ['minExecutionDuration 1000', { minExecutionDuration: 1000 }],
      ['execution duration 100–200', { minExecutionDuration: 100, maxExecutionDuration: 200 }],
      ['hasException true', { hasException: true }],
      ['hasException false', { hasException: false }],
      ['applicationName', { applicationName: 'Finance.Web' }],
      ['clientIpAddress', { clientIpAddress: ip }],
      ['correlationId', { correlationId }],
      ['clientId', { clientId: 'Finance_Swagger' }],
      ['userName + last 7 days', { userName: 'maria.garcia', startTime: daysAgo(7) }],
      ['userName + hasException', { userName: 'maria.garcia', hasException: true }],
      ['httpStatusCode 500 + httpMethod POST', { httpStatusCode: 500, httpMethod: 'POST' }],
      ['GET + 200 + last 30 days', { httpMethod: 'GET', httpStatusCode: 200, startTime: daysAgo(30) }],
      ['url + httpMethod', { url: 'identity/users', httpMethod: 'PUT' }],
      ['applicationName + minExecutionDuration 500', { applicationName: 'Finance.AuthServer', minExecutionDuration: 500 }],
      ['hasException + last 24 hours', { hasException: true, startTime: daysAgo(1) }],
    ];
    // The six sortable columns of spec 2.6, both ways: the first page and skipCount=100000.
    const sortColumns = ['executionTime', 'url', 'userName', 'clientIpAddress', 'executionDuration', 'applicationName'];
    const sorts = sortColumns.flatMap((column) => [`${column} asc`, `${column} desc`]);

    type Measured = { service: Awaited<ReturnType<typeof time>>; http: Awaited<ReturnType<typeof time>> };
    const both = async (
      samples: number,
      service: (i: number) => Promise<unknown>,
      overHttp: (i: number) => Promise<unknown>,
    ): Promise<Measured> => ({
      service: await time(samples, service),
      http: await time(samples, overHttp),
    });
    const cells = (m: Measured) => [ms(m.service.p50), ms(m.service.p95), ms(m.http.p50), ms(m.http.p95)];
    const totalOf = (last: unknown) => {
      const answer = last as { totalCount: number; items: unknown[]; extraProperties?: { totalCountIsEstimate: boolean } };
      return `${answer.totalCount.toLocaleString('en')}${answer.extraProperties?.totalCountIsEstimate ? ' (estimate)' : ''}`;
    };

    const listRows: string[][] = [];
    for (const [name, filter] of filters) {
      const m = await both(options.samples, page(filter), http(listPath, { maxResultCount: 10, ...filter }));
      listRows.push([name, ...cells(m), String((m.http.last as { items: unknown[] }).items.length), totalOf(m.http.last)]);
    }
    const sortRows: string[][] = [];
    for (const sorting of sorts) {
      const first = await both(options.samples, page({ sorting }), http(listPath, { maxResultCount: 10, sorting }));
      const deep = await both(
        options.samples,
        page({ sorting, skipCount: 100_000 }),
        http(listPath, { maxResultCount: 10, sorting, skipCount: 100_000 }),
      );
      sortRows.push([sorting, ...cells(first), ...cells(deep)]);
    }

    const changesPath = '/api/audit-logging/audit-logs/entity-changes';
    const statistic = (name: string) => `/api/audit-logging/audit-logs/statistics/${name}`;
    const range = (days: number) => ({ startDate: daysAgo(days - 1).slice(0, 10), endDate: daysAgo(0).slice(0, 10) });
    const lookups: Array<{ name: string; service: (i: number) => Promise<unknown>; http: (i: number) => Promise<unknown> }> = [
      {
        name: 'detail (log + actions + changes)',
        service: (i) => getAuditLog(ctx, tenantId, detailIds[i % detailIds.length] as string),
        http: (i) => http(`${listPath}/${detailIds[i % detailIds.length]}`)(),
      },
      {
        name: 'entity history (entity-changes-with-username)',
        service: (i) => {
          const entity = entities[i % entities.length] as { entityId: string; type: string };
          return entityChangesWithUsername(ctx, tenantId, entity.entityId, entity.type);
        },
        http: (i) => {
          const entity = entities[i % entities.length] as { entityId: string; type: string };
          return http(`${listPath}/entity-changes-with-username`, { entityId: entity.entityId, entityTypeFullName: entity.type })();
        },
      },
      {
        name: 'entity changes, first page',
        service: () => listEntityChanges(ctx, tenantId, { maxResultCount: 10, skipCount: 0 }),
        http: http(changesPath, { maxResultCount: 10 }),
      },
      {
        name: 'entity changes by type + change type',
        service: () =>
          listEntityChanges(ctx, tenantId, { maxResultCount: 10, entityTypeFullName: 'Finance.Wallets.Wallet', entityChangeType: 1 }),
        http: http(changesPath, { maxResultCount: 10, entityTypeFullName: 'Finance.Wallets.Wallet', entityChangeType: 1 }),
      },
      {
        name: 'entity changes, change type Deleted',
        service: () => listEntityChanges(ctx, tenantId, { maxResultCount: 10, entityChangeType: 2 }),
        http: http(changesPath, { maxResultCount: 10, entityChangeType: 2 }),
      },
      {
        name: 'entity changes, last 7 days',
        service: () => listEntityChanges(ctx, tenantId, { maxResultCount: 10, startDate: daysAgo(7) }),
        http: http(changesPath, { maxResultCount: 10, startDate: daysAgo(7) }),
      },
      {
        name: 'entity changes, entity id',
        service: () => listEntityChanges(ctx, tenantId, { maxResultCount: 10, entityId: entities[0]?.entityId }),
        http: http(changesPath, { maxResultCount: 10, entityId: entities[0]?.entityId }),
      },
      {
        name: 'entity changes, changeTime asc',
        service: () => listEntityChanges(ctx, tenantId, { maxResultCount: 10, sorting: 'changeTime asc' }),
        http: http(changesPath, { maxResultCount: 10, sorting: 'changeTime asc' }),
      },
      {
        name: 'entity changes, skipCount=100000',
        service: () => listEntityChanges(ctx, tenantId, { maxResultCount: 10, skipCount: 100_000 }),
        http: http(changesPath, { maxResultCount: 10, skipCount: 100_000 }),
      },
      ...[7, 30].flatMap((days) => [
        {
          name: `statistics: average duration per day, ${days} days`,
          service: () => averageExecutionDurationPerDay(ctx, tenantId, range(days).startDate, range(days).endDate, 'en'),
          http: http(statistic('average-execution-duration-per-day'), range(days)),
        },
        {
          name: `statistics: error rate, ${days} days`,
          service: () => errorRate(ctx, tenantId, range(days).startDate, range(days).endDate, (key) => key),
          http: http(statistic('error-rate'), range(days)),
        },
      ]),
    ];
    const lookupRows: string[][] = [];
    for (const item of lookups) lookupRows.push([item.name, ...cells(await both(options.samples, item.service, item.http))]);

    // Export of 100,000 rows through the background job (cursor -> exceljs streaming writer -> file).
    let exportTable = '(not run: --no-export)';
    if (!options.noExport) {
      const exportRows = Math.min(100_000, total);
      const [boundary] = await rows<{ at: string }>(
        built,
        sql`select to_char(execution_time at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at from ${auditLogs}
          where ${auditLogs.tenantId} = ${tenantId} order by execution_time desc offset ${exportRows - 1} limit 1`,
      );
      const exports = createAuditExports(ctx, { ...defaultAuditExportOptions(), inlineRowLimit: 0 });
      global.gc?.();
      const before = process.memoryUsage();
      let peakRss = before.rss;
      let peakHeap = before.heapUsed;
      const sampler = setInterval(() => {
        const now = process.memoryUsage();
        peakRss = Math.max(peakRss, now.rss);
        peakHeap = Math.max(peakHeap, now.heapUsed);
      }, 20);
      const started = performance.now();
      const answer = await exports.start('AuditLogs', { tenantId, userId: crypto.randomUUID() }, { startTime: boundary?.at });
      await exports.idle();
      const seconds = (performance.now() - started) / 1000;
      clearInterval(sampler);
      const state = await exports.state(answer.jobId as string, { tenantId, userId: '' }).catch(() => null);
      // The file is in the database (export_file_chunks); its size is on the job.
      const [job] = await rows<{ status: string; total: number; size: number }>(
        built,
        sql`select status, total_rows as total, file_size::float8 as size from export_jobs where id = ${answer.jobId}`,
      );
      const size = job?.size ?? 0;
      await exports.close();
      void state;
      const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
      exportTable = markdown(
        ['rows', 'status', 'seconds', 'rows/s', 'file MiB', 'RSS before MiB', 'peak RSS MiB', 'peak heap growth MiB'],
        [
          [
            (job?.total ?? 0).toLocaleString('en'),
            job?.status ?? '?',
            seconds.toFixed(1),
            Math.round((job?.total ?? 0) / seconds).toLocaleString('en'),
            mib(size),
            mib(before.rss),
            mib(peakRss),
            mib(peakHeap - before.heapUsed),
          ],
        ],
      );
    }

    const title = options.db === 'postgres' ? 'PostgreSQL 15 (node-postgres)' : 'PGlite 0.5 (embedded, in-process)';
    return [
      `### ${title}: ${total.toLocaleString('en')} audit logs in one tenant${seedSeconds === null ? '' : `, seeded in ${seedSeconds.toFixed(0)} s`}`,
      '',
      `Load average before ${loadBefore.map((l) => l.toFixed(1)).join(' ')}, after ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(
          ' ',
        )} (${os.cpus().length} cores). ${options.samples} samples after 2 warm-ups (5 when a warm-up took over a second), milliseconds; service = the repository function, HTTP = GET through the listening app.`,
      '',
      'First page (10 rows, newest first) per filter:',
      '',
      markdown(['filter', 'service p50', 'service p95', 'HTTP p50', 'HTTP p95', 'rows', 'totalCount'], listRows),
      '',
      'Every sort of spec 2.6, first page and skipCount=100000:',
      '',
      markdown(
        ['sorting', 'service p50', 'service p95', 'HTTP p50', 'HTTP p95', 'skip 100k service p50', 'p95', 'skip 100k HTTP p50', 'p95'],
        sortRows,
      ),
      '',
      'Lookups, entity changes and statistics:',
      '',
      markdown(['case', 'service p50', 'service p95', 'HTTP p50', 'HTTP p95'], lookupRows),
      '',
      'Export to xlsx (background job: cursor batches of 2,000 into the exceljs streaming writer, stored in 1 MiB chunks in the database):',
      '',
      exportTable,
      '',
    ].join('\n');
  } finally {
    await built.close();
  }
}

if (import.meta.main) {
  const options: BenchOptions = {
    db: argument('db') === 'pglite' ? 'pglite' : 'postgres',
    rows: Number(argument('rows') ?? 1_000_000),
    samples: Number(argument('samples') ?? 25),
    noExport: process.argv.includes('--no-export'),
  };
  if (process.argv.includes('--prepare-only')) {
    const { built, seedSeconds } = await prepare(options);
    console.log(`prepared ${options.db}: seeding took ${seedSeconds?.toFixed(1) ?? 'nothing (already seeded)'} s`);
    await built.close();
  } else {
    console.log(
      `Node ${process.version}, ${os.cpus().length} cores, load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}\n`,
    );
    console.log(await runBenchmark(options));
  }
}
