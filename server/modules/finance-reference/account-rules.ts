// Account rules of a tenant (finance-domain.md "Account management"). Rules:
// - a rule is for an account type (lookup AccountType) and a currency: every ledger account of that
//   type and currency is held to it; its limits are amounts of that currency (at most its decimals,
//   stored as minor units), each optional: minimum and maximum balance, maximum single amount, daily
//   and monthly debit and credit limits (the two values of lookup LevelType: Daily, Monthly, as UTC
//   days and months), and whether the balance may go below zero (overdraft);
// - stored but not yet here: the party type and "the owner's KYC must be Accepted" need parties and
//   KYC cases, which come with the next issue; until then a rule has no such fields (nothing is
//   stored that is not enforced);
// - approval: a new rule is Pending; another user than its author approves or rejects it; only a
//   Pending rule is edited; Approved and Rejected are final. rule-approval.machine.ts is the only
//   authority: an event it does not accept answers 409 (403 when only the author rule refuses it);
// - only Approved rules are enforced (account-rule-guard.ts); any write publishes accountRulesTopic
//   so every instance drops its cached rules of that tenant.
import { and, asc, count, eq, ilike, type SQL } from 'drizzle-orm';
import { iso, type PagedResult } from '../../../contract/common.ts';
import type {
  AccountRuleDto,
  CreateAccountRuleDto,
  GetAccountRulesInput,
  UpdateAccountRuleDto,
} from '../../../contract/finance-reference.ts';
import { nextRuleApprovalStatus, type RuleApprovalEvent, type RuleApprovalStatus } from '../../../machines/domain/rule-approval.machine.ts';
import { trackEntityChange } from '../../audit/scope.ts';
import type { AppContext } from '../../context.ts';
import { accountRules, currencies } from '../../db/schema/index.ts';
import { notFound, staleConcurrencyStamp } from '../../errors.ts';
import type { Executor } from '../identity/user-repository.ts';
import { assertLookupValue } from '../ledger/currency-service.ts';
import { ledgerErrors } from '../ledger/errors.ts';
import { formatMoney, parseMoney } from '../ledger/money.ts';
import { likePattern, orderBy, pageOf } from '../shared/paging.ts';
import { sameTenant } from '../shared/tenancy.ts';
import { financeReferenceErrors } from './errors.ts';

export const accountRulesTopic = 'account-rules';

type RuleRow = typeof accountRules.$inferSelect;
interface Caller {
  tenantId: string | null;
  userId: string | null;
}

export const limitFields = [
  'minBalance',
  'maxBalance',
  'maxSingleAmount',
  'dailyDebitLimit',
  'dailyCreditLimit',
  'monthlyDebitLimit',
  'monthlyCreditLimit',
] as const;
type LimitField = (typeof limitFields)[number];

const newStamp = () => crypto.randomUUID().replaceAll('-', '');
export const tenantCacheKey = (tenantId: string | null) => tenantId ?? 'host';

async function decimalsOf(db: Executor, tenantId: string | null, code: string): Promise<number> {
  const [row] = await db
    .select({ decimals: currencies.decimals })
    .from(currencies)
    .where(and(sameTenant(currencies.tenantId, tenantId), eq(currencies.code, code)));
  if (!row) throw ledgerErrors.unknownCurrency('currencyCode', code);
  return row.decimals;
}

const toDto = (row: RuleRow, decimals: number): AccountRuleDto => {
  const money = (value: bigint | null) => (value === null ? null : formatMoney(value, decimals));
  return {
    id: row.id,
    name: row.name,
    accountTypeId: row.accountTypeId,
    currencyCode: row.currencyCode,
    minBalance: money(row.minBalance),
    maxBalance: money(row.maxBalance),
    maxSingleAmount: money(row.maxSingleAmount),
    dailyDebitLimit: money(row.dailyDebitLimit),
    dailyCreditLimit: money(row.dailyCreditLimit),
    monthlyDebitLimit: money(row.monthlyDebitLimit),
    monthlyCreditLimit: money(row.monthlyCreditLimit),
    overdraftAllowed: row.overdraftAllowed,
    status: row.status,
    approverId: row.approverId,
    approvalTime: iso(row.approvalTime),
    concurrencyStamp: row.concurrencyStamp,
    creationTime: iso(row.creationTime)!,
    creatorId: row.creatorId,
    lastModificationTime: iso(row.lastModificationTime),
    lastModifierId: row.lastModifierId,
  };
};

