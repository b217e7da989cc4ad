// Reads of audit logs and entity changes (spec 7.14). Rules:
// - every query is limited to the caller's tenant (null = host): another tenant's id is "not found";
// - filters mean what ABP's repository makes them mean: URL is a case-insensitive 'contains'; user
//   name, application name, client id, client IP, correlation id and HTTP method are equal matches;
//   durations and times are inclusive ranges; hasException is "exceptions is not empty"; entity id
//   and entity type full name are equal matches;
// - a date without an offset is UTC; an invalid date is a 400 naming the field;
// - lists sort on every column (allow-list in paging.ts terms), executionTime / changeTime
//   descending by default, id as the tie-breaker;
// - both lists count as ADR 0006 says (shared/counting.ts): a short page counts itself, a long one
//   takes the planner's estimate past the limit (flagged in extraProperties);
// - a single sort column is completed with the tie-breakers of its index (execution_time / change
//   time, then id, in the index's direction or all reversed), so every page, however deep, is read
//   off one index in order; a page past deepPageOffset takes its ids from the index first and then
//   its rows (issue 22);
// - statistics read closed whole UTC days from the daily rollup (server/audit/daily-stats.ts) and
//   only the rest of the range (today, a partial first day) from audit_logs;
// - rows become DTOs here and only here.
import { and, asc, desc, eq, gte, ilike, inArray, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type {
  AuditLogActionDto,
  AuditLogDto,
  AuditLogFilter,
  EntityChangeDto,
  EntityChangeFilter,
  EntityChangeWithUsernameDto,
  EntityPropertyChangeDto,
} from '../../../contract/audit-logging.ts';
import type { PagedResult } from '../../../contract/common.ts';
import { type DayFigures, dayMs, rolledUpDays, utcDay } from '../../audit/daily-stats.ts';
import type { AppContext } from '../../context.ts';
import { uuidV5 } from '../shared/uuid-v5.ts';
import { auditLogActions, auditLogs, entityChanges, type StoredPropertyChange } from '../../db/schema/index.ts';
import { invalidField, notFound } from '../../errors.ts';
import { pageWithCount } from '../shared/counting.ts';
import { likePattern, orderBy, type PageRequest, pageOf } from '../shared/paging.ts';
import { sameTenant } from '../shared/tenancy.ts';

type AuditLogRow = typeof auditLogs.$inferSelect;
type ActionRow = typeof auditLogActions.$inferSelect;
type EntityChangeRow = typeof entityChanges.$inferSelect;

/** A query date: a day or a date-time; no offset means UTC. */
export function parseQueryDate(value: string, member: string): Date {
  const text = /[Tt ]\d{2}:\d{2}/.test(value) && !/([Zz]|[+-]\d{2}:?\d{2})$/.test(value) ? `${value.replace(' ', 'T')}Z` : value;
  const date = new Date(text);
  if (Number.isNaN(date.getTime())) throw invalidField(member, 'AbpValidation::The field {0} is invalid.', member);
  return date;
}

export function auditLogConditions(tenantId: string | null, filter: AuditLogFilter): SQL {
  const conditions: Array<SQL | undefined> = [
    sameTenant(auditLogs.tenantId, tenantId),
    filter.startTime ? gte(auditLogs.executionTime, parseQueryDate(filter.startTime, 'startTime')) : undefined,
    filter.endTime ? lte(auditLogs.executionTime, parseQueryDate(filter.endTime, 'endTime')) : undefined,
    filter.url ? ilike(auditLogs.url, likePattern(filter.url)) : undefined,
    filter.clientId ? eq(auditLogs.clientId, filter.clientId) : undefined,
    filter.userName ? eq(auditLogs.userName, filter.userName) : undefined,
    filter.applicationName ? eq(auditLogs.applicationName, filter.applicationName) : undefined,
    filter.clientIpAddress ? eq(auditLogs.clientIpAddress, filter.clientIpAddress) : undefined,
    filter.correlationId ? eq(auditLogs.correlationId, filter.correlationId) : undefined,
    filter.httpMethod ? eq(auditLogs.httpMethod, filter.httpMethod.toUpperCase()) : undefined,
    filter.httpStatusCode !== undefined ? eq(auditLogs.httpStatusCode, filter.httpStatusCode) : undefined,
    filter.minExecutionDuration !== undefined ? gte(auditLogs.executionDuration, filter.minExecutionDuration) : undefined,
    filter.maxExecutionDuration !== undefined ? lte(auditLogs.executionDuration, filter.maxExecutionDuration) : undefined,
    // "<> ''" alone already excludes null; adding "is not null" made the planner multiply the two
    // selectivities and estimate a tenth of the faulty logs (ADR 0006). Also the partial index's predicate.
    filter.hasException === true ? ne(auditLogs.exceptions, '') : undefined,
    // Spelled out (not coalesce) so the planner's estimate uses the column's null fraction (ADR 0006).
    filter.hasException === false ? sql`(${auditLogs.exceptions} is null or ${auditLogs.exceptions} = '')` : undefined,
  ];
  return and(...conditions) as SQL;
}

export function entityChangeConditions(tenantId: string | null, filter: EntityChangeFilter): SQL {
  const conditions: Array<SQL | undefined> = [
    sameTenant(entityChanges.tenantId, tenantId),
    filter.auditLogId ? eq(entityChanges.auditLogId, filter.auditLogId) : undefined,
    filter.entityChangeType !== undefined ? eq(entityChanges.changeType, filter.entityChangeType) : undefined,
    filter.entityId ? eq(entityChanges.entityId, filter.entityId) : undefined,
    filter.entityTypeFullName ? eq(entityChanges.entityTypeFullName, filter.entityTypeFullName) : undefined,
    filter.startDate ? gte(entityChanges.changeTime, parseQueryDate(filter.startDate, 'startDate')) : undefined,
    filter.endDate ? lte(entityChanges.changeTime, parseQueryDate(filter.endDate, 'endDate')) : undefined,
  ];
  return and(...conditions) as SQL;
}

/** Every column of the list is sortable (spec 2.6), plus the other scalar fields of the DTO. */
export const auditLogSorting = {
  httpStatusCode: auditLogs.httpStatusCode,
  httpMethod: auditLogs.httpMethod,
  url: auditLogs.url,
  userName: auditLogs.userName,
  clientIpAddress: auditLogs.clientIpAddress,
  clientName: auditLogs.clientName,
  clientId: auditLogs.clientId,
  executionTime: auditLogs.executionTime,
  executionDuration: auditLogs.executionDuration,
  applicationName: auditLogs.applicationName,
  correlationId: auditLogs.correlationId,
  tenantName: auditLogs.tenantName,
  browserInfo: auditLogs.browserInfo,
  impersonatorUserName: auditLogs.impersonatorUserName,
  comments: auditLogs.comments,
};

export const entityChangeSorting = {
  changeTime: entityChanges.changeTime,
  changeType: entityChanges.changeType,
  tenantId: entityChanges.tenantId,
  entityId: entityChanges.entityId,
  entityTypeFullName: entityChanges.entityTypeFullName,
};

type Direction = 'asc' | 'desc';
/** How a sort column's index goes on: its own direction, then the columns after it with theirs. */
interface IndexShape {
  direction: Direction;
  tail: Array<[AnyPgColumn, Direction]>;
}

const flip = (direction: Direction): Direction => (direction === 'asc' ? 'desc' : 'asc');
const term = (column: AnyPgColumn | SQL, direction: Direction) => (direction === 'asc' ? asc(column) : desc(column));

/**
 * ORDER BY terms for `sorting`, validated by the allow-list (paging.ts). One column with a known
 * index: the column, then that index's tie-breakers, forward when the column goes the index's way
 * and all reversed otherwise (a backward scan), so the index alone gives the order. Several columns:
 * as asked, then the id (paging.ts's rule). Empty: the default column's.
 */
function indexOrder(
  sorting: string | undefined,
  columns: Record<string, AnyPgColumn>,
  shapes: Map<AnyPgColumn, IndexShape>,
  fallback: [AnyPgColumn, Direction],
  id: AnyPgColumn,
): SQL[] {
  const terms = orderBy(sorting, columns, [], id);
  const parts = (sorting ?? '').trim() ? (sorting as string).split(',') : [];
  if (parts.length > 1) return terms;
  let [column, direction] = fallback;
  if (parts.length === 1) {
    const [field = '', dir = 'asc'] = (parts[0] as string).trim().split(/\s+/);
    const lower = field.toLowerCase();
    column = Object.entries(columns).find(([name]) => name.toLowerCase() === lower)?.[1] as AnyPgColumn;
    direction = dir.toLowerCase() as Direction;
  }
  const shape = shapes.get(column);
  if (!shape) return [term(column, direction), asc(id)];
  const forward = direction === shape.direction;
  return [term(column, direction), ...shape.tail.map(([c, d]) => term(c, forward ? d : flip(d)))];
}

const auditLogTail: Array<[AnyPgColumn, Direction]> = [
  [auditLogs.executionTime, 'desc'],
  [auditLogs.id, 'asc'],
];
/** The sortable columns of spec 2.6 and their indexes (schema/audit-logging.ts): (tenant, column, execution_time desc, id). */
const auditLogShapes = new Map<AnyPgColumn, IndexShape>([
  [auditLogs.executionTime, { direction: 'desc', tail: [[auditLogs.id, 'asc']] }],
  ...[auditLogs.url, auditLogs.userName, auditLogs.clientIpAddress, auditLogs.executionDuration, auditLogs.applicationName].map(
    (column) => [column, { direction: 'asc', tail: auditLogTail }] as [AnyPgColumn, IndexShape],
  ),
  ...[auditLogs.httpStatusCode, auditLogs.httpMethod].map(
    (column) => [column, { direction: 'asc', tail: auditLogTail }] as [AnyPgColumn, IndexShape],
  ),
]);

const entityChangeTail: Array<[AnyPgColumn, Direction]> = [
  [entityChanges.changeTime, 'desc'],
  [entityChanges.id, 'asc'],
];
const entityChangeShapes = new Map<AnyPgColumn, IndexShape>([
  [entityChanges.changeTime, { direction: 'desc', tail: [[entityChanges.id, 'asc']] }],
  [entityChanges.changeType, { direction: 'asc', tail: entityChangeTail }],
  [entityChanges.entityTypeFullName, { direction: 'asc', tail: entityChangeTail }],
  // Every row of a list is the caller's tenant: by tenant is the default order.
  [entityChanges.tenantId, { direction: 'asc', tail: entityChangeTail }],
  [entityChanges.entityId, { direction: 'asc', tail: [[entityChanges.entityTypeFullName, 'asc'], ...entityChangeTail] }],
]);

export const auditLogOrder = (sorting: string | undefined) =>
  indexOrder(sorting, auditLogSorting as Record<string, AnyPgColumn>, auditLogShapes, [auditLogs.executionTime, 'desc'], auditLogs.id);
export const entityChangeOrder = (sorting: string | undefined) =>
  indexOrder(
    sorting,
    entityChangeSorting as Record<string, AnyPgColumn>,
    entityChangeShapes,
    [entityChanges.changeTime, 'desc'],
    entityChanges.id,
  );

/** From this offset on, a page takes its ids off the index first, then reads only its own rows. */
export const deepPageOffset = 1000;

/** `rows` in the order of `ids` (rows fetched by id come back in any order). */
function inOrderOf<T extends { id: string }>(ids: string[], rows: T[]): T[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => byId.get(id)).filter((row): row is T => row !== undefined);
}

