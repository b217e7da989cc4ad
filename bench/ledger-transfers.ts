// Ledger transfers per second through HTTP (token check, tenant, permission, auditing, the
// Idempotency-Key row, account locks, guards, the hash chain), with realistic contention: many
// wallets and a few hot system accounts. The mix: 40% top-ups CASH -> a random wallet, 40% payments
// between two random wallets, 20% purchases from a random wallet to SALES_INCOME; every wallet is
// flagged debitsMustNotExceedCredits and funded first. Then the invariant check over the result.
// `--via direct` measures the write path alone: the same requests handed to a LedgerWriter of the
// app (group commit, keys, locks, guards, chain) in this process, without HTTP, token, permission
// check or audit log; what HTTP costs on top shows against the default `--via http`. The load
// average of the machine is printed before and after (other work on it moves every figure).
//   node bench/ledger-transfers.ts [--db pglite|postgres] [--via http|direct] [--wallets 1000] [--seconds 15] [--concurrency 32]
// PostgreSQL: BENCH_LEDGER_DATABASE_URL (default postgres://postgres:postgres@127.0.0.1:5432/bench_ledger,
// created when missing; a fresh database per run is best: drop it first). Figures only, never pass/fail.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { startBenchApp } from './bench-app.ts';
import { keepAliveAgent, postgresCpu, postgresCpuSince, postmasterOf, send } from './http-load.ts';

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

