// The account rules as a ledger posting guard (server/modules/ledger/guards.ts): run inside the
// transaction that writes, on the accounts as locked, before anything is written. Rules:
// - only Approved rules apply, those whose account type and currency are the account's; the
//   tenant's approved rules are cached per instance and dropped on accountRulesTopic (any rule
//   write, any instance) or a lookup id change, so a posting costs no rule query;
// - a Posted or Pending leg is checked on both of its accounts; a post or void of a pending
//   transfer is not (its reservation was checked when made, and a post never exceeds it);
// - balance is the account's own side: credits - debits for credit-normal types (FinancialAccounts,
//   Equity, Incomes, ReceivablesPayables; a wallet), debits - credits for debit-normal ones (Assets,
//   Expenditure, Expenses, Inventory), the pending amounts that reduce it included; a leg that
//   lowers it is held to the minimum balance and, without overdraft, to zero; one that raises it to
//   the maximum balance;
// - period totals (ADR 0014): per account and side, one indexed query over ledger_transfers since
//   the start of the UTC month, summing posted transfers, posts of pending ones, and pending ones
//   not yet resolved (what moved or is reserved); earlier legs of the same group add to them;
// - a refusal is a 403 business error naming the rule, the account, the limit and what the posting
//   would reach (errors.ts limitExceeded); it writes nothing.
import { and, eq, gte, sql } from 'drizzle-orm';
import { TtlCache } from '../../cache.ts';
import type { AppContext } from '../../context.ts';
import { accountRules, currencies, ledgerTransfers, lookupValues } from '../../db/schema/index.ts';
import type { Tx } from '../identity/user-repository.ts';
import type { LockedAccount, PostingGuard } from '../ledger/guards.ts';
import { formatMoney } from '../ledger/money.ts';
import { lookupsTopic } from '../lookups/lookup-values.ts';
import { sameTenant } from '../shared/tenancy.ts';
import { accountRulesTopic, tenantCacheKey } from './account-rules.ts';
import { type AccountRuleLimit, financeReferenceErrors } from './errors.ts';

interface ApprovedRule {
  name: string;
  accountTypeId: string;
  debitNormal: boolean;
  currencyCode: string;
  decimals: number;
  minBalance: bigint | null;
  maxBalance: bigint | null;
  maxSingleAmount: bigint | null;
  dailyDebitLimit: bigint | null;
  dailyCreditLimit: bigint | null;
  monthlyDebitLimit: bigint | null;
  monthlyCreditLimit: bigint | null;
  overdraftAllowed: boolean;
}

const debitNormalTypes = new Set(['Assets', 'Expenditure', 'Expenses', 'Inventory']);

async function loadApproved(tx: Tx, tenantId: string | null): Promise<ApprovedRule[]> {
  const rows = await tx
    .select({ rule: accountRules, typeCode: lookupValues.code, decimals: currencies.decimals })
    .from(accountRules)
    .innerJoin(lookupValues, eq(lookupValues.id, accountRules.accountTypeId))
    .innerJoin(currencies, and(eq(currencies.code, accountRules.currencyCode), sameTenant(currencies.tenantId, tenantId)))
    .where(and(sameTenant(accountRules.tenantId, tenantId), eq(accountRules.status, 'Approved')));
  return rows.map(({ rule, typeCode, decimals }) => ({ ...rule, debitNormal: debitNormalTypes.has(typeCode), decimals }));
}

/** Start of the UTC day and month of `now`. */
export function periodStarts(now: Date): { day: Date; month: Date } {
  return {
    day: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())),
    month: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)),
  };
}

/** An account's debits (or credits) today and this month: moved or reserved, one indexed query. */
async function periodTotals(tx: Tx, accountId: string, side: 'debit' | 'credit', now: Date): Promise<{ day: bigint; month: bigint }> {
  const { day, month } = periodStarts(now);
  const column = side === 'debit' ? ledgerTransfers.debitAccountId : ledgerTransfers.creditAccountId;
  const [row] = await tx
    .select({
      day: sql<string>`coalesce(sum(case when ${ledgerTransfers.creationTime} >= ${day.toISOString()} then ${ledgerTransfers.amount} else 0 end), 0)`,
      month: sql<string>`coalesce(sum(${ledgerTransfers.amount}), 0)`,
    })
    .from(ledgerTransfers)
    .where(
      and(
        eq(column, accountId),
        gte(ledgerTransfers.creationTime, month),
        sql`(${ledgerTransfers.kind} in ('Posted', 'PostPending') or (${ledgerTransfers.kind} = 'Pending' and not exists (
          select 1 from ledger_transfers resolution where resolution.pending_id = ${ledgerTransfers.id})))`,
      ),
    );
  return { day: BigInt(row?.day ?? '0'), month: BigInt(row?.month ?? '0') };
}

