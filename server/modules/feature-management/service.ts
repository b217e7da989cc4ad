// Reading and writing one provider's feature values. Rules:
// - E needs Saas.Editions.ManageFeatures, T with a tenant id Saas.Tenants.ManageFeatures, T with an
//   empty key (the host) FeatureManagement.ManageHostFeatures; the permission depends on query
//   values, so the routes declare {authenticated:true} and resolveTarget checks it;
// - the edition or tenant must exist (404 otherwise);
// - a value is shown with the provider that supplied it: T -> E -> D for a tenant, E -> D for an
//   edition, T('') -> D for the host;
// - a PUT validates every entry first, then writes in one transaction and invalidates once.
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { GetFeatureListResultDto } from '../../../contract/feature-management.ts';
import { trackFeatureValue } from '../../audit/entities.ts';
import { isTrackingChanges } from '../../audit/scope.ts';
import type { AppContext } from '../../context.ts';
import { editions, featureValues } from '../../db/schema/index.ts';
import { forbidden, invalidField, notFound, type ValidationErrorItem, validationError } from '../../errors.ts';
import { featureStore, invalidateFeatureValues, type ResolvedFeature } from './checker.ts';
import { featureDepth, featureGroups, findFeature, validateFeatureValue } from './definitions.ts';

const guidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface FeatureTarget {
  providerName: 'E' | 'T';
  providerKey: string;
}

export async function resolveTarget(
  ctx: AppContext,
  request: FastifyRequest,
  providerName: string,
  providerKey = '',
): Promise<FeatureTarget> {
  const policy =
    providerName === 'E'
      ? 'Saas.Editions.ManageFeatures'
      : providerName === 'T'
        ? providerKey
          ? 'Saas.Tenants.ManageFeatures'
          : 'FeatureManagement.ManageHostFeatures'
        : null;
  if (!policy) throw invalidField('providerName', 'AbpFeatureManagement::UnknownProviderName', providerName);
  if (!(await ctx.permissions.isGranted(request.currentUser, request.tenant?.id ?? null, policy))) throw forbidden();
  if (providerName === 'E') {
    const [edition] = guidPattern.test(providerKey)
      ? await ctx.db
          .select({ id: editions.id })
          .from(editions)
          .where(and(eq(editions.id, providerKey), eq(editions.isDeleted, false)))
          .limit(1)
      : [];
    if (!edition) throw notFound('Edition', providerKey);
    return { providerName, providerKey: edition.id };
  }
  if (providerKey) {
    const tenant = guidPattern.test(providerKey) ? await ctx.tenants.findById(providerKey) : null;
    if (!tenant) throw notFound('Tenant', providerKey);
    return { providerName: 'T', providerKey: tenant.id };
  }
  return { providerName: 'T', providerKey: '' };
}

async function resolvedFor(ctx: AppContext, target: FeatureTarget): Promise<Map<string, ResolvedFeature>> {
  const store = featureStore(ctx);
  if (target.providerName === 'T') return store.resolveAll(target.providerKey || null);
  const values = await store.valuesOf('E', target.providerKey);
  const resolved = new Map<string, ResolvedFeature>();
  for (const group of featureGroups) {
    for (const definition of group.features) {
      const value = values.get(definition.name);
      resolved.set(
        definition.name,
        value !== undefined
          ? { value, provider: { name: 'E', key: target.providerKey } }
          : { value: definition.defaultValue, provider: { name: 'D', key: null } },
      );
    }
  }
  return resolved;
}

export async function getFeatures(ctx: AppContext, request: FastifyRequest, target: FeatureTarget): Promise<GetFeatureListResultDto> {
  const resolved = await resolvedFor(ctx, target);
  return {
    groups: featureGroups.map((group) => ({
      name: group.name,
      displayName: request.t(group.displayName),
      features: group.features.map((definition) => {
        const hit = resolved.get(definition.name)!;
        return {
          name: definition.name,
          displayName: request.t(definition.displayName),
          value: hit.value,
          provider: hit.provider,
          description: definition.description ? request.t(definition.description) : null,
          valueType: definition.valueType,
          depth: featureDepth(definition),
          parentName: definition.parentName,
        };
      }),
    })),
  };
}

async function storedFeatureValues(tx: Pick<AppContext['db'], 'select'>, target: FeatureTarget): Promise<Map<string, string>> {
  const rows = await tx
    .select({ name: featureValues.name, value: featureValues.value })
    .from(featureValues)
    .where(and(eq(featureValues.providerName, target.providerName), eq(featureValues.providerKey, target.providerKey)));
  return new Map(rows.map((row) => [row.name, row.value]));
}

export async function updateFeatures(
  ctx: AppContext,
  target: FeatureTarget,
  changes: Array<{ name: string; value: string }>,
): Promise<void> {
  const errors: ValidationErrorItem[] = [];
  for (const change of changes) {
    const definition = findFeature(change.name);
    if (!definition)
      errors.push({ message: { key: 'AbpFeatureManagement::UnknownFeatureName', params: [change.name] }, members: ['features'] });
    else if (!validateFeatureValue(definition, change.value)) {
      errors.push({
        message: { key: 'AbpFeatureManagement::InvalidFeatureValue', params: [change.value, change.name] },
        members: ['features'],
      });
    }
  }
  if (errors.length) throw validationError(errors);
  await ctx.db.transaction(async (tx) => {
    // Inside an audited request, the values before the write feed its entity changes.
    const previous = isTrackingChanges() ? await storedFeatureValues(tx, target) : null;
    for (const { name, value } of changes) {
      if (previous) trackFeatureValue(target, name, previous.get(name) ?? null, value);
      await tx
        .insert(featureValues)
        .values({ name, value, providerName: target.providerName, providerKey: target.providerKey })
        .onConflictDoUpdate({ target: [featureValues.name, featureValues.providerName, featureValues.providerKey], set: { value } });
    }
  });
  await invalidateFeatureValues(ctx, target.providerName, target.providerKey);
}

export async function resetFeatures(ctx: AppContext, target: FeatureTarget): Promise<void> {
  const removed = await ctx.db
    .delete(featureValues)
    .where(and(eq(featureValues.providerName, target.providerName), eq(featureValues.providerKey, target.providerKey)))
    .returning();
  for (const row of removed) trackFeatureValue(target, row.name, row.value, null);
  await invalidateFeatureValues(ctx, target.providerName, target.providerKey);
}
