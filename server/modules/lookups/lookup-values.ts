// The lookup catalogue as other modules read it (the ledger checks an account type, finds a currency
// type by code, names transaction types): the values of one type, by the type's name, through the
// caller's executor (a transaction on PGlite's single connection). Ids may have been remapped
// (id-mapping.ts), so a value is always found by type and code, never by a derived id. A change of
// ids publishes `lookupsTopic` on the cache bus; whoever keeps values drops them then.
import { asc, eq } from 'drizzle-orm';
import { lookupTypes, lookupValues } from '../../db/schema/index.ts';
import type { Executor } from '../identity/user-repository.ts';

export const lookupsTopic = 'lookups';

export function lookupValuesOf(db: Executor, type: string): Promise<Array<{ id: string; code: string }>> {
  return db
    .select({ id: lookupValues.id, code: lookupValues.code })
    .from(lookupValues)
    .innerJoin(lookupTypes, eq(lookupTypes.id, lookupValues.typeId))
    .where(eq(lookupTypes.name, type))
    .orderBy(asc(lookupValues.displayOrder));
}
