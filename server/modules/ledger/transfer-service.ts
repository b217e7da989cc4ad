// Writing to the ledger: transfer groups, two-phase post/void, reversals. Rules (finance-domain.md
// "One ledger under everything", ADR 0013, group commit ADR 0015):
// - group commit: the money-moving requests of one tenant that arrive together are written by one
//   transaction per batch (one batch at a time per tenant and process): their Idempotency-Keys are
//   inserted first (one statement, in key order), then the tenant's chain head is locked (once per
//   batch: the batches of every process queue there), then every account the batch touches is
//   locked FOR UPDATE in id order (one statement); each request is then checked in arrival order on
//   the locked rows as the earlier requests of the batch left them: the ledger's guards, then the
//   posting guards (guards.ts); a refused request changes nothing (its totals are put back, its key
//   removed) and its error is its answer, while the others of the batch go on. The accepted
//   requests' transfers are inserted with their sequences and hashes (one statement), the four
//   running totals written (one statement), the head moved, the answers stored in the keys, each
//   request's audit log written, and the batch commits: all legs of a group or none;
// - a batch that fails as a whole (a deadlock, a lost connection, a unique index as backstop) is
//   tried again, a request at a time, so one request's failure is never another's;
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
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { CreateLedgerTransferGroupDto, LedgerTransferDto, LedgerTransferGroupDto } from '../../../contract/ledger.ts';
import { iso } from '../../../contract/common.ts';
import { loggedScope, writeAuditsOfRequests } from '../../audit/journal.ts';
import { type AuditScope, currentAuditScope, markAuditedWrite, runDetached } from '../../audit/scope.ts';
import { TtlCache } from '../../cache.ts';
import type { AppContext } from '../../context.ts';
import { currencies, type LedgerTransferKind, ledgerAccounts, ledgerTransfers } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors.ts';
import type { Tx } from '../identity/user-repository.ts';
import { lookupsTopic, lookupValuesOf } from '../lookups/lookup-values.ts';
import { insertFromArrays } from '../../plugins/hot-statement.ts';
import { sameTenant } from '../shared/tenancy.ts';
import { advanceChainHead, lockChainHead, transferHash } from './chain.ts';
import { ledgerErrors } from './errors.ts';
import type { PostingGuard } from './guards.ts';
import {
  answersStatement,
  claimId,
  claimKeys,
  claimOf,
  type IdempotencyClaim,
  type IdempotentRequest,
  releaseStatement,
  tenantKeyOf,
} from './idempotency.ts';
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

/** Invalidations of every tenant's currencies: the trigger of migrations 0033 and 0034 sends it on any change. */
const currenciesTopic = 'currencies';

/**
 * What every batch reads and what rarely changes, kept in memory and read through `db` (the
 * caller's transaction: PGlite has one connection) when not: the lookup values of TransactionType
 * (dropped when the catalogue changes) and each tenant's currencies (dropped when any currency
 * changes, by the database's own notification, ADR 0031). A currency write's request answers only
 * after every instance has dropped them (its fence, ADR 0028), as with the account rules.
 */
export class LedgerCatalogue {
  private cached: Promise<Map<string, string>> | null = null;
  private readonly currencies = new TtlCache<Map<string, CurrencyDecimals>>(5 * 60_000);
  private readonly ctx: AppContext;
  constructor(ctx: AppContext) {
    this.ctx = ctx;
    ctx.cache.subscribe(lookupsTopic, () => {
      this.cached = null;
    });
    ctx.cache.subscribe(currenciesTopic, () => this.currencies.delete(undefined));
  }

  /** Lookup values of TransactionType (id -> code). */
  transactionTypes(db: Tx | AppContext['db'] = this.ctx.db): Promise<Map<string, string>> {
    this.cached ??= lookupValuesOf(db, 'TransactionType')
      .then((rows) => new Map(rows.map((r) => [r.id, r.code])))
      .catch((error: unknown) => {
        this.cached = null;
        throw error;
      });
    return this.cached;
  }

