// The fixed GUIDs of the lookup catalogue (spec 3: "The GUIDs are fixed and must be kept as the
// product defines them"; their values are not shown, so the product derives them): a type's id is
// the RFC 9562 version-5 UUID of `Type` in the product's lookup namespace, a value's id that of
// `Type/Code`. The same on every installation and every start; docs/lookups.md lists them.
import { uuidV5 } from '../shared/uuid-v5.ts';

/** The product's namespace for lookup ids. Never change it: every stored reference depends on it. */
export const lookupNamespace = '6a7c1f0e-2d4b-4c59-8e13-5b9f0a2d7c41';

export const lookupTypeId = (type: string) => uuidV5(type, lookupNamespace);
export const lookupValueId = (type: string, code: string) => uuidV5(`${type}/${code}`, lookupNamespace);
