// The audit scope of one request, reachable from any code the request runs (AsyncLocalStorage), so
// repositories record entity changes without being handed the request. Rules:
// - outside a request (seed, jobs, tests calling services directly) there is no scope and
//   recording an entity change does nothing;
// - a change is recorded as a diff: Updated changes list only properties whose value changed, and
//   an Updated change with no changed property is not recorded at all (no empty change records);
// - Created lists every property with a value, a hard Deleted every property it had; a soft delete
//   is an update of isDeleted and is recorded as Deleted (as ABP does for ISoftDelete entities);
// - values are stored as ABP stores them: JSON text ("\"admin\"", "true", "3"), cut to 512 chars;
//   secret properties (password hashes, security stamps, encrypted values) never get a value, only
//   the fact that they changed;
// - a change recorded inside a database transaction belongs to that transaction (journal.ts): it is
//   written with the request's audit log (an audit_outbox row) in the same transaction just before
//   it commits, and
//   forgotten when the transaction rolls back; a change recorded outside any transaction waits in
//   the scope until the next transaction of the request or the answer (capture.ts) writes it;
// - once the request has finished its scope is closed: work it started that outlives it (jobs,
//   fire-and-forget promises, which AsyncLocalStorage follows) records nothing into it.
import { AsyncLocalStorage } from 'node:async_hooks';
import { EntityChangeType } from '../../contract/audit-logging.ts';
import type { AuditOutboxRow } from './writer.ts';

export interface PropertyChangeRecord {
  propertyName: string;
  propertyTypeFullName: string;
  originalValue: string | null;
  newValue: string | null;
}

export interface EntityChangeRecord {
  changeTime: Date;
  changeType: EntityChangeType;
  entityTenantId: string | null;
  entityId: string | null;
  entityTypeFullName: string;
  propertyChanges: PropertyChangeRecord[];
}

/** Writes a request's audit log in a transaction of its own (journal.ts, set up by capture.ts). */
export interface AuditJournal {
  /** Whether this request keeps an audit log at all (route, host switch, tenant feature); cached. */
  isLogged(): Promise<boolean>;
  /** The request's audit_outbox row for `changes`, with its log as known now (journal.ts writes it). */
  outboxRow(changes: EntityChangeRecord[]): AuditOutboxRow;
  /** A row of it was written: the batched writer expands the outbox soon. */
  written(): void;
}

export interface AuditScope {
  /** Changes of the request that stand: committed ones, and ones recorded outside a transaction. */
  entityChanges: EntityChangeRecord[];
  comments: string[];
  extraProperties: Record<string, unknown>;
  /** The id the request's audit log has (or will have) in the database. */
  logId: string;
  /** The log is committed (in audit_outbox or audit_logs): the capture completes it instead of inserting it. */
  logStored: boolean;
  /** Changes already committed with the log, and changes a running transaction is writing. */
  written: Set<EntityChangeRecord>;
  claimed: Set<EntityChangeRecord>;
  journal: AuditJournal | null;
  closed: boolean;
}

/** A database transaction opened inside a request's scope, while its callback runs. */
export interface TransactionFrame {
  /** The request whose log this transaction writes (null: none, the changes are not collected). */
  scope: AuditScope | null;
  tx: unknown;
  changes: EntityChangeRecord[];
  /**
   * The transaction wrote something the request's log must commit with, though no entity change
   * records it (markAuditedWrite): the log is written in it all the same.
   */
  wrote?: boolean;
  open: boolean;
}

const storage = new AsyncLocalStorage<AuditScope>();
const transactions = new AsyncLocalStorage<TransactionFrame>();

export const newAuditScope = (): AuditScope => ({
  entityChanges: [],
  comments: [],
  extraProperties: {},
  logId: crypto.randomUUID(),
  logStored: false,
  written: new Set(),
  claimed: new Set(),
  journal: null,
  closed: false,
});

/** Runs `fn` inside the transaction `frame` (journal.ts). */
export const runInTransactionFrame = <T>(frame: TransactionFrame, fn: () => T): T => transactions.run(frame, fn);

/** The request transaction whose callback is running here, if any (security logs ride in it). */
export function currentTransactionFrame(): TransactionFrame | undefined {
  const frame = transactions.getStore();
  return frame?.open ? frame : undefined;
}

/**
 * Runs `fn` outside any request scope and transaction: for work a request starts that lives on
 * after it (background jobs), which AsyncLocalStorage would otherwise tie to the request.
 */
export const runDetached = <T>(fn: () => T): T => storage.exit(() => transactions.exit(fn));

/** Changes of `scope` recorded outside a transaction that no transaction has written yet. */
export const unwrittenChanges = (scope: AuditScope): EntityChangeRecord[] =>
  scope.entityChanges.filter((change) => !scope.written.has(change) && !scope.claimed.has(change));

/** Runs `fn` (and everything it starts) inside `scope`. */
export const runInAuditScope = <T>(scope: AuditScope, fn: () => T): T => storage.run(scope, fn);

