// The ledger's invariants, checked on demand (GET /api/app/ledger/verify) and by a job; the first
// violation found is answered. In this order, per tenant:
// 1. per currency, the accounts' debits posted = credits posted, and pending = pending;
// 2. each account's four totals = the sums of its transfers (posted: Posted and PostPending;
//    pending: Pending transfers not yet posted or voided);
// 3. no flagged account past its limit;
// 4. the hash chain: sequences 1..n without a gap, each previous_hash the hash before it, each hash
//    recomputed from the row, and the chain head = the last row (a removed tail shows there).
// A tenant verifies its own ledger; the host verifies its own and every tenant's.
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { LedgerVerificationDto, LedgerViolationDto } from '../../../contract/ledger.ts';
import type { AppContext } from '../../context.ts';
import { ledgerAccounts, ledgerChainHeads, ledgerTransfers, lookupValues } from '../../db/schema/index.ts';
import { rowsOf } from '../export/definition.ts';
import { sameTenant } from '../shared/tenancy.ts';
import { genesisHash, transferHash } from './chain.ts';
import { tenantKeyOf } from './idempotency.ts';

const batchSize = 2000;

type Violation = Omit<LedgerViolationDto, 'tenantId'>;

const violation = (kind: LedgerViolationDto['kind'], message: string, fields: Partial<Violation> = {}): Violation => ({
  kind,
  currencyCode: null,
  accountId: null,
  transferId: null,
  sequence: null,
  message,
  ...fields,
});

const tenantFilter = (column: string, tenantId: string | null) =>
  tenantId ? sql`${sql.raw(column)} = ${tenantId}` : sql`${sql.raw(column)} is null`;

async function checkCurrencies(ctx: AppContext, tenantId: string | null): Promise<Violation | null> {
  const [row] = await rowsOf<{ currency_code: string; debits: string; credits: string; debits_pending: string; credits_pending: string }>(
    ctx.db,
    sql`select currency_code, sum(debits_posted)::text as debits, sum(credits_posted)::text as credits,
          sum(debits_pending)::text as debits_pending, sum(credits_pending)::text as credits_pending
        from ledger_accounts where ${tenantFilter('tenant_id', tenantId)}
        group by currency_code
        having sum(debits_posted) <> sum(credits_posted) or sum(debits_pending) <> sum(credits_pending)
        order by currency_code limit 1`,
  );
  if (!row) return null;
  return violation(
    'UnbalancedCurrency',
    `${row.currency_code}: debits posted ${row.debits} <> credits posted ${row.credits} or debits pending ${row.debits_pending} <> credits pending ${row.credits_pending} (minor units)`,
    { currencyCode: row.currency_code },
  );
}

async function checkAccounts(ctx: AppContext, tenantId: string | null): Promise<Violation | null> {
  const [row] = await rowsOf<{ id: string; currency_code: string; stored: string; summed: string }>(
    ctx.db,
    sql`with mine as (
          select * from ledger_transfers where ${tenantFilter('tenant_id', tenantId)}
        ),
        posted as (select * from mine where kind in ('Posted', 'PostPending')),
        open_pending as (
          select p.* from mine p where p.kind = 'Pending' and not exists (select 1 from ledger_transfers r where r.pending_id = p.id)
        ),
        dp as (select debit_account_id as id, sum(amount) as s from posted group by 1),
        cp as (select credit_account_id as id, sum(amount) as s from posted group by 1),
        dq as (select debit_account_id as id, sum(amount) as s from open_pending group by 1),
        cq as (select credit_account_id as id, sum(amount) as s from open_pending group by 1),
        sums as (
          select a.id, a.currency_code,
            concat_ws('/', a.debits_posted, a.credits_posted, a.debits_pending, a.credits_pending) as stored,
            concat_ws('/', coalesce(dp.s, 0), coalesce(cp.s, 0), coalesce(dq.s, 0), coalesce(cq.s, 0)) as summed
          from ledger_accounts a
            left join dp on dp.id = a.id left join cp on cp.id = a.id
            left join dq on dq.id = a.id left join cq on cq.id = a.id
          where ${tenantFilter('a.tenant_id', tenantId)}
        )
        select * from sums where stored <> summed order by id limit 1`,
  );
  if (!row) return null;
  return violation(
    'AccountTotals',
    `account ${row.id}: totals (debits posted/credits posted/debits pending/credits pending) ${row.stored} <> sum of its transfers ${row.summed}`,
    { accountId: row.id, currencyCode: row.currency_code },
  );
}

