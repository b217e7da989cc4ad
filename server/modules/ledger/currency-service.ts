// Currencies of a tenant (finance-domain.md "Reference data"). Rules:
// - code (2-8 capitals, e.g. USD, LL) unique per tenant and fixed once created; decimals 0-4;
//   the type is a CurrencyType lookup value; a stale concurrency stamp answers 409;
// - a currency used by a ledger account, a product price or a service-permission limit keeps its
//   decimals (every stored amount is in its minor unit) and cannot be deleted, only deactivated;
//   an inactive currency takes no new account;
// - every active currency of a tenant has the tenant's system accounts in it (finance-domain.md
//   "Seeded per tenant and currency", among them FX_LIQUIDITY, which a cross-currency movement
//   goes through: ADR 0020): made by the seed for LL and USD, and in the same transaction as the
//   currency when one is created active or made active later (idempotent: the accounts' unique
//   (tenant, currency, code) index); system accounts that no transfer has touched do not make a
//   currency "in use" and go with it when it is deleted;
// - every tenant (and the host) starts with LL (0 decimals, ADR 0012) and USD (2), FIAT.
import { and, asc, count, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { CreateCurrencyDto, CurrencyDto, GetCurrenciesInput, UpdateCurrencyDto } from '../../../contract/ledger.ts';
import { iso, type PagedResult } from '../../../contract/common.ts';
import { trackEntityChange } from '../../audit/scope.ts';
import type { AppContext } from '../../context.ts';
import { currencies, ledgerAccounts, ledgerTransfers, productPrices, servicePermissions } from '../../db/schema/index.ts';
import { notFound, staleConcurrencyStamp } from '../../errors.ts';
import type { Executor } from '../identity/user-repository.ts';
import { lookupValuesOf } from '../lookups/lookup-values.ts';
import { likePattern, orderBy, pageOf } from '../shared/paging.ts';
import { sameTenant } from '../shared/tenancy.ts';
import { ledgerErrors } from './errors.ts';
import type { LedgerCaller } from './transfer-service.ts';

type CurrencyRow = typeof currencies.$inferSelect;

/** The accounts every tenant holds in each of its active currencies. */
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

/** The system accounts of a tenant in the given currencies; those already there are kept as they are. */
export async function ensureSystemAccounts(db: Executor, tenantId: string | null, currencyCodes: readonly string[]): Promise<void> {
  if (!currencyCodes.length) return;
  const typeIds = new Map<string, string>();
  for (const { type } of systemAccounts) if (!typeIds.has(type)) typeIds.set(type, await lookupIdOf(db, 'AccountType', type));
  const rows = currencyCodes.flatMap((currencyCode) =>
    systemAccounts.map((account) => ({
      tenantId,
      code: account.code,
      name: account.name,
      currencyCode,
      accountTypeId: typeIds.get(account.type)!,
      isSystem: true,
    })),
  );
  await db.insert(ledgerAccounts).values(rows).onConflictDoNothing();
}

export const seededCurrencies = [
  { code: 'LL', name: 'Lebanese pound', symbol: 'L.L.', decimals: 0 },
  { code: 'USD', name: 'US dollar', symbol: '$', decimals: 2 },
] as const;

const newStamp = () => crypto.randomUUID().replaceAll('-', '');

export const toCurrencyDto = (row: CurrencyRow): CurrencyDto => ({
  id: row.id,
  code: row.code,
  name: row.name,
  symbol: row.symbol,
  decimals: row.decimals,
  currencyTypeId: row.currencyTypeId,
  isActive: row.isActive,
  concurrencyStamp: row.concurrencyStamp,
  creationTime: iso(row.creationTime)!,
  creatorId: row.creatorId,
  lastModificationTime: iso(row.lastModificationTime),
  lastModifierId: row.lastModifierId,
});

const track = (before: CurrencyDto | null, after: CurrencyDto | null, tenantId: string | null) =>
  trackEntityChange(before, after, {
    entityTypeFullName: 'Finance.Ledger.Currency',
    entityId: (after ?? before)!.id,
    entityTenantId: tenantId,
    ignore: ['concurrencyStamp'],
  });

/** Joins a row's currency: the currency of the same code in the row's tenant (the host's: null). */
export const currencyOfRow = (row: { currencyCode: AnyPgColumn; tenantId: AnyPgColumn }) =>
  and(eq(currencies.code, row.currencyCode), sql`${currencies.tenantId} is not distinct from ${row.tenantId}`);

/** Refuses an id that is not a value of the named lookup type (400 naming the field). */
export async function assertLookupValue(db: Executor, member: string, id: string, type: string): Promise<void> {
  if (!(await lookupValuesOf(db, type)).some((value) => value.id === id)) throw ledgerErrors.invalidLookup(member, id, type);
}

const sortable = {
  code: currencies.code,
  name: currencies.name,
  decimals: currencies.decimals,
  isActive: currencies.isActive,
  creationTime: currencies.creationTime,
};

/** The list's WHERE (the export's too): the tenant's currencies, by code or name, active or not. */
export function currencyListFilter(tenantId: string | null, input: Omit<GetCurrenciesInput, 'skipCount' | 'maxResultCount'>): SQL {
  const conditions: SQL[] = [sameTenant(currencies.tenantId, tenantId)];
  const filter = input.filter?.trim();
  if (filter) conditions.push(or(ilike(currencies.code, likePattern(filter)), ilike(currencies.name, likePattern(filter)))!);
  if (input.isActive !== undefined) conditions.push(eq(currencies.isActive, input.isActive));
  return and(...conditions)!;
}

/** The list's ORDER BY: by code unless sorted otherwise. */
export const currencyListOrder = (sorting: string | undefined) => orderBy(sorting, sortable, [asc(currencies.code)], currencies.id);

export async function listCurrencies(
  ctx: AppContext,
  tenantId: string | null,
  input: GetCurrenciesInput,
): Promise<PagedResult<CurrencyDto>> {
  const where = currencyListFilter(tenantId, input);
  const { offset, limit } = pageOf(input);
  const [total, rows] = await Promise.all([
    ctx.db.select({ value: count() }).from(currencies).where(where),
    ctx.db
      .select()
      .from(currencies)
      .where(where)
      .orderBy(...currencyListOrder(input.sorting))
      .offset(offset)
      .limit(limit),
  ]);
  return { totalCount: Number(total[0]?.value ?? 0), items: rows.map(toCurrencyDto) };
}

async function findCurrency(db: Executor, tenantId: string | null, id: string): Promise<CurrencyRow> {
  const [row] = await db
    .select()
    .from(currencies)
    .where(and(eq(currencies.id, id), sameTenant(currencies.tenantId, tenantId)));
  if (!row) throw notFound('Currency', id);
  return row;
}

export const getCurrency = async (ctx: AppContext, tenantId: string | null, id: string) =>
  toCurrencyDto(await findCurrency(ctx.db, tenantId, id));

/** Ledger accounts, product prices and service-permission limits keep amounts in the currency's minor unit. */
async function inUse(db: Executor, tenantId: string | null, code: string): Promise<boolean> {
  // Any account a user made, or a system account some transfer has touched.
  const [row] = await db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(
      and(
        sameTenant(ledgerAccounts.tenantId, tenantId),
        eq(ledgerAccounts.currencyCode, code),
        or(
          eq(ledgerAccounts.isSystem, false),
          sql`exists (select 1 from ${ledgerTransfers} where ${ledgerTransfers.debitAccountId} = ${ledgerAccounts.id})`,
          sql`exists (select 1 from ${ledgerTransfers} where ${ledgerTransfers.creditAccountId} = ${ledgerAccounts.id})`,
        ),
      ),
    )
    .limit(1);
  if (row) return true;
  const [price] = await db
    .select({ id: productPrices.id })
    .from(productPrices)
    .where(and(sameTenant(productPrices.tenantId, tenantId), eq(productPrices.currencyCode, code)))
    .limit(1);
  if (price) return true;
  const [limit] = await db
    .select({ id: servicePermissions.id })
    .from(servicePermissions)
    .where(and(sameTenant(servicePermissions.tenantId, tenantId), eq(servicePermissions.currencyCode, code)))
    .limit(1);
  return !!limit;
}

export async function createCurrency(ctx: AppContext, caller: LedgerCaller, input: CreateCurrencyDto): Promise<CurrencyDto> {
  await assertLookupValue(ctx.db, 'currencyTypeId', input.currencyTypeId, 'CurrencyType');
  return ctx.db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: currencies.id })
      .from(currencies)
      .where(and(sameTenant(currencies.tenantId, caller.tenantId), eq(currencies.code, input.code)));
    if (existing) throw ledgerErrors.duplicateCurrency(input.code);
    const [row] = await tx
      .insert(currencies)
      .values({
        tenantId: caller.tenantId,
        code: input.code,
        name: input.name,
        symbol: input.symbol ?? '',
        decimals: input.decimals,
        currencyTypeId: input.currencyTypeId,
        isActive: input.isActive ?? true,
        creatorId: caller.userId,
      })
      .returning();
    if (row!.isActive) await ensureSystemAccounts(tx, caller.tenantId, [row!.code]);
    const dto = toCurrencyDto(row!);
    track(null, dto, caller.tenantId);
    return dto;
  });
}

