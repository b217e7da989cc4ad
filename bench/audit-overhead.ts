// What auditing costs a request, and how much of bare Fastify's throughput the list endpoints keep
// (quality bar: auditing adds well under a millisecond; the lists keep a sizeable fraction).
//   node bench/audit-overhead.ts [--db pglite|postgres] [--requests 400] [--seconds 8] [--concurrency 16]
// (a) Latency: the same route (GET /api/identity/users as the acme admin; GETs audited via
//     AUDIT_GET_REQUESTS=true) on two apps side by side, one with AUDIT_LOGGING_ENABLED on and one
//     with it off, requested in turn one at a time (paired, so both see the same machine load);
//     p50/p95 of each and of the per-pair difference. (a2) The same pairing for a changing request
//     (POST /api/identity/roles, a new role each time), whose audit log and entity changes are
//     committed in the change's own transaction as one audit_outbox row, expanded into the audit
//     tables by the batch writer within a second (ADRs 0009 and 0010).
// (b) Throughput: requests per second at fixed concurrency for an authenticated, audited,
//     tenant-filtered list (identity users, audit logs) and for a bare Fastify hello-world, and the
//     ratio. The load comes from a worker thread (its own event loop, a fixed number of request loops on
//     node:http keep-alive connections: http-load.ts),
//     so the server's event loop only serves. PostgreSQL: BENCH_OVERHEAD_DATABASE_URL (default
//     bench_overhead, created when missing; not bench_audit, which these audited requests would
//     grow); PGlite: a fresh data directory. Prints Markdown tables; figures, never pass/fail.
//     Beside requests/s, which swing with whatever else the machine runs, each row gives the CPU the
//     server spent per request over the loaded window (issue 16): the process's CPU time
//     (process.cpuUsage: every thread, so GC helpers and the thread pool count) minus the load
//     worker's own (process.threadCpuUsage in the worker), divided by the requests; and of that, the
//     main thread's (the event loop). A figure that moves little with load, unlike requests/s; the
//     database server's CPU is not in it (PGlite's is: it runs on the main thread).
import fs from 'node:fs';
import type http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { startBenchApp } from './bench-app.ts';
import {
  keepAliveAgent,
  type LoadJob,
  type LoadResult,
  loadInWorker,
  postgresCpu,
  postgresCpuSince,
  postmasterOf,
  send,
} from './http-load.ts';

/** A load result with the server's CPU over its window (loadFromWorker). */
interface MeasuredLoad extends LoadResult {
  /** Server CPU ms per request: the process's CPU less the load worker's. */
  serverCpuMs: number;
  /** Of which the main thread's (the server's event loop). */
  mainCpuMs: number;
  /** The PostgreSQL server's CPU ms per request (every process of its cluster), when measured. */
  databaseCpuMs: number | null;
}

const cpuMs = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1000;

/**
 * Runs the load in a worker and measures the server's CPU over it: the process's CPU less the
 * worker's (measured in the worker over its loop), and the main thread's, per request; and, given
 * its postmaster, the PostgreSQL server's. The window also holds the worker's start-up and end (a
 * few milliseconds of the 8 s).
 */
async function loadFromWorker(job: LoadJob, postmaster: number | null): Promise<MeasuredLoad> {
  const processCpu = process.cpuUsage();
  const mainCpu = process.threadCpuUsage();
  const databaseCpu = postmaster ? postgresCpu(postmaster) : null;
  const result = await loadInWorker(job);
  const requests = Math.max(1, result.requests);
  const databaseNow = postmaster && databaseCpu ? postgresCpu(postmaster) : null;
  return {
    ...result,
    serverCpuMs: (cpuMs(process.cpuUsage(processCpu)) - result.loadCpuMs) / requests,
    mainCpuMs: cpuMs(process.threadCpuUsage(mainCpu)) / requests,
    databaseCpuMs: databaseCpu && databaseNow ? postgresCpuSince(databaseCpu, databaseNow) / requests : null,
  };
}