const track = (before: AccountRuleDto | null, after: AccountRuleDto | null, tenantId: string | null) =>
  trackEntityChange(before, after, {
    entityTypeFullName: 'Finance.AccountRule',
    entityId: (after ?? before)!.id,
    entityTenantId: tenantId,
    ignore: ['concurrencyStamp'],
  });

/** The rule's limits as minor units of its currency; a limit with too many decimals is a 400 naming it. */
async function parsedLimits(db: Executor, tenantId: string | null, input: CreateAccountRuleDto) {
  await assertLookupValue(db, 'accountTypeId', input.accountTypeId, 'AccountType');
  const decimals = await decimalsOf(db, tenantId, input.currencyCode);
  const limits = {} as Record<LimitField, bigint | null>;
  for (const field of limitFields) {
    const text = input[field];
    if (text === undefined || text === null || text === '') {
      limits[field] = null;
      continue;
    }
    const minor = parseMoney(text, decimals);
    if (minor === null) throw financeReferenceErrors.limitTooPrecise(field, input.currencyCode, decimals, text);
    limits[field] = minor;
  }
  if (limits.minBalance !== null && limits.maxBalance !== null && limits.minBalance > limits.maxBalance)
    throw financeReferenceErrors.minAboveMax('minBalance');
  return { limits, decimals };
}

const sortable = {
  name: accountRules.name,
  currencyCode: accountRules.currencyCode,
  status: accountRules.status,
  creationTime: accountRules.creationTime,
};

/** The list's WHERE (the export uses it too). */
export function accountRuleListFilter(tenantId: string | null, input: Omit<GetAccountRulesInput, 'skipCount' | 'maxResultCount'>): SQL {
  const conditions: SQL[] = [sameTenant(accountRules.tenantId, tenantId)];
  const filter = input.filter?.trim();
  if (filter) conditions.push(ilike(accountRules.name, likePattern(filter)));
  if (input.status) conditions.push(eq(accountRules.status, input.status));
  if (input.currencyCode) conditions.push(eq(accountRules.currencyCode, input.currencyCode.toUpperCase()));
  if (input.accountTypeId) conditions.push(eq(accountRules.accountTypeId, input.accountTypeId));
  return and(...conditions)!;
}

export const accountRuleListOrder = (sorting: string | undefined) => orderBy(sorting, sortable, [asc(accountRules.name)], accountRules.id);

export async function listAccountRules(
  ctx: AppContext,
  tenantId: string | null,
  input: GetAccountRulesInput,
): Promise<PagedResult<AccountRuleDto>> {
  const where = accountRuleListFilter(tenantId, input);
  const { offset, limit } = pageOf(input);
  const [total, rows] = await Promise.all([
    ctx.db.select({ value: count() }).from(accountRules).where(where),
    ctx.db
      .select({ row: accountRules, decimals: currencies.decimals })
      .from(accountRules)
      .leftJoin(currencies, and(eq(currencies.code, accountRules.currencyCode), sameTenant(currencies.tenantId, tenantId)))
      .where(where)
      .orderBy(...accountRuleListOrder(input.sorting))
      .offset(offset)
      .limit(limit),
  ]);
  return { totalCount: Number(total[0]?.value ?? 0), items: rows.map(({ row, decimals }) => toDto(row, decimals ?? 0)) };
}

async function findRule(db: Executor, tenantId: string | null, id: string): Promise<RuleRow> {
  const [row] = await db
    .select()
    .from(accountRules)
    .where(and(eq(accountRules.id, id), sameTenant(accountRules.tenantId, tenantId)));
  if (!row) throw notFound('AccountRule', id);
  return row;
}

export async function getAccountRule(ctx: AppContext, tenantId: string | null, id: string): Promise<AccountRuleDto> {
  const row = await findRule(ctx.db, tenantId, id);
  return toDto(row, await decimalsOf(ctx.db, tenantId, row.currencyCode).catch(() => 0));
}

const invalidate = (ctx: AppContext, tenantId: string | null) => ctx.cache.publish(accountRulesTopic, tenantCacheKey(tenantId));

