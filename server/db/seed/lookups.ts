// The lookup catalogue's seed, idempotent (runs at every start): every type of the catalogue and
// every value, with their fixed GUIDs. A type is found again by name and a value by type and code,
// so a catalogue whose ids were replaced by an authoritative mapping is left as it is, and a value
// appended to the catalogue arrives on the next start.
import type { AppContext } from '../../context.ts';
import { lookupCatalogue } from '../../modules/lookups/catalogue.ts';
import { lookupTypeId, lookupValueId } from '../../modules/lookups/ids.ts';
import { lookupTypes, lookupValues } from '../schema/index.ts';

export async function seedLookups(ctx: AppContext): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await tx
      .insert(lookupTypes)
      .values(lookupCatalogue.map(([name], index) => ({ id: lookupTypeId(name), name, displayOrder: index + 1 })))
      .onConflictDoNothing();
    const typeIds = new Map((await tx.select({ id: lookupTypes.id, name: lookupTypes.name }).from(lookupTypes)).map((t) => [t.name, t.id]));
    const values = lookupCatalogue.flatMap(([type, codes]) =>
      codes.map((code, index) => ({ id: lookupValueId(type, code), typeId: typeIds.get(type)!, code, displayOrder: index + 1 })),
    );
    await tx.insert(lookupValues).values(values).onConflictDoNothing();
  });
}