/** A throughput table row: requests/s, latency percentiles, failures and CPU per request. */
function throughputRow(name: string, result: MeasuredLoad): string[] {
  const sorted = result.latencies.sort((a, b) => a - b);
  return [
    name,
    (result.requests / result.seconds).toFixed(0),
    ms(percentile(sorted, 50)),
    ms(percentile(sorted, 95)),
    String(result.failures),
    result.serverCpuMs.toFixed(3),
    result.mainCpuMs.toFixed(3),
    (result.loadCpuMs / Math.max(1, result.requests)).toFixed(3),
    result.databaseCpuMs === null ? '–' : result.databaseCpuMs.toFixed(3),
  ];
}

const argument = (name: string) => {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
};
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
const ms = (value: number) => value.toFixed(value < 10 ? 2 : 1);
const markdown = (header: string[], rows: string[][]) =>
  [`| ${header.join(' | ')} |`, `| ${header.map(() => '---').join(' | ')} |`, ...rows.map((row) => `| ${row.join(' | ')} |`)].join('\n');

/**
 * Paired changing requests: a role created on each app in turn (unique names), one at a time, after
 * 10 warm-ups each; the same statistics as paired().
 */
async function pairedWrites(
  bases: { on: string; off: string },
  tokens: { on: string; off: string },
  count: number,
): Promise<{ on: number[]; off: number[]; differences: number[] }> {
  const run = `${Date.now().toString(36)}`;
  const agents = new Map<string, http.Agent>();
  const once = async (base: string, token: string, name: string) => {
    const agent = agents.get(base) ?? agents.set(base, keepAliveAgent()).get(base)!;
    const { status, ms } = await send(`${base}/api/identity/roles`, agent, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'accept-language': 'en', 'content-type': 'application/json' },
      body: JSON.stringify({ name }),
    });
    if (status !== 200) throw new Error(`role creation answered ${status}`);
    return ms;
  };
  const result = { on: [] as number[], off: [] as number[], differences: [] as number[] };
  for (let i = 0; i < count + 10; i += 1) {
    const name = `bench-${run}-${i}`;
    let on: number;
    let off: number;
    if (i % 2) {
      on = await once(bases.on, tokens.on, `${name}-on`);
      off = await once(bases.off, tokens.off, `${name}-off`);
    } else {
      off = await once(bases.off, tokens.off, `${name}-off`);
      on = await once(bases.on, tokens.on, `${name}-on`);
    }
    if (i < 10) continue;
    result.on.push(on);
    result.off.push(off);
    result.differences.push(on - off);
  }
  for (const list of Object.values(result)) list.sort((x, y) => x - y);
  return result;
}

