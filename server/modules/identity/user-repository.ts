// Reads of users for the identity API. Rules:
// - every query is scoped by tenant (null = host) and skips soft-deleted rows, so an id from another
//   tenant or a deleted user is simply "not found";
// - rows become DTOs here and only here: the password hash and security stamp never leave.
import { and, eq, getTableColumns, gt, gte, ilike, inArray, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { PagedResult } from '../../../contract/common.ts';
import { iso } from '../../../contract/common.ts';
import type { GetIdentityUsersInput, IdentityUserDto, UserData } from '../../../contract/identity.ts';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { roles, userOrganizationUnits, userRoles, users } from '../../db/schema/index.ts';
import { pageWithCount } from '../shared/counting.ts';
import { maxBulkUsers } from './bulk-limits.ts';
import { likePattern, orderBy, pageOf } from '../shared/paging.ts';
import { sameTenant } from '../shared/tenancy.ts';
import { hotStatement } from '../../plugins/hot-statement.ts';

export type UserRow = typeof users.$inferSelect;
/** What a user DTO is made of: the row without its secrets and lookup keys. */
export type UserDtoRow = Omit<UserRow, 'passwordHash' | 'securityStamp' | 'normalizedUserName' | 'normalizedEmail'>;
/**
 * The columns of UserDtoRow, for the list's pages: the password hash and security stamp stay in the
 * database, and four fewer columns per row are sent, parsed and mapped (issue 16).
 */
const {
  passwordHash: _passwordHash,
  securityStamp: _securityStamp,
  normalizedUserName: _normalizedUserName,
  normalizedEmail: _normalizedEmail,
  ...userDtoColumns
} = getTableColumns(users);
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Executor = Db | Tx;

export const liveUsers = (tenantId: string | null): SQL => and(sameTenant(users.tenantId, tenantId), eq(users.isDeleted, false))!;

const sortable = {
  userName: users.userName,
  email: users.email,
  name: users.name,
  surname: users.surname,
  phoneNumber: users.phoneNumber,
  isActive: users.isActive,
  emailConfirmed: users.emailConfirmed,
  phoneNumberConfirmed: users.phoneNumberConfirmed,
  lockoutEnabled: users.lockoutEnabled,
  lockoutEnd: users.lockoutEnd,
  accessFailedCount: users.accessFailedCount,
  twoFactorEnabled: users.twoFactorEnabled,
  isExternal: users.isExternal,
  creationTime: users.creationTime,
  lastModificationTime: users.lastModificationTime,
  lastPasswordChangeTime: users.lastPasswordChangeTime,
  shouldChangePasswordOnNextLogin: users.shouldChangePasswordOnNextLogin,
};

/** UserData (AbpIdentity.UserLookup): the small record, also the first fields of IdentityUserDto. */
export function toUserData(row: UserDtoRow): UserData {
  return {
    id: row.id,
    tenantId: row.tenantId,
    userName: row.userName,
    name: row.name,
    surname: row.surname,
    email: row.email,
    emailConfirmed: row.emailConfirmed,
    phoneNumber: row.phoneNumber,
    phoneNumberConfirmed: row.phoneNumberConfirmed,
    isActive: row.isActive,
    extraProperties: row.extraProperties ?? {},
  };
}

export function toUserDto(row: UserDtoRow, roleNames: string[], now = new Date()): IdentityUserDto {
  return {
    ...toUserData(row),
    lockoutEnabled: row.lockoutEnabled,
    lockoutEnd: iso(row.lockoutEnd),
    isLockedOut: row.lockoutEnabled && !!row.lockoutEnd && row.lockoutEnd > now,
    accessFailedCount: row.accessFailedCount,
    lastPasswordChangeTime: iso(row.lastPasswordChangeTime),
    // Two-factor needs a confirmed e-mail or phone number to deliver codes to.
    supportTwoFactor: row.emailConfirmed || row.phoneNumberConfirmed,
    twoFactorEnabled: row.twoFactorEnabled,
    shouldChangePasswordOnNextLogin: row.shouldChangePasswordOnNextLogin,
    isExternal: row.isExternal,
    roleNames,
    entityVersion: row.entityVersion,
    concurrencyStamp: row.concurrencyStamp,
    creationTime: row.creationTime.toISOString(),
    creatorId: row.creatorId,
    lastModificationTime: iso(row.lastModificationTime),
    lastModifierId: row.lastModifierId,
    isDeleted: row.isDeleted,
    deleterId: row.deleterId,
    deletionTime: iso(row.deletionTime),
  };
}

/**
 * A user row's role names, sorted like roleNamesOf, as a column of a query over users (qualified by
 * hand: Drizzle renders columns unqualified in a one-table select).
 */
const pageRoleNames = sql<
  string[]
>`coalesce((select array_agg(r."name" order by r."name")::text[] from "user_roles" ur inner join "roles" r on r."id" = ur."role_id" where ur."user_id" = "users"."id"), '{}'::text[])`;

/** Role names per user id, sorted, for the given users. */
export async function roleNamesOf(db: Executor, userIds: string[]): Promise<Map<string, string[]>> {
  const byUser = new Map<string, string[]>(userIds.map((id) => [id, []]));
  if (!userIds.length) return byUser;
  const rows = await db
    .select({ userId: userRoles.userId, name: roles.name })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(inArray(userRoles.userId, userIds))
    .orderBy(roles.name);
  for (const row of rows) byUser.get(row.userId)?.push(row.name);
  return byUser;
}

export async function findUser(db: Executor, tenantId: string | null, where: SQL): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(liveUsers(tenantId), where))
    .limit(1);
  return row;
}

