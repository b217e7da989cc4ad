// Setting values, resolved user (U, user id) -> tenant (T, tenant id) -> global (G, empty key) ->
// the definition's default. Rules:
// - only defined settings exist; a value may be stored only under a provider its definition allows;
// - encrypted settings are sealed with ctx.secrets before they reach the database and opened on load;
// - values are cached per provider and dropped in every instance on each write (topic 'settings');
// - writing null removes the stored value so the next level applies again.
import { and, eq, inArray } from 'drizzle-orm';
import { trackSetting } from '../../audit/entities.ts';
import { isTrackingChanges } from '../../audit/scope.ts';
import { TtlCache } from '../../cache.ts';
import type { AppContext, SettingProvider } from '../../context.ts';
import { settings } from '../../db/schema/index.ts';
import { findSetting, type SettingDefinition, type SettingProviderName, settingDefinitions } from './definitions.ts';

export const settingsTopic = 'settings';

export interface SettingScope {
  tenantId: string | null;
  userId?: string | null;
}

export interface SettingTarget {
  providerName: SettingProviderName;
  /** Tenant id for T, user id for U, '' for G. */
  providerKey: string;
}

interface SettingStore extends SettingProvider {
  valuesOf(providerName: string, providerKey: string): Promise<Map<string, string>>;
}

const stores = new WeakMap<AppContext, SettingStore>();
const storeOf = (ctx: AppContext): SettingStore => {
  const store = stores.get(ctx);
  if (!store) throw new Error('Setting store not created for this context');
  return store;
};

const cacheKey = (providerName: string, providerKey: string) => `${providerName}|${providerKey}`;

/** The levels consulted for a scope, most specific first. */
function levels(scope: SettingScope): SettingTarget[] {
  const chain: SettingTarget[] = [];
  if (scope.userId) chain.push({ providerName: 'U', providerKey: scope.userId });
  if (scope.tenantId) chain.push({ providerName: 'T', providerKey: scope.tenantId });
  chain.push({ providerName: 'G', providerKey: '' });
  return chain;
}

export function createSettingProvider(ctx: AppContext): SettingProvider {
  const cache = new TtlCache<Map<string, string>>(60_000);
  ctx.cache.subscribe(settingsTopic, (key) => cache.delete(key));

  const valuesOf = (providerName: string, providerKey: string) =>
    cache.getOrLoad(cacheKey(providerName, providerKey), async () => {
      const rows = await ctx.db
        .select({ name: settings.name, value: settings.value })
        .from(settings)
        .where(and(eq(settings.providerName, providerName), eq(settings.providerKey, providerKey)));
      const values = new Map<string, string>();
      for (const row of rows) {
        const definition = findSetting(row.name);
        if (!definition) continue; // a setting that is no longer defined is ignored, not served
        try {
          values.set(row.name, definition.isEncrypted && row.value !== '' ? ctx.secrets.open(row.value) : row.value);
        } catch {
          // Sealed under another key: treat as unset rather than failing every request.
          ctx.log.warn({ setting: row.name }, 'could not open an encrypted setting value');
        }
      }
      return values;
    });

  const store: SettingStore = {
    async getValue(name, scope) {
      const definition = findSetting(name);
      if (!definition) return null;
      return resolve(definition, await Promise.all(levelsFor(definition, scope).map((l) => valuesOf(l.providerName, l.providerKey))));
    },
    valuesOf,
  };
  stores.set(ctx, store);
  return store;
}

const levelsFor = (definition: SettingDefinition, scope: SettingScope) =>
  levels(scope).filter((l) => definition.providers.includes(l.providerName));

function resolve(definition: SettingDefinition, maps: Array<Map<string, string>>): string | null {
  for (const map of maps) {
    const value = map.get(definition.name);
    if (value !== undefined) return value;
  }
  return definition.defaultValue;
}

export const getSettingValue = (ctx: AppContext, name: string, scope: SettingScope) => storeOf(ctx).getValue(name, scope);

