// Reads of audit logs and entity changes (spec 7.14). Rules:
// - every query is limited to the caller's tenant (null = host): another tenant's id is "not found";
// - filters mean what ABP's repository makes them mean: URL is a case-insensitive 'contains'; user
//   name, application name, client id, client IP, correlation id and HTTP method are equal matches;
//   durations and times are inclusive ranges; hasException is "exceptions is not empty"; entity id
//   and entity type full name are equal matches;
// - a date without an offset is UTC; an invalid date is a 400 naming the field;
// - lists sort on every column (allow-list in paging.ts terms), executionTime / changeTime
//   descending by default, id as the tie-breaker;
// - listAuditLogs is the one place that counts: the scale work tunes its count strategy here;
// - rows become DTOs here and only here.
import { and, asc, count, desc, eq, gte, ilike, inArray, lt, lte, ne, type SQL, sql } from 'drizzle-orm';
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
import type { AppContext } from '../../context.ts';
import { auditLogActions, auditLogs, entityChanges, entityPropertyChanges } from '../../db/schema/index.ts';
import { invalidField, notFound } from '../../errors.ts';
import { pageWithCount } from '../shared/counting.ts';
import { likePattern, orderBy, type PageRequest, pageOf } from '../shared/paging.ts';
import { sameTenant } from '../shared/tenancy.ts';

type AuditLogRow = typeof auditLogs.$inferSelect;
type ActionRow = typeof auditLogActions.$inferSelect;
type EntityChangeRow = typeof entityChanges.$inferSelect;
type PropertyChangeRow = typeof entityPropertyChanges.$inferSelect;

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

export const auditLogOrder = (sorting: string | undefined) =>
  orderBy(sorting, auditLogSorting, [desc(auditLogs.executionTime)], auditLogs.id);
export const entityChangeOrder = (sorting: string | undefined) =>
  orderBy(sorting, entityChangeSorting, [desc(entityChanges.changeTime)], entityChanges.id);

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

const toPropertyChangeDto = (row: PropertyChangeRow): EntityPropertyChangeDto => ({
  id: row.id,
  tenantId: row.tenantId,
  entityChangeId: row.entityChangeId,
  propertyName: row.propertyName,
  propertyTypeFullName: row.propertyTypeFullName,
  originalValue: row.originalValue,
  newValue: row.newValue,
});

const toEntityChangeDto = (row: EntityChangeRow, properties: PropertyChangeRow[]): EntityChangeDto => ({
  id: row.id,
  auditLogId: row.auditLogId,
  tenantId: row.tenantId,
  changeTime: row.changeTime.toISOString(),
  changeType: row.changeType,
  entityTenantId: row.entityTenantId,
  entityId: row.entityId,
  entityTypeFullName: row.entityTypeFullName,
  propertyChanges: properties.map(toPropertyChangeDto),
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

const propertyChangesOf = (ctx: AppContext, where: SQL) =>
  ctx.db.select().from(entityPropertyChanges).where(where).orderBy(asc(entityPropertyChanges.propertyName));

/** Entity change DTOs with the given property changes, in the order of `rows`. */
function entityChangeDtos(rows: EntityChangeRow[], properties: PropertyChangeRow[]): EntityChangeDto[] {
  const byChange = new Map<string, PropertyChangeRow[]>();
  for (const property of properties) {
    const list = byChange.get(property.entityChangeId) ?? [];
    list.push(property);
    byChange.set(property.entityChangeId, list);
  }
  return rows.map((row) => toEntityChangeDto(row, byChange.get(row.id) ?? []));
}

/** Entity change DTOs with their property changes, in the order of `rows`. */
async function withPropertyChanges(ctx: AppContext, rows: EntityChangeRow[]): Promise<EntityChangeDto[]> {
  if (!rows.length) return [];
  const properties = await propertyChangesOf(
    ctx,
    inArray(
      entityPropertyChanges.entityChangeId,
      rows.map((r) => r.id),
    ),
  );
  return entityChangeDtos(rows, properties);
}

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
    ctx.db
      .select()
      .from(auditLogs)
      .where(where)
      .orderBy(...order)
      .offset(offset)
      .limit(limit),
  );
  return { totalCount, items: rows.map((row) => toAuditLogDto(row)), extraProperties: { totalCountIsEstimate: isEstimate } };
}

export const auditLogNotFound = (id: string) => notFound('AuditLog', id);
export const entityChangeNotFound = (id: string) => notFound('EntityChange', id);

/**
 * One audit log with its actions and its entity changes (each with its property changes). The four
 * reads go out together (one round trip on PostgreSQL, each off its foreign-key index): the child
 * rows carry the tenant id too, so none of them can leak another tenant's rows before the log is found.
 */