export interface OverheadOptions {
  db: 'pglite' | 'postgres';
  requests: number;
  seconds: number;
  concurrency: number;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}`, 'accept-language': 'en' });

const databaseUrlOf = (options: OverheadOptions) =>
  options.db === 'postgres'
    ? (process.env.BENCH_OVERHEAD_DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/bench_overhead')
    : undefined;

/** Starts the real app (migrated, seeded) on a free port with the given auditing switches. */
async function startApp(options: OverheadOptions, dataDir: string, auditing: boolean) {
  process.env.AUDIT_LOGGING_ENABLED = String(auditing);
  process.env.AUDIT_GET_REQUESTS = 'true';
  const { built, listen } = await startBenchApp({ dataDir, databaseUrl: databaseUrlOf(options) });
  const { url, token } = await listen();
  return { built, url, token };
}

/**
 * Paired samples: one request to each app in turn, one at a time, after 20 warm-ups each, so both
 * see the same machine load; p50/p95 per app and the median of the per-pair differences.
 */
async function paired(
  urls: { on: string; off: string },
  tokens: { on: string; off: string },
  count: number,
): Promise<{ on: number[]; off: number[]; differences: number[] }> {
  const agents = new Map<string, http.Agent>();
  const once = async (url: string, token: string) => {
    const agent = agents.get(url) ?? agents.set(url, keepAliveAgent()).get(url)!;
    const headers = { authorization: `Bearer ${token}`, 'accept-language': 'en', 'accept-encoding': 'br, gzip' };
    const { status, ms } = await send(url, agent, { headers });
    if (status !== 200) throw new Error(`${url} answered ${status}`);
    return ms;
  };
  const result = { on: [] as number[], off: [] as number[], differences: [] as number[] };
  for (let i = 0; i < count + 20; i += 1) {
    // Alternate which goes first so neither always follows the other's write.
    const [on, off] = i % 2 ? [await once(urls.on, tokens.on), await once(urls.off, tokens.off)] : [0, 0];
    const [off2, on2] = i % 2 ? [0, 0] : [await once(urls.off, tokens.off), await once(urls.on, tokens.on)];
    if (i < 20) continue;
    const a = on || on2;
    const b = off || off2;
    result.on.push(a);
    result.off.push(b);
    result.differences.push(a - b);
  }
  for (const list of Object.values(result)) list.sort((x, y) => x - y);
  return result;
}

export async function runOverheadBenchmark(options: OverheadOptions): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'finance-bench-overhead-'));
  const usersRoute = '/api/identity/users?maxResultCount=10';
  const auditRoute = '/api/audit-logging/audit-logs?maxResultCount=10';
  try {
    // Two apps side by side, auditing on and off. PostgreSQL: the same database; PGlite: the second
    // app gets a copy of the first one's data directory (one PGlite per directory).
    const first = await startApp(options, dataDir, true);
    const postmaster = options.db === 'postgres' ? await postmasterOf(databaseUrlOf(options)!) : null;
    let second: Awaited<ReturnType<typeof startApp>> | undefined;
    const throughput: string[][] = [];
    let auditedRps = 0;
    let usersRps = 0;
    let usersCpu = 0;
    let pairs: Awaited<ReturnType<typeof paired>>;
    let writes: Awaited<ReturnType<typeof pairedWrites>>;
    try {
      let offDir = dataDir;
      if (options.db === 'pglite') {
        await first.built.close();
        offDir = `${dataDir}-off`;
        fs.cpSync(dataDir, offDir, { recursive: true });
        Object.assign(first, await startApp(options, dataDir, true));
      }
      second = await startApp(options, offDir, false);
      // The database kept between runs grows by (a2)'s roles every run; fresh statistics, as
      // autovacuum keeps them within a minute, so no phase is measured on a plan made for fewer rows.
      await first.built.ctx.db.execute(sql`analyze`);
      pairs = await paired(
        { on: `${first.url}${usersRoute}`, off: `${second.url}${usersRoute}` },
        { on: first.token, off: second.token },
        options.requests,
      );
      // PostgreSQL: both apps share one database, so each side names its roles apart (-on, -off).
      writes = await pairedWrites(
        { on: first.url, off: second.url },
        { on: first.token, off: second.token },
        Math.min(options.requests, 300),
      );
      await first.built.ctx.db.execute(sql`analyze`);
      // The same list with auditing off: how much of the gap to bare Fastify is auditing's.
      const unaudited = await loadFromWorker(
        {
          url: `${second.url}${usersRoute}`,
          headers: bearer(second.token),
          concurrency: options.concurrency,
          seconds: options.seconds,
        },
        postmaster,
      );
      throughput.push(throughputRow('GET /api/identity/users (auditing off, tenant acme)', unaudited));
      await second.built.close();
      second = undefined;
      if (offDir !== dataDir) fs.rmSync(offDir, { recursive: true, force: true });
      for (const [name, route] of [
        ['GET /api/identity/users (audited, tenant acme)', usersRoute],
        ['GET /api/audit-logging/audit-logs (audited, tenant acme)', auditRoute],
      ] as const) {
        const result = await loadFromWorker(
          {
            url: `${first.url}${route}`,
            headers: bearer(first.token),
            concurrency: options.concurrency,
            seconds: options.seconds,
          },
          postmaster,
        );
        const rps = result.requests / result.seconds;
        if (route === usersRoute) {
          usersRps = rps;
          usersCpu = result.serverCpuMs;
        } else auditedRps = rps;
        throughput.push(throughputRow(name, result));
      }
    } finally {
      await second?.built.close();
      await first.built.close();
    }

    // Bare Fastify on the same machine, same load.
    const { default: Fastify } = await import('fastify');
    const bare = Fastify({ logger: false });
    bare.get('/', async () => ({ hello: 'world' }));
    await bare.listen({ port: 0, host: '127.0.0.1' });
    const { port } = bare.server.address() as { port: number };
    const bareResult = await loadFromWorker(
      { url: `http://127.0.0.1:${port}/`, headers: {}, concurrency: options.concurrency, seconds: options.seconds },
      null,
    );
    await bare.close();
    const bareRps = bareResult.requests / bareResult.seconds;
    throughput.push(throughputRow('bare Fastify hello-world', bareResult));

    const title = options.db === 'postgres' ? 'PostgreSQL 15 (node-postgres)' : 'PGlite 0.5 (embedded, in-process)';
    return [
      `### Auditing overhead and list throughput, ${title}`,
      '',
      `(a) GET ${usersRoute} as the acme admin, one request at a time, ${options.requests} pairs (one request to the app with auditing on, one to the app with it off, in turn), milliseconds:`,
      '',
      markdown(
        ['auditing', 'p50', 'p95'],
        [
          ['on (AUDIT_GET_REQUESTS=true: every request writes a log)', ms(percentile(pairs.on, 50)), ms(percentile(pairs.on, 95))],
          ['off (AUDIT_LOGGING_ENABLED=false)', ms(percentile(pairs.off, 50)), ms(percentile(pairs.off, 95))],
          ['difference per pair (on − off)', ms(percentile(pairs.differences, 50)), ms(percentile(pairs.differences, 95))],
        ],
      ),
      '',
      `(a2) POST /api/identity/roles (a new role each time) as the acme admin, one request at a time, ${writes.on.length} pairs, milliseconds:`,
      '',
      markdown(
        ['auditing', 'p50', 'p95'],
        [
          ['on (audit log and entity change in the outbox row)', ms(percentile(writes.on, 50)), ms(percentile(writes.on, 95))],
          ['off (AUDIT_LOGGING_ENABLED=false)', ms(percentile(writes.off, 50)), ms(percentile(writes.off, 95))],
          ['difference per pair (on − off)', ms(percentile(writes.differences, 50)), ms(percentile(writes.differences, 95))],
        ],
      ),
      '',
      `(b) Throughput at concurrency ${options.concurrency} for ${options.seconds} s each (load from a worker thread on the same machine):`,
      '',
      markdown(
        [
          'endpoint',
          'requests/s',
          'p50 ms',
          'p95 ms',
          'non-200',
          'server CPU ms/request',
          'of which main thread',
          'load worker CPU ms/request',
          'PostgreSQL CPU ms/request',
        ],
        throughput,
      ),
      '',
      `Ratio to bare Fastify: identity users ${((usersRps / bareRps) * 100).toFixed(1)} %, audit logs ${((auditedRps / bareRps) * 100).toFixed(1)} % (requests/s); server CPU per request, identity users (audited) / bare Fastify: ${(usersCpu / bareResult.serverCpuMs).toFixed(1)}×.`,
      '',
    ].join('\n');
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const options: OverheadOptions = {
    db: argument('db') === 'postgres' ? 'postgres' : 'pglite',
    requests: Number(argument('requests') ?? 400),
    seconds: Number(argument('seconds') ?? 8),
    concurrency: Number(argument('concurrency') ?? 16),
  };
  console.log(
    `Node ${process.version}, ${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}\n`,
  );
  console.log(await runOverheadBenchmark(options));
  console.log(
    `Load average at the end ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
}
