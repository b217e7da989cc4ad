// Seeds N audit logs with realistic variety, for the scale work (bench/audit-logs.ts) and for trying
// the screens on a large table:
//   npm run seed:audit-logs -- --count 10000000 [--tenant acme] [--days 90] [--batch 50000]
//     [--indexes-after | --keep-indexes] [--state FILE] [--concurrency 2]
// The database is DATABASE_URL (PostgreSQL) or the PGlite data directory (DATA_DIR, default .data).
// Rules (issue 22):
// - rows are written in time order, oldest first, as a real installation writes them: the run's
//   span (`days` before its start) is cut into one time slice per batch, and a batch's logs are
//   sorted in time; ids are time-ordered too (UUID version 7 layout, as ABP's sequential GUIDs),
//   so the primary keys grow at their right edge;
// - rows are made here, from a seeded generator, and streamed with COPY … FROM STDIN (PostgreSQL)
//   or COPY … FROM '/dev/blob' (PGlite): one transaction per batch holds the batch's logs,
//   actions and entity changes (with their property changes), so a batch is all there or not at all;
// - with --indexes-after (the default on PostgreSQL from 1,000,000 logs) the secondary indexes of
//   the three tables are dropped before the load and built after it (their definitions are kept in
//   the state file first), then the tables are VACUUM ANALYZEd (visibility map for index-only scans);
// - resumable: the state file (default in the temp directory, named after the database and tenant)
//   holds the run's seed, start, batches done and the dropped indexes; a run that finds an
//   unfinished state for the same count resumes after the last committed batch (a batch's first
//   log id is derived from the seed, so a batch committed just before a crash is recognized);
// - variety: user names from the tenant's users (12 % anonymous), 2xx mostly, some 3xx, 4xx and
//   5xx with exceptions; log-normal durations; 1–3 actions per log (mostly one); entity changes with
//   1–4 property changes on ~10 % of the logs, on a pool of entity ids so that an entity has a
//   history; more traffic on working hours than at night;
// - the daily statistics rollup (migration 0025) is kept by the database's triggers during the
//   load, batch by batch; every run appends, the script never deletes a log. On the bulk path
//   (--indexes-after) a superuser session skips the triggers for its own COPY (session_replication_role
//   = replica, SET LOCAL: the batch's transaction only, no lock, nothing left behind by a crash) and
//   writes the batch's rollup rows itself, counted here while the rows are made: the trigger re-read
//   each batch's 50,000 logs from its transition table (about a fifth of the logs' COPY, measured);
// - on PostgreSQL two batches are written at once, each on its own connection in its own
//   transaction (the server runs one COPY per backend on one core; the machine has two); the state
//   file's batchesDone is the committed prefix, and a resumed run skips a batch already committed
//   past it by its first id, as after any crash.
// Measured (issue 22): at 1,000,000 logs the seeding process itself used 19.5 s of CPU out of the
// 88 s load phase (row generation runs beside the COPY on a worker thread); PostgreSQL's COPY was the
// bottleneck, then the index builds (the URL trigram index alone two thirds of them).
import { createHash, randomInt } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { and, eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Db } from '../server/db/client.ts';
import { tenants, users } from '../server/db/schema/index.ts';

export interface SeedAuditLogsOptions {
  count: number;
  tenantId?: string | null;
  tenantName?: string | null;
  /** Users to attribute logs to; defaults to the tenant's users. */
  people?: Array<{ id: string | null; userName: string }>;
  days?: number;
  batchSize?: number;
  /** Drop secondary indexes before the load and build them after (PostgreSQL only). */
  indexesAfter?: boolean;
  /** Resume state; without it a run is not resumable. */
  stateFile?: string;
  /** Batches written at once on PostgreSQL (default 2; PGlite always 1). */
  concurrency?: number;
  onProgress?: (inserted: number) => void;
  onPhase?: (phase: string, seconds: number) => void;
}