/**
 * One page of the audit logs or the entity changes in `order`. Near the start the rows are read
 * directly; a deep page reads the skipped entries off the index (ids only, index-only) and then the
 * rows of the page alone, by id and tenant.
 */
async function pageRows<Table extends typeof auditLogs | typeof entityChanges>(
  ctx: AppContext,
  table: Table,
  tenantId: string | null,
  where: SQL | undefined,
  order: SQL[],
  { offset, limit }: { offset: number; limit: number },
): Promise<Table['$inferSelect'][]> {
  // Both tables have the columns read here; the union is narrowed to one so Drizzle types the query.
  const source = table as typeof auditLogs;
  if (offset < deepPageOffset)
    return ctx.db
      .select()
      .from(source)
      .where(where)
      .orderBy(...order)
      .offset(offset)
      .limit(limit) as Promise<Table['$inferSelect'][]>;
  const ids = (
    await ctx.db
      .select({ id: source.id })
      .from(source)
      .where(where)
      .orderBy(...order)
      .offset(offset)
      .limit(limit)
  ).map((row) => row.id);
  if (!ids.length) return [];
  const rows = await ctx.db
    .select()
    .from(source)
    .where(and(sameTenant(source.tenantId, tenantId), inArray(source.id, ids)));
  return inOrderOf(ids, rows) as Table['$inferSelect'][];
}