export async function createAccountRule(ctx: AppContext, caller: Caller, input: CreateAccountRuleDto): Promise<AccountRuleDto> {
  const { limits, decimals } = await parsedLimits(ctx.db, caller.tenantId, input);
  const dto = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(accountRules)
      .values({
        tenantId: caller.tenantId,
        name: input.name.trim(),
        accountTypeId: input.accountTypeId,
        currencyCode: input.currencyCode,
        ...limits,
        overdraftAllowed: input.overdraftAllowed ?? true,
        status: 'Pending',
        creatorId: caller.userId,
      })
      .returning();
    const created = toDto(row!, decimals);
    track(null, created, caller.tenantId);
    return created;
  });
  await invalidate(ctx, caller.tenantId);
  return dto;
}

/** Asks the approval machine; a refused event is a 409, or a 403 when only the author rule refuses it. */
function transition(row: RuleRow, event: RuleApprovalEvent, action: string): RuleApprovalStatus {
  const input = { status: row.status, authorId: row.creatorId };
  const next = nextRuleApprovalStatus(input, event);
  if (next !== null) return next;
  if (event.type !== 'rule.edit' && nextRuleApprovalStatus(input, { ...event, userId: crypto.randomUUID() }) !== null)
    throw financeReferenceErrors.authorCannotDecide(row.name);
  throw financeReferenceErrors.transitionNotAllowed(row.name, row.status, action);
}

export async function updateAccountRule(ctx: AppContext, caller: Caller, id: string, input: UpdateAccountRuleDto): Promise<AccountRuleDto> {
  const { limits, decimals } = await parsedLimits(ctx.db, caller.tenantId, input);
  const dto = await ctx.db.transaction(async (tx) => {
    const before = await findRule(tx, caller.tenantId, id);
    if (input.concurrencyStamp && input.concurrencyStamp !== before.concurrencyStamp) throw staleConcurrencyStamp();
    const status = transition(before, { type: 'rule.edit' }, 'edit');
    const [row] = await tx
      .update(accountRules)
      .set({
        name: input.name.trim(),
        accountTypeId: input.accountTypeId,
        currencyCode: input.currencyCode,
        ...limits,
        overdraftAllowed: input.overdraftAllowed ?? before.overdraftAllowed,
        status,
        concurrencyStamp: newStamp(),
        lastModificationTime: new Date(),
        lastModifierId: caller.userId,
      })
      .where(eq(accountRules.id, before.id))
      .returning();
    const after = toDto(row!, decimals);
    track(toDto(before, decimals), after, caller.tenantId);
    return after;
  });
  await invalidate(ctx, caller.tenantId);
  return dto;
}

/** Approve or reject: the machine decides whether the caller may, from the rule's status. */
export async function decideAccountRule(
  ctx: AppContext,
  caller: Caller,
  id: string,
  decision: 'approve' | 'reject',
  concurrencyStamp: string | undefined,
): Promise<AccountRuleDto> {
  const dto = await ctx.db.transaction(async (tx) => {
    const before = await findRule(tx, caller.tenantId, id);
    if (concurrencyStamp && concurrencyStamp !== before.concurrencyStamp) throw staleConcurrencyStamp();
    const status = transition(before, { type: decision === 'approve' ? 'rule.approve' : 'rule.reject', userId: caller.userId }, decision);
    const [row] = await tx
      .update(accountRules)
      .set({
        status,
        approverId: caller.userId,
        approvalTime: new Date(),
        concurrencyStamp: newStamp(),
        lastModificationTime: new Date(),
        lastModifierId: caller.userId,
      })
      .where(eq(accountRules.id, before.id))
      .returning();
    const decimals = await decimalsOf(tx, caller.tenantId, row!.currencyCode).catch(() => 0);
    const after = toDto(row!, decimals);
    track(toDto(before, decimals), after, caller.tenantId);
    return after;
  });
  await invalidate(ctx, caller.tenantId);
  return dto;
}

export async function deleteAccountRule(ctx: AppContext, caller: Caller, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const before = await findRule(tx, caller.tenantId, id);
    const decimals = await decimalsOf(tx, caller.tenantId, before.currencyCode).catch(() => 0);
    await tx.delete(accountRules).where(eq(accountRules.id, before.id));
    track(toDto(before, decimals), null, caller.tenantId);
  });
  await invalidate(ctx, caller.tenantId);
}
