// The index on ledger_transfers (service_id, creation_time) where service_id is not null (migration
// 0027): EXPLAIN ANALYZE of the two queries that look transfers up by service, without the index (it
// is dropped inside a transaction that is rolled back) and with it, on a tenant holding `--rows`
// transfers of which a third name one of 20 services. The queries are the ones the code runs:
// "is this service in use" (kernel deleteServiceNode: any transfer of the tenant naming it, LIMIT 1,
// asked of a service never used, the case that reads the most) and the caller's day for a service
// (the service-permission guard's daily limit). Figures only, never pass/fail; the load average is
// printed (other work on the machine moves every figure).
//   node bench/ledger-service-index.ts [--db pglite|postgres] [--rows 200000]
// PostgreSQL: BENCH_LEDGER_DATABASE_URL (as bench/ledger-transfers.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { startBenchApp } from './bench-app.ts';

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

const db = argument('db') === 'postgres' ? 'postgres' : 'pglite';
const rows = Number(argument('rows') ?? 200_000);
const databaseUrl =
  db === 'postgres'
    ? (process.env.BENCH_LEDGER_DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/bench_service_index')
    : undefined;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'finance-bench-service-index-'));
const { built } = await startBenchApp({ dataDir, databaseUrl });
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
try {
  const { ctx } = built;
  const { lookupValueId } = await import('../server/modules/lookups/ids.ts');
  const rowsOf = async (query: ReturnType<typeof sql>) =>
    (await ctx.db.execute(query)) as unknown as { rows: Array<Record<string, unknown>> };
  const acme = (await ctx.tenants.findByName('acme'))!.id;
  const accounts = (
    await rowsOf(
      sql`select id, code from ledger_accounts where tenant_id = ${acme} and currency_code = 'USD' and code in ('CASH', 'SALES_INCOME')`,
    )
  ).rows as Array<{ id: string; code: string }>;
  const cash = accounts.find((a) => a.code === 'CASH')!.id;
  const sales = accounts.find((a) => a.code === 'SALES_INCOME')!.id;
  const [admin] = (await rowsOf(sql`select id from users where tenant_id = ${acme} and user_name = 'admin'`)).rows as Array<{ id: string }>;
  const services = Array.from({ length: 20 }, () => crypto.randomUUID());
  const jv = lookupValueId('TransactionType', 'JV');
  const started = Date.now();
  // Rows straight into the table (the chain is not what is measured): a third name a service, spread
  // over the last 30 days; sequences after the tenant's existing ones.
  await ctx.db.execute(sql`
    insert into ledger_transfers (id, tenant_id, sequence, kind, debit_account_id, credit_account_id, amount, currency_code,
      transaction_type_id, service_id, linked_group_id, creation_time, creator_id, previous_hash, hash)
    select gen_random_uuid(), ${acme}, 1000000 + i, 'Posted', ${cash}, ${sales}, 100, 'USD', ${jv},
      case when i % 3 = 0 then (${sql.raw(`array[${services.map((s) => `'${s}'::uuid`).join(',')}]`)})[1 + (i / 3) % 20] end,
      gen_random_uuid(), now() - (i % 43200) * interval '1 minute', ${admin!.id}, repeat('0', 64), repeat('0', 64)
    from generate_series(1, ${rows}) as i`);
  await ctx.db.execute(sql`analyze ledger_transfers`);
  console.log(
    `${db}: ${rows.toLocaleString('en-US')} transfers in acme (a third naming one of 20 services), inserted in ${Date.now() - started} ms; load ${load()}`,
  );

  const unused = crypto.randomUUID();
  const queries: Array<[string, ReturnType<typeof sql>]> = [
    [
      'is this service in use (a service no transfer names)',
      sql`select id from ledger_transfers where tenant_id = ${acme} and service_id = ${unused} limit 1`,
    ],
    [
      "the caller's day for a used service (service-permission guard)",
      sql`select coalesce(sum(amount), 0)::text from ledger_transfers where tenant_id = ${acme} and service_id = ${services[0]}
        and creator_id = ${admin!.id} and currency_code = 'USD' and kind in ('Posted', 'Pending') and reversal_of_id is null
        and creation_time >= date_trunc('day', now() at time zone 'UTC') at time zone 'UTC'`,
    ],
  ];
  const explain = async (label: string, run: (query: ReturnType<typeof sql>) => Promise<string[]>) => {
    for (const [name, query] of queries) {
      await run(query); // warm the cache: the second run is the one shown
      const plan = await run(query);
      console.log(`\n--- ${label}: ${name} (load ${load()})\n${plan.join('\n')}`);
    }
  };
  const plan = async (executor: { execute: typeof ctx.db.execute }, query: ReturnType<typeof sql>) =>
    ((await executor.execute(sql`explain (analyze, costs off) ${query}`)) as unknown as { rows: Array<Record<string, string>> }).rows.map(
      (row) => Object.values(row)[0]!,
    );
  await ctx.db
    .transaction(async (tx) => {
      await tx.execute(sql`drop index ledger_transfers_service_idx`);
      await explain('BEFORE (index dropped in a rolled-back transaction)', (query) => plan(tx, query));
      tx.rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof Error && error.message.includes('Rollback'))) throw error;
    });
  await explain('AFTER (ledger_transfers_service_idx)', (query) => plan(ctx.db, query));
} finally {
  await built.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
