// Writing to the ledger: transfer groups, two-phase post/void, reversals. Rules (finance-domain.md
// "One ledger under everything"):
// - every write runs in one transaction: the accounts it touches are locked FOR UPDATE in id order
//   (no deadlock between two writers, no lost update), the guards run on the locked rows, the four
//   running totals are written, then the tenant's chain head is locked last (held only while the
//   rows are appended) and the transfers are inserted with their hashes; all legs of a group or none;
// - guards on new money (Posted, Pending, a reversal): amount > 0, two different accounts of the
//   tenant, the transfer's currency = both accounts' currency, neither account closed, and the
//   balance flags: a debitsMustNotExceedCredits account may not end with debits posted + pending
//   above its credits posted (creditsMustNotExceedDebits the mirror); a refusal is a 403 naming the
//   limit and what is available;
// - two-phase: a Pending transfer reserves (pending totals); PostPending posts all or part of it
//   (the rest is released), VoidPending releases it; each names the pending transfer, which is
//   resolved at most once (unique pending_id); an expired pending can only be voided (the expiry
//   job voids it); resolving touches only totals the pending put there, so flags are not rechecked;
// - a reversal is a new Posted transfer with the accounts swapped and reversal_of_id set (unique:
//   at most once); only a posted transfer (Posted or PostPending) is reversible;
// - transfers are never updated or deleted.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { CreateLedgerTransferGroupDto, LedgerTransferDto, LedgerTransferGroupDto } from '../../../contract/ledger.ts';
import { iso } from '../../../contract/common.ts';
import { trackEntityChange } from '../../audit/scope.ts';
import type { AppContext } from '../../context.ts';
import { currencies, type LedgerTransferKind, ledgerAccounts, ledgerTransfers } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import type { Tx } from '../identity/user-repository.ts';
import { lookupsTopic, lookupValuesOf } from '../lookups/lookup-values.ts';
import { sameTenant } from '../shared/tenancy.ts';
import { advanceChainHead, lockChainHead, transferHash } from './chain.ts';
import { ledgerErrors } from './errors.ts';
import type { PostingGuard } from './guards.ts';
import { formatMoney, parseMoney } from './money.ts';

type AccountRow = typeof ledgerAccounts.$inferSelect;
export type TransferRow = typeof ledgerTransfers.$inferSelect;

export interface LedgerCaller {
  tenantId: string | null;
  userId: string | null;
}

/** Largest value of a PostgreSQL bigint: a total past it is refused, never wrapped. */
const maxTotal = 9_223_372_036_854_775_807n;

interface Plan {
  kind: LedgerTransferKind;
  debitAccountId: string;
  creditAccountId: string;
  amount: bigint;
  currencyCode: string;
  transactionTypeId: string;
  code: string | null;
  documentKind: string | null;
  documentId: string | null;
  pendingId: string | null;
  /** For PostPending and VoidPending: the amount the pending transfer reserved. */
  released: bigint;
  timeoutAt: Date | null;
  reversalOfId: string | null;
  /** The kernel service node the movement was made for (service permissions, rules). */
  serviceId: string | null;
}

/** Lookup values of TransactionType (id -> code), read once and dropped when the catalogue changes. */
export class TransactionTypes {
  private cached: Promise<Map<string, string>> | null = null;
  private readonly ctx: AppContext;
  constructor(ctx: AppContext) {
    this.ctx = ctx;
    ctx.cache.subscribe(lookupsTopic, () => {
      this.cached = null;
    });
  }

  /** Read through `db` (the caller's transaction: PGlite has one connection) when not cached. */
  all(db: Tx | AppContext['db'] = this.ctx.db): Promise<Map<string, string>> {
    this.cached ??= lookupValuesOf(db, 'TransactionType')
      .then((rows) => new Map(rows.map((r) => [r.id, r.code])))
      .catch((error: unknown) => {
        this.cached = null;
        throw error;
      });
    return this.cached;
  }

  async defaultId(db: Tx | AppContext['db']): Promise<string> {
    for (const [id, code] of await this.all(db)) if (code === 'JV') return id;
    throw new Error('TransactionType JV missing from the lookup catalogue');
  }
}

