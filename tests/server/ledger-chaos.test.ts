// The ledger under chaos (issue 11 "Figures"; ADRs 0013 and 0015): 10,000 transfers sent by 48
// concurrent clients to two server processes on one PostgreSQL database (the group commit of two
// instances sharing a tenant's chain), with random Idempotency-Key replays (the same request again
// after its answer, at once to both processes, or with another body), while each process is killed
// with SIGKILL once and restarted on the same database; between the two kills the database goes
// away for three seconds, as a restart looks to the servers: every connection to it cut (its
// transactions rolled back) and new ones refused (ALTER DATABASE … ALLOW_CONNECTIONS false, so the
// suite's shared PostgreSQL server, which other suites use at the same time, keeps running). A
// request cut off by a kill, or answered 5xx while the database is away, is sent again with its key
// (to whichever process is up), except one in ten, which is abandoned. At the end:
// - the invariant check (GET /api/app/ledger/verify: balances, totals, flags, hash chain) reports
//   no violation;
// - every acknowledged transfer exists exactly once, under its key, with the id answered; a replay
//   of an acknowledged request answers the first answer; a replay with another body is 409; a
//   refused request keeps no key (ADR 0013), so sent again it runs again and may then succeed;
// - a refused request (an overdraft: 403) left nothing, and an abandoned one exists at most once;
// - every transfer names its request's audit log, and that log is there (ADR 0030);
// - while the database was away, the servers answered with ABP's error envelope (no crash, no
//   hang), and they served again by themselves once it was back.
// PostgreSQL only: PGlite is an embedded database that one process opens at a time, so there is
// neither a second instance nor a database that outlives a killed server to test; the PostgreSQL
// pass of the suite (TEST_DATABASE_URL) runs it. Run time on the 2-core CI machine: about 2-4
// minutes (four server starts, 10,000+ requests at 60-150 per second through HTTP); the timeout is
// generous for a loaded machine.
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { lookupValueId } from '../../server/modules/lookups/ids.ts';
import { processAdminToken } from '../kit/auth.ts';
import { type ServerProcess, startServerProcess } from '../kit/server-process.ts';

const onPostgres = !!process.env.TEST_DATABASE_URL;
const processes: ServerProcess[] = [];
afterAll(async () => {
  for (const server of processes.reverse()) await server.remove();
});

// biome-ignore lint/suspicious/noExplicitAny: the answers are read freely, each check asserts their shape
type Json = Record<string, any>;

interface Instance {
  process: ServerProcess;
  token: string;
}

interface Answer {
  status: number;
  text: string;
}

interface Request {
  key: string;
  body: Json;
  /** Every answer it got, in the order received (a refused one may be sent again and succeed). */
  answers: Answer[];
  attempts: number;
  abandoned: boolean;
}

const total = 10_000;
const clients = 48;
const wallets = 200;

/**
 * The database away for `ms`, as a restart looks to its clients: new connections refused, every
 * open one cut (their transactions rolled back), then accepted again.
 */
async function databaseAway(databaseUrl: string, ms: number): Promise<void> {
  const name = new URL(databaseUrl).pathname.slice(1);
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(`alter database ${name} allow_connections false`);
    await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [name]);
    await new Promise((resolve) => setTimeout(resolve, ms));
  } finally {
    await admin.query(`alter database ${name} allow_connections true`);
    await admin.end();
  }
}

/** The processes the test kills itself; any other exit is a crash, which fails the test at once. */
const killedOnPurpose = new Set<ServerProcess>();
const crashes: string[] = [];

async function up(process: ServerProcess): Promise<Instance> {
  processes.push(process);
  void process.exited.then((code) => {
    if (!killedOnPurpose.has(process)) crashes.push(`the server process on port ${process.port} exited by itself (code ${code})`);
  });
  return { process, token: await processAdminToken(process.base, 'acme') };
}

