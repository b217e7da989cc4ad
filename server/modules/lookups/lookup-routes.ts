// /api/app/lookup (contract/lookups.ts): the lookup catalogue, read by every signed-in user. Rules:
// - the catalogue is reference data shared by the host and every tenant, so it is read once per
//   process and kept; a change of ids (the mapping import) publishes on the cache bus and every
//   instance reads it again on its next request;
// - a type is named by its name (case-insensitive) or its GUID; an unknown one answers 404;
// - a value answers its stored name (empty, spec 3) and a displayName in the request's culture:
//   the stored name when one is set, else its text in resources/FinanceLookups (display-names.ts),
//   as the host or tenant edited it in language management (the request's textOverrides);
// - the host imports an authoritative id mapping (id-mapping.ts) with Finance.Lookups.ManageIds.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { asc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  LookupIdMappingInput,
  LookupIdMappingResult,
  type LookupTypeDto,
  LookupTypeListResult,
  LookupTypeParams,
  type LookupValueDto,
  LookupValueListResult,
} from '../../../contract/lookups.ts';
import type { AppContext } from '../../context.ts';
import { lookupTypes, lookupValues } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import type { TextOverrides } from '../../localization/index.ts';
import { lookupDisplayName, lookupNamesResource } from './display-names.ts';
import { importLookupIdMapping } from './id-mapping.ts';
import { lookupsTopic } from './lookup-values.ts';

const base = '/api/app/lookup';
const tags = ['Lookups'];
const signedIn = { auth: { authenticated: true as const } };

type StoredValue = Omit<LookupValueDto, 'displayName'> & { typeName: string };

interface Catalogue {
  types: LookupTypeDto[];
  valuesByType: Map<string, StoredValue[]>;
  /** The values with their display names, per culture, built on first use. */
  localized: Map<string, Map<string, LookupValueDto[]>>;
  /**
   * The same for an owner who edited FinanceLookups texts, by that culture's edits (a new object
   * whenever language management's cache reloads them, so an edit is never served stale).
   */
  edited: WeakMap<object, Map<string, LookupValueDto[]>>;
  /** By lower-case name and by id. */
  typeByKey: Map<string, LookupTypeDto>;
}

async function readCatalogue(ctx: AppContext): Promise<Catalogue> {
  const [typeRows, valueRows] = await Promise.all([
    ctx.db.select().from(lookupTypes).orderBy(asc(lookupTypes.displayOrder), asc(lookupTypes.name)),
    ctx.db.select().from(lookupValues).orderBy(asc(lookupValues.typeId), asc(lookupValues.displayOrder), asc(lookupValues.code)),
  ]);
  const typeNames = new Map(typeRows.map((row) => [row.id, row.name]));
  const valuesByType = new Map<string, StoredValue[]>();
  for (const row of valueRows) {
    const list = valuesByType.get(row.typeId) ?? [];
    list.push({ id: row.id, lookupTypeId: row.typeId, code: row.code, name: row.name, typeName: typeNames.get(row.typeId) ?? '' });
    valuesByType.set(row.typeId, list);
  }
  const types = typeRows.map((row) => ({ id: row.id, name: row.name, valueCount: valuesByType.get(row.id)?.length ?? 0 }));
  const typeByKey = new Map<string, LookupTypeDto>();
  for (const type of types) {
    typeByKey.set(type.name.toLowerCase(), type);
    typeByKey.set(type.id, type);
  }
  return { types, valuesByType, localized: new Map(), edited: new WeakMap(), typeByKey };
}

/** The values of a type with their display names in one culture, with the owner's edits of that culture. */
function valuesIn(catalogue: Catalogue, typeId: string, culture: string, overrides: TextOverrides | null): LookupValueDto[] {
  const edits = overrides?.[lookupNamesResource];
  let byType = edits ? catalogue.edited.get(edits) : catalogue.localized.get(culture);
  if (!byType) {
    byType = new Map();
    if (edits) catalogue.edited.set(edits, byType);
    else catalogue.localized.set(culture, byType);
  }
  let values = byType.get(typeId);
  if (!values) {
    values = (catalogue.valuesByType.get(typeId) ?? []).map(({ typeName, ...value }) => ({
      ...value,
      displayName: lookupDisplayName(culture, typeName, value.code, value.name, edits ? overrides : null),
    }));
    byType.set(typeId, values);
  }
  return values;
}

export async function lookupRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  let catalogue: Promise<Catalogue> | null = null;
  const current = () => {
    catalogue ??= readCatalogue(ctx).catch((error: unknown) => {
      catalogue = null;
      throw error;
    });
    return catalogue;
  };
  ctx.cache.subscribe(lookupsTopic, () => {
    catalogue = null;
  });

  app.get(base, { schema: { tags, response: { 200: LookupTypeListResult } }, config: signedIn }, async () => ({
    items: (await current()).types,
  }));

  app.get(
    `${base}/:type`,
    { schema: { tags, params: LookupTypeParams, response: { 200: LookupValueListResult } }, config: signedIn },
    async (request) => {
      const catalogue = await current();
      const type = catalogue.typeByKey.get(request.params.type.toLowerCase());
      if (!type) throw notFound('LookupType', request.params.type);
      return { items: valuesIn(catalogue, type.id, request.culture, request.textOverrides) };
    },
  );

  app.put(
    `${base}/id-mapping`,
    {
      schema: { tags, body: LookupIdMappingInput, response: { 200: LookupIdMappingResult } },
      config: { auth: { permission: 'Finance.Lookups.ManageIds' } },
    },
    async (request) => {
      const changed = await importLookupIdMapping(ctx, request.body);
      await ctx.cache.publish(lookupsTopic);
      return changed;
    },
  );
}
