// Service permissions of a tenant (finance-domain.md "Kernel"; contract/kernel.ts). Rules:
// - one row lets one grantee use one service node: a role or a user of the tenant (by id), or a
//   party type (a PersonType lookup value); one row per service and grantee (403 on a second);
// - limits are optional and need a currency (an active currency of the tenant): the largest single
//   transfer and a day's total; given as decimal strings with at most the currency's decimals, kept
//   in minor units, answered with exactly that many decimals;
// - the service must be a ServiceNode or ProductNode (a category is not an operation);
// - a stale concurrency stamp answers 409; every change is audited as an entity change.
import { and, asc, count, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import { iso, type PagedResult } from '../../../contract/common.ts';
import type {
  CreateServicePermissionDto,
  GetServicePermissionsInput,
  ServiceGranteeType,
  ServicePermissionDto,
  UpdateServicePermissionDto,
} from '../../../contract/kernel.ts';
import { trackEntityChange } from '../../audit/scope.ts';
import type { AppContext } from '../../context.ts';
import { currencies, lookupTypes, lookupValues, roles, serviceNodes, servicePermissions, users } from '../../db/schema/index.ts';
import { notFound, staleConcurrencyStamp } from '../../errors.ts';
import type { Executor } from '../identity/user-repository.ts';
import { ledgerErrors } from '../ledger/errors.ts';
import { formatMoney, parseMoney } from '../ledger/money.ts';
import { likePattern, orderBy, pageOf } from '../shared/paging.ts';
import { sameTenant } from '../shared/tenancy.ts';
import { kernelErrors } from './errors.ts';
import { findServiceNode, type KernelCaller, nodeKinds } from './service-nodes.ts';

type PermissionRow = typeof servicePermissions.$inferSelect;
type Joined = { permission: PermissionRow; serviceCode: string; serviceName: string; granteeName: string | null; decimals: number | null };

const newStamp = () => crypto.randomUUID().replaceAll('-', '');

const money = (value: bigint | null, decimals: number | null) => (value === null ? null : formatMoney(value, decimals ?? 0));

const toDto = ({ permission: row, serviceCode, serviceName, granteeName, decimals }: Joined): ServicePermissionDto => ({
  id: row.id,
  serviceId: row.serviceId,
  serviceCode,
  serviceName,
  granteeType: row.granteeType,
  granteeId: row.granteeId,
  granteeName: granteeName ?? row.granteeId,
  currencyCode: row.currencyCode,
  maxAmount: money(row.maxAmount, decimals),
  dailyLimit: money(row.dailyLimit, decimals),
  concurrencyStamp: row.concurrencyStamp,
  creationTime: iso(row.creationTime)!,
  creatorId: row.creatorId,
  lastModificationTime: iso(row.lastModificationTime),
  lastModifierId: row.lastModifierId,
});

const track = (before: ServicePermissionDto | null, after: ServicePermissionDto | null, tenantId: string | null) =>
  trackEntityChange(before, after, {
    entityTypeFullName: 'Finance.Kernel.ServicePermission',
    entityId: (after ?? before)!.id,
    entityTenantId: tenantId,
    ignore: ['concurrencyStamp'],
  });

/** The grantee's name: the role's or user's name, or the party type's code (one query per kind). */
async function granteeNames(db: Executor, rows: readonly PermissionRow[]): Promise<Map<string, string>> {
  const ids = (type: ServiceGranteeType) => [...new Set(rows.filter((row) => row.granteeType === type).map((row) => row.granteeId))];
  const [roleIds, userIds, partyIds] = [ids('Role'), ids('User'), ids('PartyType')];
  const names = new Map<string, string>();
  if (roleIds.length)
    for (const r of await db.select({ id: roles.id, name: roles.name }).from(roles).where(inArray(roles.id, roleIds)))
      names.set(r.id, r.name);
  if (userIds.length)
    for (const u of await db.select({ id: users.id, name: users.userName }).from(users).where(inArray(users.id, userIds)))
      names.set(u.id, u.name);
  if (partyIds.length)
    for (const v of await db
      .select({ id: lookupValues.id, name: lookupValues.code })
      .from(lookupValues)
      .where(inArray(lookupValues.id, partyIds)))
      names.set(v.id, v.name);
  return names;
}

async function joined(db: Executor, tenantId: string | null, rows: PermissionRow[]): Promise<ServicePermissionDto[]> {
  if (!rows.length) return [];
  const [names, nodes, decimals] = await Promise.all([
    granteeNames(db, rows),
    db
      .select({ id: serviceNodes.id, code: serviceNodes.code, name: serviceNodes.name })
      .from(serviceNodes)
      .where(inArray(serviceNodes.id, [...new Set(rows.map((row) => row.serviceId))])),
    db.select({ code: currencies.code, decimals: currencies.decimals }).from(currencies).where(sameTenant(currencies.tenantId, tenantId)),
  ]);
  const nodeOf = new Map(nodes.map((node) => [node.id, node]));
  const decimalsOf = new Map(decimals.map((currency) => [currency.code, currency.decimals]));
  return rows.map((permission) =>
    toDto({
      permission,
      serviceCode: nodeOf.get(permission.serviceId)?.code ?? '',
      serviceName: nodeOf.get(permission.serviceId)?.name ?? '',
      granteeName: names.get(permission.granteeId) ?? null,
      decimals: permission.currencyCode ? (decimalsOf.get(permission.currencyCode) ?? 0) : null,
    }),
  );
}

const sortable = {
  granteeType: servicePermissions.granteeType,
  currencyCode: servicePermissions.currencyCode,
  creationTime: servicePermissions.creationTime,
};

export async function listServicePermissions(
  ctx: AppContext,
  tenantId: string | null,
  input: GetServicePermissionsInput,
): Promise<PagedResult<ServicePermissionDto>> {
  const conditions: SQL[] = [sameTenant(servicePermissions.tenantId, tenantId)];
  if (input.serviceId) conditions.push(eq(servicePermissions.serviceId, input.serviceId));
  if (input.granteeType) conditions.push(eq(servicePermissions.granteeType, input.granteeType));
  const filter = input.filter?.trim();
  if (filter) {
    const pattern = likePattern(filter);
    conditions.push(
      or(
        inArray(
          servicePermissions.serviceId,
          ctx.db
            .select({ id: serviceNodes.id })
            .from(serviceNodes)
            .where(
              and(sameTenant(serviceNodes.tenantId, tenantId), or(ilike(serviceNodes.code, pattern), ilike(serviceNodes.name, pattern))),
            ),
        ),
        inArray(
          servicePermissions.granteeId,
          ctx.db
            .select({ id: roles.id })
            .from(roles)
            .where(and(sameTenant(roles.tenantId, tenantId), ilike(roles.name, pattern))),
        ),
        inArray(
          servicePermissions.granteeId,
          ctx.db
            .select({ id: users.id })
            .from(users)
            .where(and(sameTenant(users.tenantId, tenantId), ilike(users.userName, pattern))),
        ),
      )!,
    );
  }
  const where = and(...conditions);
  const { offset, limit } = pageOf(input);
  const [total, rows] = await Promise.all([
    ctx.db.select({ value: count() }).from(servicePermissions).where(where),
    ctx.db
      .select()
      .from(servicePermissions)
      .where(where)
      .orderBy(...orderBy(input.sorting, sortable, [asc(servicePermissions.creationTime)], servicePermissions.id))
      .offset(offset)
      .limit(limit),
  ]);
  return { totalCount: Number(total[0]?.value ?? 0), items: await joined(ctx.db, tenantId, rows) };
}

async function findPermission(db: Executor, tenantId: string | null, id: string): Promise<PermissionRow> {
  const [row] = await db
    .select()
    .from(servicePermissions)
    .where(and(eq(servicePermissions.id, id), sameTenant(servicePermissions.tenantId, tenantId)));
  if (!row) throw notFound('ServicePermission', id);
  return row;
}

export async function getServicePermission(ctx: AppContext, tenantId: string | null, id: string): Promise<ServicePermissionDto> {
  return (await joined(ctx.db, tenantId, [await findPermission(ctx.db, tenantId, id)]))[0]!;
}

async function assertGrantee(db: Executor, tenantId: string | null, type: ServiceGranteeType, id: string) {
  let found: unknown;
  if (type === 'Role')
    [found] = await db
      .select({ id: roles.id })
      .from(roles)
      .where(and(eq(roles.id, id), sameTenant(roles.tenantId, tenantId)));
  else if (type === 'User')
    [found] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, id), sameTenant(users.tenantId, tenantId), eq(users.isDeleted, false)));
  else
    [found] = await db
      .select({ id: lookupValues.id })
      .from(lookupValues)
      .innerJoin(lookupTypes, eq(lookupTypes.id, lookupValues.typeId))
      .where(and(eq(lookupValues.id, id), eq(lookupTypes.name, 'PersonType')));
  if (!found) throw kernelErrors.unknownGrantee(type, id);
}