  async defaultTransactionTypeId(db: Tx | AppContext['db']): Promise<string> {
    for (const [id, code] of await this.transactionTypes(db)) if (code === 'JV') return id;
    throw new Error('TransactionType JV missing from the lookup catalogue');
  }

  /** The tenant's currencies (code -> decimals, active), inactive ones included; unkept while the cache bus is not listening. */
  currencyDecimals(db: Tx | AppContext['db'], tenantId: string | null): Promise<Map<string, CurrencyDecimals>> {
    const read = () => readCurrencies(db, tenantId);
    return this.ctx.cache.reliable ? this.currencies.getOrLoad(tenantKeyOf(tenantId), read) : read();
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
  auditLogId: row.auditLogId,
  previousHash: row.previousHash,
  hash: row.hash,
  creationTime: iso(row.creationTime)!,
  creatorId: row.creatorId,
});

interface CurrencyDecimals {
  code: string;
  decimals: number;
  isActive: boolean;
}

/** The tenant's currencies (code -> decimals, active), inactive ones included, read through `db`. */
async function readCurrencies(db: Tx | AppContext['db'], tenantId: string | null): Promise<Map<string, CurrencyDecimals>> {
  const rows = await db
    .select({ code: currencies.code, decimals: currencies.decimals, isActive: currencies.isActive })
    .from(currencies)
    .where(sameTenant(currencies.tenantId, tenantId));
  return new Map(rows.map((r) => [r.code, r]));
}

/** What a money-moving request asks for. */
export type LedgerOperation =
  | { kind: 'group'; input: CreateLedgerTransferGroupDto }
  | { kind: 'post'; transferId: string; amount: string | null }
  | { kind: 'void'; transferId: string }
  | { kind: 'reverse'; transferId: string }
  | ComputedGroup;

/**
 * A group whose legs are read inside the batch's transaction, under the chain-head lock (a
 * cross-currency movement at the rate in force); its answer is what the reading found (`about`)
 * with the group, so a replay of its key answers the same rate and amounts.
 */
export interface ComputedGroup {
  kind: 'computed';
  /** How many legs it makes at most. */
  legs: number;
  compute(tx: Tx): Promise<{ input: CreateLedgerTransferGroupDto; about: Record<string, unknown> }>;
}

const uniqueViolationOf = (error: unknown): string | null => {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const source = e?.code === '23505' ? e : e?.cause?.code === '23505' ? e.cause : null;
  return source ? (source.constraint ?? '') : null;
};

/** One money-moving request as a batch runs it. */
interface Posting {
  caller: LedgerCaller;
  /** How many transfers it makes at most (a batch's statements stay under the parameter limit). */
  legs: number;
  /** Stored on the transfers it makes (null for the expiry job). */
  idempotencyKey: string | null;
  /** Its claim on the key, inserted first in the batch's transaction (none for a direct call). */
  claim: IdempotencyClaim | null;
  /** The audit scope of its request (none: the changes go to the caller's own transaction). */
  audit: AuditScope | undefined;
  /** Reads what it needs (under the chain-head lock) and answers its legs; throws to refuse. */
  plan(tx: Tx, batch: Batch): Promise<Plan[]>;
  /** The answer, from the rows written. */
  answer(rows: TransferRow[], decimals: Decimals): unknown;
}

type Decimals = Map<string, CurrencyDecimals>;

/** What the requests of one batch share. */
interface Batch {
  tenantId: string | null;
  decimals: Decimals;
  types: Map<string, string>;
  jv: string;
  /** Pending transfers resolved and transfers reversed by earlier requests of the batch. */
  resolving: Set<string>;
  reversing: Set<string>;
}

type Outcome = { ok: true; answer: unknown } | { ok: false; error: unknown };

