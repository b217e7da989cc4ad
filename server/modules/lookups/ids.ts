// The fixed GUIDs of the lookup catalogue (spec 3: "The GUIDs are fixed and must be kept as the
// product defines them"; their values are not shown, so the product derives them): a type's id is
// the RFC 9562 version-5 UUID of `Type` in the product's lookup namespace, a value's id that of
// `Type/Code`. The same on every installation and every start; docs/lookups.md lists them.
import { createHash } from 'node:crypto';

/** The product's namespace for lookup ids. Never change it: every stored reference depends on it. */
export const lookupNamespace = '6a7c1f0e-2d4b-4c59-8e13-5b9f0a2d7c41';

/** RFC 9562 UUID version 5 (SHA-1 of the namespace's bytes and the name's UTF-8 bytes). */
export function uuidV5(name: string, namespace: string): string {
  const hash = createHash('sha1')
    .update(Buffer.from(namespace.replaceAll('-', ''), 'hex'))
    .update(name, 'utf8')
    .digest();
  const bytes = hash.subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const lookupTypeId = (type: string) => uuidV5(type, lookupNamespace);
export const lookupValueId = (type: string, code: string) => uuidV5(`${type}/${code}`, lookupNamespace);
