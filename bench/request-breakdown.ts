// Where one authenticated, audited list request spends its database round trips (issue 16).
//   node bench/request-breakdown.ts [--db pglite|postgres] [--requests 300] [--route /api/identity/users?maxResultCount=10]
// Starts the real app in this process (bench-app.ts: migrated, seeded, GETs audited), signs in the
// acme admin, sends 50 warm-up requests (caches filled), then `requests` requests one at a time. Every
// statement the drivers run is timed (node-postgres Client#query, PGlite#query/exec) and attributed
// to the pipeline step that issued it by its text; the statements the audit writer runs after the
// answer are counted too (they are the request's, even though it does not wait for them). Prints
// round trips and database milliseconds per request and step; figures, never pass/fail. The CPU side
// of the same request is in a profile:
//   node bench/request-breakdown.ts --db postgres --profile [--seconds 8] [--concurrency 16] [--out file.cpuprofile]
// loads the same route from a worker thread (concurrency loops, as bench/audit-overhead.ts) and
// samples the main thread with the inspector's profiler over the loaded window only (not start-up),
// then prints its time by where the code lives (wall milliseconds per request: a descheduled thread
// counts where it stopped) and the server's CPU per request (main thread; process less the worker).
// --out keeps the profile for Chrome DevTools or speedscope.
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { startBenchApp } from './bench-app.ts';
import { keepAliveAgent, loadInWorker, send } from './http-load.ts';

const argument = (name: string) => {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
};

/** The pipeline step a statement belongs to, from its text. */
export function stepOf(text: string): string {
  const sql = text.toLowerCase().replace(/\s+/g, ' ');
  if (sql.includes('array_agg')) return 'the query: page of users with their role names';
  if (sql.includes('identity_sessions') && sql.startsWith('update')) return 'session activity (once a minute, not awaited)';
  if (sql.includes('identity_sessions') || (sql.includes('from "users"') && sql.includes('limit $2') && !sql.includes('order by')))
    return 'live session + user check';
  if (sql.includes('"tenants"')) return 'tenant resolution';
  if (sql.includes('"settings"')) return 'culture (tenant default language)';
  if (sql.includes('permission_grants') || sql.includes('organization_unit') || (sql.includes('user_roles') && !sql.includes(' in (')))
    return 'permission check';
  if (sql.includes('feature_values')) return 'feature check';
  if (sql.startsWith('explain')) return 'count (planner estimate)';
  if (sql.includes('count(') || sql.includes('statement_timeout')) return 'count (exact, capped)';
  if (sql === 'begin' || sql === 'commit' || sql === 'rollback') return 'transaction begin/commit';
  if (sql.includes('audit')) return 'audit (batched writer)';
  if (sql.includes('user_roles')) return 'the query: role names of the page';
  if (sql.includes('from "users"')) return 'the query: page of users';
  return `other: ${sql.slice(0, 60)}`;
}

interface Sample {
  step: string;
  ms: number;
}

const samples: Sample[] = [];
let recording = false;
const record = (text: string, started: number) => {
  if (recording) samples.push({ step: stepOf(text), ms: performance.now() - started });
};
const textOf = (query: unknown) => (typeof query === 'string' ? query : ((query as { text?: string })?.text ?? ''));

/** Times every statement of both drivers (patched before the app opens its database). */
async function instrumentDrivers() {
  const { default: pg } = await import('pg');
  const clientQuery = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: unknown, ...args: unknown[]) {
    const started = performance.now();
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') {
      // Pool#query calls the client with a callback (no promise).
      args[last] = (...results: unknown[]) => {
        record(textOf(args[0]), started);
        return (callback as (...r: unknown[]) => unknown)(...results);
      };
      return clientQuery.apply(this, args);
    }
    const result = clientQuery.apply(this, args);
    if (result && typeof (result as Promise<unknown>).then === 'function')
      (result as Promise<unknown>).then(
        () => record(textOf(args[0]), started),
        () => record(textOf(args[0]), started),
      );
    return result;
  } as never;
  const { PGlite } = await import('@electric-sql/pglite');
  for (const method of ['query', 'exec'] as const) {
    const original = PGlite.prototype[method] as (...args: unknown[]) => Promise<unknown>;
    (PGlite.prototype as unknown as Record<string, unknown>)[method] = async function (this: unknown, ...args: unknown[]) {
      const started = performance.now();
      try {
        return await original.apply(this, args);
      } finally {
        record(textOf(args[0]), started);
      }
    };
  }
}

