// The ledger's group commit (ADR 0015) through a real LedgerWriter of the test server, on a real
// database: requests submitted together are written in one batch, and inside it
// - a refused request (an overdraft) gets its error while the others of the batch are written, and
//   leaves no Idempotency-Key, so the same key runs again later;
// - a posting guard that reads the transfers (as the account rules' daily totals do) sees the
//   transfers of the earlier requests of its batch, so a limit over a batch holds as it would over
//   requests one after the other; and it sees each request's accounts as the earlier ones left them;
// - requests through HTTP written in one batch each keep their own audit log, which their transfers
//   name (committed with the batch, ADR 0010's outbox row; no entity change repeats them, ADR 0030).
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, ledgerIdempotencyKeys, ledgerTransfers } from '../../server/db/schema/index.ts';
import { AppError, businessError } from '../../server/errors.ts';
import type { PostingGuard } from '../../server/modules/ledger/guards.ts';
import { type LedgerCaller, LedgerWriter, LedgerCatalogue } from '../../server/modules/ledger/transfer-service.ts';
import { lookupValueId } from '../../server/modules/lookups/ids.ts';
import { rowsOf } from '../../server/modules/export/definition.ts';
import { authHeaders, passwordToken } from '../kit/auth.ts';
import { startTestServer, type TestServer } from '../kit/test-server.ts';

// biome-ignore lint/suspicious/noExplicitAny: the answers are read freely, each test asserts their shape
type Json = Record<string, any>;
let server: TestServer;
let headers: Record<string, string>;
let caller: LedgerCaller;
let cash: string;

async function call(method: string, path: string, body?: unknown) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await response.json()) as Json;
}

const wallet = async (code: string) =>
  (
    await call('POST', '/api/app/ledger-account', {
      code,
      name: code,
      currencyCode: 'USD',
      accountTypeId: lookupValueId('AccountType', 'FinancialAccounts'),
      debitsMustNotExceedCredits: true,
    })
  ).id as string;

const route = 'POST /api/app/ledger-transfer';
const submit = (writer: LedgerWriter, key: string, debitAccountId: string, creditAccountId: string, amount: string) => {
  const body = { transfers: [{ debitAccountId, creditAccountId, amount, currencyCode: 'USD' }] };
  return writer.submit(server.ctx, caller, { tenantId: caller.tenantId, route, key, request: [{}, body] }, { kind: 'group', input: body });
};

beforeAll(async () => {
  server = await startTestServer();
  headers = authHeaders(await passwordToken(server, { userName: 'admin', password: '1q2w3E*', tenant: 'acme' }));
  const accounts = (await call('GET', '/api/app/ledger-account?currencyCode=USD&maxResultCount=100')).items as Json[];
  cash = accounts.find((a) => a.code === 'CASH')!.id;
  const [admin] = await rowsOf<{ id: string; tenant_id: string }>(
    server.ctx.db,
    sql`select u.id, u.tenant_id from users u join tenants t on t.id = u.tenant_id where t.name = 'acme' and u.user_name = 'admin'`,
  );
  caller = { tenantId: admin!.tenant_id, userId: admin!.id };
});
afterAll(async () => {
  await server?.close();
});

