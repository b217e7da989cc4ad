// What account rules cost a posting: ledger transfers per second through HTTP into wallets, first
// with no approved rule (the guard finds none in its cache: no query), then with an approved rule on
// every wallet (FinancialAccounts, USD) holding daily and monthly credit limits and a maximum single
// amount, all too high to refuse anything (so both phases move the same money): each transfer then
// reads the wallet's period totals (one indexed query, ADR 0014). Same load both phases: top-ups
// CASH -> a random wallet, `--concurrency` at a time for `--seconds`. The load average is printed
// before and after (other work on the machine moves every figure). Figures only, never pass/fail.
//   node bench/account-rule-guard.ts [--db pglite|postgres] [--wallets 200] [--seconds 10] [--concurrency 8]
// PostgreSQL: BENCH_LEDGER_DATABASE_URL (as bench/ledger-transfers.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startBenchApp } from './bench-app.ts';

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

const db = argument('db') === 'postgres' ? 'postgres' : 'pglite';
const wallets = Number(argument('wallets') ?? 200);
const seconds = Number(argument('seconds') ?? 10);
const concurrency = Number(argument('concurrency') ?? 8);
const databaseUrl =
  db === 'postgres' ? (process.env.BENCH_LEDGER_DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/bench_ledger') : undefined;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'finance-bench-rules-'));
const { built, config, listen } = await startBenchApp({ dataDir, databaseUrl });
try {
  const { url, token } = await listen();
  const as = (bearer: string) => async (method: string, route: string, body?: unknown) => {
    const response = await fetch(`${url}${route}`, {
      method,
      headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const call = as(token);
  const { lookupValueId } = await import('../server/modules/lookups/ids.ts');
  const { passwordToken } = await import('../tests/kit/auth.ts');
  const accounts = (await call('GET', '/api/app/ledger-account?currencyCode=USD&maxResultCount=100')).body.items as Array<{
    id: string;
    code: string;
  }>;
  const cash = accounts.find((a) => a.code === 'CASH')!.id;
  const walletIds: string[] = [];
  for (let i = 0; i < wallets; i++) {
    const made = await call('POST', '/api/app/ledger-account', {
      code: `BW-${i}`,
      name: `Bench wallet ${i}`,
      currencyCode: 'USD',
      accountTypeId: lookupValueId('AccountType', 'FinancialAccounts'),
    });
    walletIds.push(made.body.id as string);
  }

  const phase = async (name: string) => {
    const latencies: number[] = [];
    let refused = 0;
    const end = Date.now() + seconds * 1000;
    const worker = async () => {
      while (Date.now() < end) {
        const wallet = walletIds[Math.floor(Math.random() * walletIds.length)]!;
        const started = performance.now();
        const answer = await call('POST', '/api/app/ledger-transfer', {
          transfers: [{ debitAccountId: cash, creditAccountId: wallet, amount: '1.00', currencyCode: 'USD' }],
        });
        latencies.push(performance.now() - started);
        if (answer.status !== 200) refused++;
      }
    };
    const began = performance.now();
    await Promise.all(Array.from({ length: concurrency }, worker));
    const elapsed = (performance.now() - began) / 1000;
    latencies.sort((a, b) => a - b);
    console.log(
      `${name}: ${(latencies.length / elapsed).toFixed(1)} transfers/s (${latencies.length} in ${elapsed.toFixed(1)} s, ${refused} refused), p50 ${percentile(latencies, 50).toFixed(1)} ms, p95 ${percentile(latencies, 95).toFixed(1)} ms`,
    );
  };

  console.log(`account-rule guard on ${db}: ${wallets} wallets, ${seconds} s per phase, concurrency ${concurrency}; load ${load()}`);
  await phase('no approved rule ');
  console.log('approving the rule');
  // A rule written by acme's admin, approved by a second admin (four eyes), limits far above the load.
  const rule = await call('POST', '/api/app/account-rule', {
    name: 'Bench wallets',
    accountTypeId: lookupValueId('AccountType', 'FinancialAccounts'),
    currencyCode: 'USD',
    maxSingleAmount: '1000000',
    dailyCreditLimit: '100000000',
    monthlyCreditLimit: '100000000',
  });
  await call('POST', '/api/identity/users', {
    userName: 'bench.approver',
    email: 'bench.approver@example.test',
    password: '1q2w3E*',
    roleNames: ['admin'],
  });
  const second = (await passwordToken({ url, config }, { userName: 'bench.approver', password: '1q2w3E*', tenant: 'acme' })).access_token;
  const approved = await as(second)('POST', `/api/app/account-rule/${rule.body.id}/approve`, {});
  if (approved.body.status !== 'Approved') throw new Error(`rule not approved: ${JSON.stringify(approved.body)}`);
  await phase('approved period rule');
  const verify = await call('GET', '/api/app/ledger/verify');
  console.log(`verify: ${verify.body.isValid ? 'valid' : JSON.stringify(verify.body.violation)}; load ${load()}`);
} catch (error) {
  console.error(error);
} finally {
  await built.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
