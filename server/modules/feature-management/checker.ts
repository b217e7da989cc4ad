// Feature values, resolved tenant (T, tenant id) -> edition (E, the tenant's edition id) -> default;
// on the host side T with an empty key -> default. Rules:
// - values are cached per provider for a short time and dropped in every instance on each change
//   (topic 'feature-values'; a tenant's edition change goes through the tenant store's 'tenants' topic);
// - an unknown feature has no value and is never enabled.
import { and, eq } from 'drizzle-orm';
import { TtlCache } from '../../cache.ts';
import type { AppContext, FeatureChecker } from '../../context.ts';
import { featureValues } from '../../db/schema/index.ts';
import { allFeatures, findFeature } from './definitions.ts';

export const featureValuesTopic = 'feature-values';

const providerCacheKey = (providerName: string, providerKey: string) => `${providerName}|${providerKey}`;

export async function invalidateFeatureValues(ctx: AppContext, providerName?: string, providerKey?: string): Promise<void> {
  await ctx.cache.publish(featureValuesTopic, providerName !== undefined ? providerCacheKey(providerName, providerKey ?? '') : undefined);
}

export interface ResolvedFeature {
  value: string;
  /** Who supplied the value: D default, E edition, T tenant (or host). */
  provider: { name: string; key: string | null };
}

export interface FeatureStore extends FeatureChecker {
  /** Stored values of one provider (no fallback). */
  valuesOf(providerName: string, providerKey: string): Promise<Map<string, string>>;
  /** Every feature's resolved value and its provider for a tenant (null = host). */
  resolveAll(tenantId: string | null): Promise<Map<string, ResolvedFeature>>;
}

const stores = new WeakMap<AppContext, FeatureStore>();

/** The store behind ctx.features (routes and application-configuration need more than the checker). */
export function featureStore(ctx: AppContext): FeatureStore {
  const store = stores.get(ctx);
  if (!store) throw new Error('Feature store not created for this context');
  return store;
}

export function createFeatureChecker(ctx: AppContext): FeatureChecker {
  const cache = new TtlCache<Map<string, string>>(60_000);
  ctx.cache.subscribe(featureValuesTopic, (key) => cache.delete(key));

  const valuesOf = (providerName: string, providerKey: string) =>
    cache.getOrLoad(providerCacheKey(providerName, providerKey), async () => {
      const rows = await ctx.db
        .select({ name: featureValues.name, value: featureValues.value })
        .from(featureValues)
        .where(and(eq(featureValues.providerName, providerName), eq(featureValues.providerKey, providerKey)));
      return new Map(rows.map((r) => [r.name, r.value]));
    });

  /** The providers consulted for a tenant, most specific first. */
  async function chain(tenantId: string | null): Promise<Array<{ name: string; key: string; values: Map<string, string> }>> {
    if (!tenantId) return [{ name: 'T', key: '', values: await valuesOf('T', '') }];
    const tenant = await ctx.tenants.findById(tenantId);
    const providers = [{ name: 'T', key: tenantId, values: await valuesOf('T', tenantId) }];
    if (tenant?.editionId) providers.push({ name: 'E', key: tenant.editionId, values: await valuesOf('E', tenant.editionId) });
    return providers;
  }

  async function resolveAll(tenantId: string | null): Promise<Map<string, ResolvedFeature>> {
    const providers = await chain(tenantId);
    const resolved = new Map<string, ResolvedFeature>();
    for (const definition of allFeatures()) {
      const hit = providers.find((p) => p.values.has(definition.name));
      resolved.set(
        definition.name,
        hit
          ? { value: hit.values.get(definition.name)!, provider: { name: hit.name, key: hit.key } }
          : { value: definition.defaultValue, provider: { name: 'D', key: null } },
      );
    }
    return resolved;
  }

  async function getValue(tenantId: string | null, name: string): Promise<string | null> {
    const definition = findFeature(name);
    if (!definition) return null;
    for (const provider of await chain(tenantId)) {
      const value = provider.values.get(name);
      if (value !== undefined) return value;
    }
    return definition.defaultValue;
  }

  const store: FeatureStore = {
    getValue,
    async isEnabled(tenantId, name) {
      return (await getValue(tenantId, name))?.toLowerCase() === 'true';
    },
    valuesOf,
    resolveAll,
  };
  stores.set(ctx, store);
  return store;
}