async function send(instance: Instance, method: string, path: string, body: unknown, key?: string) {
  const response = await fetch(`${instance.process.base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${instance.token}`,
      'content-type': 'application/json',
      ...(key ? { 'idempotency-key': key } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, text: await response.text() };
}

describe.skipIf(!onPostgres)('ledger chaos: two instances, kills, replays (PostgreSQL)', () => {
  it('keeps every acknowledged transfer exactly once and the invariants whole', { timeout: 900_000 }, async () => {
    const started = Date.now();
    const first = await up(await startServerProcess({ LOG_LEVEL: 'error' }, { postgres: true }));
    const second = await up(await startServerProcess({ LOG_LEVEL: 'error' }, { reuse: first.process }));
    const live = new Set<Instance>([first, second]);

    // Fixture: wallets (no overdraft) funded from CASH, the hot accounts CASH and SALES_INCOME.
    const system = JSON.parse((await send(first, 'GET', '/api/app/ledger-account?currencyCode=USD&maxResultCount=100', undefined)).text)
      .items as Json[];
    const cash = system.find((a) => a.code === 'CASH')!.id as string;
    const sales = system.find((a) => a.code === 'SALES_INCOME')!.id as string;
    const run = Date.now().toString(36);
    const ids: string[] = [];
    for (let i = 0; i < wallets; i++) {
      const made = await send(first, 'POST', '/api/app/ledger-account', {
        code: `CHAOS-${run}-${i}`,
        name: `Chaos wallet ${i}`,
        currencyCode: 'USD',
        accountTypeId: lookupValueId('AccountType', 'FinancialAccounts'),
        debitsMustNotExceedCredits: true,
      });
      expect(made.status).toBe(200);
      ids.push(JSON.parse(made.text).id);
    }
    for (let i = 0; i < ids.length; i += 50) {
      const legs = ids.slice(i, i + 50).map((id) => ({ debitAccountId: cash, creditAccountId: id, amount: '60.00', currencyCode: 'USD' }));
      expect((await send(first, 'POST', '/api/app/ledger-transfer', { transfers: legs }, crypto.randomUUID())).status).toBe(200);
    }

    // The requests: 40% top-ups, 40% wallet to wallet (some refused when the wallet ran dry), 20% purchases.
    const pick = () => ids[Math.floor(Math.random() * ids.length)]!;
    const requests: Request[] = Array.from({ length: total }, () => {
      const r = Math.random();
      const a = pick();
      let b = pick();
      while (b === a) b = pick();
      const [debit, credit] = r < 0.4 ? [cash, a] : r < 0.8 ? [a, b] : [a, sales];
      const amount = `${1 + Math.floor(Math.random() * 9)}.${String(Math.floor(Math.random() * 100)).padStart(2, '0')}`;
      return {
        key: crypto.randomUUID(),
        body: { transfers: [{ debitAccountId: debit, creditAccountId: credit, amount, currencyCode: 'USD' }] },
        answers: [],
        attempts: 0,
        abandoned: false,
      };
    });

    const anyLive = async (): Promise<Instance> => {
      for (;;) {
        const all = [...live];
        if (all.length) return all[Math.floor(Math.random() * all.length)]!;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    /** The 5xx answers (while the database was away): each an error envelope, the request sent again. */
    const failures: Answer[] = [];
    /**
     * Sends the request once to a live instance: its status and body, or null when the process died
     * or the database was away (5xx, after a pause: a client backs off before sending again).
     */
    const attempt = async (request: Request, body: Json = request.body) => {
      if (crashes.length) throw new Error(crashes.join('; '));
      const instance = await anyLive();
      request.attempts++;
      try {
        const answer = await send(instance, 'POST', '/api/app/ledger-transfer', body, request.key);
        if (answer.status < 500) return answer;
        failures.push(answer);
        await new Promise((resolve) => setTimeout(resolve, 100));
        return null;
      } catch {
        return null;
      }
    };
    /** Replays of a request already acknowledged, with the answer they got. */
    const replays: Array<{ first: Answer; again: Answer }> = [];
    const okOf = (request: Request) => request.answers.find((a) => a.status === 200);
    const otherBody: Array<{ request: Request; status: number }> = [];

    // Chaos: each process killed once (at 30% and 65% of the requests answered) and restarted on the
    // database; the database away for three seconds at 50%.
    let answered = 0;
    const restarts: Promise<void>[] = [];
    const chaos = [
      { at: total * 0.3, victim: first },
      { at: total * 0.65, victim: second },
    ];
    let outage: Promise<void> | null = null;
    const onAnswer = () => {
      answered++;
      // After the first restart is up (a server starting while the database is away is not this test's case).
      if (!outage && answered >= total * 0.5) outage = Promise.all(restarts).then(() => databaseAway(first.process.databaseUrl!, 3000));
      const due = chaos.find((c) => c.at <= answered);
      if (!due) return;
      chaos.splice(chaos.indexOf(due), 1);
      const instance = [...live].find((i) => i.process === due.victim.process)!;
      live.delete(instance);
      killedOnPurpose.add(instance.process);
      instance.process.kill();
      restarts.push(
        (async () => {
          await instance.process.exited;
          live.add(await up(await startServerProcess({ LOG_LEVEL: 'error' }, { reuse: instance.process })));
        })(),
      );
    };

    let next = 0;
    const client = async () => {
      while (next < total) {
        const request = requests[next++]!;
        const twin = Math.random() < 0.05;
        // 5%: the same request sent twice at once (to either instance): one effect, one answer.
        const [result, twinResult] = await Promise.all([attempt(request), twin ? attempt(request) : Promise.resolve(null)]);
        for (const answer of [result, twinResult]) if (answer) request.answers.push(answer);
        // Cut off by a kill: sent again with its key until answered, except one in ten, abandoned.
        if (!request.answers.length && Math.random() < 0.1) {
          request.abandoned = true;
          continue;
        }
        while (!request.answers.length) {
          const answer = await attempt(request);
          if (answer) request.answers.push(answer);
        }
        onAnswer();
        const r = Math.random();
        if (r < 0.1) {
          // 10%: sent again after its answer (to either instance), the same body: the first answer
          // again once acknowledged; a refused one (no key kept) runs again and may now succeed.
          const first = okOf(request);
          const again = await attempt(request);
          if (again) request.answers.push(again);
          if (first && again) replays.push({ first, again });
        } else if (r < 0.12 && okOf(request)) {
          // 2%: the key again with another body.
          const changed = { transfers: [{ ...request.body.transfers[0], amount: '0.01' }] };
          const again = await attempt(request, changed);
          if (again) otherBody.push({ request, status: again.status });
        }
      }
    };
    await Promise.all(Array.from({ length: clients }, client));
    await Promise.all(restarts);
    await outage;
    const sending = (Date.now() - started) / 1000;

    // The database's absence was felt, and answered cleanly: ABP's error envelope, each request sent again.
    expect(outage).not.toBeNull();
    expect(failures.length).toBeGreaterThan(0);
    for (const failure of failures) expect(JSON.parse(failure.text)).toMatchObject({ error: { message: expect.any(String) } });

    // The answers: transfers made (200) or refused overdrafts (403), nothing else; one effect per key.
    const all = requests.flatMap((r) => r.answers);
    expect(all.filter((a) => a.status !== 200 && a.status !== 403)).toEqual([]);
    expect(all.filter((a) => a.status === 403).every((a) => JSON.parse(a.text).error.code === 'Finance.Ledger:ExceedsCredits')).toBe(true);
    for (const request of requests)
      expect(new Set(request.answers.filter((a) => a.status === 200).map((a) => a.text)).size).toBeLessThanOrEqual(1);
    const acknowledged = requests.filter((r) => okOf(r));
    const refused = requests.filter((r) => r.answers.length && !okOf(r));
    const abandoned = requests.filter((r) => r.abandoned);
    expect(acknowledged.length + refused.length + abandoned.length).toBe(total);
    expect(acknowledged.length).toBeGreaterThan(total * 0.8);
    expect(replays.length).toBeGreaterThan(300);
    for (const replay of replays) expect(replay.again).toEqual(replay.first);
    expect(otherBody.length).toBeGreaterThan(50);
    expect(otherBody.every((o) => o.status === 409)).toBe(true);

    // The invariant check through a restarted instance: no violation.
    const verify = JSON.parse((await send(await anyLive(), 'GET', '/api/app/ledger/verify', undefined)).text);
    expect(verify.violation).toBeNull();
    expect(verify.isValid).toBe(true);

    // In the database: each key's transfers.
    const client_ = new pg.Client({ connectionString: first.process.databaseUrl });
    await client_.connect();
    try {
      const { rows } = await client_.query<{ key: string; count: string; ids: string[] }>(
        `select idempotency_key as key, count(*)::text as count, array_agg(id::text) as ids
             from ledger_transfers where idempotency_key = any($1::text[]) group by idempotency_key`,
        [requests.map((r) => r.key)],
      );
      const made = new Map(rows.map((r) => [r.key, { count: Number(r.count), ids: r.ids }]));
      // Every acknowledged transfer exactly once, the one answered.
      for (const request of acknowledged)
        expect([request.key, made.get(request.key)]).toEqual([
          request.key,
          { count: 1, ids: [JSON.parse(okOf(request)!.text).items[0].id] },
        ]);
      // A refused one left nothing; an abandoned one (cut off, never sent again) at most once.
      for (const request of refused) expect([request.key, made.get(request.key)]).toEqual([request.key, undefined]);
      for (const request of abandoned) expect(made.get(request.key)?.count ?? 0).toBeLessThanOrEqual(1);
      const { rows: totals } = await client_.query<{ count: string }>(
        `select count(*)::text as count from ledger_transfers where idempotency_key = any($1::text[])`,
        [requests.map((r) => r.key)],
      );
      const abandonedMade = abandoned.filter((r) => made.has(r.key)).length;
      expect(Number(totals[0]!.count)).toBe(acknowledged.length + abandonedMade);
      // Every transfer names its request's audit log, committed with it, kills included (ADR 0030):
      // expanded, or still in the outbox.
      const { rows: unlogged } = await client_.query<{ count: string }>(
        `select count(*)::text as count from ledger_transfers t where t.idempotency_key = any($1::text[])
           and (t.audit_log_id is null or not (exists (select 1 from audit_logs a where a.id = t.audit_log_id)
             or exists (select 1 from audit_outbox o where o.id = t.audit_log_id)))`,
        [requests.map((r) => r.key)],
      );
      expect(Number(unlogged[0]!.count)).toBe(0);
      console.log(
        `ledger chaos: ${total} requests (${acknowledged.length} acknowledged, ${refused.length} refused, ${abandoned.length} abandoned of which ${abandonedMade} made), ` +
          `${requests.reduce((n, r) => n + r.attempts, 0)} sends, ${replays.length} replays, ${otherBody.length} other bodies, ` +
          `${failures.length} answers 5xx while the database was away (${[...new Set(failures.map((f) => f.status))].join(', ')}); ` +
          `verify checked ${verify.checkedTransfers} transfers; ${sending.toFixed(0)} s of sending, ${((Date.now() - started) / 1000).toFixed(0)} s in all`,
      );
    } finally {
      await client_.end();
    }
  });
});
