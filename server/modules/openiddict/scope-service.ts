// OpenID scopes (/api/openiddict/scopes, ABP OpenIddict Pro). Rules:
// - host only; names are unique and have no spaces;
// - the built-in scopes (openid, profile, email, phone, roles, role, address, offline_access: the
//   identity server's own claims depend on them) can be neither edited nor deleted (business error);
// - a scope in use by an application cannot be deleted until the application lets it go;
// - resources are the audiences of access tokens that carry the scope.
import { and, asc, count, eq, ilike, or, sql } from 'drizzle-orm';
import type { PagedResult } from '../../../contract/common.ts';
import type { CreateScopeInput, GetScopeListInput, ScopeDto, UpdateScopeInput } from '../../../contract/openiddict.ts';
import { trackEntityChange } from '../../audit/scope.ts';
import type { AppContext } from '../../context.ts';
import { applications, scopes } from '../../db/schema/index.ts';
import { businessError, notFound, staleConcurrencyStamp, validationError } from '../../errors.ts';
import { likePattern, orderBy, pageOf } from '../shared/paging.ts';
import { applicationChanged } from './application-store.ts';
import { openIddictKey } from './application-service.ts';

type ScopeRow = typeof scopes.$inferSelect;
const newStamp = () => crypto.randomUUID().replaceAll('-', '');
const entityType = 'Volo.Abp.OpenIddict.Scopes.OpenIddictScope';

export const toScopeDto = (row: ScopeRow): ScopeDto => ({
  id: row.id,
  name: row.name,
  displayName: row.displayName,
  description: row.description,
  buildIn: row.buildIn,
  resources: row.resources,
  concurrencyStamp: row.concurrencyStamp,
  extraProperties: row.extraProperties ?? {},
});

const sortable = { name: scopes.name, displayName: scopes.displayName, description: scopes.description, buildIn: scopes.buildIn };

const listWhere = (filter: string | undefined) => {
  const text = filter?.trim();
  return and(
    eq(scopes.isDeleted, false),
    text
      ? or(
          ilike(scopes.name, likePattern(text)),
          ilike(scopes.displayName, likePattern(text)),
          ilike(scopes.description, likePattern(text)),
        )
      : undefined,
  );
};

export async function listScopes(ctx: AppContext, input: GetScopeListInput): Promise<PagedResult<ScopeDto>> {
  const where = listWhere(input.filter);
  const { offset, limit } = pageOf(input);
  const [total, rows] = await Promise.all([
    ctx.db.select({ value: count() }).from(scopes).where(where),
    ctx.db
      .select()
      .from(scopes)
      .where(where)
      .orderBy(...orderBy(input.sorting, sortable, [asc(scopes.name)], scopes.id))
      .offset(offset)
      .limit(limit),
  ]);
  return { totalCount: Number(total[0]?.value ?? 0), items: rows.map(toScopeDto) };
}

export async function allScopes(ctx: AppContext): Promise<ScopeDto[]> {
  const rows = await ctx.db.select().from(scopes).where(listWhere(undefined)).orderBy(asc(scopes.name), asc(scopes.id));
  return rows.map(toScopeDto);
}

async function findRow(ctx: AppContext, id: string): Promise<ScopeRow> {
  const [row] = await ctx.db
    .select()
    .from(scopes)
    .where(and(eq(scopes.id, id), eq(scopes.isDeleted, false)))
    .limit(1);
  if (!row) throw notFound('OpenIddictScope', id);
  return row;
}

export const getScope = async (ctx: AppContext, id: string) => toScopeDto(await findRow(ctx, id));

const duplicateName = (name: string) =>
  validationError([{ message: { key: openIddictKey('DuplicateScopeName'), params: [name] }, members: ['name'] }]);
const builtIn = (name: string) => businessError('Volo.Abp.OpenIddict:BuiltInScope', openIddictKey('BuiltInScope'), name);

async function checkNameFree(ctx: AppContext, name: string, exceptId?: string) {
  const [other] = await ctx.db.select({ id: scopes.id }).from(scopes).where(eq(scopes.name, name)).limit(1);
  if (other && other.id !== exceptId) throw duplicateName(name);
}

const fieldsOf = (input: CreateScopeInput) => ({
  name: input.name.trim(),
  displayName: input.displayName?.trim() || null,
  description: input.description?.trim() || null,
  resources: [...new Set((input.resources ?? []).map((r) => r.trim()).filter(Boolean))],
});

const track = (before: ScopeRow | null, after: ScopeRow | null) =>
  trackEntityChange(before, after, {
    entityTypeFullName: entityType,
    entityId: (after ?? before)!.id,
    entityTenantId: null,
    ignore: ['concurrencyStamp'],
  });

const isUniqueViolation = (error: unknown) =>
  (error as { code?: string })?.code === '23505' || (error as { cause?: { code?: string } })?.cause?.code === '23505';

export async function createScope(ctx: AppContext, creatorId: string | null, input: CreateScopeInput): Promise<ScopeDto> {
  const fields = fieldsOf(input);
  await checkNameFree(ctx, fields.name);
  try {
    const [row] = await ctx.db
      .insert(scopes)
      .values({ ...fields, creatorId, extraProperties: input.extraProperties ?? {} })
      .returning();
    track(null, row!);
    return toScopeDto(row!);
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateName(fields.name);
    throw error;
  }
}

export async function updateScope(ctx: AppContext, modifierId: string | null, id: string, input: UpdateScopeInput): Promise<ScopeDto> {
  const existing = await findRow(ctx, id);
  if (existing.buildIn) throw builtIn(existing.name);
  if (input.concurrencyStamp && input.concurrencyStamp !== existing.concurrencyStamp) throw staleConcurrencyStamp();
  const fields = fieldsOf(input);
  if (fields.name !== existing.name) {
    await checkNameFree(ctx, fields.name, id);
    if (await scopeInUse(ctx, existing.name))
      throw businessError('Volo.Abp.OpenIddict:ScopeInUse', openIddictKey('ScopeInUse'), existing.name);
  }
  try {
    const [row] = await ctx.db
      .update(scopes)
      .set({
        ...fields,
        extraProperties: input.extraProperties ?? existing.extraProperties,
        concurrencyStamp: newStamp(),
        lastModificationTime: new Date(),
        lastModifierId: modifierId,
      })
      .where(and(eq(scopes.id, id), eq(scopes.concurrencyStamp, existing.concurrencyStamp)))
      .returning();
    if (!row) throw staleConcurrencyStamp();
    track(existing, row);
    await applicationChanged(ctx);
    return toScopeDto(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateName(fields.name);
    throw error;
  }
}

async function scopeInUse(ctx: AppContext, name: string): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: applications.id })
    .from(applications)
    .where(sql`${applications.scopes} @> ${JSON.stringify([name])}::jsonb`)
    .limit(1);
  return row !== undefined;
}

export async function deleteScope(ctx: AppContext, id: string): Promise<void> {
  const existing = await findRow(ctx, id);
  if (existing.buildIn) throw builtIn(existing.name);
  if (await scopeInUse(ctx, existing.name))
    throw businessError('Volo.Abp.OpenIddict:ScopeInUse', openIddictKey('ScopeInUse'), existing.name);
  await ctx.db.delete(scopes).where(eq(scopes.id, id));
  track(existing, null);
}