export const toTransferDto = (row: TransferRow, decimals: number): LedgerTransferDto => ({
  id: row.id,
  sequence: row.sequence,
  kind: row.kind,
  idempotencyKey: row.idempotencyKey,
  debitAccountId: row.debitAccountId,
  creditAccountId: row.creditAccountId,
  amount: formatMoney(row.amount, decimals),
  currencyCode: row.currencyCode,
  transactionTypeId: row.transactionTypeId,
  code: row.code,
  documentKind: row.documentKind,
  documentId: row.documentId,
  linkedGroupId: row.linkedGroupId,
  pendingId: row.pendingId,
  timeoutAt: iso(row.timeoutAt),
  reversalOfId: row.reversalOfId,
  previousHash: row.previousHash,
  hash: row.hash,
  creationTime: iso(row.creationTime)!,
  creatorId: row.creatorId,
});

/** Decimals of the tenant's currencies named (code -> decimals); inactive ones included. */
export async function currencyDecimals(db: Tx | AppContext['db'], tenantId: string | null, codes: string[]) {
  const rows = await db
    .select({ code: currencies.code, decimals: currencies.decimals, isActive: currencies.isActive })
    .from(currencies)
    .where(and(sameTenant(currencies.tenantId, tenantId), inArray(currencies.code, [...new Set(codes)])));
  return new Map(rows.map((r) => [r.code, r]));
}

const uniqueViolationOf = (error: unknown): string | null => {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const source = e?.code === '23505' ? e : e?.cause?.code === '23505' ? e.cause : null;
  return source ? (source.constraint ?? '') : null;
};

export class LedgerWriter {
  readonly transactionTypes: TransactionTypes;
  private readonly guards: readonly PostingGuard[];
  constructor(transactionTypes: TransactionTypes, guards: readonly PostingGuard[] = []) {
    this.transactionTypes = transactionTypes;
    this.guards = guards;
  }

  /** A group of legs from the wire: all posted (or reserved) in one transaction, or none. */
  async createGroup(tx: Tx, caller: LedgerCaller, input: CreateLedgerTransferGroupDto, idempotencyKey: string | null) {
    const decimals = await currencyDecimals(
      tx,
      caller.tenantId,
      input.transfers.map((t) => t.currencyCode),
    );
    const types = await this.transactionTypes.all(tx);
    const jv = await this.transactionTypes.defaultId(tx);
    const plans = input.transfers.map((leg, index): Plan => {
      const currency = decimals.get(leg.currencyCode);
      if (!currency) throw ledgerErrors.unknownCurrency(`transfers[${index}].currencyCode`, leg.currencyCode);
      const amount = parseMoney(leg.amount, currency.decimals);
      if (amount === null)
        throw ledgerErrors.tooManyDecimals(`transfers[${index}].amount`, leg.currencyCode, currency.decimals, leg.amount);
      const transactionTypeId = leg.transactionTypeId ?? jv;
      if (!types.has(transactionTypeId))
        throw ledgerErrors.invalidLookup(`transfers[${index}].transactionTypeId`, transactionTypeId, 'TransactionType');
      const pending = leg.pending === true;
      return {
        kind: pending ? 'Pending' : 'Posted',
        debitAccountId: leg.debitAccountId,
        creditAccountId: leg.creditAccountId,
        amount,
        currencyCode: leg.currencyCode,
        transactionTypeId,
        code: leg.code ?? null,
        documentKind: leg.documentKind ?? null,
        documentId: leg.documentId ?? null,
        pendingId: null,
        released: 0n,
        timeoutAt: pending && leg.timeoutSeconds ? new Date(Date.now() + leg.timeoutSeconds * 1000) : null,
        reversalOfId: null,
        serviceId: null,
      };
    });
    const rows = await this.append(tx, caller, plans, idempotencyKey, decimals);
    return this.groupDto(rows, decimals);
  }

