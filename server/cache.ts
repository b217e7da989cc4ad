// Cache invalidation shared by every server instance: a publish is delivered to this process at
// once and to the other instances through the database's NOTIFY channel, so a revoked permission
// or a deactivated tenant is refused on the next request wherever it lands.
import type { CacheBus } from './context.ts';
import type { Database } from './db/client.ts';

const channel = 'cache_invalidation';

export async function createCacheBus(database: Database): Promise<CacheBus> {
  const instanceId = crypto.randomUUID();
  const subscribers = new Map<string, Array<(key: string | undefined) => void>>();
  const deliver = (topic: string, key: string | undefined) => {
    for (const fn of subscribers.get(topic) ?? []) fn(key);
  };
  await database.listen(channel, (payload) => {
    try {
      const message = JSON.parse(payload) as { from: string; topic: string; key?: string };
      if (message.from !== instanceId) deliver(message.topic, message.key);
    } catch {
      // A malformed notification is not ours to act on.
    }
  });
  return {
    async publish(topic, key) {
      deliver(topic, key);
      await database.notify(channel, JSON.stringify({ from: instanceId, topic, key }));
    },
    subscribe(topic, onInvalidate) {
      subscribers.set(topic, [...(subscribers.get(topic) ?? []), onInvalidate]);
    },
  };
}

/** A small TTL cache whose entries can also be dropped by key or all at once. */
export class TtlCache<V> {
  readonly #entries = new Map<string, { value: V; expires: number }>();
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  constructor(ttlMs: number, maxEntries = 10_000) {
    this.#ttlMs = ttlMs;
    this.#maxEntries = maxEntries;
  }

  get(key: string): V | undefined {
    const hit = this.#entries.get(key);
    if (!hit) return undefined;
    if (hit.expires < Date.now()) {
      this.#entries.delete(key);
      return undefined;
    }
    return hit.value;
  }

  set(key: string, value: V): void {
    if (this.#entries.size >= this.#maxEntries) this.#entries.clear();
    this.#entries.set(key, { value, expires: Date.now() + this.#ttlMs });
  }

  async getOrLoad(key: string, load: () => Promise<V>): Promise<V> {
    const hit = this.get(key);
    if (hit !== undefined) return hit;
    const value = await load();
    this.set(key, value);
    return value;
  }

  delete(key: string | undefined): void {
    if (key === undefined) this.#entries.clear();
    else this.#entries.delete(key);
  }
}
