// The ledger's reference data, seeded idempotently at every start for the host and every tenant
// (and by seedTenantLedger for a tenant made later): the currencies LL and USD, and per currency the
// system accounts the documents post to (finance-domain.md "Seeded per tenant and currency"), each
// with its AccountType; and the tenant's chain head, which marks the tenant as done, so a second
// start adds nothing; lookup values are found by type and code (their ids may be remapped). A
// currency added later gets the same system accounts when it is created or made active
// (currency-service.ts ensureSystemAccounts, issue 11 / ADR 0020).
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { currencies, ledgerAccounts, ledgerChainHeads, tenants } from '../../db/schema/index.ts';
import type { Executor } from '../identity/user-repository.ts';
import { sameTenant } from '../shared/tenancy.ts';
import { genesisHash } from './chain.ts';
import { ensureSystemAccounts, seedTenantCurrencies } from './currency-service.ts';
import { tenantKeyOf } from './idempotency.ts';

export { systemAccounts } from './currency-service.ts';

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
  await ensureSystemAccounts(
    db,
    tenantId,
    codes.map(({ code }) => code),
  );
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
    // Currencies created before they got their system accounts at creation (issue 11): given them
    // once; on later starts this finds nothing.
    const missing = (
      (await tx.execute(sql`
      select c.tenant_id as "tenantId", c.code from ${currencies} c
      where c.is_active and not exists (
        select 1 from ${ledgerAccounts} a
        where a.is_system and a.code = 'FX_LIQUIDITY' and a.currency_code = c.code and a.tenant_id is not distinct from c.tenant_id)`)) as unknown as {
        rows: Array<{ tenantId: string | null; code: string }>;
      }
    ).rows;
    for (const { tenantId, code } of missing) await ensureSystemAccounts(tx, tenantId, [code]);
  });
}
