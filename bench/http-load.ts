// The HTTP client side of the throughput benchmarks (audit-overhead.ts, request-breakdown.ts): a load
// from a worker thread (its own event loop, so the server's loop only serves) and single requests,
// both on node:http with keep-alive connections. Not fetch: on this 2-core machine fetch's WHATWG
// layers cost the client about 0.5 ms of CPU per request (0.645 ms client and server together for a
// bare Fastify hello-world, against 0.171 with node:http), CPU taken from the same two cores the
// server runs on, so the load generator itself capped what a benchmark could show (issue 16).
// Answers are read whole and, like a browser's, may be compressed (the client asks for br and gzip
// and discards the bytes undecoded: what the server does is measured, not the client's inflating).
//
// Beside requests/s, which swing with whatever else the machine runs, the load reports CPU time:
// the worker's own thread, and, when asked, the PostgreSQL server processes' (from /proc; Linux only).
import fs from 'node:fs';
import http from 'node:http';
import { parentPort, Worker, workerData } from 'node:worker_threads';

export interface LoadJob {
  url: string;
  headers: Record<string, string>;
  concurrency: number;
  seconds: number;
}

export interface LoadResult {
  requests: number;
  /** Answers other than 200. */
  failures: number;
  seconds: number;
  /** Milliseconds of each request, in the order they ended. */
  latencies: number[];
  /** CPU milliseconds of the load worker's thread over the window. */
  loadCpuMs: number;
}

const cpuMs = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1000;

/** One request on a keep-alive agent (a GET unless told): its status and milliseconds until the last byte. */
export function send(
  url: string,
  agent: http.Agent,
  options: { method?: string; headers: Record<string, string>; body?: string },
): Promise<{ status: number; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = http.request(url, { agent, method: options.method ?? 'GET', headers: options.headers }, (response) => {
      response.resume();
      response.once('end', () => resolve({ status: response.statusCode ?? 0, ms: performance.now() - started }));
      response.once('error', reject);
    });
    request.once('error', reject);
    request.end(options.body);
  });
}

/** A keep-alive agent with `sockets` connections (one per concurrent loop). */
export const keepAliveAgent = (sockets = 1) => new http.Agent({ keepAlive: true, maxSockets: sockets });

/** Worker side: `concurrency` loops each issuing one request after the other until time is up. */
async function runLoad(job: LoadJob): Promise<LoadResult> {
  const agent = keepAliveAgent(job.concurrency);
  const headers = { 'accept-encoding': 'br, gzip', ...job.headers };
  const latencies: number[] = [];
  let failures = 0;
  const cpu = process.threadCpuUsage();
  const started = performance.now();
  const end = started + job.seconds * 1000;
  await Promise.all(
    Array.from({ length: job.concurrency }, async () => {
      while (performance.now() < end) {
        const { status, ms } = await send(job.url, agent, { headers });
        if (status !== 200) failures += 1;
        latencies.push(ms);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const loadCpuMs = cpuMs(process.threadCpuUsage(cpu));
  agent.destroy();
  return { requests: latencies.length, failures, seconds, latencies, loadCpuMs };
}

if (workerData?.httpLoadJob) parentPort?.postMessage(await runLoad(workerData.httpLoadJob as LoadJob));

/** Runs the load in a worker thread of this process and resolves with its result. */
export function loadInWorker(job: LoadJob): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: { httpLoadJob: job } });
    worker.once('message', (result: LoadResult) => {
      resolve(result);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

/** CPU milliseconds of each process of one PostgreSQL server, by process id (postgresCpuSince). */
export type PostgresCpu = Map<number, number>;

/**
 * The CPU milliseconds each process of one PostgreSQL server has used so far: its postmaster and
 * every process it started (backends, writers), from Linux's /proc; null where there is none.
 */
export function postgresCpu(postmasterPid: number): PostgresCpu | null {
  const used: PostgresCpu = new Map();
  try {
    for (const pid of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      let stat: string;
      try {
        stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      } catch {
        continue; // ended meanwhile
      }
      // Fields after the command: state, ppid, ... utime and stime are the 12th and 13th of them.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(pid) !== postmasterPid && Number(fields[1]) !== postmasterPid) continue;
      used.set(Number(pid), (Number(fields[11]) + Number(fields[12])) * 10); // USER_HZ is 100 on Linux
    }
  } catch {
    return null;
  }
  return used;
}

/**
 * The CPU milliseconds the server's processes used since `before`: a process started meanwhile
 * counts whole; one that ended meanwhile is not counted (so measure over a window in which the
 * pools keep their connections).
 */
export function postgresCpuSince(before: PostgresCpu, now: PostgresCpu): number {
  let ms = 0;
  for (const [pid, used] of now) ms += used - (before.get(pid) ?? 0);
  return ms;
}

/** The postmaster of a local PostgreSQL server (the parent of a backend), or null where /proc does not tell. */
export async function postmasterOf(databaseUrl: string): Promise<number | null> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
    const stat = fs.readFileSync(`/proc/${rows[0]!.pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return null;
  } finally {
    await client.end();
  }
}