export async function getAuditLog(ctx: AppContext, tenantId: string | null, id: string): Promise<AuditLogDto> {
  const changesOfLog = and(sameTenant(entityChanges.tenantId, tenantId), eq(entityChanges.auditLogId, id));
  const [[row], actions, changes, properties] = await Promise.all([
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
    propertyChangesOf(
      ctx,
      inArray(entityPropertyChanges.entityChangeId, ctx.db.select({ id: entityChanges.id }).from(entityChanges).where(changesOfLog)),
    ),
  ]);
  if (!row) throw auditLogNotFound(id);
  return toAuditLogDto(row, actions.map(toActionDto), entityChangeDtos(changes, properties));
}

export async function listEntityChanges(
  ctx: AppContext,
  tenantId: string | null,
  filter: EntityChangeFilter & PageRequest,
): Promise<PagedResult<EntityChangeDto>> {
  const where = entityChangeConditions(tenantId, filter);
  const order = entityChangeOrder(filter.sorting);
  const { offset, limit } = pageOf(filter);
  const [total, rows] = await Promise.all([
    ctx.db.select({ value: count() }).from(entityChanges).where(where),
    ctx.db
      .select()
      .from(entityChanges)
      .where(where)
      .orderBy(...order)
      .offset(offset)
      .limit(limit),
  ]);
  return { totalCount: Number(total[0]?.value ?? 0), items: await withPropertyChanges(ctx, rows) };
}

export async function getEntityChange(ctx: AppContext, tenantId: string | null, id: string): Promise<EntityChangeDto> {
  const [row] = await ctx.db
    .select()
    .from(entityChanges)
    .where(and(sameTenant(entityChanges.tenantId, tenantId), eq(entityChanges.id, id)))
    .limit(1);
  if (!row) throw entityChangeNotFound(id);
  const [dto] = await withPropertyChanges(ctx, [row]);
  return dto!;
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
  const dtos = await withPropertyChanges(
    ctx,
    rows.map((r) => r.change),
  );
  return dtos.map((entityChange, i) => ({ entityChange, userName: rows[i]!.userName }));
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

const dayMs = 24 * 60 * 60 * 1000;

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
 * Average execution duration per UTC day; labels are the culture's short date (ABP's ToString("d")).
 * One index-only range scan of audit_logs_tenant_time_idx per day (execution_duration is in that
 * index), aggregated in SQL: no per-row formatting and no sort of the range's rows (ADR 0006).
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
  const firstDay = Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate());
  const days = Math.ceil((to.getTime() - firstDay) / dayMs);
  // Integer generate_series with constant bounds: the planner knows its row count, so the plan
  // stays cheap (no JIT) however long the range is.
  const first = sql`${new Date(firstDay).toISOString()}::timestamptz`;
  const rows = await rowsOf<{ day: number; average: string }>(
    ctx.db,
    sql`select d.n as day, s.average from generate_series(0, ${days - 1}::int) as d(n)
        cross join lateral (
          select avg(${auditLogs.executionDuration}) as average, count(*) as logs from ${auditLogs}
          where ${sameTenant(auditLogs.tenantId, tenantId)}
            and ${auditLogs.executionTime} >= greatest(${first} + d.n * interval '24 hours', ${from.toISOString()}::timestamptz)
            and ${auditLogs.executionTime} < least(${first} + (d.n + 1) * interval '24 hours', ${to.toISOString()}::timestamptz)
        ) s
        where s.logs > 0
        order by d.n`,
  );
  const format = new Intl.DateTimeFormat(culture, {
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    timeZone: 'UTC',
    numberingSystem: 'latn',
  });
  const data: Record<string, number> = {};
  for (const row of rows) data[format.format(new Date(firstDay + Number(row.day) * dayMs))] = Math.round(Number(row.average) * 100) / 100;
  return data;
}

/**
 * Logs with and without exceptions in the range, labelled with the localized 'Fault' and 'Success'.
 * Both counts read indexes only: all logs off audit_logs_tenant_time_idx, the faulty ones off the
 * partial audit_logs_tenant_exception_time_idx (its predicate is this count's "exceptions <> ''").
 */
export async function errorRate(
  ctx: AppContext,
  tenantId: string | null,
  startDate: string,
  endDate: string,
  t: (key: string) => string,
): Promise<Record<string, number>> {
  const { from, to } = dayRange(startDate, endDate);
  const inRange = and(sameTenant(auditLogs.tenantId, tenantId), gte(auditLogs.executionTime, from), lt(auditLogs.executionTime, to));
  const [row] = await rowsOf<{ fault: string | number; total: string | number }>(
    ctx.db,
    sql`select (select count(*) from ${auditLogs} where ${inRange}) as total,
               (select count(*) from ${auditLogs} where ${inRange} and ${auditLogs.exceptions} <> '') as fault`,
  );
  const fault = Number(row?.fault ?? 0);
  const total = Number(row?.total ?? 0);
  return { [t('AbpAuditLogging::Fault')]: fault, [t('AbpAuditLogging::Success')]: total - fault };
}
