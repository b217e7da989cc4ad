// Audit logs that commit with the changes they describe (ADRs 0009 and 0010). Rules:
// - the database handle's transaction() is wrapped once (installAuditTransactions, app.ts), so no
//   service changes: every transaction's callback runs in a transaction frame (scope.ts) that
//   collects the entity changes recorded during it, and that security logs ride in;
// - inside a request whose audit log is kept, just before the transaction commits, its changes
//   (and any the request recorded earlier outside a transaction) are written in that transaction
//   as one audit_outbox row under the request's log id, with the log as known then (user, tenant,
//   client, IP, browser, URL, method, action, parameters, correlation id); a later transaction of
//   the request merges its changes into that row; a rollback takes the row (or its part) with it;
// - the batched writer expands outbox rows into the audit tables within its interval (writer.ts),
//   and at start-up before the app answers (capture.ts) what a killed process left;
// - the answer's figures (status code, durations, exceptions) are known only after it is sent: the
//   capture queues them for the batched writer, which applies them as it expands the row or to the
//   expanded log (a crash loses only those);
// - a transaction outside a request scope, in a finished request, or in a request that keeps no
//   log is the driver's own plus the frame (one AsyncLocalStorage run).
import type { Db } from '../db/client.ts';
import {
  type AuditScope,
  currentAuditScope,
  type EntityChangeRecord,
  runInAuditScope,
  runInTransactionFrame,
  type TransactionFrame,
  unwrittenChanges,
} from './scope.ts';
import { type AuditOutboxRow, writeAuditOutboxRows } from './writer.ts';

const installed = Symbol('auditTransactions');

type Transaction = Db['transaction'];

/** Wraps `db.transaction` (once per handle) so that a request's audit log commits with its changes. */
export function installAuditTransactions(db: Db): void {
  const target = db as Db & { [installed]?: true };
  if (target[installed]) return;
  target[installed] = true;
  const original = db.transaction.bind(db) as Transaction;
  const wrapped = async (fn: Parameters<Transaction>[0], config?: Parameters<Transaction>[1]) => {
    const current = currentAuditScope();
    const scope: AuditScope | null = current?.journal && (await current.journal.isLogged()) ? current : null;
    const frame: TransactionFrame = { scope, tx: null, changes: [], open: true };
    let claimed: EntityChangeRecord[] = [];
    try {
      const result = await original(async (tx) => {
        frame.tx = tx;
        let value: Awaited<ReturnType<typeof fn>>;
        try {
          value = await runInTransactionFrame(frame, () => fn(tx));
        } finally {
          // Anything the callback left running no longer writes through this transaction.
          frame.open = false;
        }
        claimed = await writeFrame(tx, frame);
        return value;
      }, config);
      settleCommitted(frame, claimed);
      return result;
    } catch (error) {
      settleRolledBack(frame, claimed);
      throw error;
    }
  };
  db.transaction = wrapped as Transaction;
}

/** Just before `frame`'s transaction commits: the request's changes, with its log, into it; answers those claimed from outside. */
async function writeFrame(tx: unknown, frame: TransactionFrame): Promise<EntityChangeRecord[]> {
  const { claimed, row } = frameRow(frame);
  if (row) {
    await writeAuditOutboxRows(tx as never, [row]);
    frame.scope!.journal!.written();
  }
  return claimed;
}

/**
 * What `frame` writes: the changes it claims from outside any transaction (marked claimed now), and
 * the request's outbox row with those and its own changes (none when there is nothing to write).
 */
function frameRow(frame: TransactionFrame): { claimed: EntityChangeRecord[]; row: AuditOutboxRow | null } {
  const { scope } = frame;
  if (!scope || scope.closed) return { claimed: [], row: null };
  const claimed = unwrittenChanges(scope);
  for (const change of claimed) scope.claimed.add(change);
  const changes = claimed.length ? [...claimed, ...frame.changes] : frame.changes;
  return { claimed, row: changes.length || frame.wrote ? scope.journal!.outboxRow(changes) : null };
}

/** Committed: the changes stand, written with the log. */
function settleCommitted(frame: TransactionFrame, claimed: EntityChangeRecord[]): void {
  const { scope } = frame;
  if (!scope || !(claimed.length || frame.changes.length || frame.wrote)) return;
  scope.entityChanges.push(...frame.changes);
  for (const change of claimed) {
    scope.claimed.delete(change);
    scope.written.add(change);
  }
  for (const change of frame.changes) scope.written.add(change);
  scope.logStored = true;
}

/** Rolled back: the changes recorded in it never happened; earlier ones wait for the next write. */
function settleRolledBack(frame: TransactionFrame, claimed: EntityChangeRecord[]): void {
  for (const change of claimed) frame.scope?.claimed.delete(change);
}

/** `scope` when its request is still open and keeps an audit log (written with its changes), else null. */
export async function loggedScope(scope: AuditScope | undefined): Promise<AuditScope | null> {
  return scope && !scope.closed && scope.journal && (await scope.journal.isLogged()) ? scope : null;
}

/**
 * One transaction shared by several requests (the ledger's group commit, ADR 0015): each entry's
 * `record` runs as if inside a transaction of its request (its trackEntityChange calls land there),
 * and the changes are written with each request's log in `tx`, all in one statement. Call each
 * answer's `committed` or `rolledBack` once the shared transaction has ended.
 */
export async function writeAuditsOfRequests(
  tx: unknown,
  entries: Array<{ scope: AuditScope | undefined; record: () => void }>,
): Promise<Array<{ committed(): void; rolledBack(): void }>> {
  const frames: Array<{ frame: TransactionFrame; claimed: EntityChangeRecord[] }> = [];
  const rows: AuditOutboxRow[] = [];
  for (const { scope, record } of entries) {
    const logged = await loggedScope(scope);
    const frame: TransactionFrame = { scope: logged, tx, changes: [], open: true };
    if (logged) runInAuditScope(logged, () => runInTransactionFrame(frame, record));
    frame.open = false;
    const { claimed, row } = frameRow(frame);
    if (row) rows.push(row);
    frames.push({ frame, claimed });
  }
  if (rows.length) {
    await writeAuditOutboxRows(tx as never, rows);
    for (const { frame } of frames) if (frame.scope) frame.scope.journal!.written();
  }
  return frames.map(({ frame, claimed }) => ({
    committed: () => settleCommitted(frame, claimed),
    rolledBack: () => settleRolledBack(frame, claimed),
  }));
}

/**
 * Writes the changes of `scope` recorded outside any transaction, with the log, in a transaction
 * of their own (the capture calls it before the answer of a successful request).
 */
export async function writeUnwrittenChanges(db: Db, scope: AuditScope): Promise<void> {
  if (scope.closed || !scope.journal || scope.entityChanges.length <= scope.written.size) return;
  if (!unwrittenChanges(scope).length) return;
  await runInAuditScope(scope, () => db.transaction(async () => undefined));
}