/** SQLSTATEs after which a batch is simply tried again: deadlock, serialization failure. */
const retryable = new Set(['40P01', '40001']);
const sqlStateOf = (error: unknown): string | undefined => {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code ?? e?.cause?.code;
};

interface Queue {
  waiting: Array<{ posting: Posting; settle: (o: Outcome) => void }>;
  running: number;
}

/**
 * Batches of one tenant running at once in a process (ADR 0031): one. The requests that arrive
 * while a batch commits make the next one bigger, which costs fewer statements per transfer than a
 * second batch waiting for the chain head in the database (ADR 0015 ran two).
 */
const batchesPerTenant = Number(process.env.LEDGER_BATCHES_PER_TENANT ?? 1);

/** Requests written together at most (a batch's statements stay well under the parameter limit). */
export const maxBatch = 256;
/** Transfers a batch makes at most: its accounts (two per leg) fit one lock and one update statement. */
const maxLegs = 2000;

/** The legs of a group from the wire, checked against the batch's currencies and transaction types. */
function groupPlans(input: CreateLedgerTransferGroupDto, batch: Batch): Plan[] {
  return input.transfers.map((leg, index): Plan => {
    const currency = batch.decimals.get(leg.currencyCode);
    if (!currency) throw ledgerErrors.unknownCurrency(`transfers[${index}].currencyCode`, leg.currencyCode);
    const amount = parseMoney(leg.amount, currency.decimals);
    if (amount === null) throw ledgerErrors.tooManyDecimals(`transfers[${index}].amount`, leg.currencyCode, currency.decimals, leg.amount);
    const transactionTypeId = leg.transactionTypeId ?? batch.jv;
    if (!batch.types.has(transactionTypeId))
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
      serviceId: leg.serviceId ?? null,
    };
  });
}

export class LedgerWriter {
  readonly catalogue: LedgerCatalogue;
  private readonly guards: readonly PostingGuard[];
  /** Per tenant: requests waiting for the next batch, and how many batches are running. */
  private readonly queues = new Map<string, Queue>();
  /** Requests queued or running, by tenant, route and key: a second one with the key waits for the first. */
  private readonly inFlight = new Map<string, Promise<unknown>>();
  constructor(catalogue: LedgerCatalogue, guards: readonly PostingGuard[] = []) {
    this.catalogue = catalogue;
    this.guards = guards;
  }

  // Direct calls: one request in the caller's transaction (the expiry job, tests), no key claim.

  /** A group of legs from the wire: all posted (or reserved) in one transaction, or none. */
  createGroup(tx: Tx, caller: LedgerCaller, input: CreateLedgerTransferGroupDto, idempotencyKey: string | null) {
    return this.direct(tx, this.groupPosting(caller, input, idempotencyKey, null)) as Promise<LedgerTransferGroupDto>;
  }

  /** Posts a pending transfer, wholly or in part (amount null = the whole reserved amount). */
  postPending(tx: Tx, caller: LedgerCaller, pendingId: string, amountText: string | null, idempotencyKey: string | null) {
    return this.direct(tx, this.postPosting(caller, pendingId, amountText, idempotencyKey, null)) as Promise<LedgerTransferDto>;
  }

  /** Voids a pending transfer (allowed after its expiry: that is what the expiry job does). */
  voidPending(tx: Tx, caller: LedgerCaller, pendingId: string, idempotencyKey: string | null) {
    return this.direct(tx, this.voidPosting(caller, pendingId, idempotencyKey, null)) as Promise<LedgerTransferDto>;
  }

  /** A new transfer undoing a posted one (accounts swapped); at most once per transfer. */
  reverse(tx: Tx, caller: LedgerCaller, transferId: string, idempotencyKey: string | null) {
    return this.direct(tx, this.reversePosting(caller, transferId, idempotencyKey, null)) as Promise<LedgerTransferDto>;
  }

