// Decimals written as text stay text (contract/ledger.ts DecimalText: amounts, limits, prices,
// rates). Fastify's Ajv coerces types, so `"amount": 1.5` would reach a handler as "1.5", the float
// silently taken for money. Rules:
// - a route whose body schema holds a decimal-text field gets a preValidation step (added when the
//   route is registered, so other routes pay nothing) that refuses a JSON number in any such field,
//   at any depth (objects, arrays, nullable and optional members), before anything else runs;
// - the refusal is ABP's validation envelope (400, validationErrors naming each member, e.g.
//   `legs[0].amount`), localized; nothing changes;
// - query strings are untouched: they are text on the wire, and coercion stays on for them.
import type { RouteOptions } from 'fastify';
import { decimalTextKind } from '../../../contract/ledger.ts';
import { validationError } from '../../errors.ts';

type Schema = Record<string | symbol, unknown>;

const isSchema = (value: unknown): value is Schema => typeof value === 'object' && value !== null;

/** Whether a schema holds a decimal-text field anywhere. */
export function holdsDecimalText(schema: unknown): boolean {
  if (!isSchema(schema)) return false;
  if (schema[decimalTextKind]) return true;
  const children = [
    ...(['anyOf', 'oneOf', 'allOf'] as const).flatMap((key) => (Array.isArray(schema[key]) ? (schema[key] as unknown[]) : [])),
    ...(isSchema(schema.properties) ? Object.values(schema.properties) : []),
    schema.items,
  ];
  return children.some(holdsDecimalText);
}

/** Members (ABP style: `legs[0].amount`) where the body has a JSON number and the schema decimal text. */
export function numbersInDecimalText(schema: unknown, value: unknown, member = '', found: string[] = []): string[] {
  if (!isSchema(schema)) return found;
  if (schema[decimalTextKind]) {
    if (typeof value === 'number') found.push(member);
    return found;
  }
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const)
    if (Array.isArray(schema[key])) {
      const before = found.length;
      for (const option of schema[key] as unknown[]) {
        numbersInDecimalText(option, value, member, found);
        if (found.length > before) break;
      }
    }
  if (Array.isArray(value)) {
    if (isSchema(schema.items))
      for (const [index, item] of value.entries()) numbersInDecimalText(schema.items, item, `${member}[${index}]`, found);
  } else if (isSchema(value) && isSchema(schema.properties)) {
    for (const [name, child] of Object.entries(schema.properties))
      if (Object.hasOwn(value, name)) numbersInDecimalText(child, value[name], member ? `${member}.${name}` : name, found);
  }
  return found;
}

/** An onRoute hook: guards the routes whose body has decimal-text fields. */
export function guardDecimalText(route: RouteOptions): void {
  const body = (route.schema as { body?: unknown } | undefined)?.body;
  if (!holdsDecimalText(body)) return;
  const existing = route.preValidation ? [route.preValidation].flat() : [];
  route.preValidation = [
    async (request) => {
      const members = numbersInDecimalText(body, request.body);
      if (members.length)
        throw validationError(
          members.map((member) => ({ message: { key: 'Finance::DecimalNotText', params: [member] }, members: [member] })),
        );
    },
    ...existing,
  ] as RouteOptions['preValidation'];
}