export async function updateCurrency(ctx: AppContext, caller: LedgerCaller, id: string, input: UpdateCurrencyDto): Promise<CurrencyDto> {
  await assertLookupValue(ctx.db, 'currencyTypeId', input.currencyTypeId, 'CurrencyType');
  return ctx.db.transaction(async (tx) => {
    const before = await findCurrency(tx, caller.tenantId, id);
    if (input.concurrencyStamp && input.concurrencyStamp !== before.concurrencyStamp) throw staleConcurrencyStamp();
    if (input.decimals !== before.decimals && (await inUse(tx, caller.tenantId, before.code)))
      throw ledgerErrors.decimalsInUse(before.code);
    const [row] = await tx
      .update(currencies)
      .set({
        name: input.name,
        symbol: input.symbol ?? before.symbol,
        decimals: input.decimals,
        currencyTypeId: input.currencyTypeId,
        isActive: input.isActive ?? before.isActive,
        concurrencyStamp: newStamp(),
        lastModificationTime: new Date(),
        lastModifierId: caller.userId,
      })
      .where(eq(currencies.id, before.id))
      .returning();
    // Made active (or active since before its accounts were made at creation): its system accounts.
    if (row!.isActive) await ensureSystemAccounts(tx, caller.tenantId, [row!.code]);
    const dto = toCurrencyDto(row!);
    track(toCurrencyDto(before), dto, caller.tenantId);
    return dto;
  });
}