  /** Posts a pending transfer, wholly or in part (amount null = the whole reserved amount). */
  async postPending(tx: Tx, caller: LedgerCaller, pendingId: string, amountText: string | null, idempotencyKey: string | null) {
    const pending = await this.openPending(tx, caller, pendingId);
    const decimals = await currencyDecimals(tx, caller.tenantId, [pending.currencyCode]);
    const scale = decimals.get(pending.currencyCode)!.decimals;
    if (pending.timeoutAt && pending.timeoutAt.getTime() <= Date.now())
      throw ledgerErrors.pendingExpired(pending.id, pending.timeoutAt.toISOString());
    const amount = amountText === null ? pending.amount : parseMoney(amountText, scale);
    if (amount === null) throw ledgerErrors.tooManyDecimals('amount', pending.currencyCode, scale, amountText!);
    if (amount <= 0n) throw ledgerErrors.amountNotPositive(amountText!);
    if (amount > pending.amount)
      throw ledgerErrors.postExceedsPending(formatMoney(amount, scale), pending.currencyCode, formatMoney(pending.amount, scale));
    const rows = await this.append(tx, caller, [this.resolution(pending, 'PostPending', amount)], idempotencyKey, decimals);
    return toTransferDto(rows[0]!, scale);
  }

  /** Voids a pending transfer (allowed after its expiry: that is what the expiry job does). */
  async voidPending(tx: Tx, caller: LedgerCaller, pendingId: string, idempotencyKey: string | null) {
    const pending = await this.openPending(tx, caller, pendingId);
    const decimals = await currencyDecimals(tx, caller.tenantId, [pending.currencyCode]);
    const rows = await this.append(tx, caller, [this.resolution(pending, 'VoidPending', pending.amount)], idempotencyKey, decimals);
    return toTransferDto(rows[0]!, decimals.get(pending.currencyCode)!.decimals);
  }