const urls = [
  '/api/identity/users',
  '/api/identity/users/{id}',
  '/api/identity/roles',
  '/api/identity/roles/all',
  '/api/audit-logging/audit-logs',
  '/api/audit-logging/audit-logs/{id}',
  '/api/abp/application-configuration',
  '/api/abp/application-localization',
  '/api/account/my-profile',
  '/api/account/sessions',
  '/api/setting-management/emailing',
  '/api/permission-management/permissions',
  '/api/feature-management/features',
  '/api/saas/tenants',
  '/api/saas/tenants/{id}',
  '/api/wallet/wallets/{id}',
  '/api/wallet/transactions',
  '/api/financial/invoices',
  '/api/financial/invoices/{id}',
  '/api/kyc/requests',
  '/connect/token',
  '/connect/userinfo',
  '/health/ready',
];

const browsers = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.2 Safari/605.1.15',
  'Mozilla/5.0 (X11; Linux x86_64; rv:145.0) Gecko/20100101 Firefox/145.0',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36 Edg/142.0',
  'PostmanRuntime/7.43.0',
  'okhttp/4.12.0',
];

const applications = ['Finance.HttpApi.Host', 'Finance.AuthServer', 'Finance.Web', 'Finance.BackgroundJobs'];

const services = [
  ['Volo.Abp.Identity.IdentityUserAppService', 'GetListAsync'],
  ['Volo.Abp.Identity.IdentityUserAppService', 'UpdateAsync'],
  ['Volo.Abp.Identity.IdentityRoleAppService', 'GetAllListAsync'],
  ['Volo.Abp.AuditLogging.AuditLogsAppService', 'GetListAsync'],
  ['Volo.Abp.Account.ProfileAppService', 'GetAsync'],
  ['Finance.Wallets.WalletAppService', 'TransferAsync'],
  ['Finance.Invoices.InvoiceAppService', 'CreateAsync'],
  ['Volo.Saas.Host.TenantAppService', 'GetListAsync'],
] as const;

const entityTypes = [
  'Volo.Abp.Identity.IdentityUser',
  'Volo.Abp.Identity.IdentityRole',
  'Volo.Saas.Tenant',
  'Finance.Wallets.Wallet',
  'Finance.Invoices.Invoice',
  'Volo.Abp.SettingManagement.Setting',
];

const properties = ['Name', 'Surname', 'Email', 'PhoneNumber', 'IsActive', 'Balance', 'Status', 'DisplayName', 'Value'];

const exceptions = [
  'Volo.Abp.Validation.AbpValidationException: ModelState is not valid! See ValidationErrors for details.',
  'Volo.Abp.Authorization.AbpAuthorizationException: Exception of type Volo.Abp.Authorization.AbpAuthorizationException was thrown.',
  'Volo.Abp.Domain.Entities.EntityNotFoundException: There is no such an entity. Entity type: Finance.Wallets.Wallet',
  'Volo.Abp.BusinessException: Finance:InsufficientBalance',
  'System.TimeoutException: The operation has timed out.\n   at Npgsql.NpgsqlConnector.Connect()',
  'System.InvalidOperationException: Sequence contains no elements\n   at System.Linq.ThrowHelper.ThrowNoElementsException()',
];

/** Relative traffic per UTC hour: busy working hours, quiet nights. */
const hourWeights = [2, 1, 1, 1, 1, 2, 4, 7, 10, 12, 12, 11, 9, 11, 12, 12, 11, 9, 7, 5, 4, 3, 3, 2];

/** A small, fast, seedable generator (mulberry32): the same seed gives the same batch. */
function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `digits` hex digits, eight per draw. */
const hex = (random: () => number, digits: number) => {
  let text = '';
  while (text.length < digits)
    text += Math.floor(random() * 4294967296)
      .toString(16)
      .padStart(8, '0');
  return text.slice(0, digits);
};

/** A UUID in version 7 layout: 48 bits of milliseconds, then random bits; sorts by time. */
function timeOrderedUuid(ms: number, random: () => number): string {
  const t = Math.floor(ms).toString(16).padStart(12, '0');
  const variant = (8 + ((random() * 4) | 0)).toString(16);
  return `${t.slice(0, 8)}-${t.slice(8, 12)}-7${hex(random, 3)}-${variant}${hex(random, 3)}-${hex(random, 12)}`;
}

/** A UUID in version 4 layout from `random`. */
const randomUuid = (random: () => number) =>
  `${hex(random, 8)}-${hex(random, 4)}-4${hex(random, 3)}-${(8 + ((random() * 4) | 0)).toString(16)}${hex(random, 3)}-${hex(random, 12)}`;