async function checkFlags(ctx: AppContext, tenantId: string | null): Promise<Violation | null> {
  const [row] = await rowsOf<{ id: string; currency_code: string }>(
    ctx.db,
    sql`select id, currency_code from ledger_accounts where ${tenantFilter('tenant_id', tenantId)}
        and ((debits_must_not_exceed_credits and debits_posted + debits_pending > credits_posted)
          or (credits_must_not_exceed_debits and credits_posted + credits_pending > debits_posted))
        order by id limit 1`,
  );
  return row
    ? violation('FlaggedAccountPastLimit', `account ${row.id} is past the limit of its balance flag`, {
        accountId: row.id,
        currencyCode: row.currency_code,
      })
    : null;
}

async function checkChain(ctx: AppContext, tenantId: string | null): Promise<{ violation: Violation | null; transfers: number }> {
  let expected = 1;
  let previousHash = genesisHash;
  let transfers = 0;
  for (;;) {
    const rows = await ctx.db
      .select({ transfer: ledgerTransfers, typeCode: lookupValues.code })
      .from(ledgerTransfers)
      .leftJoin(lookupValues, eq(lookupValues.id, ledgerTransfers.transactionTypeId))
      .where(and(sameTenant(ledgerTransfers.tenantId, tenantId), gt(ledgerTransfers.sequence, expected - 1)))
      .orderBy(asc(ledgerTransfers.sequence))
      .limit(batchSize);
    for (const { transfer: t, typeCode } of rows) {
      const at = { transferId: t.id, sequence: t.sequence, currencyCode: t.currencyCode };
      if (t.sequence !== expected) return { violation: violation('HashChain', `sequence ${expected} is missing`, at), transfers };
      if (t.previousHash !== previousHash)
        return { violation: violation('HashChain', `transfer ${t.id} does not follow the hash before it`, at), transfers };
      if (transferHash(previousHash, { ...t, transactionTypeCode: typeCode ?? '' }) !== t.hash)
        return { violation: violation('HashChain', `transfer ${t.id} was changed after it was written`, at), transfers };
      previousHash = t.hash;
      expected++;
      transfers++;
    }
    if (rows.length < batchSize) break;
  }
  const [head] = await ctx.db
    .select()
    .from(ledgerChainHeads)
    .where(eq(ledgerChainHeads.tenantKey, tenantKeyOf(tenantId)));
  const headSequence = head?.lastSequence ?? 0;
  if (headSequence !== expected - 1 || (head && head.lastHash !== previousHash))
    return {
      violation: violation('HashChain', `the chain ends at ${expected - 1} but its head is at ${headSequence}`, { sequence: headSequence }),
      transfers,
    };
  return { violation: null, transfers };
}

/** Verifies one tenant's ledger (null: the host's), or the host's and every tenant's. */
export async function verifyLedger(
  ctx: AppContext,
  scope: { tenantId: string | null; allTenants: boolean },
): Promise<LedgerVerificationDto> {
  const tenants: Array<string | null> = [scope.tenantId];
  if (scope.allTenants) {
    const others = await rowsOf<{ tenant_id: string }>(
      ctx.db,
      sql`select distinct tenant_id from ledger_accounts where tenant_id is not null order by tenant_id`,
    );
    tenants.push(...others.map((r) => r.tenant_id).filter((id) => id !== scope.tenantId));
  }
  let checkedAccounts = 0;
  let checkedTransfers = 0;
  for (const tenantId of tenants) {
    const [{ value }] = (await rowsOf<{ value: number }>(
      ctx.db,
      sql`select count(*)::int as value from ${ledgerAccounts} where ${tenantFilter('tenant_id', tenantId)}`,
    )) as [{ value: number }];
    checkedAccounts += Number(value);
    let found = (await checkCurrencies(ctx, tenantId)) ?? (await checkAccounts(ctx, tenantId)) ?? (await checkFlags(ctx, tenantId));
    if (!found) {
      const chain = await checkChain(ctx, tenantId);
      checkedTransfers += chain.transfers;
      found = chain.violation;
    }
    if (found)
      return {
        isValid: false,
        checkedTenants: tenants.indexOf(tenantId) + 1,
        checkedAccounts,
        checkedTransfers,
        violation: { ...found, tenantId },
      };
  }
  return { isValid: true, checkedTenants: tenants.length, checkedAccounts, checkedTransfers, violation: null };
}