describe('ledger group commit', () => {
  it('writes the others of a batch when one is refused, and keeps no key of the refused one', async () => {
    const batches = new Set<unknown>();
    const seen: bigint[] = [];
    const watching: PostingGuard = async (tx, _caller, legs) => {
      batches.add(tx);
      for (const leg of legs) if (leg.debitAccount.code === 'GC-A') seen.push(leg.debitAccount.debitsPosted);
    };
    const writer = new LedgerWriter(new LedgerCatalogue(server.ctx), [watching]);
    const a = await wallet('GC-A');
    const b = await wallet('GC-B');
    await submit(writer, crypto.randomUUID(), cash, a, '10.00');
    batches.clear();
    // Submitted in one turn of the event loop: one batch. 4 x 3.00 from a wallet of 10.00: the 4th is an overdraft.
    const keys = Array.from({ length: 4 }, () => crypto.randomUUID());
    const outcomes = await Promise.allSettled(keys.map((key) => submit(writer, key, a, b, '3.00')));
    expect(batches.size).toBe(1);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected']);
    const refusal = (outcomes[3] as PromiseRejectedResult).reason;
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal.code).toBe('Finance.Ledger:ExceedsCredits');
    // Each request saw the wallet as the earlier ones of the batch left it.
    expect(seen).toEqual([0n, 300n, 600n]);
    const stored = await server.ctx.db
      .select({ key: ledgerIdempotencyKeys.key })
      .from(ledgerIdempotencyKeys)
      .where(eq(ledgerIdempotencyKeys.route, route));
    const storedKeys = new Set(stored.map((r) => r.key));
    expect(keys.map((k) => storedKeys.has(k))).toEqual([true, true, true, false]);
    const made = await server.ctx.db
      .select({ key: ledgerTransfers.idempotencyKey })
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.debitAccountId, a));
    expect(made.map((r) => r.key).sort()).toEqual(keys.slice(0, 3).sort());
    // The refused key runs again once the wallet has the money.
    await submit(writer, crypto.randomUUID(), cash, a, '5.00');
    await expect(submit(writer, keys[3]!, a, b, '3.00')).resolves.toMatchObject({ items: [{ amount: '3.00', idempotencyKey: keys[3] }] });
    expect((await call('GET', '/api/app/ledger/verify')).isValid).toBe(true);
  });

  it('keeps the audit log of each request of a batch, with its transfer', async () => {
    const d = await wallet('GC-D');
    const made = await Promise.all(
      Array.from({ length: 5 }, () =>
        call('POST', '/api/app/ledger-transfer', {
          transfers: [{ debitAccountId: cash, creditAccountId: d, amount: '1.00', currencyCode: 'USD' }],
        }),
      ),
    );
    // Each transfer names its request's audit log (ADR 0030): one per request, each committed with
    // the batch and expanded from the outbox within the writer's interval.
    const logIds = made.map((m) => m.items[0].auditLogId as string);
    expect(new Set(logIds).size).toBe(made.length);
    let logged: Array<{ id: string; url: string | null }> = [];
    for (let i = 0; i < 100 && logged.length < logIds.length; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      logged = await server.ctx.db.select({ id: auditLogs.id, url: auditLogs.url }).from(auditLogs).where(inArray(auditLogs.id, logIds));
    }
    expect(logged.map((l) => l.id).sort()).toEqual([...logIds].sort());
    expect(logged.every((l) => l.url === '/api/app/ledger-transfer')).toBe(true);
  });

  it('lets a guard that reads the transfers see those of the earlier requests of its batch', async () => {
    const c = await wallet('GC-C');
    const batches = new Set<unknown>();
    const counted: number[] = [];
    // A limit of 3 credits a day to the wallet, counted from the table as the account rules do.
    const threePerDay: PostingGuard = async (tx, _caller, legs) => {
      batches.add(tx);
      for (const leg of legs) {
        if (leg.creditAccount.id !== c) continue;
        const [row] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(ledgerTransfers)
          .where(eq(ledgerTransfers.creditAccountId, c));
        counted.push(Number(row!.n));
        if (Number(row!.n) >= 3) throw businessError('Test:ThreePerDay', 'Finance::ThreePerDay');
      }
    };
    const writer = new LedgerWriter(new LedgerCatalogue(server.ctx), [threePerDay]);
    const outcomes = await Promise.allSettled(Array.from({ length: 6 }, () => submit(writer, crypto.randomUUID(), cash, c, '1.00')));
    expect(batches.size).toBe(1);
    expect(counted).toEqual([0, 1, 2, 3, 3, 3]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected', 'rejected', 'rejected']);
    const credited = await server.ctx.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.creditAccountId, c));
    expect(credited).toHaveLength(3);
    expect((await call('GET', `/api/app/ledger-account/${c}`)).creditsPosted).toBe('3.00');
    expect((await call('GET', '/api/app/ledger/verify')).isValid).toBe(true);
  });
});