  // Requests: queued per tenant and written by group commit, once per Idempotency-Key.

  /** The request's answer: its effect made in the tenant's next batch, or the first answer of its key. */
  async submit(ctx: AppContext, caller: LedgerCaller, request: IdempotentRequest, operation: LedgerOperation): Promise<unknown> {
    const claim = claimOf(request);
    const id = claimId(caller.tenantId, claim);
    // A request with the same key already queued or running here: its outcome first (then a replay).
    for (let earlier = this.inFlight.get(id); earlier; earlier = this.inFlight.get(id)) await earlier.catch(() => undefined);
    const audit = currentAuditScope();
    const posting = this.postingOf(caller, operation, request.key, claim, audit);
    const done = new Promise<unknown>((resolve, reject) => {
      const tenant = tenantKeyOf(caller.tenantId);
      const queue = this.queues.get(tenant) ?? { waiting: [], running: 0 };
      this.queues.set(tenant, queue);
      queue.waiting.push({ posting, settle: (o) => (o.ok ? resolve(o.answer) : reject(o.error)) });
      if (queue.running < batchesPerTenant) {
        queue.running++;
        // The requests arriving in this turn of the event loop join the first batch.
        setImmediate(() => runDetached(() => void this.drain(ctx, caller.tenantId, queue)));
      }
    });
    this.inFlight.set(id, done);
    try {
      return await done;
    } finally {
      if (this.inFlight.get(id) === done) this.inFlight.delete(id);
    }
  }

  private postingOf(
    caller: LedgerCaller,
    operation: LedgerOperation,
    key: string | null,
    claim: IdempotencyClaim | null,
    audit: AuditScope | undefined,
  ): Posting {
    const posting =
      operation.kind === 'group'
        ? this.groupPosting(caller, operation.input, key, claim)
        : operation.kind === 'post'
          ? this.postPosting(caller, operation.transferId, operation.amount, key, claim)
          : operation.kind === 'void'
            ? this.voidPosting(caller, operation.transferId, key, claim)
            : operation.kind === 'reverse'
              ? this.reversePosting(caller, operation.transferId, key, claim)
              : this.computedPosting(caller, operation, key, claim);
    posting.audit = audit;
    return posting;
  }

  /** Writes the tenant's waiting requests, a batch at a time, until none waits. */
  private async drain(ctx: AppContext, tenantId: string | null, queue: Queue) {
    try {
      while (queue.waiting.length) {
        let count = 0;
        let legs = 0;
        while (count < queue.waiting.length && count < maxBatch && (count === 0 || legs + queue.waiting[count]!.posting.legs <= maxLegs))
          legs += queue.waiting[count++]!.posting.legs;
        const batch = queue.waiting.splice(0, count);
        const outcomes = await this.commitBatch(
          ctx,
          tenantId,
          batch.map((b) => b.posting),
        );
        for (const [i, b] of batch.entries()) b.settle(outcomes[i]!);
      }
    } finally {
      queue.running--;
    }
  }

  /** One transaction for the batch; after a failure of the whole, each request in its own. */
  private async commitBatch(ctx: AppContext, tenantId: string | null, postings: Posting[]): Promise<Outcome[]> {
    for (let attempt = 1; ; attempt++) {
      let settle: Array<{ committed(): void; rolledBack(): void }> = [];
      try {
        const outcomes = await ctx.db.transaction(async (tx) => {
          const written = await this.write(tx, tenantId, postings);
          settle = written.audits;
          return written.outcomes;
        });
        for (const s of settle) s.committed();
        return outcomes;
      } catch (error) {
        for (const s of settle) s.rolledBack();
        if (retryable.has(sqlStateOf(error) ?? '') && attempt < 5) continue;
        if (postings.length === 1) return [{ ok: false, error }];
        const outcomes: Outcome[] = [];
        for (const posting of postings) outcomes.push(...(await this.commitBatch(ctx, tenantId, [posting])));
        return outcomes;
      }
    }
  }