export async function userDto(db: Executor, row: UserRow): Promise<IdentityUserDto> {
  const names = await roleNamesOf(db, [row.id]);
  return toUserDto(row, names.get(row.id) ?? []);
}

/** The list's WHERE clause: tenant, live rows, free text and the Pro filters. */
export function userListFilter(tenantId: string | null, input: GetIdentityUsersInput): SQL {
  const conditions: SQL[] = [liveUsers(tenantId)];
  const contains = (column: AnyPgColumn, text: string | undefined) => {
    if (text?.trim()) conditions.push(ilike(column, likePattern(text.trim())));
  };
  const filter = input.filter?.trim();
  if (filter) {
    const pattern = likePattern(filter);
    conditions.push(
      or(
        ilike(users.userName, pattern),
        ilike(users.email, pattern),
        ilike(users.name, pattern),
        ilike(users.surname, pattern),
        ilike(users.phoneNumber, pattern),
      )!,
    );
  }
  if (input.id) conditions.push(eq(users.id, input.id));
  contains(users.userName, input.userName);
  contains(users.email, input.emailAddress);
  contains(users.name, input.name);
  contains(users.surname, input.surname);
  contains(users.phoneNumber, input.phoneNumber);
  if (input.roleId) {
    conditions.push(
      // Qualified by hand: Drizzle renders columns unqualified in a one-table select.
      sql`exists (select 1 from "user_roles" ur where ur."user_id" = "users"."id" and ur."role_id" = ${input.roleId})`,
    );
  }
  if (input.organizationUnitId) conditions.push(memberOfUnit(input.organizationUnitId));
  const now = new Date();
  if (input.isLockedOut === true) conditions.push(and(eq(users.lockoutEnabled, true), gt(users.lockoutEnd, now))!);
  if (input.isLockedOut === false)
    conditions.push(or(eq(users.lockoutEnabled, false), isNull(users.lockoutEnd), lte(users.lockoutEnd, now))!);
  if (input.notActive !== undefined) conditions.push(input.notActive ? eq(users.isActive, false) : ne(users.isActive, false));
  if (input.emailConfirmed !== undefined) conditions.push(eq(users.emailConfirmed, input.emailConfirmed));
  if (input.isExternal !== undefined) conditions.push(eq(users.isExternal, input.isExternal));
  if (input.minCreationTime) conditions.push(gte(users.creationTime, new Date(input.minCreationTime)));
  if (input.maxCreationTime) conditions.push(lte(users.creationTime, new Date(input.maxCreationTime)));
  // A user never modified has no modification time and is outside any modification range.
  if (input.minModifitionTime) conditions.push(gte(users.lastModificationTime, new Date(input.minModifitionTime)));
  if (input.maxModifitionTime) conditions.push(lte(users.lastModificationTime, new Date(input.maxModifitionTime)));
  return and(...conditions)!;
}

/** ORDER BY for a user list: the sorting string on the allow-list, user name by default. */
export const userListOrder = (sorting: string | undefined) => orderBy(sorting, sortable, [sql`${users.userName} asc`], users.id);

/** The users who are members of the unit themselves (not through a sub-unit), as ABP filters. */
export const memberOfUnit = (unitId: string): SQL =>
  // Qualified by hand: Drizzle renders columns unqualified in a one-table select.
  sql`exists (select 1 from "user_organization_units" uou where uou."user_id" = "users"."id" and uou."organization_unit_id" = ${unitId})`;

/** What a users count reads: the users table and the list's WHERE, or another source of the same number. */
export interface UsersCountSource {
  table: typeof users | typeof userOrganizationUnits;
  where: SQL;
}

// Input that shapes the page but not the set of users.
const pagingKeys = new Set(['sorting', 'skipCount', 'maxResultCount']);

/**
 * The count of "live users of the tenant who are members of the unit" when nothing else narrows the
 * users (`input` holds only paging besides `except`): read from the unit's memberships, minus those
 * of soft-deleted users (a small partial index), instead of an EXISTS per user of the tenant, which
 * the planner answers by reading every user (bench/README.md: 49 ms at 100,000 users). The same
 * number because a user is a member of a unit at most once (the key) and a membership carries the
 * tenant of its user and unit (the services write it so). Otherwise undefined: count the users.
 */
