// Exchange rates of a tenant (finance-domain.md "Reference data"). Rules:
// - a rate is units of the quote currency per unit of the base, > 0, at most 12 decimals, stored
//   exactly (numeric), answered without trailing zeros; both currencies are the tenant's, different;
// - history is never edited or deleted (no such route or code path): a new rate is a new row
//   effective from its instant, which is now or later (a rate effective in the past would rewrite
//   what was in force; a minute's grace covers the caller's clock); one row per pair and instant;
// - the rate in force at t is the latest effective at or before t (one probe of the pair index);
// - a conversion applies that rate once, rounding half to even to the quote currency's decimals
//   (money.ts applyRate, integers only);
// - a cross-currency movement is two legs through the FX liquidity system accounts of the two
//   currencies (crossCurrencyLegs), which the caller posts as one group (all or none); the ledger's
//   POST /api/app/ledger-transfer/cross-currency reads them inside its writing transaction.
import { and, asc, count, desc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import { iso, type PagedResult } from '../../../contract/common.ts';
import type { ConversionDto, CreateExchangeRateDto, ExchangeRateDto, GetExchangeRatesInput } from '../../../contract/finance-reference.ts';
import type { CreateLedgerTransferDto } from '../../../contract/ledger.ts';
import { trackEntityChange } from '../../audit/scope.ts';
import type { AppContext } from '../../context.ts';
import { currencies, exchangeRates, ledgerAccounts } from '../../db/schema/index.ts';
import type { Executor } from '../identity/user-repository.ts';
import { ledgerErrors } from '../ledger/errors.ts';
import { applyRate, formatMoney, parseDecimal, parseMoney } from '../ledger/money.ts';
import { orderBy, pageOf } from '../shared/paging.ts';
import { sameTenant } from '../shared/tenancy.ts';
import { financeReferenceErrors } from './errors.ts';

type RateRow = typeof exchangeRates.$inferSelect;

/** "89500.000000000000" -> "89500", "0.250000000000" -> "0.25". */
export const normalizeRate = (text: string) => (text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text);

const graceMs = 60_000;

const toDto = (row: RateRow, isInForce: boolean): ExchangeRateDto => ({
  id: row.id,
  baseCurrencyCode: row.baseCurrencyCode,
  quoteCurrencyCode: row.quoteCurrencyCode,
  rate: normalizeRate(row.rate),
  effectiveFrom: iso(row.effectiveFrom)!,
  isInForce,
  creationTime: iso(row.creationTime)!,
  creatorId: row.creatorId,
});

/** Whether a row is the one in force now for its pair: effective, and no later effective row. */
export const inForceNow = sql<boolean>`(${exchangeRates.effectiveFrom} <= now() and not exists (
  select 1 from exchange_rates later
  where later.tenant_id is not distinct from ${exchangeRates.tenantId}
    and later.base_currency_code = ${exchangeRates.baseCurrencyCode}
    and later.quote_currency_code = ${exchangeRates.quoteCurrencyCode}
    and later.effective_from > ${exchangeRates.effectiveFrom}
    and later.effective_from <= now()))`;

const sortable = {
  baseCurrencyCode: exchangeRates.baseCurrencyCode,
  quoteCurrencyCode: exchangeRates.quoteCurrencyCode,
  effectiveFrom: exchangeRates.effectiveFrom,
  creationTime: exchangeRates.creationTime,
};

/** The list's WHERE (the export uses it too). */
export function exchangeRateListFilter(tenantId: string | null, input: Omit<GetExchangeRatesInput, 'skipCount' | 'maxResultCount'>): SQL {
  const conditions: SQL[] = [sameTenant(exchangeRates.tenantId, tenantId)];
  if (input.baseCurrencyCode) conditions.push(eq(exchangeRates.baseCurrencyCode, input.baseCurrencyCode.toUpperCase()));
  if (input.quoteCurrencyCode) conditions.push(eq(exchangeRates.quoteCurrencyCode, input.quoteCurrencyCode.toUpperCase()));
  if (input.effectiveFromMin) conditions.push(gte(exchangeRates.effectiveFrom, new Date(input.effectiveFromMin)));
  if (input.effectiveFromMax) conditions.push(lte(exchangeRates.effectiveFrom, new Date(input.effectiveFromMax)));
  return and(...conditions)!;
}

/** The list's ORDER BY: base, quote, newest first unless sorted otherwise. */
export const exchangeRateListOrder = (sorting: string | undefined) =>
  orderBy(
    sorting,
    sortable,
    [asc(exchangeRates.baseCurrencyCode), asc(exchangeRates.quoteCurrencyCode), desc(exchangeRates.effectiveFrom)],
    exchangeRates.id,
  );

export async function listExchangeRates(
  ctx: AppContext,
  tenantId: string | null,
  input: GetExchangeRatesInput,
): Promise<PagedResult<ExchangeRateDto>> {
  const where = exchangeRateListFilter(tenantId, input);
  const { offset, limit } = pageOf(input);
  const [total, rows] = await Promise.all([
    ctx.db.select({ value: count() }).from(exchangeRates).where(where),
    ctx.db
      .select({ row: exchangeRates, isInForce: inForceNow })
      .from(exchangeRates)
      .where(where)
      .orderBy(...exchangeRateListOrder(input.sorting))
      .offset(offset)
      .limit(limit),
  ]);
  return { totalCount: Number(total[0]?.value ?? 0), items: rows.map(({ row, isInForce }) => toDto(row, isInForce === true)) };
}

async function currencyDecimals(db: Executor, tenantId: string | null, member: string, code: string): Promise<number> {
  const [row] = await db
    .select({ decimals: currencies.decimals })
    .from(currencies)
    .where(and(sameTenant(currencies.tenantId, tenantId), eq(currencies.code, code)));
  if (!row) throw ledgerErrors.unknownCurrency(member, code);
  return row.decimals;
}

export async function createExchangeRate(
  ctx: AppContext,
  caller: { tenantId: string | null; userId: string | null },
  input: CreateExchangeRateDto,
): Promise<ExchangeRateDto> {
  if (input.baseCurrencyCode === input.quoteCurrencyCode)
    throw financeReferenceErrors.sameCurrency('quoteCurrencyCode', input.quoteCurrencyCode);
  const parsed = parseDecimal(input.rate);
  if (!parsed || parsed.numerator <= 0n) throw financeReferenceErrors.rateNotPositive('rate', input.rate);
  const now = new Date();
  const effectiveFrom = input.effectiveFrom ? new Date(input.effectiveFrom) : now;
  if (effectiveFrom.getTime() < now.getTime() - graceMs)
    throw financeReferenceErrors.effectiveInPast('effectiveFrom', effectiveFrom.toISOString());
  await currencyDecimals(ctx.db, caller.tenantId, 'baseCurrencyCode', input.baseCurrencyCode);
  await currencyDecimals(ctx.db, caller.tenantId, 'quoteCurrencyCode', input.quoteCurrencyCode);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(exchangeRates)
      .values({
        tenantId: caller.tenantId,
        baseCurrencyCode: input.baseCurrencyCode,
        quoteCurrencyCode: input.quoteCurrencyCode,
        rate: input.rate,
        effectiveFrom,
        creatorId: caller.userId,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw financeReferenceErrors.duplicateRate(input.baseCurrencyCode, input.quoteCurrencyCode, effectiveFrom.toISOString());
    const dto = toDto(row, effectiveFrom.getTime() <= Date.now());
    trackEntityChange(null, dto, { entityTypeFullName: 'Finance.ExchangeRate', entityId: dto.id, entityTenantId: caller.tenantId });
    return dto;
  });
}

/** The rate in force for the pair at `at`: the latest effective at or before it; 404 when none. */
export async function rateInForce(db: Executor, tenantId: string | null, base: string, quote: string, at: Date): Promise<ExchangeRateDto> {
  const [row] = await db
    .select()
    .from(exchangeRates)
    .where(
      and(
        sameTenant(exchangeRates.tenantId, tenantId),
        eq(exchangeRates.baseCurrencyCode, base),
        eq(exchangeRates.quoteCurrencyCode, quote),
        lte(exchangeRates.effectiveFrom, at),
      ),
    )
    .orderBy(desc(exchangeRates.effectiveFrom))
    .limit(1);
  if (!row) throw financeReferenceErrors.noRateInForce(base, quote, at.toISOString());
  return toDto(row, true);
}

/** An amount of the base currency in the quote currency at the rate in force at `at` (half-even, once). */
export async function convertAmount(
  db: Executor,
  tenantId: string | null,
  input: { baseCurrencyCode: string; quoteCurrencyCode: string; amount: string; at?: Date },
): Promise<ConversionDto & { minor: bigint }> {
  const at = input.at ?? new Date();
  const [fromDecimals, toDecimals] = [
    await currencyDecimals(db, tenantId, 'baseCurrencyCode', input.baseCurrencyCode),
    await currencyDecimals(db, tenantId, 'quoteCurrencyCode', input.quoteCurrencyCode),
  ];
  const minor = parseMoney(input.amount, fromDecimals);
  if (minor === null) throw ledgerErrors.tooManyDecimals('amount', input.baseCurrencyCode, fromDecimals, input.amount);
  const rate = await rateInForce(db, tenantId, input.baseCurrencyCode, input.quoteCurrencyCode, at);
  const converted = applyRate(minor, fromDecimals, rate.rate, toDecimals);
  return {
    baseCurrencyCode: input.baseCurrencyCode,
    quoteCurrencyCode: input.quoteCurrencyCode,
    amount: formatMoney(minor, fromDecimals),
    convertedAmount: formatMoney(converted, toDecimals),
    rate: rate.rate,
    rateId: rate.id,
    effectiveFrom: rate.effectiveFrom,
    minor: converted,
  };
}

/**
 * The two legs of a cross-currency movement from `debitAccountId` (in the base currency) to
 * `creditAccountId` (in the quote currency): the source pays the base currency's FX liquidity
 * account, the quote currency's FX liquidity account pays the target the converted amount. The
 * caller posts them as one group (LedgerWriter.createGroup), so both happen or neither.
 */
export async function crossCurrencyLegs(
  db: Executor,
  tenantId: string | null,
  input: {
    debitAccountId: string;
    creditAccountId: string;
    amount: string;
    at?: Date;
    code?: string;
    /** On both legs. */
    transactionTypeId?: string;
    documentKind?: string;
    documentId?: string;
    /** On the source leg only: the money the caller moves (in its currency) is what a grant limits. */
    serviceId?: string;
  },
): Promise<{ legs: CreateLedgerTransferDto[]; conversion: ConversionDto }> {
  const accounts = await db
    .select({ id: ledgerAccounts.id, currencyCode: ledgerAccounts.currencyCode })
    .from(ledgerAccounts)
    .where(
      and(sameTenant(ledgerAccounts.tenantId, tenantId), sql`${ledgerAccounts.id} in (${input.debitAccountId}, ${input.creditAccountId})`),
    );
  const source = accounts.find((account) => account.id === input.debitAccountId);
  const target = accounts.find((account) => account.id === input.creditAccountId);
  if (!source) throw ledgerErrors.invalidLookup('debitAccountId', input.debitAccountId, 'LedgerAccount');
  if (!target) throw ledgerErrors.invalidLookup('creditAccountId', input.creditAccountId, 'LedgerAccount');
  if (source.currencyCode === target.currencyCode) throw financeReferenceErrors.crossSameCurrency('creditAccountId', source.currencyCode);
  const { minor: _minor, ...conversion } = await convertAmount(db, tenantId, {
    baseCurrencyCode: source.currencyCode,
    quoteCurrencyCode: target.currencyCode,
    amount: input.amount,
    at: input.at,
  });
  const fx = async (currency: string) => {
    const [row] = await db
      .select({ id: ledgerAccounts.id })
      .from(ledgerAccounts)
      .where(
        and(
          sameTenant(ledgerAccounts.tenantId, tenantId),
          eq(ledgerAccounts.code, 'FX_LIQUIDITY'),
          eq(ledgerAccounts.currencyCode, currency),
          eq(ledgerAccounts.isSystem, true),
        ),
      );
    if (!row) throw financeReferenceErrors.fxAccountMissing(currency);
    return row.id;
  };
  const code = {
    ...(input.code ? { code: input.code } : {}),
    ...(input.transactionTypeId ? { transactionTypeId: input.transactionTypeId } : {}),
    ...(input.documentKind ? { documentKind: input.documentKind } : {}),
    ...(input.documentId ? { documentId: input.documentId } : {}),
  };
  return {
    conversion,
    legs: [
      {
        debitAccountId: source.id,
        creditAccountId: await fx(source.currencyCode),
        amount: conversion.amount,
        currencyCode: source.currencyCode,
        ...code,
        ...(input.serviceId ? { serviceId: input.serviceId } : {}),
      },
      {
        debitAccountId: await fx(target.currencyCode),
        creditAccountId: target.id,
        amount: conversion.convertedAmount,
        currencyCode: target.currencyCode,
        ...code,
      },
    ],
  };
}