const uuidOf = (text: string) => {
  const h = createHash('md5').update(text).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
};

/** COPY text format: \N is null; backslash, tab, newline and carriage return escaped. */
const field = (value: string | number | null | undefined): string =>
  value === null || value === undefined
    ? '\\N'
    : typeof value === 'number'
      ? String(value)
      : /[\\\t\n\r]/.test(value)
        ? value.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'))
        : value;
const line = (values: Array<string | number | null | undefined>) => `${values.map(field).join('\t')}\n`;

const columns = {
  audit_logs: [
    'id',
    'tenant_id',
    'tenant_name',
    'application_name',
    'user_id',
    'user_name',
    'execution_time',
    'execution_duration',
    'client_ip_address',
    'client_name',
    'client_id',
    'correlation_id',
    'browser_info',
    'http_method',
    'url',
    'exceptions',
    'comments',
    'http_status_code',
    'extra_properties',
  ],
  audit_log_actions: [
    'id',
    'audit_log_id',
    'tenant_id',
    'service_name',
    'method_name',
    'parameters',
    'execution_time',
    'execution_duration',
    'extra_properties',
  ],
  entity_changes: [
    'id',
    'audit_log_id',
    'tenant_id',
    'change_time',
    'change_type',
    'entity_tenant_id',
    'entity_id',
    'entity_type_full_name',
    'extra_properties',
    'property_changes',
  ],
} as const;
type Table = keyof typeof columns;
const tables = Object.keys(columns) as Table[];

interface BatchContext {
  seed: number;
  tenantId: string | null;
  tenantName: string | null;
  people: Array<{ id: string | null; userName: string }>;
  entityIds: string[];
  from: number;
  sliceMs: number;
}

/** The batch's rows as COPY text, table by table (chunks of about 1 MB). */
/** A batch's share of the daily statistics rollup (ADR 0021): one row per UTC day it touches. */
export interface RollupDelta {
  day: string;
  logs: number;
  failed: number;
  durationSum: number;
  durations: number;
}

