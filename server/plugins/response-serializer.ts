// Answers are serialized by fast-json-stringify from the routes' response schemas, as Fastify does by
// default, with one change to the schema it compiles: a nullable scalar, which the contract writes as
// ABP's `T | null` (`anyOf: [T, { type: 'null' }]`, contract/common.ts Nullable), becomes the
// equivalent `type: [T's type, 'null']`. For an anyOf, fast-json-stringify picks the branch at run
// time by running Ajv on the value (a format check for every nullable id and date of every row);
// for a type array it tests the value's JavaScript type. The text written is the same (issue 16: a
// page of ten users serialized in about 11-40 µs instead of 57-88 µs). Only serialization reads
// this copy: request validation, the OpenAPI document and the client's types keep the contract's
// schemas as written.
import type { FastifyInstance } from 'fastify';
import fastJsonStringify from 'fast-json-stringify';

const scalarTypes = new Set(['string', 'integer', 'number', 'boolean']);

type Schema = Record<string, unknown>;

const isNullSchema = (schema: unknown) =>
  !!schema && typeof schema === 'object' && (schema as Schema).type === 'null' && Object.keys(schema).length === 1;

/** A copy of `schema` whose nullable scalars are type arrays; anything else as it was. */
export function serializationSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(serializationSchema);
  if (!schema || typeof schema !== 'object') return schema;
  const { anyOf } = schema as Schema;
  if (Array.isArray(anyOf) && anyOf.length === 2 && Object.keys(schema).length === 1) {
    const [value, none] = anyOf as [Schema, unknown];
    if (isNullSchema(none) && typeof value?.type === 'string' && scalarTypes.has(value.type))
      return { ...value, type: [value.type, 'null'] };
  }
  const copy: Schema = {};
  for (const [key, member] of Object.entries(schema)) copy[key] = serializationSchema(member);
  return copy;
}

/** Serializes every response schema through serializationSchema (registered before any route). */
export function registerResponseSerializer(app: FastifyInstance): void {
  app.setSerializerCompiler(({ schema }) => fastJsonStringify(serializationSchema(schema) as Parameters<typeof fastJsonStringify>[0]));
}
