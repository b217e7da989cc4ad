// Ledger accounts: the chart of accounts of a tenant (finance-domain.md "One ledger under
// everything"). Rules:
// - code unique per tenant and currency; the currency must exist and be active in the tenant; the
//   type is an AccountType lookup value; a parent, when given, is an account of the same tenant;
// - at most one balance flag; the totals are the ledger's (transfer-service.ts), never written here;
// - an update changes the name, the flags and closes or reopens the account (a stale concurrency
//   stamp answers 409); a system account is never closed; an account with pending transfers is
//   closed only after they are posted or voided;
// - seeded per tenant and currency: the system accounts the documents post to (seed.ts).
import { and, asc, count, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { CreateLedgerAccountDto, GetLedgerAccountsInput, LedgerAccountDto, UpdateLedgerAccountDto } from '../../../contract/ledger.ts';
import { iso, type PagedResult } from '../../../contract/common.ts';
import { trackEntityChange } from '../../audit/scope.ts';
import type { AppContext } from '../../context.ts';
import { currencies, ledgerAccounts } from '../../db/schema/index.ts';
import { invalidField, notFound, staleConcurrencyStamp } from '../../errors.ts';
import type { Executor } from '../identity/user-repository.ts';
import { likePattern, orderBy, pageOf } from '../shared/paging.ts';
import { sameTenant } from '../shared/tenancy.ts';
import { assertLookupValue, currencyOfRow } from './currency-service.ts';
import { ledgerErrors } from './errors.ts';
import { formatMoney } from './money.ts';
import type { LedgerCaller } from './transfer-service.ts';

type AccountRow = typeof ledgerAccounts.$inferSelect;

const newStamp = () => crypto.randomUUID().replaceAll('-', '');

export function toAccountDto(row: AccountRow, decimals: number): LedgerAccountDto {
  const money = (value: bigint) => formatMoney(value, decimals);
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    currencyCode: row.currencyCode,
    accountTypeId: row.accountTypeId,
    parentId: row.parentId,
    ownerPartyId: row.ownerPartyId,
    debitsMustNotExceedCredits: row.debitsMustNotExceedCredits,
    creditsMustNotExceedDebits: row.creditsMustNotExceedDebits,
    isClosed: row.isClosed,
    isSystem: row.isSystem,
    debitsPosted: money(row.debitsPosted),
    creditsPosted: money(row.creditsPosted),
    debitsPending: money(row.debitsPending),
    creditsPending: money(row.creditsPending),
    availableBalance: money(row.creditsPosted - row.debitsPosted - row.debitsPending),
    concurrencyStamp: row.concurrencyStamp,
    creationTime: iso(row.creationTime)!,
    creatorId: row.creatorId,
    lastModificationTime: iso(row.lastModificationTime),
    lastModifierId: row.lastModifierId,
  };
}

const track = (before: LedgerAccountDto | null, after: LedgerAccountDto | null, tenantId: string | null) =>
  trackEntityChange(before, after, {
    entityTypeFullName: 'Finance.Ledger.LedgerAccount',
    entityId: (after ?? before)!.id,
    entityTenantId: tenantId,
    ignore: ['concurrencyStamp'],
  });

/** Rows with their currency's decimals (the tenant's currency of the same code). */
const withDecimals = {
  account: ledgerAccounts,
  decimals: currencies.decimals,
};
const joinCurrency = currencyOfRow(ledgerAccounts);

const sortable = {
  code: ledgerAccounts.code,
  name: ledgerAccounts.name,
  currencyCode: ledgerAccounts.currencyCode,
  isClosed: ledgerAccounts.isClosed,
  creationTime: ledgerAccounts.creationTime,
  debitsPosted: ledgerAccounts.debitsPosted,
  creditsPosted: ledgerAccounts.creditsPosted,
};

export async function listAccounts(
  ctx: AppContext,
  tenantId: string | null,
  input: GetLedgerAccountsInput,
): Promise<PagedResult<LedgerAccountDto>> {
  const conditions: SQL[] = [sameTenant(ledgerAccounts.tenantId, tenantId)];
  const filter = input.filter?.trim();
  if (filter) conditions.push(or(ilike(ledgerAccounts.code, likePattern(filter)), ilike(ledgerAccounts.name, likePattern(filter)))!);
  if (input.currencyCode) conditions.push(eq(ledgerAccounts.currencyCode, input.currencyCode));
  if (input.accountTypeId) conditions.push(eq(ledgerAccounts.accountTypeId, input.accountTypeId));
  if (input.parentId) conditions.push(eq(ledgerAccounts.parentId, input.parentId));
  if (input.ownerPartyId) conditions.push(eq(ledgerAccounts.ownerPartyId, input.ownerPartyId));
  if (input.isClosed !== undefined) conditions.push(eq(ledgerAccounts.isClosed, input.isClosed));
  const where = and(...conditions);
  const { offset, limit } = pageOf(input);
  const [total, rows] = await Promise.all([
    ctx.db.select({ value: count() }).from(ledgerAccounts).where(where),
    ctx.db
      .select(withDecimals)
      .from(ledgerAccounts)
      .leftJoin(currencies, joinCurrency)
      .where(where)
      .orderBy(...orderBy(input.sorting, sortable, [asc(ledgerAccounts.currencyCode), asc(ledgerAccounts.code)], ledgerAccounts.id))
      .offset(offset)
      .limit(limit),
  ]);
  return { totalCount: Number(total[0]?.value ?? 0), items: rows.map((r) => toAccountDto(r.account, r.decimals ?? 0)) };
}

