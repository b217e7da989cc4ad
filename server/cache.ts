// Cache invalidation shared by every server instance: a publish is delivered to this process at
// once and to the other instances through the database's NOTIFY channel, so a revoked permission
// or a deactivated tenant is refused on the next request wherever it lands. Rules:
// - every publish also advances the sequence cache_epoch, in the same statement as its NOTIFY (one
//   round trip); the request pipeline reads the sequence's value in the statement that checks the
//   caller's session (no round trip of its own) and hands it to observeEpoch, which drops every
//   cache of this instance when another instance published since. So an authenticated request never
//   acts on a cache older than the last publish that finished before it began, even when the
//   notification is still on its way (NOTIFY is asynchronous; the notification still drops the
//   one entry for requests that check no session);
// - a load that was under way when its cache was dropped does not store what it read (TtlCache).
import { sql } from 'drizzle-orm';
import type { CacheBus } from './context.ts';
import type { Database } from './db/client.ts';

const channel = 'cache_invalidation';
/** The sequence every publish advances (created at start-up, not by a migration: it holds no data). */
export const cacheEpochSequence = 'cache_epoch';

async function ensureEpochSequence(database: Database): Promise<void> {
  try {
    await database.db.execute(sql.raw(`create sequence if not exists ${cacheEpochSequence}`));
  } catch (error) {
    // Two instances starting at once may both try to create it: the loser's error is harmless
    // when the sequence exists now.
    await database.db.execute(sql.raw(`select last_value from ${cacheEpochSequence}`)).catch(() => {
      throw error;
    });
  }
}

const rowsOf = (result: unknown) => (result as { rows: Array<Record<string, unknown>> }).rows;

export async function createCacheBus(database: Database): Promise<CacheBus> {
  const instanceId = crypto.randomUUID();
  const subscribers = new Map<string, Array<(key: string | undefined) => void>>();
  const deliver = (topic: string, key: string | undefined) => {
    for (const fn of subscribers.get(topic) ?? []) fn(key);
  };
  await ensureEpochSequence(database);
  // Read before anything is cached: a later value means someone published since.
  let epoch = String(rowsOf(await database.db.execute(sql.raw(`select last_value from ${cacheEpochSequence}`)))[0]?.last_value);
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
      const payload = JSON.stringify({ from: instanceId, topic, key });
      const [row] = rowsOf(
        await database.db.execute(sql`select nextval(${cacheEpochSequence}) as epoch, pg_notify(${channel}, ${payload})`),
      );
      // This instance's own publish needs no full drop here (it delivered at once above).
      if (row && BigInt(String(row.epoch)) === BigInt(epoch) + 1n) epoch = String(row.epoch);
    },
    subscribe(topic, onInvalidate) {
      subscribers.set(topic, [...(subscribers.get(topic) ?? []), onInvalidate]);
    },
    epochColumn: sql<string>`(select last_value from ${sql.raw(cacheEpochSequence)})`,
    observeEpoch(value) {
      if (value === undefined || value === null || String(value) === epoch) return;
      epoch = String(value);
      for (const topic of subscribers.keys()) deliver(topic, undefined);
    },
  };
}

/** A small TTL cache whose entries can also be dropped by key or all at once. */
export class TtlCache<V> {
  readonly #entries = new Map<string, { value: V; expires: number }>();
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  /** Advanced by every delete, so a load that straddles one does not store a stale value. */
  #generation = 0;
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
    const generation = this.#generation;
    const value = await load();
    // Dropped while loading: what was read may predate the change, so it is used once, not kept.
    if (generation === this.#generation) this.set(key, value);
    return value;
  }

  delete(key: string | undefined): void {
    this.#generation += 1;
    if (key === undefined) this.#entries.clear();
    else this.#entries.delete(key);
  }
}