/** Parameters indented for reading, as ABP's GetAsync re-serializes them; text that is not JSON stays as is. */
function readableParameters(text: string | null): string | null {
  if (!text) return text;
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

const toActionDto = (row: ActionRow): AuditLogActionDto => ({
  id: row.id,
  tenantId: row.tenantId,
  auditLogId: row.auditLogId,
  serviceName: row.serviceName,
  methodName: row.methodName,
  parameters: readableParameters(row.parameters),
  executionTime: row.executionTime.toISOString(),
  executionDuration: row.executionDuration,
  extraProperties: row.extraProperties ?? {},
});

// A stored property change has no id of its own (ADR 0029): ABP's DTO gets the version-5 UUID of
// its position in the namespace of its entity change's id, the same at every read.
const toPropertyChangeDto = (change: EntityChangeRow, property: StoredPropertyChange, index: number): EntityPropertyChangeDto => ({
  id: uuidV5(String(index), change.id),
  tenantId: change.tenantId,
  entityChangeId: change.id,
  propertyName: property.propertyName,
  propertyTypeFullName: property.propertyTypeFullName,
  originalValue: property.originalValue,
  newValue: property.newValue,
});

const toEntityChangeDto = (row: EntityChangeRow): EntityChangeDto => ({
  id: row.id,
  auditLogId: row.auditLogId,
  tenantId: row.tenantId,
  changeTime: row.changeTime.toISOString(),
  changeType: row.changeType,
  entityTenantId: row.entityTenantId,
  entityId: row.entityId,
  entityTypeFullName: row.entityTypeFullName,
  propertyChanges: row.propertyChanges.map((property, index) => toPropertyChangeDto(row, property, index)),
  extraProperties: row.extraProperties ?? {},
});

export const toAuditLogDto = (row: AuditLogRow, actions: AuditLogActionDto[] = [], changes: EntityChangeDto[] = []): AuditLogDto => ({
  id: row.id,
  userId: row.userId,
  userName: row.userName,
  tenantId: row.tenantId,
  tenantName: row.tenantName,
  impersonatorUserId: row.impersonatorUserId,
  impersonatorUserName: row.impersonatorUserName,
  impersonatorTenantId: row.impersonatorTenantId,
  impersonatorTenantName: row.impersonatorTenantName,
  executionTime: row.executionTime.toISOString(),
  executionDuration: row.executionDuration,
  clientIpAddress: row.clientIpAddress,
  clientName: row.clientName,
  clientId: row.clientId,
  correlationId: row.correlationId,
  browserInfo: row.browserInfo,
  httpMethod: row.httpMethod,
  url: row.url,
  exceptions: row.exceptions,
  comments: row.comments,
  httpStatusCode: row.httpStatusCode,
  applicationName: row.applicationName,
  extraProperties: row.extraProperties ?? {},
  actions,
  entityChanges: changes,
});

/** The audit log list: one page and the total (the count strategy lives here). */
export async function listAuditLogs(
  ctx: AppContext,
  tenantId: string | null,
  filter: AuditLogFilter & PageRequest,
): Promise<PagedResult<AuditLogDto> & { extraProperties: { totalCountIsEstimate: boolean } }> {
  const where = auditLogConditions(tenantId, filter);
  const order = auditLogOrder(filter.sorting);
  const { offset, limit } = pageOf(filter);
  // The count strategy (exact, capped or the planner's estimate) is shared/counting.ts, ADR 0006.
  const { rows, totalCount, isEstimate } = await pageWithCount(ctx, auditLogs, where, { offset, limit }, () =>
    pageRows(ctx, auditLogs, tenantId, where, order, { offset, limit }),
  );
  return { totalCount, items: rows.map((row) => toAuditLogDto(row)), extraProperties: { totalCountIsEstimate: isEstimate } };
}

export const auditLogNotFound = (id: string) => notFound('AuditLog', id);
export const entityChangeNotFound = (id: string) => notFound('EntityChange', id);

/**
 * One audit log with its actions and its entity changes (each with its property changes). The three
 * reads go out together (one round trip on PostgreSQL, each off its foreign-key index): the child
 * rows carry the tenant id too, so none of them can leak another tenant's rows before the log is found.
 */
export async function getAuditLog(ctx: AppContext, tenantId: string | null, id: string): Promise<AuditLogDto> {
  const changesOfLog = and(sameTenant(entityChanges.tenantId, tenantId), eq(entityChanges.auditLogId, id));
  const [[row], actions, changes] = await Promise.all([
    ctx.db
      .select()
      .from(auditLogs)
      .where(and(sameTenant(auditLogs.tenantId, tenantId), eq(auditLogs.id, id)))
      .limit(1),
    ctx.db
      .select()
      .from(auditLogActions)
      .where(and(sameTenant(auditLogActions.tenantId, tenantId), eq(auditLogActions.auditLogId, id)))
      .orderBy(asc(auditLogActions.executionTime), asc(auditLogActions.id)),
    ctx.db.select().from(entityChanges).where(changesOfLog).orderBy(asc(entityChanges.changeTime), asc(entityChanges.id)),
  ]);
  if (!row) throw auditLogNotFound(id);
  return toAuditLogDto(row, actions.map(toActionDto), changes.map(toEntityChangeDto));
}

export async function listEntityChanges(
  ctx: AppContext,
  tenantId: string | null,
  filter: EntityChangeFilter & PageRequest,
): Promise<PagedResult<EntityChangeDto> & { extraProperties: { totalCountIsEstimate: boolean } }> {
  const where = entityChangeConditions(tenantId, filter);
  const order = entityChangeOrder(filter.sorting);
  const { offset, limit } = pageOf(filter);
  // Counted as the audit log list is (ADR 0006): an exact count(*) read every change of the tenant.
  const { rows, totalCount, isEstimate } = await pageWithCount(ctx, entityChanges, where, { offset, limit }, () =>
    pageRows(ctx, entityChanges, tenantId, where, order, { offset, limit }),
  );
  return { totalCount, items: rows.map(toEntityChangeDto), extraProperties: { totalCountIsEstimate: isEstimate } };
}

export async function getEntityChange(ctx: AppContext, tenantId: string | null, id: string): Promise<EntityChangeDto> {
  const [row] = await ctx.db
    .select()
    .from(entityChanges)
    .where(and(sameTenant(entityChanges.tenantId, tenantId), eq(entityChanges.id, id)))
    .limit(1);
  if (!row) throw entityChangeNotFound(id);
  return toEntityChangeDto(row);
}

async function withUserNames(ctx: AppContext, where: SQL, limit?: number): Promise<EntityChangeWithUsernameDto[]> {
  let query = ctx.db
    .select({ change: entityChanges, userName: auditLogs.userName })
    .from(entityChanges)
    .innerJoin(auditLogs, eq(auditLogs.id, entityChanges.auditLogId))
    .where(where)
    .orderBy(desc(entityChanges.changeTime), desc(entityChanges.id))
    .$dynamic();
  if (limit) query = query.limit(limit);
  const rows = await query;
  return rows.map(({ change, userName }) => ({ entityChange: toEntityChangeDto(change), userName }));
}

export async function getEntityChangeWithUsername(
  ctx: AppContext,
  tenantId: string | null,
  id: string,
): Promise<EntityChangeWithUsernameDto> {
  const [found] = await withUserNames(ctx, and(sameTenant(entityChanges.tenantId, tenantId), eq(entityChanges.id, id))!, 1);
  if (!found) throw entityChangeNotFound(id);
  return found;
}

/** An entity's full change history, newest first (ABP caps nothing here; we stop at 1000 changes). */
export const entityChangesWithUsername = (ctx: AppContext, tenantId: string | null, entityId: string, entityTypeFullName: string) =>
  withUserNames(
    ctx,
    and(
      sameTenant(entityChanges.tenantId, tenantId),
      eq(entityChanges.entityId, entityId),
      eq(entityChanges.entityTypeFullName, entityTypeFullName),
    )!,
    1000,
  );

/** [start of startDate's day, start of the day after endDate) in UTC, as ABP's statistics take it. */
function dayRange(startDate: string, endDate: string): { from: Date; to: Date } {
  const from = parseQueryDate(startDate, 'startDate');
  const end = parseQueryDate(endDate, 'endDate');
  const to = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth(), end.getUTCDate()) + dayMs);
  if (to <= from) throw invalidField('endDate', 'AbpValidation::The field {0} is invalid.', 'endDate');
  return { from, to };
}

