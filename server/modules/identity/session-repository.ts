// Reads of identity sessions, shared by the account area (the caller's own sessions) and the
// administration (every session of the tenant). Rules:
// - always scoped to one tenant (null = host); the account area narrows to one user;
// - device and clientId filter by equality (they are picked from lists), userId by equality;
// - most recently used first unless a sorting on the allow-list is given; the id breaks ties;
// - a session DTO never carries a token; isCurrent says whether it is the caller's own sign-in.
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { IdentitySessionDto } from '../../../contract/account-sign-in.ts';
import { iso, type PagedResult } from '../../../contract/common.ts';
import { identitySessions, users } from '../../db/schema/index.ts';
import { orderBy, type PageRequest, pageOf } from '../shared/paging.ts';
import { sameTenant } from '../shared/tenancy.ts';
import type { Executor } from './user-repository.ts';

export type SessionRow = typeof identitySessions.$inferSelect;

export interface SessionFilter extends PageRequest {
  userId?: string;
  device?: string;
  clientId?: string;
}

export interface SessionView {
  /** The caller's session_id claim, to mark their own sign-in. */
  currentSessionId: string | null;
  tenantName: string | null;
}

const sessionColumns = {
  device: identitySessions.device,
  clientId: identitySessions.clientId,
  signedIn: identitySessions.signedIn,
  lastAccessed: identitySessions.lastAccessed,
  ipAddresses: identitySessions.ipAddresses,
  userName: users.userName,
};

export function sessionDto(row: SessionRow, userName: string | null, view: SessionView): IdentitySessionDto {
  return {
    id: row.id,
    sessionId: row.sessionId,
    isCurrent: row.sessionId === view.currentSessionId,
    device: row.device,
    deviceInfo: row.deviceInfo,
    tenantId: row.tenantId,
    tenantName: view.tenantName,
    userId: row.userId,
    userName,
    clientId: row.clientId,
    ipAddresses: (row.ipAddresses ?? '')
      .split(',')
      .map((ip) => ip.trim())
      .filter(Boolean),
    signedIn: iso(row.signedIn)!,
    lastAccessed: iso(row.lastAccessed),
    extraProperties: {},
  };
}

const scoped = (tenantId: string | null, where?: SQL) => and(sameTenant(identitySessions.tenantId, tenantId), where);

/** The session list's WHERE clause (over identity_sessions joined with users): the tenant and the filters. */
export const sessionListFilter = (tenantId: string | null, query: SessionFilter): SQL =>
  scoped(
    tenantId,
    and(
      query.userId ? eq(identitySessions.userId, query.userId) : undefined,
      query.device ? eq(identitySessions.device, query.device) : undefined,
      query.clientId ? eq(identitySessions.clientId, query.clientId) : undefined,
    ),
  )!;

/** ORDER BY for a session list: the sorting on the allow-list, most recently used first by default. */
export const sessionListOrder = (sorting: string | undefined) =>
  orderBy(sorting, sessionColumns, [desc(identitySessions.lastAccessed), desc(identitySessions.signedIn)], identitySessions.id);

export async function listSessions(
  db: Executor,
  tenantId: string | null,
  query: SessionFilter,
  view: SessionView,
): Promise<PagedResult<IdentitySessionDto>> {
  const where = sessionListFilter(tenantId, query);
  const order = sessionListOrder(query.sorting);
  const { offset, limit } = pageOf(query);
  const [rows, [total]] = await Promise.all([
    db
      .select({ session: identitySessions, userName: users.userName })
      .from(identitySessions)
      .innerJoin(users, eq(users.id, identitySessions.userId))
      .where(where)
      .orderBy(...order)
      .offset(offset)
      .limit(limit),
    db.select({ value: count() }).from(identitySessions).where(where),
  ]);
  return { totalCount: Number(total?.value ?? 0), items: rows.map((r) => sessionDto(r.session, r.userName, view)) };
}

/** One session of the tenant (optionally of one user) by a condition on its row, with its user's name. */
export async function findSession(
  db: Executor,
  tenantId: string | null,
  where: SQL,
): Promise<{ session: SessionRow; userName: string } | undefined> {
  const [row] = await db
    .select({ session: identitySessions, userName: users.userName })
    .from(identitySessions)
    .innerJoin(users, eq(users.id, identitySessions.userId))
    .where(scoped(tenantId, where))
    .limit(1);
  return row;
}