export function membersCount(tenantId: string | null, unitId: string, input: object, except: string[] = []): UsersCountSource | undefined {
  const narrowed = Object.entries(input).some(([key, value]) => value !== undefined && !pagingKeys.has(key) && !except.includes(key));
  if (narrowed) return undefined;
  return {
    table: userOrganizationUnits,
    where: and(
      eq(userOrganizationUnits.organizationUnitId, unitId),
      sameTenant(userOrganizationUnits.tenantId, tenantId),
      sql`not exists (select 1 from "users" d where d."id" = "user_organization_units"."user_id" and d."is_deleted" = true)`,
    )!,
  };
}

export const listUsers = (ctx: AppContext, tenantId: string | null, input: GetIdentityUsersInput) =>
  pageOfUsers(
    ctx,
    userListFilter(tenantId, input),
    input,
    input.organizationUnitId ? membersCount(tenantId, input.organizationUnitId, input, ['organizationUnitId']) : undefined,
    isPlainList(input) ? (page) => plainListQueries(ctx).page(tenantId, page) : undefined,
  );

/** A list request that neither filters nor sorts (the screen's first request, a polling client's). */
const isPlainList = (input: GetIdentityUsersInput) =>
  !input.sorting?.trim() && Object.entries(input).every(([key, value]) => value === undefined || pagingKeys.has(key));

const plainLists = new WeakMap<AppContext, ReturnType<typeof preparePlainList>>();
const plainListQueries = (ctx: AppContext) => {
  let queries = plainLists.get(ctx);
  if (!queries) {
    queries = preparePlainList(ctx);
    plainLists.set(ctx, queries);
  }
  return queries;
};

/**
 * The plain list's page as prepared statements (built once per app; on PostgreSQL named, so parsed
 * and planned once per connection; run on the driver, plugins/hot-statement.ts): exactly the query
 * pageOfUsers builds for userListFilter with no filter and userListOrder's default order, for a
 * tenant and for the host.
 */
function preparePlainList(ctx: AppContext) {
  const selection = { user: userDtoColumns, roleNames: pageRoleNames };
  const query = (tenantCondition: SQL, name: string) =>
    hotStatement<{ user: UserDtoRow; roleNames: string[] }>(
      ctx.database,
      name,
      selection,
      ctx.db
        .select(selection)
        .from(users)
        .where(and(tenantCondition, eq(users.isDeleted, false)))
        .orderBy(...userListOrder(undefined))
        .offset(sql.placeholder('offset'))
        .limit(sql.placeholder('limit')),
    );
  const ofTenant = query(eq(users.tenantId, sql.placeholder('tenantId')), 'plain_users_page_of_tenant');
  const ofHost = query(isNull(users.tenantId), 'plain_users_page_of_host');
  return {
    page: (tenantId: string | null, page: { offset: number; limit: number }) =>
      tenantId ? ofTenant.execute({ tenantId, ...page }) : ofHost.execute(page),
  };
}

/**
 * Exact up to the bulk actions' limit on both databases, so any set a bulk action may act on "all
 * matching" was shown with its exact total (the action checks it); with the list's indexes such a
 * count takes a few milliseconds, the budget only guards the worst filter on PostgreSQL.
 */
const usersCountOptions = { exactCountLimit: maxBulkUsers, countBudgetMs: 250 };

/**
 * One page of users matching `where` (any extra condition on top of the list filter), with their
 * role names; counted like the audit logs (shared/counting.ts, ADR 0006), so a page of a large
 * tenant does not count every matching user; `countFrom` counts the same users another way.
 */
export async function pageOfUsers(
  ctx: AppContext,
  where: SQL,
  input: GetIdentityUsersInput,
  countFrom: UsersCountSource = { table: users, where },
  /** The same page read another way (a prepared statement for the plain list). */
  readPage?: (page: { offset: number; limit: number }) => Promise<Array<{ user: UserDtoRow; roleNames: string[] }>>,
): Promise<PagedResult<IdentityUserDto> & { extraProperties: { totalCountIsEstimate: boolean } }> {
  const { offset, limit } = pageOf(input);
  const { rows, totalCount, isEstimate } = await pageWithCount(
    ctx,
    countFrom.table,
    countFrom.where,
    { offset, limit },
    () =>
      readPage
        ? readPage({ offset, limit })
        : // The page and its role names in one round trip (the same names, in the same order, as roleNamesOf).
          ctx.db
            .select({ user: userDtoColumns, roleNames: pageRoleNames })
            .from(users)
            .where(where)
            .orderBy(...userListOrder(input.sorting))
            .offset(offset)
            .limit(limit),
    usersCountOptions,
  );
  const now = new Date();
  return {
    totalCount,
    items: rows.map((row) => toUserDto(row.user, row.roleNames, now)),
    extraProperties: { totalCountIsEstimate: isEstimate },
  };
}