export function batchRows(
  context: BatchContext,
  batch: number,
  n: number,
): { firstId: string; text: Record<Table, string[]>; rollup: RollupDelta[] } {
  const random = generator(context.seed ^ Math.imul(batch + 1, 0x9e3779b1));
  const text: Record<Table, string[]> = { audit_logs: [], audit_log_actions: [], entity_changes: [] };
  const buffers: Record<Table, string> = { audit_logs: '', audit_log_actions: '', entity_changes: '' };
  const push = (table: Table, row: string) => {
    buffers[table] += row;
    if (buffers[table].length > 1_000_000) {
      text[table].push(buffers[table]);
      buffers[table] = '';
    }
  };
  // Times: weighted by hour of day (rejection sampling), then sorted so the batch runs forward.
  const start = context.from + batch * context.sliceMs;
  const times = new Float64Array(n);
  for (let i = 0; i < n; ) {
    const at = start + random() * context.sliceMs;
    const hour = new Date(at).getUTCHours();
    if (random() * 12 < (hourWeights[hour] ?? 1)) times[i++] = at;
  }
  times.sort();
  const { tenantId, tenantName, people, entityIds } = context;
  let firstId = '';
  const days = new Map<string, RollupDelta>();
  for (let i = 0; i < n; i += 1) {
    const at = times[i] as number;
    const iso = new Date(at).toISOString();
    const id = timeOrderedUuid(at, random);
    if (i === 0) firstId = id;
    const rMethod = random();
    const rStatus = random();
    const method =
      rMethod < 0.7
        ? 'GET'
        : rMethod < 0.85
          ? 'POST'
          : rMethod < 0.93
            ? 'PUT'
            : rMethod < 0.98
              ? 'DELETE'
              : (['HEAD', 'OPTIONS', 'TRACE', 'CONNECT'][(random() * 4) | 0] as string);
    const status =
      rStatus < 0.86
        ? rMethod >= 0.7
          ? ([200, 200, 201, 204][(random() * 4) | 0] as number)
          : 200
        : rStatus < 0.87
          ? 302
          : rStatus < 0.96
            ? ([400, 401, 403, 404, 404, 409][(random() * 6) | 0] as number)
            : ([500, 500, 502, 503][(random() * 4) | 0] as number);
    // Log-normal: median ~ 40 ms, a long tail into seconds.
    const u1 = Math.max(random(), 1e-12);
    const u2 = random();
    const duration = Math.max(
      1,
      Math.min(600_000, Math.round(Math.exp(3.7 + 1.1 * Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2)))),
    );
    const rUser = random();
    const person = rUser < 0.12 ? null : (people[((rUser * 1e6) | 0) % people.length] ?? null);
    const ip =
      random() < 0.7
        ? `10.${(random() * 4) | 0}.${(random() * 256) | 0}.${(random() * 256) | 0}`
        : random() < 0.8
          ? `${((random() * 223) | 0) + 1}.${(random() * 256) | 0}.${(random() * 256) | 0}.${(random() * 256) | 0}`
          : `2001:db8::${((random() * 65535) | 0).toString(16)}`;
    // Entity ids in URLs are this app's random (version 4) ids, not time-ordered ones.
    const url = (urls[(random() * urls.length) | 0] as string).replace('{id}', () => randomUuid(random));
    const failed = status >= 500 || (status >= 400 && random() < 0.8);
    // As the trigger counts: a failed log has a non-empty exception; every seeded log has a duration.
    const day = iso.slice(0, 10);
    const delta = days.get(day) ?? { day, logs: 0, failed: 0, durationSum: 0, durations: 0 };
    delta.logs += 1;
    if (failed) delta.failed += 1;
    delta.durationSum += duration;
    delta.durations += 1;
    days.set(day, delta);
    push(
      'audit_logs',
      line([
        id,
        tenantId,
        tenantName,
        applications[(random() * applications.length) | 0],
        person?.id ?? null,
        person?.userName ?? null,
        iso,
        duration,
        ip,
        random() < 0.5 ? `web-${(random() * 8) | 0}` : null,
        random() < 0.6 ? 'Finance_App' : random() < 0.5 ? 'Finance_Swagger' : null,
        hex(random, 32),
        browsers[(random() * browsers.length) | 0],
        method,
        url,
        failed ? exceptions[(random() * exceptions.length) | 0] : null,
        random() < 0.02 ? 'Seeded' : null,
        status,
        random() < 0.05 ? '{"seed": true}' : '{}',
      ]),
    );
    const rActions = random();
    const actions = rActions < 0.75 ? 1 : rActions < 0.93 ? 2 : 3;
    for (let a = 0; a < actions; a += 1) {
      const [service, methodName] = services[(random() * services.length) | 0] as readonly [string, string];
      push(
        'audit_log_actions',
        line([
          timeOrderedUuid(at, random),
          id,
          tenantId,
          service,
          methodName,
          '{"input":{"skipCount":0,"maxResultCount":10,"password":"***"}}',
          iso,
          Math.max(0, duration - 1),
          '{}',
        ]),
      );
    }
    if (random() < 0.1) {
      const changeId = timeOrderedUuid(at, random);
      const changeType = [0, 1, 1, 1, 2][(random() * 5) | 0] as number;
      const entityId = entityIds[(random() * entityIds.length) | 0];
      const entityType = entityTypes[(random() * entityTypes.length) | 0];
      const count = 1 + ((random() * 4) | 0);
      const first = (random() * 1000) | 0;
      // Stored as the writer stores them (ADR 0029): a jsonb array ordered by property name.
      const propertyChanges = Array.from({ length: count }, (_, p) => ({
        propertyName: properties[(first + p + 1) % properties.length]!,
        propertyTypeFullName: 'System.String',
        originalValue: changeType === 0 ? null : `old-${(random() * 1000) | 0}`,
        newValue: changeType === 2 ? null : `new-${(random() * 1000) | 0}`,
      })).sort((a, b) => (a.propertyName < b.propertyName ? -1 : 1));
      push(
        'entity_changes',
        line([changeId, id, tenantId, iso, changeType, tenantId, entityId, entityType, '{}', JSON.stringify(propertyChanges)]),
      );
    }
  }
  for (const table of tables) if (buffers[table]) text[table].push(buffers[table]);
  return { firstId, text, rollup: [...days.values()] };
}