/** The limits in minor units of their currency; limits without a currency are a 400. */
async function limitsOf(db: Executor, tenantId: string | null, input: UpdateServicePermissionDto) {
  const currencyCode = input.currencyCode ?? null;
  const wanted = [input.maxAmount, input.dailyLimit].some((value) => value !== undefined && value !== null);
  if (currencyCode === null) {
    if (wanted) throw kernelErrors.limitsNeedCurrency();
    return { currencyCode: null, maxAmount: null, dailyLimit: null };
  }
  const [currency] = await db
    .select({ decimals: currencies.decimals, isActive: currencies.isActive })
    .from(currencies)
    .where(and(sameTenant(currencies.tenantId, tenantId), eq(currencies.code, currencyCode)));
  if (!currency?.isActive) throw ledgerErrors.unknownCurrency('currencyCode', currencyCode);
  const parse = (member: 'maxAmount' | 'dailyLimit') => {
    const text = input[member];
    if (text === undefined || text === null) return null;
    const minor = parseMoney(text, currency.decimals);
    if (minor === null) throw ledgerErrors.tooManyDecimals(member, currencyCode, currency.decimals, text);
    if (minor <= 0n) throw ledgerErrors.amountNotPositive(text);
    return minor;
  };
  return { currencyCode, maxAmount: parse('maxAmount'), dailyLimit: parse('dailyLimit') };
}

