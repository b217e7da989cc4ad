// Name-based ids: the same name in the same namespace gives the same id on every installation and
// every start (the lookup catalogue's fixed GUIDs, the ids of stored property changes).
import { createHash } from 'node:crypto';

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