/** Makes batches on a worker thread (in order, one request at a time), or inline when workers are unavailable. */
function rowMaker(context: BatchContext): {
  make(batch: number, n: number): Promise<ReturnType<typeof batchRows>>;
  close(): Promise<void>;
} {
  let worker: Worker | null = null;
  try {
    worker = new Worker(new URL(import.meta.url), { workerData: { seedAuditLogsWorker: context } });
  } catch {
    worker = null;
  }
  if (!worker) return { make: async (batch, n) => batchRows(context, batch, n), close: async () => {} };
  const thread = worker;
  let chain: Promise<unknown> = Promise.resolve();
  return {
    make(batch, n) {
      const made = chain.then(
        () =>
          new Promise<ReturnType<typeof batchRows>>((resolve, reject) => {
            const onError = (error: unknown) => reject(error);
            thread.once('error', onError);
            thread.once('message', (message: ReturnType<typeof batchRows>) => {
              thread.off('error', onError);
              resolve(message);
            });
            thread.postMessage({ batch, n });
          }),
      );
      chain = made.catch(() => {});
      return made;
    },
    close: () => thread.terminate().then(() => {}),
  };
}

if (!isMainThread && (workerData as { seedAuditLogsWorker?: BatchContext } | null)?.seedAuditLogsWorker) {
  const context = (workerData as { seedAuditLogsWorker: BatchContext }).seedAuditLogsWorker;
  parentPort?.on('message', ({ batch, n }: { batch: number; n: number }) => parentPort?.postMessage(batchRows(context, batch, n)));
}

interface SeedState {
  version: 1;
  count: number;
  tenantId: string | null;
  seed: number;
  from: number;
  sliceMs: number;
  batchSize: number;
  batchesDone: number;
  /** Secondary indexes dropped for the load, to build after it. */
  droppedIndexes: Array<{ name: string; definition: string }>;
  /** Foreign keys dropped for the load (checked row by row they cost more than the rows), restored after it. */
  droppedForeignKeys?: Array<{ table: string; name: string; definition: string }>;
  finished: boolean;
}

const copyStatement = (table: Table, source: string) => `copy ${table} (${columns[table].join(', ')}) from ${source}`;

/**
 * COPY … FROM STDIN on one node-postgres client, without a copy-streams package: a submittable
 * query that answers the server's CopyInResponse with the chunks (waiting for the socket to drain).
 */
function copyIn(client: pg.PoolClient, text: string, chunks: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    let failure: unknown = null;
    const submittable = {
      submit(connection: { query(text: string): void }) {
        connection.query(text);
      },
      handleCopyInResponse(connection: { sendCopyFromChunk(chunk: Buffer): void; endCopyFrom(): void; stream: Writable }) {
        void (async () => {
          for (const chunk of chunks) {
            // sendCopyFromChunk answers nothing: the socket itself says when to wait.
            connection.sendCopyFromChunk(Buffer.from(chunk));
            if (connection.stream.writableNeedDrain) await new Promise((done) => connection.stream.once('drain', done));
          }
          connection.endCopyFrom();
        })();
      },
      handleError(error: unknown) {
        failure = error;
      },
      handleCommandComplete() {},
      handleReadyForQuery() {
        if (failure) reject(failure);
        else resolve();
      },
      handleRowDescription() {},
      handleDataRow() {},
      handleEmptyQuery() {},
      handlePortalSuspended() {},
      handleCopyData() {},
    };
    (client as unknown as { query(q: unknown): void }).query(submittable);
  });
}

