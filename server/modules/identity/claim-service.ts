// Claim types (host-wide) and the claims of users and roles. Rules:
// - claim type names are unique (compared normalized); a static claim type can be neither updated
//   nor deleted (403); deleting one removes its claims from every user and role, as ABP does;
// - a regex must compile, run on RE2 and be free of catastrophic backtracking (claim-regex.ts, ADR
//   0011: values are matched by a linear-time engine, and a stored regex that breaks these rules is
//   never run); a value must match it as a whole and fit the value type (Int: a 32-bit integer,
//   Boolean: true/false, DateTime: an ISO-like date), and a required type needs a value; a bad value
//   is a 400 naming the claim and nothing is saved;
// - a claims PUT replaces the user's (role's) whole set in one transaction; the user or role must be
//   in the caller's tenant (404 otherwise).
import { and, asc, count, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type {
  ClaimTypeDto,
  CreateClaimTypeDto,
  GetIdentityClaimTypesInput,
  IdentityRoleClaimDto,
  IdentityUserClaimDto,
  UpdateClaimTypeDto,
} from '../../../contract/identity-claims.ts';
import { claimValueTypeNames, IdentityClaimValueType } from '../../../contract/identity-claims.ts';
import { iso, type PagedResult } from '../../../contract/common.ts';
import { trackEntityChange } from '../../audit/scope.ts';
import type { AppContext } from '../../context.ts';
import { claimTypes, roleClaims, roles, userClaims, users } from '../../db/schema/index.ts';
import { businessError, invalidField, notFound, staleConcurrencyStamp, type ValidationErrorItem, validationError } from '../../errors.ts';
import { normalizeName } from '../saas/tenant-store.ts';
import { likePattern, orderBy, pageOf } from '../shared/paging.ts';
import { sameTenant } from '../shared/tenancy.ts';
import { type ClaimRegexProblem, claimRegexProblem, matchClaimRegex } from './claim-regex.ts';
import { findUser, type Executor } from './user-repository.ts';
import { userNotFound } from './user-service.ts';
import type { Caller } from './user-service.ts';

type ClaimTypeRow = typeof claimTypes.$inferSelect;

const identityKey = (name: string) => `AbpIdentity::Volo.Abp.Identity:${name}`;
const newStamp = () => crypto.randomUUID().replaceAll('-', '');
const claimTypeNotFound = (id: string) => notFound('IdentityClaimType', id);
const duplicateName = (name: string) =>
  businessError('Volo.Abp.Identity:DuplicateClaimTypeName', identityKey('DuplicateClaimTypeName'), name);

const entityTypes = {
  claimType: 'Volo.Abp.Identity.IdentityClaimType',
  userClaim: 'Volo.Abp.Identity.IdentityUserClaim',
  roleClaim: 'Volo.Abp.Identity.IdentityRoleClaim',
};

const trackClaimType = (before: ClaimTypeRow | null, after: ClaimTypeRow | null) =>
  trackEntityChange(before, after, {
    entityTypeFullName: entityTypes.claimType,
    entityId: (after ?? before)!.id,
    entityTenantId: null,
    ignore: ['normalizedName', 'concurrencyStamp'],
  });

export const toClaimTypeDto = (row: ClaimTypeRow): ClaimTypeDto => ({
  id: row.id,
  name: row.name,
  required: row.required,
  isStatic: row.isStatic,
  regex: row.regex,
  regexDescription: row.regexDescription,
  description: row.description,
  valueType: row.valueType,
  valueTypeAsString: claimValueTypeNames[row.valueType] ?? 'String',
  concurrencyStamp: row.concurrencyStamp,
  creationTime: iso(row.creationTime)!,
  extraProperties: row.extraProperties ?? {},
});

const sortable = {
  name: claimTypes.name,
  required: claimTypes.required,
  isStatic: claimTypes.isStatic,
  valueType: claimTypes.valueType,
  valueTypeAsString: claimTypes.valueType,
  description: claimTypes.description,
  creationTime: claimTypes.creationTime,
};

/** The claim type list's WHERE clause (claim types are host-wide): name or description holds the free text. */
export function claimTypeListFilter(input: Pick<GetIdentityClaimTypesInput, 'filter'>): SQL | undefined {
  const filter = input.filter?.trim();
  return filter ? or(ilike(claimTypes.name, likePattern(filter)), ilike(claimTypes.description, likePattern(filter))) : undefined;
}

/** ORDER BY for a claim type list: the sorting on the allow-list, name by default. */
export const claimTypeListOrder = (sorting: string | undefined) => orderBy(sorting, sortable, [asc(claimTypes.name)], claimTypes.id);

export async function listClaimTypes(ctx: AppContext, input: GetIdentityClaimTypesInput): Promise<PagedResult<ClaimTypeDto>> {
  const where = claimTypeListFilter(input);
  const order = claimTypeListOrder(input.sorting);
  const { offset, limit } = pageOf(input);
  const [total, rows] = await Promise.all([
    ctx.db.select({ value: count() }).from(claimTypes).where(where),
    ctx.db
      .select()
      .from(claimTypes)
      .where(where)
      .orderBy(...order)
      .offset(offset)
      .limit(limit),
  ]);
  return { totalCount: Number(total[0]?.value ?? 0), items: rows.map(toClaimTypeDto) };
}

export async function allClaimTypes(db: Executor): Promise<ClaimTypeDto[]> {
  const rows = await db.select().from(claimTypes).orderBy(asc(claimTypes.name), asc(claimTypes.id));
  return rows.map(toClaimTypeDto);
}

async function findClaimType(db: Executor, id: string): Promise<ClaimTypeRow> {
  const [row] = await db.select().from(claimTypes).where(eq(claimTypes.id, id));
  if (!row) throw claimTypeNotFound(id);
  return row;
}

export const getClaimType = async (db: Executor, id: string) => toClaimTypeDto(await findClaimType(db, id));

const regexProblemKeys: Record<ClaimRegexProblem, string> = {
  invalid: 'InvalidClaimTypeRegex',
  unsupported: 'UnsupportedClaimTypeRegex',
  unsafe: 'UnsafeClaimTypeRegex',
};

/** Outside any transaction: a first verdict may wait on the ReDoS checker. */
async function checkRegex(regex: string | null | undefined) {
  const problem = regex ? await claimRegexProblem(regex) : null;
  if (problem) throw invalidField('regex', identityKey(regexProblemKeys[problem]), regex!);
}

async function checkNameFree(db: Executor, name: string, exceptId?: string) {
  const [other] = await db
    .select({ id: claimTypes.id })
    .from(claimTypes)
    .where(eq(claimTypes.normalizedName, normalizeName(name)));
  if (other && other.id !== exceptId) throw duplicateName(name);
}

const isUniqueViolation = (error: unknown) =>
  (error as { code?: string })?.code === '23505' || (error as { cause?: { code?: string } })?.cause?.code === '23505';

const inputFields = (input: CreateClaimTypeDto) => ({
  required: input.required ?? false,
  regex: input.regex || null,
  regexDescription: input.regexDescription || null,
  description: input.description || null,
  valueType: input.valueType ?? IdentityClaimValueType.String,
});

export async function createClaimType(ctx: AppContext, caller: Caller, input: CreateClaimTypeDto): Promise<ClaimTypeDto> {
  const name = input.name.trim();
  await checkRegex(input.regex);
  try {
    return await ctx.db.transaction(async (tx) => {
      await checkNameFree(tx, name);
      const [row] = await tx
        .insert(claimTypes)
        .values({ name, normalizedName: normalizeName(name), ...inputFields(input), creatorId: caller.userId })
        .returning();
      trackClaimType(null, row!);
      return toClaimTypeDto(row!);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateName(name);
    throw error;
  }
}

export async function updateClaimType(ctx: AppContext, id: string, input: UpdateClaimTypeDto): Promise<ClaimTypeDto> {
  const name = input.name.trim();
  await checkRegex(input.regex);
  try {
    return await ctx.db.transaction(async (tx) => {
      const existing = await findClaimType(tx, id);
      if (existing.isStatic)
        throw businessError('Volo.Abp.Identity:StaticClaimTypeUpdate', identityKey('StaticClaimTypeUpdate'), existing.name);
      if (existing.concurrencyStamp !== input.concurrencyStamp) throw staleConcurrencyStamp();
      await checkNameFree(tx, name, id);
      const [row] = await tx
        .update(claimTypes)
        .set({ name, normalizedName: normalizeName(name), ...inputFields(input), concurrencyStamp: newStamp() })
        .where(and(eq(claimTypes.id, id), eq(claimTypes.concurrencyStamp, input.concurrencyStamp)))
        .returning();
      if (!row) throw staleConcurrencyStamp();
      trackClaimType(existing, row);
      return toClaimTypeDto(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateName(name);
    throw error;
  }
}

export async function deleteClaimType(ctx: AppContext, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const existing = await findClaimType(tx, id);
    if (existing.isStatic)
      throw businessError('Volo.Abp.Identity:StaticClaimTypeDeletion', identityKey('StaticClaimTypeDeletion'), existing.name);
    // Claims of this type go with it, in every tenant: the type is host-wide.
    await tx.delete(userClaims).where(eq(userClaims.claimType, existing.name));
    await tx.delete(roleClaims).where(eq(roleClaims.claimType, existing.name));
    await tx.delete(claimTypes).where(eq(claimTypes.id, id));
    trackClaimType(existing, null);
  });
}

// --- claim values ----------------------------------------------------------------------------------

const int32 = /^[+-]?\d{1,10}$/;
const isoDate = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,7})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

function fitsValueType(value: string, valueType: number): boolean {
  switch (valueType) {
    case IdentityClaimValueType.Int:
      return int32.test(value) && Math.abs(Number(value)) <= 2_147_483_648 && Number(value) <= 2_147_483_647;
    case IdentityClaimValueType.Boolean:
      return /^(true|false)$/i.test(value);
    case IdentityClaimValueType.DateTime:
      return isoDate.test(value) && !Number.isNaN(Date.parse(value.replace(' ', 'T')));
    default:
      return true;
  }
}

interface ClaimInput {
  claimType: string;
  claimValue?: string | null;
}

async function claimTypesOf(db: Executor, claims: ClaimInput[]): Promise<ClaimTypeRow[]> {
  const names = [...new Set(claims.map((c) => normalizeName(c.claimType)))];
  return names.length ? await db.select().from(claimTypes).where(inArray(claimTypes.normalizedName, names)) : [];
}

/**
 * Has the regexes of the claims' types judged before the transaction opens: a first verdict may
 * wait on the ReDoS checker, and PGlite's one connection would wait with it.
 */
async function judgeRegexes(db: Executor, claims: ClaimInput[]) {
  const types = await claimTypesOf(db, claims);
  await Promise.all(types.map((t) => t.regex && claimRegexProblem(t.regex)));
}

/** Checks every claim against its type; all problems in one 400, naming each claim. */
async function checkClaims(db: Executor, claims: ClaimInput[]): Promise<Array<{ claimType: string; claimValue: string }>> {
  const types = await claimTypesOf(db, claims);
  const byName = new Map(types.map((t) => [t.normalizedName, t]));
  const errors: ValidationErrorItem[] = [];
  const checked: Array<{ claimType: string; claimValue: string }> = [];
  for (const claim of claims) {
    const type = byName.get(normalizeName(claim.claimType));
    const value = claim.claimValue ?? '';
    if (!type) {
      errors.push({ message: { key: identityKey('UnknownClaimType'), params: [claim.claimType] }, members: ['claimType'] });
      continue;
    }
    if (!value) {
      if (type.required) errors.push({ message: { key: identityKey('ClaimValueRequired'), params: [type.name] }, members: ['claimValue'] });
      else checked.push({ claimType: type.name, claimValue: value });
      continue;
    }
    if (!fitsValueType(value, type.valueType)) {
      errors.push({
        message: { key: identityKey('InvalidClaimValueType'), params: [type.name, claimValueTypeNames[type.valueType] ?? 'String'] },
        members: ['claimValue'],
      });
      continue;
    }
    const matched = type.regex ? await matchClaimRegex(type.regex, value) : true;
    if (matched === 'unusable')
      errors.push({ message: { key: identityKey('ClaimTypeRegexNotUsable'), params: [type.name] }, members: ['claimValue'] });
    else if (!matched)
      errors.push({
        message: { key: identityKey('InvalidClaimValue'), params: [type.name, type.regexDescription || type.regex!] },
        members: ['claimValue'],
      });
    else checked.push({ claimType: type.name, claimValue: value });
  }
  if (errors.length) throw validationError(errors);
  // The same claim twice is one claim.
  return [...new Map(checked.map((c) => [claimKey(c), c])).values()];
}

/** Claims as a multiset key, so a PUT that changes nothing writes nothing. */
const claimKey = (c: { claimType: string; claimValue: string | null }) => `${c.claimType}\u0000${c.claimValue ?? ''}`;

export async function getUserClaims(db: Executor, tenantId: string | null, userId: string): Promise<IdentityUserClaimDto[]> {
  if (!(await findUser(db, tenantId, eq(users.id, userId)))) throw userNotFound(userId);
  const rows = await db
    .select()
    .from(userClaims)
    .where(eq(userClaims.userId, userId))
    .orderBy(asc(userClaims.claimType), asc(userClaims.id));
  return rows.map((r) => ({ userId: r.userId, claimType: r.claimType, claimValue: r.claimValue }));
}

export async function updateUserClaims(ctx: AppContext, caller: Caller, userId: string, claims: ClaimInput[]): Promise<void> {
  await judgeRegexes(ctx.db, claims);
  await ctx.db.transaction(async (tx) => {
    if (!(await findUser(tx, caller.tenantId, eq(users.id, userId)))) throw userNotFound(userId);
    const wanted = await checkClaims(tx, claims);
    const current = await tx.select().from(userClaims).where(eq(userClaims.userId, userId));
    const wantedKeys = wanted.map(claimKey);
    const toRemove = current.filter((c) => !wantedKeys.includes(claimKey(c)));
    const currentKeys = current.map(claimKey);
    const toAdd = wanted.filter((c) => !currentKeys.includes(claimKey(c)));
    if (toRemove.length)
      await tx.delete(userClaims).where(
        inArray(
          userClaims.id,
          toRemove.map((c) => c.id),
        ),
      );
    const added = toAdd.length
      ? await tx
          .insert(userClaims)
          .values(toAdd.map((c) => ({ tenantId: caller.tenantId, userId, claimType: c.claimType, claimValue: c.claimValue })))
          .returning()
      : [];
    for (const c of toRemove)
      trackEntityChange(c, null, { entityTypeFullName: entityTypes.userClaim, entityId: c.id, entityTenantId: c.tenantId });
    for (const c of added)
      trackEntityChange(null, c, { entityTypeFullName: entityTypes.userClaim, entityId: c.id, entityTenantId: c.tenantId });
  });
}

async function findRole(db: Executor, tenantId: string | null, roleId: string) {
  const [role] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(sameTenant(roles.tenantId, tenantId), eq(roles.id, roleId)));
  if (!role) throw notFound('IdentityRole', roleId);
}

export async function getRoleClaims(db: Executor, tenantId: string | null, roleId: string): Promise<IdentityRoleClaimDto[]> {
  await findRole(db, tenantId, roleId);
  const rows = await db
    .select()
    .from(roleClaims)
    .where(eq(roleClaims.roleId, roleId))
    .orderBy(asc(roleClaims.claimType), asc(roleClaims.id));
  return rows.map((r) => ({ roleId: r.roleId, claimType: r.claimType, claimValue: r.claimValue }));
}

export async function updateRoleClaims(ctx: AppContext, caller: Caller, roleId: string, claims: ClaimInput[]): Promise<void> {
  await judgeRegexes(ctx.db, claims);
  await ctx.db.transaction(async (tx) => {
    await findRole(tx, caller.tenantId, roleId);
    const wanted = await checkClaims(tx, claims);
    const current = await tx.select().from(roleClaims).where(eq(roleClaims.roleId, roleId));
    const wantedKeys = wanted.map(claimKey);
    const toRemove = current.filter((c) => !wantedKeys.includes(claimKey(c)));
    const currentKeys = current.map(claimKey);
    const toAdd = wanted.filter((c) => !currentKeys.includes(claimKey(c)));
    if (toRemove.length)
      await tx.delete(roleClaims).where(
        inArray(
          roleClaims.id,
          toRemove.map((c) => c.id),
        ),
      );
    const added = toAdd.length
      ? await tx
          .insert(roleClaims)
          .values(toAdd.map((c) => ({ tenantId: caller.tenantId, roleId, claimType: c.claimType, claimValue: c.claimValue })))
          .returning()
      : [];
    for (const c of toRemove)
      trackEntityChange(c, null, { entityTypeFullName: entityTypes.roleClaim, entityId: c.id, entityTenantId: c.tenantId });
    for (const c of added)
      trackEntityChange(null, c, { entityTypeFullName: entityTypes.roleClaim, entityId: c.id, entityTenantId: c.tenantId });
  });
}