  /** A new transfer undoing a posted one (accounts swapped); at most once per transfer. */
  async reverse(tx: Tx, caller: LedgerCaller, transferId: string, idempotencyKey: string | null) {
    const original = await findTransfer(tx, caller.tenantId, transferId);
    if (original.kind !== 'Posted' && original.kind !== 'PostPending') throw ledgerErrors.notReversible(original.id, original.kind);
    const [already] = await tx
      .select({ id: ledgerTransfers.id })
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.reversalOfId, original.id));
    if (already) throw ledgerErrors.alreadyReversed(original.id);
    const decimals = await currencyDecimals(tx, caller.tenantId, [original.currencyCode]);
    const plan: Plan = {
      ...this.resolution(original, 'Posted', original.amount),
      debitAccountId: original.creditAccountId,
      creditAccountId: original.debitAccountId,
      pendingId: null,
      released: 0n,
      reversalOfId: original.id,
    };
    const rows = await this.append(tx, caller, [plan], idempotencyKey, decimals);
    return toTransferDto(rows[0]!, decimals.get(original.currencyCode)!.decimals);
  }

  groupDto(rows: TransferRow[], decimals: Map<string, { decimals: number }>): LedgerTransferGroupDto {
    return { linkedGroupId: rows[0]!.linkedGroupId, items: rows.map((r) => toTransferDto(r, decimals.get(r.currencyCode)!.decimals)) };
  }

  private resolution(source: TransferRow, kind: LedgerTransferKind, amount: bigint): Plan {
    return {
      kind,
      debitAccountId: source.debitAccountId,
      creditAccountId: source.creditAccountId,
      amount,
      currencyCode: source.currencyCode,
      transactionTypeId: source.transactionTypeId,
      code: source.code,
      documentKind: source.documentKind,
      documentId: source.documentId,
      pendingId: source.id,
      released: source.amount,
      timeoutAt: null,
      reversalOfId: null,
      serviceId: source.serviceId,
    };
  }

  private async openPending(tx: Tx, caller: LedgerCaller, pendingId: string): Promise<TransferRow> {
    const pending = await findTransfer(tx, caller.tenantId, pendingId);
    if (pending.kind !== 'Pending') throw ledgerErrors.notPending(pending.id);
    const [resolved] = await tx.select({ id: ledgerTransfers.id }).from(ledgerTransfers).where(eq(ledgerTransfers.pendingId, pending.id));
    if (resolved) throw ledgerErrors.pendingResolved(pending.id);
    return pending;
  }

  /** Locks, guards, writes totals, then appends the rows to the tenant's chain. */
  private async append(
    tx: Tx,
    caller: LedgerCaller,
    plans: Plan[],
    idempotencyKey: string | null,
    decimals: Map<string, { decimals: number; isActive: boolean }>,
  ): Promise<TransferRow[]> {
    const ids = [...new Set(plans.flatMap((p) => [p.debitAccountId, p.creditAccountId]))].sort();
    const locked = await tx
      .select()
      .from(ledgerAccounts)
      .where(and(inArray(ledgerAccounts.id, ids), sameTenant(ledgerAccounts.tenantId, caller.tenantId)))
      .orderBy(asc(ledgerAccounts.id))
      .for('update');
    const accounts = new Map(locked.map((a) => [a.id, { ...a }]));
    for (const id of ids) if (!accounts.has(id)) throw notFound('LedgerAccount', id);
    for (const plan of plans) applyPlan(plan, accounts.get(plan.debitAccountId)!, accounts.get(plan.creditAccountId)!, decimals);
    const byId = new Map(locked.map((a) => [a.id, a]));
    const legs = plans.map((plan) => ({
      kind: plan.kind,
      debitAccount: byId.get(plan.debitAccountId)!,
      creditAccount: byId.get(plan.creditAccountId)!,
      amount: plan.amount,
      currencyCode: plan.currencyCode,
      transactionTypeId: plan.transactionTypeId,
      serviceId: plan.serviceId,
    }));
    for (const guard of this.guards) await guard(tx, caller, legs);
    const now = new Date();
    const changed = [...accounts.values()].filter((account) => {
      const before = locked.find((a) => a.id === account.id)!;
      return (
        before.debitsPosted !== account.debitsPosted ||
        before.creditsPosted !== account.creditsPosted ||
        before.debitsPending !== account.debitsPending ||
        before.creditsPending !== account.creditsPending
      );
    });
    // One statement for every account of the group: the locks are held until commit, so each round
    // trip inside them costs every writer waiting on a hot account.
    if (changed.length)
      await tx.execute(sql`update ${ledgerAccounts} as a set
          debits_posted = v.dp::bigint, credits_posted = v.cp::bigint, debits_pending = v.dq::bigint, credits_pending = v.cq::bigint
        from (values ${sql.join(
          changed.map(
            (a) =>
              sql`(${a.id}::uuid, ${a.debitsPosted.toString()}, ${a.creditsPosted.toString()}, ${a.debitsPending.toString()}, ${a.creditsPending.toString()})`,
          ),
          sql`, `,
        )}) as v(id, dp, cp, dq, cq)
        where a.id = v.id`);
    const types = await this.transactionTypes.all(tx);
    const linkedGroupId = crypto.randomUUID();
    const head = await lockChainHead(tx, caller.tenantId);
    let previousHash = head.lastHash;
    const rows = plans.map((plan, index): TransferRow => {
      const fields = {
        id: crypto.randomUUID(),
        tenantId: caller.tenantId,
        sequence: head.lastSequence + index + 1,
        kind: plan.kind,
        idempotencyKey,
        debitAccountId: plan.debitAccountId,
        creditAccountId: plan.creditAccountId,
        amount: plan.amount,
        currencyCode: plan.currencyCode,
        code: plan.code,
        documentKind: plan.documentKind,
        documentId: plan.documentId,
        serviceId: plan.serviceId,
        linkedGroupId,
        pendingId: plan.pendingId,
        timeoutAt: plan.timeoutAt,
        reversalOfId: plan.reversalOfId,
        creationTime: now,
        creatorId: caller.userId,
      };
      const hash = transferHash(previousHash, { ...fields, transactionTypeCode: types.get(plan.transactionTypeId) ?? '' });
      const row: TransferRow = { ...fields, transactionTypeId: plan.transactionTypeId, previousHash, hash };
      previousHash = hash;
      return row;
    });
    try {
      await tx.insert(ledgerTransfers).values(rows);
    } catch (error) {
      const constraint = uniqueViolationOf(error);
      // Backstops: the account locks already serialize two resolutions or reversals of one transfer.
      if (constraint === 'ledger_transfers_pending_idx') throw ledgerErrors.pendingResolved(plans[0]!.pendingId!);
      if (constraint === 'ledger_transfers_reversal_idx') throw ledgerErrors.alreadyReversed(plans[0]!.reversalOfId!);
      throw error;
    }
    await advanceChainHead(tx, caller.tenantId, head.lastSequence + rows.length, previousHash);
    for (const row of rows)
      trackEntityChange(null, toTransferDto(row, decimals.get(row.currencyCode)?.decimals ?? 0), {
        entityTypeFullName: 'Finance.Ledger.LedgerTransfer',
        entityId: row.id,
        entityTenantId: caller.tenantId,
      });
    return rows;
  }
}

