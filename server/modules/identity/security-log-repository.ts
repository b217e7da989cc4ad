// Reads of security logs, shared by the account area (a user's own logs) and the administration
// (every user's logs of the tenant). Rules:
// - always scoped to one tenant (null = host); the account area narrows to one user;
// - text filters match case-insensitively anywhere in the value; startTime and endTime bound the
//   creation time (both inclusive);
// - newest first unless a sorting on the allow-list is given; the id breaks ties.
import { and, count, desc, eq, gte, ilike, lte, type SQL } from 'drizzle-orm';
import type { IdentitySecurityLogDto } from '../../../contract/account-sign-in.ts';
import { iso, type PagedResult } from '../../../contract/common.ts';
import { securityLogs } from '../../db/schema/index.ts';
import { likePattern, orderBy, type PageRequest, pageOf } from '../shared/paging.ts';
import { sameTenant } from '../shared/tenancy.ts';
import type { Executor } from './user-repository.ts';

export interface SecurityLogFilter extends PageRequest {
  startTime?: string;
  endTime?: string;
  applicationName?: string;
  identity?: string;
  action?: string;
  userName?: string;
  clientId?: string;
  correlationId?: string;
  clientIpAddress?: string;
}

const logColumns = {
  creationTime: securityLogs.creationTime,
  applicationName: securityLogs.applicationName,
  identity: securityLogs.identity,
  action: securityLogs.action,
  userName: securityLogs.userName,
  clientId: securityLogs.clientId,
  correlationId: securityLogs.correlationId,
  clientIpAddress: securityLogs.clientIpAddress,
};

export function securityLogDto(row: typeof securityLogs.$inferSelect): IdentitySecurityLogDto {
  return {
    id: row.id,
    tenantId: row.tenantId,
    applicationName: row.applicationName,
    identity: row.identity,
    action: row.action,
    userId: row.userId,
    userName: row.userName,
    tenantName: row.tenantName,
    clientId: row.clientId,
    correlationId: row.correlationId,
    clientIpAddress: row.clientIpAddress,
    browserInfo: row.browserInfo,
    creationTime: iso(row.creationTime)!,
    extraProperties: row.extraProperties,
  };
}

/** The security log list's WHERE clause: the scope (tenant, optionally one user) and the filters. */
export function securityLogListFilter(scope: { tenantId: string | null; userId?: string }, query: SecurityLogFilter): SQL {
  const contains = (column: (typeof logColumns)[keyof typeof logColumns], value: string | undefined): SQL | undefined =>
    value?.trim() ? ilike(column, likePattern(value.trim())) : undefined;
  const where = and(
    sameTenant(securityLogs.tenantId, scope.tenantId),
    scope.userId ? eq(securityLogs.userId, scope.userId) : undefined,
    query.startTime ? gte(securityLogs.creationTime, new Date(query.startTime)) : undefined,
    query.endTime ? lte(securityLogs.creationTime, new Date(query.endTime)) : undefined,
    contains(securityLogs.applicationName, query.applicationName),
    contains(securityLogs.identity, query.identity),
    contains(securityLogs.action, query.action),
    contains(securityLogs.userName, query.userName),
    contains(securityLogs.clientId, query.clientId),
    contains(securityLogs.correlationId, query.correlationId),
    contains(securityLogs.clientIpAddress, query.clientIpAddress),
  )!;
  return where;
}

/** ORDER BY for a security log list: the sorting on the allow-list, newest first by default. */
export const securityLogListOrder = (sorting: string | undefined) =>
  orderBy(sorting, logColumns, [desc(securityLogs.creationTime)], securityLogs.id);

export async function listSecurityLogs(
  db: Executor,
  scope: { tenantId: string | null; userId?: string },
  query: SecurityLogFilter,
): Promise<PagedResult<IdentitySecurityLogDto>> {
  const where = securityLogListFilter(scope, query);
  const order = securityLogListOrder(query.sorting);
  const { offset, limit } = pageOf(query);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(securityLogs)
      .where(where)
      .orderBy(...order)
      .offset(offset)
      .limit(limit),
    db.select({ value: count() }).from(securityLogs).where(where),
  ]);
  return { totalCount: Number(total?.value ?? 0), items: rows.map(securityLogDto) };
}

export async function findSecurityLog(db: Executor, tenantId: string | null, id: string): Promise<IdentitySecurityLogDto | null> {
  const [row] = await db
    .select()
    .from(securityLogs)
    .where(and(sameTenant(securityLogs.tenantId, tenantId), eq(securityLogs.id, id)))
    .limit(1);
  return row ? securityLogDto(row) : null;
}