export const currentAuditScope = (): AuditScope | undefined => {
  const scope = storage.getStore();
  return scope && !scope.closed ? scope : undefined;
};

/** Whether entity changes would be kept: callers skip the extra read of original values otherwise. */
export const isTrackingChanges = (): boolean => currentAuditScope() !== undefined;

/** Adds a comment to the current request's audit log (ABP's AuditLog.Comments). */
export function addAuditComment(comment: string): void {
  currentAuditScope()?.comments.push(comment);
}

const maxValueLength = 512;
/** Property names whose values never enter an audit log. */
const secretProperty = /password|secret|securitystamp|token|privatekey|apikey/i;

const pascal = (name: string) => (name ? name[0]!.toUpperCase() + name.slice(1) : name);
const guidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function typeOf(value: unknown): string {
  if (value instanceof Date) return 'System.DateTime';
  if (typeof value === 'boolean') return 'System.Boolean';
  if (typeof value === 'number') return Number.isInteger(value) ? 'System.Int32' : 'System.Double';
  if (typeof value === 'string') return guidPattern.test(value) ? 'System.Guid' : 'System.String';
  if (value && typeof value === 'object') return 'System.Object';
  return 'System.String';
}

function jsonValue(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const text = value instanceof Date ? JSON.stringify(value.toISOString()) : JSON.stringify(value);
  if (text === undefined) return null;
  return text.length > maxValueLength ? text.slice(0, maxValueLength) : text;
}

const sameValue = (a: unknown, b: unknown) => {
  if (a instanceof Date || b instanceof Date) return (a as Date | null)?.getTime?.() === (b as Date | null)?.getTime?.();
  if (a && b && typeof a === 'object' && typeof b === 'object') return JSON.stringify(a) === JSON.stringify(b);
  return (a ?? null) === (b ?? null);
};

export interface TrackOptions {
  entityTypeFullName: string;
  entityId: string | null;
  entityTenantId: string | null;
  /** Properties left out (derived or bookkeeping columns). */
  ignore?: readonly string[];
  /** Properties whose values are masked (besides the ones named like secrets). */
  secret?: readonly string[];
}

type Row = Record<string, unknown>;

function propertyChanges(before: Row | null, after: Row | null, options: TrackOptions): PropertyChangeRecord[] {
  const names = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const changes: PropertyChangeRecord[] = [];
  for (const name of names) {
    if (options.ignore?.includes(name)) continue;
    const original = before?.[name] ?? null;
    const next = after?.[name] ?? null;
    if (sameValue(original, next)) continue;
    const masked = secretProperty.test(name) || options.secret?.includes(name);
    changes.push({
      propertyName: pascal(name),
      propertyTypeFullName: typeOf(next ?? original),
      originalValue: masked ? (original === null ? null : '"***"') : jsonValue(original),
      newValue: masked ? (next === null ? null : '"***"') : jsonValue(next),
    });
  }
  return changes;
}

/**
 * Records the change between two states of an entity in the current request's scope: `before` null
 * is a creation, `after` null a hard deletion. `changeType` overrides the derived type (a soft
 * delete passes Deleted). Does nothing outside a request or when nothing changed.
 */
export function trackEntityChange(before: Row | null, after: Row | null, options: TrackOptions & { changeType?: EntityChangeType }): void {
  const scope = currentAuditScope();
  if (!scope || (!before && !after)) return;
  const changeType =
    options.changeType ?? (!before ? EntityChangeType.Created : !after ? EntityChangeType.Deleted : EntityChangeType.Updated);
  const changes = propertyChanges(before, after, options);
  if (changeType === EntityChangeType.Updated && !changes.length) return;
  const change: EntityChangeRecord = {
    changeTime: new Date(),
    changeType,
    entityTenantId: options.entityTenantId,
    entityId: options.entityId,
    entityTypeFullName: options.entityTypeFullName,
    propertyChanges: changes,
  };
  // Inside a transaction of this request the change stands or falls with it.
  const frame = currentTransactionFrame();
  if (frame && frame.scope === scope) frame.changes.push(change);
  else scope.entityChanges.push(change);
}

/**
 * The current transaction of the request changes data that no entity change records (the ledger's
 * transfers, ADR 0030, which are their own history): the request's audit log commits with it, as
 * it would with an entity change. Does nothing outside a request or a transaction of it.
 */
export function markAuditedWrite(): void {
  const scope = currentAuditScope();
  const frame = currentTransactionFrame();
  if (scope && frame && frame.scope === scope) frame.wrote = true;
}

/** ABP's full names of the entities tracked here (the UI's Full Change History keys on them). */
export const entityTypes = {
  user: 'Volo.Abp.Identity.IdentityUser',
  role: 'Volo.Abp.Identity.IdentityRole',
  userRole: 'Volo.Abp.Identity.IdentityUserRole',
  setting: 'Volo.Abp.SettingManagement.Setting',
  tenant: 'Volo.Saas.Tenant',
  permissionGrant: 'Volo.Abp.PermissionManagement.PermissionGrant',
  featureValue: 'Volo.Abp.FeatureManagement.FeatureValue',
} as const;