type Totals = Pick<
  AccountRow,
  'id' | 'code' | 'currencyCode' | 'isClosed' | 'debitsMustNotExceedCredits' | 'creditsMustNotExceedDebits'
> & {
  debitsPosted: bigint;
  creditsPosted: bigint;
  debitsPending: bigint;
  creditsPending: bigint;
};

/** Applies one transfer to the locked accounts' totals in memory, refusing what breaks a rule. */
function applyPlan(plan: Plan, debit: Totals, credit: Totals, decimals: Map<string, { decimals: number }>): void {
  const scale = decimals.get(plan.currencyCode)?.decimals ?? 0;
  const money = (value: bigint) => formatMoney(value, scale);
  if (plan.amount <= 0n) throw ledgerErrors.amountNotPositive(money(plan.amount));
  if (debit.id === credit.id) throw ledgerErrors.sameAccount(debit.code);
  for (const account of [debit, credit])
    if (account.currencyCode !== plan.currencyCode)
      throw ledgerErrors.currencyMismatch(plan.currencyCode, account.code, account.currencyCode);
  const newMoney = plan.kind === 'Posted' || plan.kind === 'Pending';
  if (newMoney) {
    for (const account of [debit, credit]) if (account.isClosed) throw ledgerErrors.accountClosed(account.code);
    if (debit.debitsMustNotExceedCredits) {
      const available = debit.creditsPosted - debit.debitsPosted - debit.debitsPending;
      if (plan.amount > available) throw ledgerErrors.exceedsCredits(debit.code, money(plan.amount), plan.currencyCode, money(available));
    }
    if (credit.creditsMustNotExceedDebits) {
      const room = credit.debitsPosted - credit.creditsPosted - credit.creditsPending;
      if (plan.amount > room) throw ledgerErrors.exceedsDebits(credit.code, money(plan.amount), plan.currencyCode, money(room));
    }
  }
  if (plan.kind === 'Posted') {
    debit.debitsPosted += plan.amount;
    credit.creditsPosted += plan.amount;
  } else if (plan.kind === 'Pending') {
    debit.debitsPending += plan.amount;
    credit.creditsPending += plan.amount;
  } else {
    debit.debitsPending -= plan.released;
    credit.creditsPending -= plan.released;
    if (plan.kind === 'PostPending') {
      debit.debitsPosted += plan.amount;
      credit.creditsPosted += plan.amount;
    }
  }
  for (const account of [debit, credit])
    if ([account.debitsPosted, account.creditsPosted, account.debitsPending, account.creditsPending].some((t) => t > maxTotal))
      throw ledgerErrors.totalOverflow(account.code);
}

export async function findTransfer(db: Tx | AppContext['db'], tenantId: string | null, id: string): Promise<TransferRow> {
  const [row] = await db
    .select()
    .from(ledgerTransfers)
    .where(and(eq(ledgerTransfers.id, id), sameTenant(ledgerTransfers.tenantId, tenantId)));
  if (!row) throw notFound('LedgerTransfer', id);
  return row;
}