export async function createServicePermission(
  ctx: AppContext,
  caller: KernelCaller,
  input: CreateServicePermissionDto,
): Promise<ServicePermissionDto> {
  return ctx.db.transaction(async (tx) => {
    const service = await findServiceNode(tx, caller.tenantId, input.serviceId).catch(() => {
      throw ledgerErrors.invalidLookup('serviceId', input.serviceId, 'ServiceNode');
    });
    if ((await nodeKinds(tx)).get(service.nodeTypeId) === 'CategoryNode') throw kernelErrors.notAService(service.name);
    await assertGrantee(tx, caller.tenantId, input.granteeType, input.granteeId);
    const limits = await limitsOf(tx, caller.tenantId, input);
    const [existing] = await tx
      .select({ id: servicePermissions.id })
      .from(servicePermissions)
      .where(
        and(
          eq(servicePermissions.serviceId, service.id),
          eq(servicePermissions.granteeType, input.granteeType),
          eq(servicePermissions.granteeId, input.granteeId),
        ),
      );
    if (existing) {
      const names = await granteeNames(tx, [{ granteeType: input.granteeType, granteeId: input.granteeId } as PermissionRow]);
      throw kernelErrors.duplicatePermission(service.name, names.get(input.granteeId) ?? input.granteeId);
    }
    const [row] = await tx
      .insert(servicePermissions)
      .values({
        tenantId: caller.tenantId,
        serviceId: service.id,
        granteeType: input.granteeType,
        granteeId: input.granteeId,
        ...limits,
        creatorId: caller.userId,
      })
      .returning();
    const [dto] = await joined(tx, caller.tenantId, [row!]);
    track(null, dto!, caller.tenantId);
    return dto!;
  });
}

export async function updateServicePermission(
  ctx: AppContext,
  caller: KernelCaller,
  id: string,
  input: UpdateServicePermissionDto,
): Promise<ServicePermissionDto> {
  return ctx.db.transaction(async (tx) => {
    const before = await findPermission(tx, caller.tenantId, id);
    if (input.concurrencyStamp && input.concurrencyStamp !== before.concurrencyStamp) throw staleConcurrencyStamp();
    const limits = await limitsOf(tx, caller.tenantId, input);
    const [row] = await tx
      .update(servicePermissions)
      .set({ ...limits, concurrencyStamp: newStamp(), lastModificationTime: new Date(), lastModifierId: caller.userId })
      .where(eq(servicePermissions.id, before.id))
      .returning();
    const [beforeDto, dto] = await joined(tx, caller.tenantId, [before, row!]);
    track(beforeDto!, dto!, caller.tenantId);
    return dto!;
  });
}

export async function deleteServicePermission(ctx: AppContext, caller: KernelCaller, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const before = await findPermission(tx, caller.tenantId, id);
    const [dto] = await joined(tx, caller.tenantId, [before]);
    await tx.delete(servicePermissions).where(eq(servicePermissions.id, id));
    track(dto!, null, caller.tenantId);
  });
}