function balanceOf(account: LockedAccount, debitNormal: boolean): bigint {
  return debitNormal
    ? account.debitsPosted - account.creditsPosted - account.creditsPending
    : account.creditsPosted - account.debitsPosted - account.debitsPending;
}

export function accountRuleGuard(ctx: AppContext): PostingGuard {
  const cache = new TtlCache<ApprovedRule[]>(5 * 60_000);
  // A load that started before an invalidation must not store what it read: the generation tells.
  let generation = 0;
  const invalidate = (key: string | undefined) => {
    generation++;
    cache.delete(key);
  };
  ctx.cache.subscribe(accountRulesTopic, invalidate);
  ctx.cache.subscribe(lookupsTopic, () => invalidate(undefined));
  const rulesOf = async (tx: Tx, tenantId: string | null) => {
    const key = tenantCacheKey(tenantId);
    const hit = cache.get(key);
    if (hit) return hit;
    const started = generation;
    const rules = await loadApproved(tx, tenantId);
    if (started === generation) cache.set(key, rules);
    return rules;
  };

  return async (tx, caller, legs) => {
    const checked = legs.filter((leg) => leg.kind === 'Posted' || leg.kind === 'Pending');
    if (checked.length === 0) return;
    const rules = await rulesOf(tx, caller.tenantId);
    if (rules.length === 0) return;
    const now = new Date();
    /** What earlier legs of this group add, per account: debits, credits. */
    const group = new Map<string, { debit: bigint; credit: bigint }>();
    const totals = new Map<string, { day: bigint; month: bigint }>();
    for (const leg of checked) {
      for (const side of ['debit', 'credit'] as const) {
        const account = side === 'debit' ? leg.debitAccount : leg.creditAccount;
        const prior = group.get(account.id) ?? { debit: 0n, credit: 0n };
        const matching = rules.filter((rule) => rule.accountTypeId === account.accountTypeId && rule.currencyCode === account.currencyCode);
        for (const rule of matching) {
          const money = (value: bigint) => formatMoney(value, rule.decimals);
          const refuse = (limit: AccountRuleLimit, value: bigint, reached: bigint) =>
            financeReferenceErrors.limitExceeded(limit, rule.name, account.code, money(value), rule.currencyCode, money(reached));
          if (rule.maxSingleAmount !== null && leg.amount > rule.maxSingleAmount)
            throw refuse('MaxSingleAmount', rule.maxSingleAmount, leg.amount);
          const groupDelta = rule.debitNormal ? prior.debit - prior.credit : prior.credit - prior.debit;
          const before = balanceOf(account, rule.debitNormal) + groupDelta;
          const lowers = (side === 'debit') !== rule.debitNormal;
          const after = lowers ? before - leg.amount : before + leg.amount;
          if (lowers && rule.minBalance !== null && after < rule.minBalance) throw refuse('MinBalance', rule.minBalance, after);
          if (lowers && !rule.overdraftAllowed && after < 0n) throw refuse('Overdraft', 0n, after);
          if (!lowers && rule.maxBalance !== null && after > rule.maxBalance) throw refuse('MaxBalance', rule.maxBalance, after);
          const daily = side === 'debit' ? rule.dailyDebitLimit : rule.dailyCreditLimit;
          const monthly = side === 'debit' ? rule.monthlyDebitLimit : rule.monthlyCreditLimit;
          if (daily === null && monthly === null) continue;
          const totalsKey = `${account.id}:${side}`;
          let period = totals.get(totalsKey);
          if (!period) {
            period = await periodTotals(tx, account.id, side, now);
            totals.set(totalsKey, period);
          }
          const already = side === 'debit' ? prior.debit : prior.credit;
          const dayTotal = period.day + already + leg.amount;
          const monthTotal = period.month + already + leg.amount;
          if (daily !== null && dayTotal > daily) throw refuse(side === 'debit' ? 'DailyDebitLimit' : 'DailyCreditLimit', daily, dayTotal);
          if (monthly !== null && monthTotal > monthly)
            throw refuse(side === 'debit' ? 'MonthlyDebitLimit' : 'MonthlyCreditLimit', monthly, monthTotal);
        }
        group.set(
          account.id,
          side === 'debit' ? { ...prior, debit: prior.debit + leg.amount } : { ...prior, credit: prior.credit + leg.amount },
        );
      }
    }
  };
}