export async function runBreakdown(options: { db: 'pglite' | 'postgres'; requests: number; route: string }): Promise<string> {
  await instrumentDrivers();
  process.env.AUDIT_LOGGING_ENABLED = 'true';
  process.env.AUDIT_GET_REQUESTS = 'true';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'finance-bench-breakdown-'));
  const databaseUrl =
    options.db === 'postgres'
      ? (process.env.BENCH_OVERHEAD_DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/bench_overhead')
      : undefined;
  const { built, listen } = await startBenchApp({ dataDir, databaseUrl });
  try {
    const { url, token } = await listen();
    // A database kept between runs may have grown since its last statistics (audit-overhead.ts adds roles).
    await built.ctx.db.execute(sql`analyze`);
    const headers = { authorization: `Bearer ${token}`, 'accept-language': 'en', 'accept-encoding': 'br, gzip' };
    const agent = keepAliveAgent();
    const once = async () => {
      const { status, ms } = await send(`${url}${options.route}`, agent, { headers });
      if (status !== 200) throw new Error(`${options.route} answered ${status}`);
      return ms;
    };
    for (let i = 0; i < 50; i += 1) await once();
    await built.ctx.audit.writer.flush();
    recording = true;
    const latencies: number[] = [];
    for (let i = 0; i < options.requests; i += 1) latencies.push(await once());
    await built.ctx.audit.writer.flush();
    recording = false;
    latencies.sort((a, b) => a - b);
    const steps = new Map<string, { count: number; ms: number }>();
    for (const sample of samples) {
      const step = steps.get(sample.step) ?? { count: 0, ms: 0 };
      step.count += 1;
      step.ms += sample.ms;
      steps.set(sample.step, step);
    }
    const n = options.requests;
    const rows = [...steps.entries()]
      .sort((a, b) => b[1].ms - a[1].ms)
      .map(([step, { count, ms }]) => `| ${step} | ${(count / n).toFixed(2)} | ${(ms / n).toFixed(3)} | ${(ms / count).toFixed(3)} |`);
    const total = samples.reduce((sum, s) => sum + s.ms, 0);
    return [
      `### Round trips per request, ${options.db === 'postgres' ? 'PostgreSQL' : 'PGlite'}: GET ${options.route}`,
      '',
      `${n} requests one at a time after 50 warm-ups; request p50 ${latencies[Math.floor(n / 2)]?.toFixed(2)} ms (client side). Database time is measured around each driver call, so it includes the wait for a pooled connection and, on PGlite, for the one connection.`,
      '',
      '| step | round trips per request | database ms per request | ms per round trip |',
      '| --- | --- | --- | --- |',
      ...rows,
      `| **total** | **${(samples.length / n).toFixed(2)}** | **${(total / n).toFixed(3)}** | ${(total / Math.max(1, samples.length)).toFixed(3)} |`,
      '',
    ].join('\n');
  } finally {
    await built.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}

/** Where a sample's time goes, from its leaf frame (and, for native frames, the frames above it). */
function placeOf(leaf: ProfileNode, chain: ProfileNode[]): string {
  const { functionName: name, url } = leaf.callFrame;
  if (name === '(idle)') return 'idle';
  if (name === '(garbage collector)') return 'garbage collection';
  if (name === 'writev' || name === 'writeBuffer' || name === 'writeUtf8String' || name === 'writeLatin1String')
    return chain.some((node) => /node_modules\/pg/.test(node.callFrame.url))
      ? 'socket writes to PostgreSQL'
      : 'socket writes to the client';
  const nearestUrl = chain.find((node) => node.callFrame.url)?.callFrame.url ?? '';
  if (/@fastify\/compress|node:zlib/.test(url) || (!url && /node:zlib/.test(nearestUrl))) return 'response compression';
  if (/drizzle-orm/.test(url)) return 'drizzle-orm (building SQL, mapping rows)';
  if (/node_modules\/(pg|pg-protocol|pg-pool|pg-types|postgres-array|postgres-date|postgres-interval|postgres-bytea)\//.test(url))
    return 'node-postgres driver';
  if (/node_modules\/(@electric-sql\/pglite)\//.test(url)) return 'PGlite (embedded database)';
  if (/node_modules\/jose\//.test(url)) return 'JWT verification (jose)';
  if (
    /node_modules\/(fastify|@fastify\/[^/]+|find-my-way|fast-json-stringify|ajv|ajv-formats|fast-uri|helmet|light-my-request|avvio|fast-querystring)\//.test(
      url,
    )
  )
    return 'Fastify, plugins, validation, serialization';
  if (/\/server\/audit\//.test(url)) return 'app: audit capture and writer';
  if (/\/(server|contract|shared)\//.test(url)) return 'app: pipeline, route, repositories';
  if (/node_modules\//.test(url)) return 'other packages';
  return 'Node internals (HTTP, streams, microtasks, timers)';
}

export async function runProfile(options: {
  db: 'pglite' | 'postgres';
  route: string;
  seconds: number;
  concurrency: number;
  out?: string;
}): Promise<string> {
  process.env.AUDIT_LOGGING_ENABLED = 'true';
  process.env.AUDIT_GET_REQUESTS = 'true';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'finance-bench-profile-'));
  const databaseUrl =
    options.db === 'postgres'
      ? (process.env.BENCH_OVERHEAD_DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/bench_overhead')
      : undefined;
  const { built, listen } = await startBenchApp({ dataDir, databaseUrl });
  const session = new Session();
  try {
    const { url, token } = await listen();
    const load = (seconds: number) =>
      loadInWorker({
        url: `${url}${options.route}`,
        headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' },
        concurrency: options.concurrency,
        seconds,
      });
    await load(2); // warm-up: caches filled, code optimized
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 200 });
    await session.post('Profiler.start');
    const processCpu = process.cpuUsage();
    const mainCpu = process.threadCpuUsage();
    const result = await load(options.seconds);
    const processUsed = process.cpuUsage(processCpu);
    const mainUsed = process.threadCpuUsage(mainCpu);
    const { profile } = (await session.post('Profiler.stop')) as { profile: { nodes: ProfileNode[]; samples: number[] } };
    if (options.out) fs.writeFileSync(options.out, JSON.stringify(profile));
    const byId = new Map(profile.nodes.map((node) => [node.id, node]));
    const parentOf = new Map<number, number>();
    for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
    const places = new Map<string, number>();
    for (const sample of profile.samples) {
      const chain: ProfileNode[] = [];
      for (let id: number | undefined = sample; id !== undefined; id = parentOf.get(id)) chain.push(byId.get(id)!);
      const place = placeOf(chain[0]!, chain);
      places.set(place, (places.get(place) ?? 0) + 1);
    }
    const total = profile.samples.length;
    const n = Math.max(1, result.requests);
    const windowMs = result.seconds * 1000;
    const perRequest = (count: number) => ((count / total) * windowMs) / n;
    const rows = [...places.entries()]
      .sort((a, b) => b[1] - a[1])
      .map(
        ([place, count]) =>
          `| ${place} | ${((100 * count) / total).toFixed(1)} % | ${place === 'idle' ? '–' : perRequest(count).toFixed(3)} |`,
      );
    const busy = total - (places.get('idle') ?? 0);
    const cpuMs = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1000;
    return [
      `### Main thread under load, ${options.db === 'postgres' ? 'PostgreSQL' : 'PGlite'}: GET ${options.route}`,
      '',
      `Concurrency ${options.concurrency}, ${result.seconds.toFixed(1)} s: ${(result.requests / result.seconds).toFixed(0)} requests/s, ${result.failures} not 200. Server CPU per request: main thread ${(cpuMs(mainUsed) / n).toFixed(3)} ms, whole process less the load worker ${((cpuMs(processUsed) - result.loadCpuMs) / n).toFixed(3)} ms (the worker: ${(result.loadCpuMs / n).toFixed(3)} ms). Profile samples of the main thread, by where the code lives; wall milliseconds per request (with the profiler running).`,
      '',
      '| where | share of the window | ms per request |',
      '| --- | --- | --- |',
      ...rows,
      `| **busy** | **${((100 * busy) / total).toFixed(1)} %** | **${perRequest(busy).toFixed(3)}** |`,
      '',
    ].join('\n');
  } finally {
    session.disconnect();
    await built.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  console.log(
    `Node ${process.version}, ${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}\n`,
  );
  const db = argument('db') === 'postgres' ? 'postgres' : 'pglite';
  const route = argument('route') ?? '/api/identity/users?maxResultCount=10';
  if (process.argv.includes('--profile'))
    console.log(
      await runProfile({
        db,
        route,
        seconds: Number(argument('seconds') ?? 8),
        concurrency: Number(argument('concurrency') ?? 16),
        out: argument('out'),
      }),
    );
  else console.log(await runBreakdown({ db, requests: Number(argument('requests') ?? 300), route }));
}