  private async direct(tx: Tx, posting: Posting): Promise<unknown> {
    const [outcome] = (await this.write(tx, posting.caller.tenantId, [posting])).outcomes;
    if (!outcome!.ok) throw outcome!.error;
    return outcome!.answer;
  }

  private groupPosting(
    caller: LedgerCaller,
    input: CreateLedgerTransferGroupDto,
    idempotencyKey: string | null,
    claim: IdempotencyClaim | null,
  ): Posting {
    return {
      caller,
      legs: input.transfers.length,
      idempotencyKey,
      claim,
      audit: undefined,
      plan: async (_tx, batch) => groupPlans(input, batch),
      answer: (rows, decimals) => this.groupDto(rows, decimals),
    };
  }

  private computedPosting(
    caller: LedgerCaller,
    operation: ComputedGroup,
    idempotencyKey: string | null,
    claim: IdempotencyClaim | null,
  ): Posting {
    let about: Record<string, unknown> = {};
    return {
      caller,
      legs: operation.legs,
      idempotencyKey,
      claim,
      audit: undefined,
      plan: async (tx, batch) => {
        const computed = await operation.compute(tx);
        about = computed.about;
        return groupPlans(computed.input, batch);
      },
      answer: (rows, decimals) => ({ ...about, ...this.groupDto(rows, decimals) }),
    };
  }

  private postPosting(
    caller: LedgerCaller,
    pendingId: string,
    amountText: string | null,
    idempotencyKey: string | null,
    claim: IdempotencyClaim | null,
  ): Posting {
    return {
      caller,
      legs: 1,
      idempotencyKey,
      claim,
      audit: undefined,
      plan: async (tx, batch) => {
        const pending = await this.openPending(tx, batch, pendingId);
        const scale = batch.decimals.get(pending.currencyCode)!.decimals;
        if (pending.timeoutAt && pending.timeoutAt.getTime() <= Date.now())
          throw ledgerErrors.pendingExpired(pending.id, pending.timeoutAt.toISOString());
        const amount = amountText === null ? pending.amount : parseMoney(amountText, scale);
        if (amount === null) throw ledgerErrors.tooManyDecimals('amount', pending.currencyCode, scale, amountText!);
        if (amount <= 0n) throw ledgerErrors.amountNotPositive(amountText!);
        if (amount > pending.amount)
          throw ledgerErrors.postExceedsPending(formatMoney(amount, scale), pending.currencyCode, formatMoney(pending.amount, scale));
        batch.resolving.add(pending.id);
        return [this.resolution(pending, 'PostPending', amount)];
      },
      answer: (rows, decimals) => toTransferDto(rows[0]!, decimals.get(rows[0]!.currencyCode)!.decimals),
    };
  }

  private voidPosting(caller: LedgerCaller, pendingId: string, idempotencyKey: string | null, claim: IdempotencyClaim | null): Posting {
    return {
      caller,
      legs: 1,
      idempotencyKey,
      claim,
      audit: undefined,
      plan: async (tx, batch) => {
        const pending = await this.openPending(tx, batch, pendingId);
        batch.resolving.add(pending.id);
        return [this.resolution(pending, 'VoidPending', pending.amount)];
      },
      answer: (rows, decimals) => toTransferDto(rows[0]!, decimals.get(rows[0]!.currencyCode)!.decimals),
    };
  }

