// Importing an authoritative id mapping (contract/lookups.ts, PUT /api/app/lookup/id-mapping): the
// product derives its lookup GUIDs because the spec does not show the real ones; when they are
// known, an administrator of the host replaces them. Rules:
// - one transaction: every entry is checked first (a type by name, a value by type and code, an
//   entry mapped twice, an id held by an entry that keeps it), any problem is a 400 naming the
//   entries, and nothing changes;
// - ids may be exchanged between entries of the same kind (each moves through a fresh id first, so
//   no unique index sees two rows with one id);
// - rows that reference a lookup id follow it: lookup_values.type_id here, and every later
//   reference to a lookup value is declared ON UPDATE CASCADE.
import { eq } from 'drizzle-orm';
import type { LookupIdMappingInput } from '../../../contract/lookups.ts';
import type { AppContext } from '../../context.ts';
import { lookupTypes, lookupValues } from '../../db/schema/index.ts';
import { type ValidationErrorItem, validationError } from '../../errors.ts';

const key = (name: string) => `Finance::Lookup:${name}`;

interface Move {
  from: string;
  to: string;
}

export async function importLookupIdMapping(ctx: AppContext, input: LookupIdMappingInput): Promise<{ types: number; values: number }> {
  return ctx.db.transaction(async (tx) => {
    const problems: ValidationErrorItem[] = [];
    const types = await tx.select().from(lookupTypes);
    const values = await tx.select().from(lookupValues);
    const typeByName = new Map(types.map((type) => [type.name.toLowerCase(), type]));

    const typeMoves = plan(
      (input.types ?? []).map((entry, index) => {
        const member = `types[${index}]`;
        const type = typeByName.get(entry.name.toLowerCase());
        if (!type) problems.push({ message: { key: key('UnknownType'), params: [entry.name] }, members: [`${member}.name`] });
        return { member, label: entry.name, current: type?.id, to: entry.id };
      }),
      types.map((type) => type.id),
      problems,
    );
    const valueMoves = plan(
      (input.values ?? []).map((entry, index) => {
        const member = `values[${index}]`;
        const type = typeByName.get(entry.type.toLowerCase());
        const value = type && values.find((row) => row.typeId === type.id && row.code === entry.code);
        if (!type) problems.push({ message: { key: key('UnknownType'), params: [entry.type] }, members: [`${member}.type`] });
        else if (!value)
          problems.push({ message: { key: key('UnknownValue'), params: [entry.type, entry.code] }, members: [`${member}.code`] });
        return { member, label: `${entry.type}/${entry.code}`, current: value?.id, to: entry.id };
      }),
      values.map((value) => value.id),
      problems,
    );
    if (problems.length > 0) throw validationError(problems);

    await applyMoves(typeMoves, (from, to) => tx.update(lookupTypes).set({ id: to }).where(eq(lookupTypes.id, from)));
    await applyMoves(valueMoves, (from, to) => tx.update(lookupValues).set({ id: to }).where(eq(lookupValues.id, from)));
    return { types: typeMoves.length, values: valueMoves.length };
  });
}

/** The moves of one kind of entry, after the checks that need no database write. */
function plan(
  entries: Array<{ member: string; label: string; current: string | undefined; to: string }>,
  existingIds: string[],
  problems: ValidationErrorItem[],
): Move[] {
  const seen = new Set<string>();
  const targets = new Set<string>();
  const moves: Move[] = [];
  for (const entry of entries) {
    const to = entry.to.toLowerCase();
    if (seen.has(entry.label.toLowerCase()) || targets.has(to)) {
      problems.push({ message: { key: key('DuplicateEntry'), params: [entry.label] }, members: [entry.member] });
      continue;
    }
    seen.add(entry.label.toLowerCase());
    targets.add(to);
    if (entry.current && entry.current !== to) moves.push({ from: entry.current, to });
  }
  // An id may be taken only from an entry that itself moves away.
  const leaving = new Set(moves.map((move) => move.from));
  for (const move of moves) {
    if (existingIds.includes(move.to) && !leaving.has(move.to)) {
      const entry = entries.find((candidate) => candidate.to.toLowerCase() === move.to)!;
      problems.push({ message: { key: key('IdInUse'), params: [move.to] }, members: [`${entry.member}.id`] });
    }
  }
  return moves;
}

/** Every row through a fresh id first, so exchanged ids never meet in the unique index. */
async function applyMoves(moves: Move[], update: (from: string, to: string) => Promise<unknown>): Promise<void> {
  const parked = moves.map((move) => ({ ...move, via: crypto.randomUUID() }));
  for (const move of parked) await update(move.from, move.via);
  for (const move of parked) await update(move.via, move.to);
}