type Executor = Pick<AppContext['db'], 'execute'>;
async function rowsOf<T>(db: Executor, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * Figures per UTC day of the logs in [from, to) read from audit_logs itself: per day, one
 * index-only range scan of audit_logs_tenant_time_idx (count and durations; execution_duration is
 * in that index) and one of the partial audit_logs_tenant_exception_time_idx (faulty logs, its
 * predicate is the count's "exceptions <> ''"). Integer generate_series with constant bounds: the
 * planner knows its row count, so the plan stays cheap (no JIT). Days without logs are left out.
 */
async function liveDays(ctx: AppContext, tenantId: string | null, from: Date, to: Date): Promise<DayFigures[]> {
  if (to <= from) return [];
  const firstDay = utcDay(from.getTime());
  const days = Math.ceil((to.getTime() - firstDay) / dayMs);
  const first = sql`${new Date(firstDay).toISOString()}::timestamptz`;
  const inDay = sql`${sameTenant(auditLogs.tenantId, tenantId)}
            and ${auditLogs.executionTime} >= greatest(${first} + d.n * interval '24 hours', ${from.toISOString()}::timestamptz)
            and ${auditLogs.executionTime} < least(${first} + (d.n + 1) * interval '24 hours', ${to.toISOString()}::timestamptz)`;
  const rows = await rowsOf<{ day: number; logs: string; duration_sum: string | null; failed: string }>(
    ctx.db,
    sql`select d.n as day, s.logs, s.duration_sum, f.failed from generate_series(0, ${days - 1}::int) as d(n)
        cross join lateral (
          select count(*) as logs, sum(${auditLogs.executionDuration}) as duration_sum from ${auditLogs} where ${inDay}
        ) s
        cross join lateral (
          select count(*) as failed from ${auditLogs} where ${inDay} and ${auditLogs.exceptions} <> ''
        ) f
        where s.logs > 0
        order by d.n`,
  );
  return rows.map((row) => ({
    day: firstDay + Number(row.day) * dayMs,
    logs: Number(row.logs),
    failed: Number(row.failed),
    durationSum: Number(row.duration_sum ?? 0),
    durationCount: Number(row.logs),
  }));
}

/**
 * Figures per UTC day of the logs in [from, to): whole days before today from the daily rollup
 * (server/audit/daily-stats.ts, ADR 0021), the rest (a partial first day, today, later days) live.
 */
async function figuresPerDay(ctx: AppContext, tenantId: string | null, from: Date, to: Date, now = Date.now()): Promise<DayFigures[]> {
  const today = utcDay(now);
  const closedFrom = Math.ceil(from.getTime() / dayMs) * dayMs;
  const closedTo = Math.min(to.getTime(), today);
  if (closedTo <= closedFrom) return liveDays(ctx, tenantId, from, to);
  const [head, closed, tail] = await Promise.all([
    liveDays(ctx, tenantId, from, new Date(closedFrom)),
    rolledUpDays(ctx.db, tenantId, closedFrom, closedTo),
    liveDays(ctx, tenantId, new Date(closedTo), to),
  ]);
  return [...head, ...closed, ...tail];
}

/**
 * Average execution duration per UTC day; labels are the culture's short date (ABP's ToString("d")).
 * Days without logs are left out, as grouping the rows by day leaves them out.
 */
export async function averageExecutionDurationPerDay(
  ctx: AppContext,
  tenantId: string | null,
  startDate: string,
  endDate: string,
  culture: string,
): Promise<Record<string, number>> {
  const { from, to } = dayRange(startDate, endDate);
  const days = await figuresPerDay(ctx, tenantId, from, to);
  const format = new Intl.DateTimeFormat(culture, {
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    timeZone: 'UTC',
    numberingSystem: 'latn',
  });
  const data: Record<string, number> = {};
  for (const day of days) {
    if (day.durationCount > 0) data[format.format(new Date(day.day))] = Math.round((day.durationSum / day.durationCount) * 100) / 100;
  }
  return data;
}

/** Logs with and without exceptions in the range, labelled with the localized 'Fault' and 'Success'. */
export async function errorRate(
  ctx: AppContext,
  tenantId: string | null,
  startDate: string,
  endDate: string,
  t: (key: string) => string,
): Promise<Record<string, number>> {
  const { from, to } = dayRange(startDate, endDate);
  const days = await figuresPerDay(ctx, tenantId, from, to);
  const fault = days.reduce((sum, day) => sum + day.failed, 0);
  const total = days.reduce((sum, day) => sum + day.logs, 0);
  return { [t('AbpAuditLogging::Fault')]: fault, [t('AbpAuditLogging::Success')]: total - fault };
}