  private reversePosting(caller: LedgerCaller, transferId: string, idempotencyKey: string | null, claim: IdempotencyClaim | null): Posting {
    return {
      caller,
      legs: 1,
      idempotencyKey,
      claim,
      audit: undefined,
      plan: async (tx, batch) => {
        const original = await findTransfer(tx, batch.tenantId, transferId);
        if (original.kind !== 'Posted' && original.kind !== 'PostPending') throw ledgerErrors.notReversible(original.id, original.kind);
        const [already] = await tx
          .select({ id: ledgerTransfers.id })
          .from(ledgerTransfers)
          .where(eq(ledgerTransfers.reversalOfId, original.id));
        if (already || batch.reversing.has(original.id)) throw ledgerErrors.alreadyReversed(original.id);
        batch.reversing.add(original.id);
        return [
          {
            ...this.resolution(original, 'Posted', original.amount),
            debitAccountId: original.creditAccountId,
            creditAccountId: original.debitAccountId,
            pendingId: null,
            released: 0n,
            reversalOfId: original.id,
          },
        ];
      },
      answer: (rows, decimals) => toTransferDto(rows[0]!, decimals.get(rows[0]!.currencyCode)!.decimals),
    };
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

  private async openPending(tx: Tx, batch: Batch, pendingId: string): Promise<TransferRow> {
    const pending = await findTransfer(tx, batch.tenantId, pendingId);
    if (pending.kind !== 'Pending') throw ledgerErrors.notPending(pending.id);
    const [resolved] = await tx.select({ id: ledgerTransfers.id }).from(ledgerTransfers).where(eq(ledgerTransfers.pendingId, pending.id));
    if (resolved || batch.resolving.has(pending.id)) throw ledgerErrors.pendingResolved(pending.id);
    return pending;
  }

  /**
   * The batch in `tx`: keys, chain head, accounts (in id order), then each request checked on the
   * locked rows and its transfers appended to the tenant's chain; refused ones change nothing.
   */
  private async write(
    tx: Tx,
    tenantId: string | null,
    postings: readonly Posting[],
  ): Promise<{ outcomes: Outcome[]; audits: Array<{ committed(): void; rolledBack(): void }> }> {
    const outcomes: Array<Outcome | null> = postings.map(() => null);
    const replays = await claimKeys(
      tx,
      tenantId,
      postings.flatMap((p) => (p.claim ? [p.claim] : [])),
    );
    postings.forEach((p, i) => {
      const replay = p.claim && replays.get(p.claim);
      if (replay) outcomes[i] = 'error' in replay ? { ok: false, error: replay.error } : { ok: true, answer: replay.answer };
    });
    const head = await lockChainHead(tx, tenantId);
    const types = await this.catalogue.transactionTypes(tx);
    const batch: Batch = {
      tenantId,
      decimals: await this.catalogue.currencyDecimals(tx, tenantId),
      types,
      jv: await this.catalogue.defaultTransactionTypeId(tx),
      resolving: new Set(),
      reversing: new Set(),
    };
    const refuse = (i: number, error: unknown) => {
      if (!(error instanceof AppError)) throw error;
      outcomes[i] = { ok: false, error };
    };
    const plans: Array<Plan[] | null> = [];
    for (const [i, posting] of postings.entries()) {
      plans.push(null);
      if (outcomes[i]) continue;
      try {
        plans[i] = await posting.plan(tx, batch);
      } catch (error) {
        refuse(i, error);
      }
    }
    const ids = [...new Set(plans.flatMap((legs) => (legs ?? []).flatMap((p) => [p.debitAccountId, p.creditAccountId])))].sort();
    const locked = ids.length
      ? await tx
          .select()
          .from(ledgerAccounts)
          .where(and(inArray(ledgerAccounts.id, ids), sameTenant(ledgerAccounts.tenantId, tenantId)))
          .orderBy(asc(ledgerAccounts.id))
          .for('update')
      : [];
    // The accounts as the batch leaves them so far (each request sees the earlier ones' effect).
    const accounts = new Map(locked.map((a) => [a.id, { ...a }]));
    const now = new Date();
    let sequence = head.lastSequence;
    let previousHash = head.lastHash;
    const rows: TransferRow[] = [];
    let flushed = 0;
    let flushing = Promise.resolve();
    /** Inserts the batch's transfers not in the table yet (one statement), after any insert running. */
    const flush = () =>
      (flushing = flushing.then(async () => {
        if (rows.length === flushed) return;
        const pending = rows.slice(flushed);
        flushed = rows.length;
        await insertTransfers(tx, pending);
      }));
    // A guard may read the transfers (period totals): the batch's earlier ones are inserted before
    // its first query runs, and not at all while no guard reads anything.
    const guardTx = this.guards.length ? flushingBefore(tx, flush) : tx;
    const accepted: Array<{ index: number; rows: TransferRow[] }> = [];
    // The audit log each request's transfers name (ADR 0030): its own, when its request keeps one.
    const auditLogIds = await Promise.all(
      postings.map(async (posting) => (await loggedScope(posting.audit ?? currentAuditScope()))?.logId ?? null),
    );
    for (const [i, posting] of postings.entries()) {
      const legsPlanned = plans[i];
      if (!legsPlanned) continue;
      const touched = [...new Set(legsPlanned.flatMap((p) => [p.debitAccountId, p.creditAccountId]))];
      const before = new Map(touched.filter((id) => accounts.has(id)).map((id) => [id, { ...accounts.get(id)! }]));
      try {
        for (const id of touched) if (!accounts.has(id)) throw notFound('LedgerAccount', id);
        for (const plan of legsPlanned)
          applyPlan(plan, accounts.get(plan.debitAccountId)!, accounts.get(plan.creditAccountId)!, batch.decimals);
        if (this.guards.length) {
          const legs = legsPlanned.map((plan) => ({
            kind: plan.kind,
            debitAccount: before.get(plan.debitAccountId)!,
            creditAccount: before.get(plan.creditAccountId)!,
            amount: plan.amount,
            currencyCode: plan.currencyCode,
            transactionTypeId: plan.transactionTypeId,
            serviceId: plan.serviceId,
            reversalOfId: plan.reversalOfId,
          }));
          for (const guard of this.guards) await guard(guardTx, posting.caller, legs);
        }
      } catch (error) {
        for (const [id, row] of before) accounts.set(id, row);
        refuse(i, error);
        continue;
      }
      const linkedGroupId = crypto.randomUUID();
      const made = legsPlanned.map((plan): TransferRow => {
        const fields = {
          id: crypto.randomUUID(),
          tenantId,
          sequence: ++sequence,
          kind: plan.kind,
          idempotencyKey: posting.idempotencyKey,
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
          creatorId: posting.caller.userId,
          auditLogId: auditLogIds[i]!,
        };
        const hash = transferHash(previousHash, { ...fields, transactionTypeCode: types.get(plan.transactionTypeId) ?? '' });
        const row: TransferRow = { ...fields, transactionTypeId: plan.transactionTypeId, previousHash, hash };
        previousHash = hash;
        return row;
      });
      rows.push(...made);
      accepted.push({ index: i, rows: made });
      outcomes[i] = { ok: true, answer: posting.answer(made, batch.decimals) };
    }
    const original = new Map(locked.map((a) => [a.id, a]));
    const changed = [...accounts.values()].filter((account) => {
      const before = original.get(account.id)!;
      return (
        before.debitsPosted !== account.debitsPosted ||
        before.creditsPosted !== account.creditsPosted ||
        before.debitsPending !== account.debitsPending ||
        before.creditsPending !== account.creditsPending
      );
    });
    // The batch's writes in one statement (one round trip while the locks are held): the transfers
    // not inserted yet, every account's four totals, the head, the keys' answers, refused keys out.
    const writes: SQL[] = [];
    await flushing;
    if (rows.length > flushed) writes.push(insertFromArrays(ledgerTransfers, rows.slice(flushed)));
    if (changed.length) {
      const totals = (pick: (a: (typeof changed)[number]) => bigint) => sql.param(changed.map((a) => pick(a).toString()));
      writes.push(sql`update ${ledgerAccounts} as a set
          debits_posted = v.dp, credits_posted = v.cp, debits_pending = v.dq, credits_pending = v.cq
        from unnest(${sql.param(changed.map((a) => a.id))}::uuid[], ${totals((a) => a.debitsPosted)}::bigint[],
          ${totals((a) => a.creditsPosted)}::bigint[], ${totals((a) => a.debitsPending)}::bigint[],
          ${totals((a) => a.creditsPending)}::bigint[]) as v(id, dp, cp, dq, cq)
        where a.id = v.id`);
    }
    if (rows.length) writes.push(advanceChainHead(tenantId, sequence, previousHash));
    const answers = answersStatement(
      tenantId,
      accepted.flatMap(({ index }) => {
        const { claim } = postings[index]!;
        const outcome = outcomes[index] as { answer: unknown };
        return claim ? [{ claim, answer: outcome.answer }] : [];
      }),
    );
    if (answers) writes.push(answers);
    const released = releaseStatement(
      tenantId,
      postings.flatMap((p, i) => (p.claim && !replays.has(p.claim) && !outcomes[i]!.ok ? [p.claim] : [])),
    );
    if (released) writes.push(released);
    try {
      if (writes.length === 1) await tx.execute(writes[0]!);
      else if (writes.length)
        await tx.execute(
          sql`with ${sql.join(
            writes.map((w, i) => sql`${sql.raw(`w${i}`)} as (${w})`),
            sql`, `,
          )} select 1`,
        );
    } catch (error) {
      // Backstops: the head lock already serializes two resolutions or reversals of one transfer.
      const constraint = uniqueViolationOf(error);
      const only = accepted.length === 1 ? plans[accepted[0]!.index]![0]! : null;
      if (only && constraint === 'ledger_transfers_pending_idx') throw ledgerErrors.pendingResolved(only.pendingId!);
      if (only && constraint === 'ledger_transfers_reversal_idx') throw ledgerErrors.alreadyReversed(only.reversalOfId!);
      throw error;
    }
    // A queued request's log is written with the batch, every request's in one statement; a direct
    // call's with the caller's own transaction. No entity change repeats the transfers (ADR 0030):
    // they carry their log's id, and the log commits with them all the same.
    const logged: Array<{ scope: AuditScope; record: () => void }> = [];
    for (const { index } of accepted) {
      const { audit } = postings[index]!;
      if (audit) logged.push({ scope: audit, record: markAuditedWrite });
      else markAuditedWrite();
    }
    const audits = await writeAuditsOfRequests(tx, logged);
    return { outcomes: outcomes as Outcome[], audits };
  }
}

type Prepared = { execute(...args: unknown[]): Promise<unknown>; all(...args: unknown[]): Promise<unknown> };

/**
 * `tx` as the posting guards get it: every query they run (select, insert, execute: all go through
 * the session's prepareQuery) first awaits `before`. Drizzle's relational API (`tx.query`) keeps
 * the transaction's own session and is not covered: a guard reads through the query builders.
 */
function flushingBefore(tx: Tx, before: () => Promise<void>): Tx {
  const session = (tx as unknown as { session: { prepareQuery(...args: unknown[]): Prepared } }).session;
  const flushing = Object.create(session) as typeof session;
  flushing.prepareQuery = (...args: unknown[]) => {
    const prepared = session.prepareQuery(...args);
    const { execute, all } = prepared;
    prepared.execute = async (...a: unknown[]) => {
      await before();
      return execute.apply(prepared, a);
    };
    prepared.all = async (...a: unknown[]) => {
      await before();
      return all.apply(prepared, a);
    };
    return prepared;
  };
  return Object.create(tx, { session: { value: flushing } }) as Tx;
}

async function insertTransfers(tx: Tx, rows: TransferRow[]): Promise<void> {
  await tx.execute(insertFromArrays(ledgerTransfers, rows));
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