/** Deletes an unused currency; one in use answers 403 (deactivate it instead). */
export async function deleteCurrency(ctx: AppContext, caller: LedgerCaller, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const before = await findCurrency(tx, caller.tenantId, id);
    if (await inUse(tx, caller.tenantId, before.code)) throw ledgerErrors.currencyInUse(before.code);
    // Its system accounts, untouched by any transfer (inUse), go with it.
    await tx
      .delete(ledgerAccounts)
      .where(
        and(
          sameTenant(ledgerAccounts.tenantId, caller.tenantId),
          eq(ledgerAccounts.currencyCode, before.code),
          eq(ledgerAccounts.isSystem, true),
        ),
      );
    await tx.delete(currencies).where(eq(currencies.id, before.id));
    track(toCurrencyDto(before), null, caller.tenantId);
  });
}

/** The current id of a lookup value found by type name and code (ids may have been remapped). */
export async function lookupIdOf(db: Executor, type: string, code: string): Promise<string> {
  const value = (await lookupValuesOf(db, type)).find((candidate) => candidate.code === code);
  if (!value) throw new Error(`lookup ${type}/${code} missing`);
  return value.id;
}

/** LL and USD for a tenant (or the host), idempotent. */
export async function seedTenantCurrencies(db: Executor, tenantId: string | null): Promise<void> {
  const fiat = await lookupIdOf(db, 'CurrencyType', 'FIAT');
  await db
    .insert(currencies)
    .values(seededCurrencies.map((currency) => ({ tenantId, ...currency, currencyTypeId: fiat })))
    .onConflictDoNothing();
}