async function findAccount(db: Executor, tenantId: string | null, id: string): Promise<{ account: AccountRow; decimals: number }> {
  const [row] = await db
    .select(withDecimals)
    .from(ledgerAccounts)
    .leftJoin(currencies, joinCurrency)
    .where(and(eq(ledgerAccounts.id, id), sameTenant(ledgerAccounts.tenantId, tenantId)));
  if (!row) throw notFound('LedgerAccount', id);
  return { account: row.account, decimals: row.decimals ?? 0 };
}

export async function getAccount(ctx: AppContext, tenantId: string | null, id: string): Promise<LedgerAccountDto> {
  const { account, decimals } = await findAccount(ctx.db, tenantId, id);
  return toAccountDto(account, decimals);
}

export async function createAccount(ctx: AppContext, caller: LedgerCaller, input: CreateLedgerAccountDto): Promise<LedgerAccountDto> {
  if (input.debitsMustNotExceedCredits && input.creditsMustNotExceedDebits)
    throw invalidField('creditsMustNotExceedDebits', 'Finance::Ledger:OneFlag');
  await assertLookupValue(ctx.db, 'accountTypeId', input.accountTypeId, 'AccountType');
  return ctx.db.transaction(async (tx) => {
    const [currency] = await tx
      .select()
      .from(currencies)
      .where(and(sameTenant(currencies.tenantId, caller.tenantId), eq(currencies.code, input.currencyCode)));
    if (!currency) throw ledgerErrors.unknownCurrency('currencyCode', input.currencyCode);
    if (!currency.isActive) throw ledgerErrors.currencyInactive(currency.code);
    if (input.parentId) await findAccount(tx, caller.tenantId, input.parentId);
    const [existing] = await tx
      .select({ id: ledgerAccounts.id })
      .from(ledgerAccounts)
      .where(
        and(
          sameTenant(ledgerAccounts.tenantId, caller.tenantId),
          eq(ledgerAccounts.currencyCode, input.currencyCode),
          eq(ledgerAccounts.code, input.code),
        ),
      );
    if (existing) throw ledgerErrors.duplicateAccountCode(input.code, input.currencyCode);
    const [row] = await tx
      .insert(ledgerAccounts)
      .values({
        tenantId: caller.tenantId,
        code: input.code,
        name: input.name,
        currencyCode: input.currencyCode,
        accountTypeId: input.accountTypeId,
        parentId: input.parentId ?? null,
        ownerPartyId: input.ownerPartyId ?? null,
        debitsMustNotExceedCredits: input.debitsMustNotExceedCredits ?? false,
        creditsMustNotExceedDebits: input.creditsMustNotExceedDebits ?? false,
        creatorId: caller.userId,
      })
      .returning();
    const dto = toAccountDto(row!, currency.decimals);
    track(null, dto, caller.tenantId);
    return dto;
  });
}

export async function updateAccount(
  ctx: AppContext,
  caller: LedgerCaller,
  id: string,
  input: UpdateLedgerAccountDto,
): Promise<LedgerAccountDto> {
  return ctx.db.transaction(async (tx) => {
    const { account: before, decimals } = await findAccount(tx, caller.tenantId, id);
    // Locked like a transfer does, so a close and a transfer never interleave.
    await tx.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(eq(ledgerAccounts.id, before.id)).for('update');
    const [current] = await tx.select().from(ledgerAccounts).where(eq(ledgerAccounts.id, before.id));
    if (input.concurrencyStamp && input.concurrencyStamp !== current!.concurrencyStamp) throw staleConcurrencyStamp();
    const debitsFlag = input.debitsMustNotExceedCredits ?? current!.debitsMustNotExceedCredits;
    const creditsFlag = input.creditsMustNotExceedDebits ?? current!.creditsMustNotExceedDebits;
    if (debitsFlag && creditsFlag) throw invalidField('creditsMustNotExceedDebits', 'Finance::Ledger:OneFlag');
    // A flag is a promise about the account from now on: it cannot be set on one already past it.
    if (debitsFlag && !current!.debitsMustNotExceedCredits && current!.debitsPosted + current!.debitsPending > current!.creditsPosted)
      throw ledgerErrors.flagPastLimit(current!.code);
    if (creditsFlag && !current!.creditsMustNotExceedDebits && current!.creditsPosted + current!.creditsPending > current!.debitsPosted)
      throw ledgerErrors.flagPastLimit(current!.code);
    const isClosed = input.isClosed ?? current!.isClosed;
    if (isClosed && !current!.isClosed) {
      if (current!.isSystem) throw ledgerErrors.systemAccountClosed(current!.code);
      if (current!.debitsPending > 0n || current!.creditsPending > 0n) throw ledgerErrors.closedWithPending(current!.code);
    }
    const [row] = await tx
      .update(ledgerAccounts)
      .set({
        name: input.name,
        debitsMustNotExceedCredits: debitsFlag,
        creditsMustNotExceedDebits: creditsFlag,
        isClosed,
        concurrencyStamp: newStamp(),
        lastModificationTime: new Date(),
        lastModifierId: caller.userId,
      })
      .where(eq(ledgerAccounts.id, before.id))
      .returning();
    const dto = toAccountDto(row!, decimals);
    track(toAccountDto(current!, decimals), dto, caller.tenantId);
    return dto;
  });
}