type PGliteClient = {
  transaction<T>(
    fn: (tx: { query(text: string, params?: unknown[], options?: { blob?: Blob }): Promise<unknown> }) => Promise<T>,
  ): Promise<T>;
  query(text: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
};

/**
 * Whether this session may skip triggers for its own statements (session_replication_role is a
 * superuser setting): probed in a transaction that is rolled back.
 */
async function maySkipTriggers(db: Db): Promise<boolean> {
  const connection = await (db as unknown as { $client: pg.Pool }).$client.connect();
  try {
    await connection.query('begin');
    await connection.query(`set local session_replication_role = replica`);
    return true;
  } catch {
    return false;
  } finally {
    await connection.query('rollback').catch(() => {});
    connection.release();
  }
}

async function writeBatch(
  db: Db,
  kind: 'postgres' | 'pglite',
  made: { text: Record<Table, string[]>; rollup: RollupDelta[] },
  tenantId: string | null,
  skipTriggers: boolean,
): Promise<void> {
  const { text } = made;
  const client = (db as unknown as { $client: unknown }).$client;
  if (kind === 'postgres') {
    const connection = await (client as pg.Pool).connect();
    try {
      await connection.query('begin');
      // A batch is re-made from its seed after a crash: its commit need not wait for the disk.
      await connection.query('set local synchronous_commit = off');
      if (skipTriggers) await connection.query('set local session_replication_role = replica');
      for (const table of tables) if (text[table].length) await copyIn(connection, copyStatement(table, 'stdin'), text[table]);
      if (skipTriggers && made.rollup.length) {
        // What the insert trigger would have appended: one delta row per (tenant, UTC day).
        await connection.query(
          `insert into audit_log_daily_stats (tenant_id, day, log_count, failed_count, duration_sum, duration_count)
           select $1::uuid, d.day, d.logs, d.failed, d.duration_sum, d.durations
           from unnest($2::date[], $3::bigint[], $4::bigint[], $5::bigint[], $6::bigint[]) as d(day, logs, failed, duration_sum, durations)`,
          [
            tenantId,
            made.rollup.map((d) => d.day),
            made.rollup.map((d) => d.logs),
            made.rollup.map((d) => d.failed),
            made.rollup.map((d) => d.durationSum),
            made.rollup.map((d) => d.durations),
          ],
        );
      }
      await connection.query('commit');
    } catch (error) {
      await connection.query('rollback').catch(() => {});
      throw error;
    } finally {
      connection.release();
    }
  } else {
    await (client as PGliteClient).transaction(async (tx) => {
      for (const table of tables) {
        if (text[table].length) await tx.query(copyStatement(table, `'/dev/blob'`), [], { blob: new Blob(text[table]) });
      }
    });
  }
}

async function rowsOf<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Secondary indexes of the three tables: neither primary keys nor backing a constraint. */
async function secondaryIndexes(db: Db): Promise<Array<{ name: string; definition: string }>> {
  return rowsOf(
    db,
    sql`select i.indexname as name, i.indexdef as definition from pg_indexes i
        where i.schemaname = current_schema() and i.tablename in ('audit_logs', 'audit_log_actions', 'entity_changes')
          and not exists (select 1 from pg_constraint c where c.conname = i.indexname)
        order by i.tablename, i.indexname`,
  );
}

/** Foreign keys among the three tables (children to audit_logs). */
async function foreignKeys(db: Db): Promise<Array<{ table: string; name: string; definition: string }>> {
  return rowsOf(
    db,
    sql`select c.conrelid::regclass::text as table, c.conname as name, pg_get_constraintdef(c.oid) as definition from pg_constraint c
        where c.contype = 'f' and c.conrelid::regclass::text in ('audit_log_actions', 'entity_changes')
        order by 1, 2`,
  );
}

function saveState(file: string | undefined, state: SeedState): void {
  if (!file) return;
  fs.writeFileSync(`${file}.tmp`, JSON.stringify(state, null, 2));
  fs.renameSync(`${file}.tmp`, file);
}

function loadState(file: string | undefined): SeedState | null {
  if (!file || !fs.existsSync(file)) return null;
  return JSON.parse(fs.readFileSync(file, 'utf8')) as SeedState;
}

export async function seedAuditLogs(db: Db, options: SeedAuditLogsOptions): Promise<number> {
  const tenantId = options.tenantId ?? null;
  const days = options.days ?? 90;
  const batchSize = options.batchSize ?? 50_000;
  // PGlite's client has exec(); node-postgres's pool has not.
  const kind = typeof (db as unknown as { $client: { exec?: unknown } }).$client.exec === 'function' ? 'pglite' : 'postgres';
  const found =
    options.people ??
    (await db
      .select({ id: users.id, userName: users.userName })
      .from(users)
      .where(and(tenantId ? eq(users.tenantId, tenantId) : sql`${users.tenantId} is null`, eq(users.isDeleted, false))));
  const people = found.length ? found : [{ id: null, userName: 'admin' }];
  const entityIds = Array.from({ length: 20_000 }, (_, i) => uuidOf(`entity${i}`));
  const batches = Math.ceil(options.count / batchSize);

  const saved = loadState(options.stateFile);
  const resuming =
    saved && !saved.finished && saved.count === options.count && saved.tenantId === tenantId && saved.batchSize === batchSize;
  const now = Date.now();
  const state: SeedState = resuming
    ? saved
    : {
        version: 1,
        count: options.count,
        tenantId,
        seed: randomInt(2 ** 31),
        from: now - days * 86_400_000,
        sliceMs: (days * 86_400_000) / batches,
        batchSize,
        batchesDone: 0,
        droppedIndexes: [],
        finished: false,
      };
  const context: BatchContext = {
    seed: state.seed,
    tenantId,
    tenantName: options.tenantName ?? null,
    people,
    entityIds,
    from: state.from,
    sliceMs: state.sliceMs,
  };
  const phase = (name: string, since: number) => options.onPhase?.(name, (performance.now() - since) / 1000);

  if (kind === 'postgres' && options.indexesAfter && !resuming) {
    const started = performance.now();
    state.droppedIndexes = await secondaryIndexes(db);
    state.droppedForeignKeys = await foreignKeys(db);
    saveState(options.stateFile, state);
    for (const key of state.droppedForeignKeys) await db.execute(sql.raw(`alter table ${key.table} drop constraint if exists ${key.name}`));
    for (const index of state.droppedIndexes) await db.execute(sql.raw(`drop index if exists ${index.name}`));
    phase(`dropped ${state.droppedIndexes.length} secondary indexes and ${state.droppedForeignKeys.length} foreign keys`, started);
  }
  saveState(options.stateFile, state);

  const loadStarted = performance.now();
  let inserted = Math.min(options.count, state.batchesDone * batchSize);
  options.onProgress?.(inserted);
  const sizeOf = (batch: number) => Math.min(batchSize, options.count - batch * batchSize);
  const concurrency = kind === 'postgres' ? Math.max(1, Math.floor(options.concurrency ?? 2)) : 1;
  const skipTriggers = kind === 'postgres' && options.indexesAfter === true && (await maySkipTriggers(db));
  // Rows are made on a worker thread, the next batch while the database takes the ones in flight.
  const maker = rowMaker(context);
  let next = state.batchesDone < batches ? maker.make(state.batchesDone, sizeOf(state.batchesDone)) : null;
  // batchesDone is the committed prefix: a batch that ends before an earlier one waits in `ended`.
  const ended = new Set<number>();
  const running = new Set<Promise<void>>();
  const write = async (batch: number, made: ReturnType<typeof batchRows>) => {
    // A batch committed just before a crash (the state file not yet saying so) is not written twice.
    const [already] = await rowsOf<{ found: boolean }>(
      db,
      sql`select exists (select 1 from audit_logs where id = ${made.firstId}) as found`,
    );
    if (!already?.found) await writeBatch(db, kind, made, tenantId, skipTriggers);
    ended.add(batch);
    while (ended.has(state.batchesDone)) {
      ended.delete(state.batchesDone);
      state.batchesDone += 1;
    }
    saveState(options.stateFile, state);
    inserted += sizeOf(batch);
    options.onProgress?.(inserted);
  };
  try {
    for (let batch = state.batchesDone; batch < batches; batch += 1) {
      const made = await (next as Promise<ReturnType<typeof batchRows>>);
      next = batch + 1 < batches ? maker.make(batch + 1, sizeOf(batch + 1)) : null;
      const task = write(batch, made);
      running.add(task);
      task.then(
        () => running.delete(task),
        () => {},
      );
      if (running.size >= concurrency) await Promise.race(running);
    }
    await Promise.all(running);
  } catch (error) {
    // Let the other batch in flight end (committed or not) before giving up: the rerun resumes.
    await Promise.allSettled(running);
    await maker.close();
    throw error;
  }
  await maker.close();
  phase('load (COPY)', loadStarted);

  if (state.droppedIndexes.length) {
    const started = performance.now();
    // One session, so its maintenance_work_mem holds for every build (sorts in memory).
    // Two sessions build in turn from one list (two cores); each session's maintenance_work_mem
    // holds for its builds, so sorts stay in memory.
    const pool = (db as unknown as { $client: pg.Pool }).$client;
    const queue = [...state.droppedIndexes];
    await Promise.all(
      [0, 1].map(async () => {
        const connection = await pool.connect();
        try {
          await connection.query(`set maintenance_work_mem = '1GB'`);
          for (let index = queue.shift(); index; index = queue.shift()) {
            const each = performance.now();
            await connection.query(index.definition.replace(/^CREATE (UNIQUE )?INDEX /, 'CREATE $1INDEX IF NOT EXISTS '));
            phase(`  index ${index.name}`, each);
          }
        } finally {
          connection.release();
        }
      }),
    );
    phase('secondary indexes built', started);
  }
  if (state.droppedForeignKeys?.length) {
    const started = performance.now();
    // NOT VALID then VALIDATE: one join per key instead of a lookup per row.
    for (const key of state.droppedForeignKeys) {
      const [exists] = await rowsOf<{ found: boolean }>(
        db,
        sql`select exists (select 1 from pg_constraint where conname = ${key.name}) as found`,
      );
      if (!exists?.found) await db.execute(sql.raw(`alter table ${key.table} add constraint ${key.name} ${key.definition} not valid`));
      await db.execute(sql.raw(`alter table ${key.table} validate constraint ${key.name}`));
    }
    phase('foreign keys restored and validated', started);
  }
  if (kind === 'postgres' && options.indexesAfter) {
    const started = performance.now();
    for (const table of tables) await db.execute(sql.raw(`vacuum analyze ${table}`));
    phase('vacuum analyze', started);
  }
  state.finished = true;
  saveState(options.stateFile, state);
  return inserted;
}

function argument(args: string[], name: string): string | undefined {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : undefined;
}

/** The default state file: per database and tenant, in the temp directory. */
export const defaultStateFile = (database: string, tenant: string | null) =>
  path.join(
    os.tmpdir(),
    `finance-seed-audit-logs-${createHash('sha1')
      .update(`${database}|${tenant ?? 'host'}`)
      .digest('hex')
      .slice(0, 12)}.json`,
  );

if (import.meta.main && isMainThread) {
  const { openDatabase } = await import('../server/db/client.ts');
  const { loadConfig } = await import('../server/config.ts');
  const args = process.argv.slice(2);
  const count = Number(argument(args, 'count') ?? 1000);
  const tenantName = argument(args, 'tenant');
  if (!Number.isInteger(count) || count < 1) throw new Error('--count must be a positive integer');
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  try {
    let tenant: { id: string; name: string } | undefined;
    if (tenantName) {
      [tenant] = await database.db
        .select({ id: tenants.id, name: tenants.name })
        .from(tenants)
        .where(eq(tenants.normalizedName, tenantName.toUpperCase()));
      if (!tenant) throw new Error(`No tenant named '${tenantName}' (start the server once to seed the demo tenant).`);
    }
    const indexesAfter = args.includes('--keep-indexes')
      ? false
      : args.includes('--indexes-after') || (database.kind === 'postgres' && count >= 1_000_000);
    const started = performance.now();
    await seedAuditLogs(database.db, {
      count,
      tenantId: tenant?.id ?? null,
      tenantName: tenant?.name ?? null,
      days: Number(argument(args, 'days') ?? 90),
      batchSize: Number(argument(args, 'batch') ?? 50_000),
      concurrency: Number(argument(args, 'concurrency') ?? 2),
      indexesAfter,
      stateFile: argument(args, 'state') ?? defaultStateFile(config.databaseUrl ?? config.dataDir, tenant?.id ?? null),
      onProgress: (done) => {
        const seconds = (performance.now() - started) / 1000;
        process.stdout.write(`\r${done.toLocaleString('en')} / ${count.toLocaleString('en')} audit logs, ${seconds.toFixed(1)} s`);
      },
      onPhase: (name, seconds) => process.stdout.write(`\n${name}: ${seconds.toFixed(1)} s`),
    });
    process.stdout.write(`\ntotal: ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
  } finally {
    await database.close();
  }
}