export async function runLedgerBenchmark(options: {
  db: 'pglite' | 'postgres';
  via: 'http' | 'direct';
  wallets: number;
  seconds: number;
  concurrency: number;
}) {
  const databaseUrl =
    options.db === 'postgres'
      ? (process.env.BENCH_LEDGER_DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/bench_ledger')
      : undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'finance-bench-ledger-'));
  const { built, listen } = await startBenchApp({ dataDir, databaseUrl });
  try {
    const { url, token } = await listen();
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const call = async (method: string, route: string, body?: unknown) => {
      const response = await fetch(`${url}${route}`, {
        method,
        headers: { ...headers, 'idempotency-key': crypto.randomUUID() },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    const { lookupValueId } = await import('../server/modules/lookups/ids.ts');
    const system = (await call('GET', '/api/app/ledger-account?currencyCode=USD&maxResultCount=100')).body.items as Array<{
      id: string;
      code: string;
    }>;
    const hot = (code: string) => system.find((a) => a.code === code)!.id;
    const [cash, sales] = [hot('CASH'), hot('SALES_INCOME')];
    const stamp = Date.now().toString(36);
    const wallets: string[] = [];
    for (let i = 0; i < options.wallets; i++) {
      const made = await call('POST', '/api/app/ledger-account', {
        code: `W-${stamp}-${i}`,
        name: `Wallet ${i}`,
        currencyCode: 'USD',
        accountTypeId: lookupValueId('AccountType', 'FinancialAccounts'),
        debitsMustNotExceedCredits: true,
      });
      wallets.push(made.body.id as string);
    }
    for (let i = 0; i < wallets.length; i += 64) {
      const legs = wallets
        .slice(i, i + 64)
        .map((w) => ({ debitAccountId: cash, creditAccountId: w, amount: '100000.00', currencyCode: 'USD' }));
      await call('POST', '/api/app/ledger-transfer', { transfers: legs });
    }
    const mix: TransferMix = { wallets, cash, sales };
    const loadBefore = load();
    // CPU over the measured window (issue 16's figures): the server process's (every thread, minus
    // the load worker's own when it is one), PostgreSQL's backends' and the load worker's, per
    // transfer: the three share the machine's two cores.
    const postmaster = databaseUrl ? await postmasterOf(databaseUrl) : null;
    const postgresBefore = postmaster ? postgresCpu(postmaster) : null;
    const processBefore = process.cpuUsage();
    const { latencies, statuses, elapsed, workerCpuMs } =
      options.via === 'http'
        ? await transfersFromWorker({ url: `${url}/api/app/ledger-transfer`, token, mix, ...options })
        : await transferLoop(await directTransfer(built), mix, options);
    const processUsed = process.cpuUsage(processBefore);
    const serverCpuMs = (processUsed.user + processUsed.system) / 1000 - (workerCpuMs ?? 0);
    const postgresAfter = postmaster ? postgresCpu(postmaster) : null;
    const postgresCpuMs = postgresBefore && postgresAfter ? postgresCpuSince(postgresBefore, postgresAfter) : null;
    const loadAfter = load();
    const ok = statuses.find(([status]) => status === 200)?.[1] ?? 0;
    latencies.sort((a, b) => a - b);
    const verifyStart = performance.now();
    const verify = (await call('GET', '/api/app/ledger/verify')).body;
    const verifySeconds = (performance.now() - verifyStart) / 1000;
    const others =
      statuses
        .filter(([s]) => s !== 200)
        .map(([s, n]) => `${s}: ${n}`)
        .join(', ') || 'none';
    const perTransfer = (ms: number | null) => (ms === null ? '–' : (ms / Math.max(1, ok)).toFixed(2));
    const figures = [
      (ok / elapsed).toFixed(0),
      ok,
      others,
      ...[50, 95, 99].map((p) => percentile(latencies, p).toFixed(1)),
      perTransfer(serverCpuMs),
      perTransfer(postgresCpuMs),
      perTransfer(workerCpuMs ?? null),
      `${String(verify.isValid)}, ${String(verify.checkedTransfers)}, ${verifySeconds.toFixed(1)}`,
    ];
    const rows = [
      `#### Ledger transfers, ${options.db === 'postgres' ? 'PostgreSQL (node-postgres)' : 'PGlite 0.5 (embedded)'} ${options.via === 'http' ? 'through HTTP' : 'to the writer directly'}: ${options.wallets} wallets, 2 hot accounts, concurrency ${options.concurrency}, ${options.seconds} s`,
      '',
      `Load average (1, 5, 15 min) before: ${loadBefore}; after: ${loadAfter}; ${os.cpus().length} cores.`,
      '',
      '| transfers/s | transfers | other answers | p50 ms | p95 ms | p99 ms | server CPU ms/transfer | PostgreSQL CPU ms/transfer | load worker CPU ms/transfer | verify: valid, transfers, seconds |',
      '| ----------- | --------- | ------------- | ------ | ------ | ------ | ---------------------- | -------------------------- | --------------------------- | --------------------------------- |',
      `| ${figures.join(' | ')} |`,
    ];
    return rows.join('\n');
  } finally {
    await built.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

type Body = { transfers: Array<Record<string, string>> };

/** The accounts the measured transfers move money between. */
interface TransferMix {
  wallets: string[];
  cash: string;
  sales: string;
}

interface TransferLoad {
  latencies: number[];
  /** Answers by status: [status, count]. */
  statuses: Array<[number, number]>;
  elapsed: number;
  /** The load worker's own CPU (its thread), when the load ran in one. */
  workerCpuMs?: number;
}

/** One measured transfer of the mix: 40% top-up, 40% payment between wallets, 20% purchase. */
function nextTransfer(mix: TransferMix): Body {
  const pick = () => mix.wallets[Math.floor(Math.random() * mix.wallets.length)]!;
  const r = Math.random();
  let leg: { debitAccountId: string; creditAccountId: string };
  if (r < 0.4) leg = { debitAccountId: mix.cash, creditAccountId: pick() };
  else if (r < 0.8) {
    const a = pick();
    let b = pick();
    while (b === a) b = pick();
    leg = { debitAccountId: a, creditAccountId: b };
  } else leg = { debitAccountId: pick(), creditAccountId: mix.sales };
  return { transfers: [{ ...leg, amount: `${(1 + Math.floor(Math.random() * 999)) / 100}`, currencyCode: 'USD' }] };
}

/** `concurrency` loops of transfers until time is up, each made by `transfer` (its status). */
async function transferLoop(
  transfer: (body: Body) => Promise<number>,
  mix: TransferMix,
  options: { seconds: number; concurrency: number },
): Promise<TransferLoad> {
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  const started = performance.now();
  const end = started + options.seconds * 1000;
  await Promise.all(
    Array.from({ length: options.concurrency }, async () => {
      while (performance.now() < end) {
        const t0 = performance.now();
        const status = await transfer(nextTransfer(mix));
        latencies.push(performance.now() - t0);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    }),
  );
  return { latencies, statuses: [...statuses], elapsed: (performance.now() - started) / 1000 };
}

interface HttpTransferJob {
  url: string;
  token: string;
  mix: TransferMix;
  seconds: number;
  concurrency: number;
}

/**
 * Through HTTP, the load runs in a worker thread on node:http keep-alive connections (http-load.ts),
 * so the server's event loop only serves: before, fetch ran on the server's own thread and its
 * client work was counted as the server's (issue 16).
 */
function transfersFromWorker(job: HttpTransferJob): Promise<TransferLoad> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: { ledgerTransferJob: job } });
    worker.once('message', (result: TransferLoad) => {
      resolve(result);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

if (workerData?.ledgerTransferJob) {
  const job = workerData.ledgerTransferJob as HttpTransferJob;
  const agent = keepAliveAgent(job.concurrency);
  const headers = { authorization: `Bearer ${job.token}`, 'content-type': 'application/json', 'accept-encoding': 'br, gzip' };
  const post = async (body: Body) =>
    (
      await send(job.url, agent, {
        method: 'POST',
        headers: { ...headers, 'idempotency-key': crypto.randomUUID() },
        body: JSON.stringify(body),
      })
    ).status;
  const before = process.threadCpuUsage();
  const result = await transferLoop(post, job.mix, job);
  const used = process.threadCpuUsage(before);
  parentPort?.postMessage({ ...result, workerCpuMs: (used.user + used.system) / 1000 });
  agent.destroy();
}

/** The same transfer handed to a writer of the app: status 200 or the error's. */
async function directTransfer(built: Awaited<ReturnType<typeof startBenchApp>>['built']): Promise<(body: Body) => Promise<number>> {
  const { ctx } = built;
  const { sql } = await import('drizzle-orm');
  const { rowsOf } = await import('../server/modules/export/definition.ts');
  const { LedgerWriter, LedgerCatalogue } = await import('../server/modules/ledger/transfer-service.ts');
  const { postingGuardsFor } = await import('../server/modules/ledger/guards.ts');
  const [admin] = await rowsOf<{ id: string; tenant_id: string }>(
    ctx.db,
    sql`select u.id, u.tenant_id from users u join tenants t on t.id = u.tenant_id where t.name = 'acme' and u.user_name = 'admin'`,
  );
  const caller = { tenantId: admin!.tenant_id, userId: admin!.id };
  const writer = new LedgerWriter(new LedgerCatalogue(ctx), postingGuardsFor(ctx));
  return async (body) => {
    try {
      const key = crypto.randomUUID();
      await writer.submit(
        ctx,
        caller,
        { tenantId: caller.tenantId, route: 'POST /api/app/ledger-transfer', key, request: [{}, body] },
        { kind: 'group', input: body as never },
      );
      return 200;
    } catch (error) {
      return (error as { status?: number }).status ?? 500;
    }
  };
}

if (isMainThread && import.meta.main) {
  console.log(
    await runLedgerBenchmark({
      db: argument('db') === 'postgres' ? 'postgres' : 'pglite',
      via: argument('via') === 'direct' ? 'direct' : 'http',
      wallets: Number(argument('wallets') ?? 1000),
      seconds: Number(argument('seconds') ?? 15),
      concurrency: Number(argument('concurrency') ?? 32),
    }),
  );
}
