// The ledger's reference data, seeded idempotently at every start for the host and every tenant
// (and by seedTenantLedger for a tenant made later): the currencies LL and USD, and per currency the
// system accounts the documents post to (finance-domain.md "Seeded per tenant and currency"), each
// with its AccountType; and the tenant's chain head, which marks the tenant as done, so a second
// start adds nothing; lookup values are found by type and code (their ids may be remapped). A
// currency added later gets its accounts from the tenant (the next issue's documents may add them).
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { currencies, ledgerAccounts, ledgerChainHeads, tenants } from '../../db/schema/index.ts';
import type { Executor } from '../identity/user-repository.ts';
import { sameTenant } from '../shared/tenancy.ts';
import { genesisHash } from './chain.ts';
import { lookupIdOf, seedTenantCurrencies } from './currency-service.ts';
import { tenantKeyOf } from './idempotency.ts';

export const systemAccounts = [
  { code: 'CASH', name: 'Cash on hand', type: 'Assets' },
  { code: 'BANK_CLEARING', name: 'Bank clearing', type: 'Assets' },
  { code: 'CARD_CLEARING', name: 'Card clearing', type: 'Assets' },
  { code: 'RECEIVABLES', name: 'Receivables', type: 'ReceivablesPayables' },
  { code: 'PAYABLES', name: 'Payables', type: 'ReceivablesPayables' },
  { code: 'SALES_INCOME', name: 'Sales income', type: 'Incomes' },
  { code: 'FEE_INCOME', name: 'Fee income', type: 'Incomes' },
  { code: 'REBATE_EXPENSE', name: 'Rebate expense', type: 'Expenses' },
  { code: 'TAX_PAYABLE', name: 'Tax payable', type: 'ReceivablesPayables' },
  { code: 'FX_LIQUIDITY', name: 'FX liquidity', type: 'FinancialAccounts' },
] as const;

/** Once per tenant: its chain head marks the ledger as set up (a deleted LL never comes back). */
export async function seedTenantLedger(db: Executor, tenantId: string | null): Promise<void> {
  const [head] = await db
    .select()
    .from(ledgerChainHeads)
    .where(eq(ledgerChainHeads.tenantKey, tenantKeyOf(tenantId)));
  if (head) return;
  await seedTenantCurrencies(db, tenantId);
  const codes = await db
    .select({ code: currencies.code })
    .from(currencies)
    .where(and(sameTenant(currencies.tenantId, tenantId), eq(currencies.isActive, true)));
  const typeIds = new Map<string, string>();
  for (const { type } of systemAccounts) if (!typeIds.has(type)) typeIds.set(type, await lookupIdOf(db, 'AccountType', type));
  const rows = codes.flatMap(({ code: currencyCode }) =>
    systemAccounts.map((account) => ({
      tenantId,
      code: account.code,
      name: account.name,
      currencyCode,
      accountTypeId: typeIds.get(account.type)!,
      isSystem: true,
    })),
  );
  if (rows.length) await db.insert(ledgerAccounts).values(rows).onConflictDoNothing();
  await db
    .insert(ledgerChainHeads)
    .values({ tenantKey: tenantKeyOf(tenantId), lastHash: genesisHash })
    .onConflictDoNothing();
}

export async function seedLedger(ctx: AppContext): Promise<void> {
  const live = await ctx.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.isDeleted, false));
  await ctx.db.transaction(async (tx) => {
    // Two instances starting together on PostgreSQL must not seed twice.
    if (ctx.database.kind === 'postgres') await tx.execute(sql`select pg_advisory_xact_lock(727276)`);
    for (const tenantId of [null, ...live.map((t) => t.id)]) await seedTenantLedger(tx, tenantId);
  });
}