/** Resolved values of many settings at once (all definitions by default). */
export async function getSettingValues(
  ctx: AppContext,
  scope: SettingScope,
  filter: (definition: SettingDefinition) => boolean = () => true,
): Promise<Record<string, string | null>> {
  const store = storeOf(ctx);
  const maps = new Map<string, Map<string, string>>();
  for (const level of levels(scope)) maps.set(level.providerName, await store.valuesOf(level.providerName, level.providerKey));
  const result: Record<string, string | null> = {};
  for (const definition of settingDefinitions.filter(filter)) {
    const chain = levelsFor(definition, scope).map((l) => maps.get(l.providerName)!);
    result[definition.name] = resolve(definition, chain);
  }
  return result;
}

/** The values clients may see (application-configuration's setting.values). */
export const getVisibleSettingValues = (ctx: AppContext, scope: SettingScope) => getSettingValues(ctx, scope, (d) => d.isVisibleToClients);

function checkTarget(name: string, target: SettingTarget): SettingDefinition {
  const definition = findSetting(name);
  if (!definition) throw new Error(`Undefined setting ${name}`);
  if (!definition.providers.includes(target.providerName))
    throw new Error(`Setting ${name} cannot be stored under provider ${target.providerName}`);
  if (target.providerName === 'G' && target.providerKey !== '') throw new Error('Global settings have an empty provider key');
  return definition;
}

type Executor = Parameters<Parameters<AppContext['db']['transaction']>[0]>[0];

async function storedValues(tx: Executor, names: string[], target: SettingTarget): Promise<Map<string, string>> {
  const rows = await tx
    .select({ name: settings.name, value: settings.value })
    .from(settings)
    .where(
      and(inArray(settings.name, names), eq(settings.providerName, target.providerName), eq(settings.providerKey, target.providerKey)),
    );
  return new Map(rows.map((row) => [row.name, row.value]));
}

/**
 * Stores several values under one provider in one transaction (null removes the stored value), then
 * drops the cached values everywhere. Programming errors (undefined setting, provider not allowed)
 * throw before anything is written; input validation is the calling screen's job.
 */
export async function setSettingValues(ctx: AppContext, values: Record<string, string | null>, target: SettingTarget): Promise<void> {
  const entries = Object.entries(values).map(([name, value]) => ({ definition: checkTarget(name, target), value }));
  await ctx.db.transaction(async (tx) => {
    // Inside an audited request, the stored values before the write feed its entity changes.
    const previous = isTrackingChanges()
      ? await storedValues(
          tx,
          entries.map((e) => e.definition.name),
          target,
        )
      : null;
    const removed = entries.filter((e) => e.value === null).map((e) => e.definition.name);
    if (removed.length) {
      await tx
        .delete(settings)
        .where(
          and(
            inArray(settings.name, removed),
            eq(settings.providerName, target.providerName),
            eq(settings.providerKey, target.providerKey),
          ),
        );
    }
    for (const { definition, value } of entries) {
      if (value === null) continue;
      const stored = definition.isEncrypted && value !== '' ? ctx.secrets.seal(value) : value;
      await tx
        .insert(settings)
        .values({ name: definition.name, value: stored, providerName: target.providerName, providerKey: target.providerKey })
        .onConflictDoUpdate({ target: [settings.name, settings.providerName, settings.providerKey], set: { value: stored } });
    }
    if (previous) {
      for (const { definition, value } of entries) {
        trackSetting(target, definition.name, previous.get(definition.name) ?? null, value, definition.isEncrypted);
      }
    }
  });
  await ctx.cache.publish(settingsTopic, cacheKey(target.providerName, target.providerKey));
}

export const setSettingValue = (ctx: AppContext, name: string, value: string | null, target: SettingTarget) =>
  setSettingValues(ctx, { [name]: value }, target);

/** The provider a tenant-or-host settings screen writes to: T for a tenant, G for the host. */
export const tenantOrGlobal = (tenantId: string | null): SettingTarget =>
  tenantId ? { providerName: 'T', providerKey: tenantId } : { providerName: 'G', providerKey: '' };
