// Cache invalidation shared by every server instance (ADR 0028). Rules:
// - a publish is delivered to this process at once and to the other instances through the database's
//   NOTIFY channel; the database's own triggers notify on the same channel (the caller cache's
//   users and sessions, migration 0028), so no write path can forget to;
// - a notification is asynchronous, so a request that may have changed something ends with a fence
//   (request-context.ts, the identity server) before its answer leaves: a NOTIFY of its own, which
//   PostgreSQL delivers to every listener after everything committed before it, answered by every
//   other instance listening (counted by their listener connections' application_name). When the
//   answer arrives, every instance has dropped what the change made stale, so the next request
//   anywhere reads it fresh;
// - while this instance's listener is lost it may miss notifications: its caches are dropped when
//   that happens, it reports itself unreliable (every request then starts with empty caches) until
//   it listens again, and it drops them again then;
// - a load that was under way when its cache was dropped does not store what it read (TtlCache).
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { CacheBus } from './context.ts';
import { cacheBusApplicationName, type Database } from './db/client.ts';

const channel = 'cache_invalidation';
const fenceTopic = '$fence';
const fenceAnswerTopic = '$fence-answer';
/** How long a fence waits for the other instances (one stuck or partitioned must not stop writes). */
const fenceTimeoutMs = 2_000;

interface Message {
  from?: string;
  to?: string;
  topic: string;
  key?: string;
}

interface PendingFence {
  ownReceived: boolean;
  /** How many other instances listen (unknown until the fence's statement answers). */
  others: number;
  answeredBy: Set<string>;
  done(): void;
}

const rowsOf = (result: unknown) => (result as { rows: Array<Record<string, unknown>> }).rows;

export async function createCacheBus(database: Database, log?: FastifyBaseLogger): Promise<CacheBus> {
  const instanceId = crypto.randomUUID();
  const subscribers = new Map<string, Array<(key: string | undefined) => void>>();
  const deliver = (topic: string, key: string | undefined) => {
    for (const fn of subscribers.get(topic) ?? []) fn(key);
  };
  const dropAll = () => {
    for (const topic of subscribers.keys()) deliver(topic, undefined);
  };
  const pendingFences = new Map<string, PendingFence>();
  const settleIfComplete = (fence: PendingFence | undefined) => {
    if (fence?.ownReceived && fence.answeredBy.size >= fence.others) fence.done();
  };
  const send = (message: Message) => database.notify(channel, JSON.stringify(message));

  await database.listen(channel, (payload) => {
    let message: Message;
    try {
      message = JSON.parse(payload) as Message;
    } catch {
      return; // A malformed notification is not ours to act on.
    }
    if (message.topic === fenceTopic && message.key) {
      // Everything committed before this fence has been delivered above (PostgreSQL keeps commit order).
      if (message.from === instanceId) {
        const fence = pendingFences.get(message.key);
        if (fence) fence.ownReceived = true;
        settleIfComplete(fence);
      } else if (message.from) {
        void send({ from: instanceId, to: message.from, topic: fenceAnswerTopic, key: message.key }).catch(() => {});
      }
      return;
    }
    if (message.topic === fenceAnswerTopic) {
      if (message.to !== instanceId || !message.key || !message.from) return;
      const fence = pendingFences.get(message.key);
      fence?.answeredBy.add(message.from);
      settleIfComplete(fence);
      return;
    }
    // This instance's own publishes were delivered when made; the triggers' notifications have no sender.
    if (message.from !== instanceId) deliver(message.topic, message.key);
  });
  database.onListeningChange(dropAll);

  const runFence = async () => {
    const id = crypto.randomUUID();
    let done!: () => void;
    const settled = new Promise<void>((resolve) => {
      done = resolve;
    });
    const fence: PendingFence = { ownReceived: false, others: Number.POSITIVE_INFINITY, answeredBy: new Set(), done };
    pendingFences.set(id, fence);
    let timer: NodeJS.Timeout | undefined;
    try {
      const payload = JSON.stringify({ from: instanceId, topic: fenceTopic, key: id } satisfies Message);
      if (database.kind === 'postgres') {
        // The other instances are the other listener connections on this database (one round trip with the NOTIFY).
        const [row] = rowsOf(
          await database.db.execute(
            sql`select pg_notify(${channel}, ${payload}), (select count(*) from pg_stat_activity where application_name = ${cacheBusApplicationName} and datname = current_database()) as listeners`,
          ),
        );
        fence.others = Math.max(0, Number(row?.listeners ?? 1) - 1);
      } else {
        fence.others = 0;
        await database.notify(channel, payload);
      }
      settleIfComplete(fence);
      const timedOut = new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(true), fenceTimeoutMs);
      });
      if (await Promise.race([settled.then(() => false), timedOut])) {
        log?.warn(
          { answered: fence.answeredBy.size, expected: fence.others, ownReceived: fence.ownReceived },
          'cache fence timed out: an instance did not confirm its caches were invalidated',
        );
      }
    } finally {
      clearTimeout(timer);
      pendingFences.delete(id);
    }
  };
  // Fences asked for before one is sent share it: each caller's change committed before the shared NOTIFY.
  let joinable: Promise<void> | undefined;

  return {
    async publish(topic, key) {
      deliver(topic, key);
      await send({ from: instanceId, topic, key });
    },
    subscribe(topic, onInvalidate) {
      subscribers.set(topic, [...(subscribers.get(topic) ?? []), onInvalidate]);
    },
    get reliable() {
      return database.isListening();
    },
    dropAll,
    fence() {
      // Not listening: nothing to wait for, and the caches are not trusted until it listens again.
      if (!database.isListening()) return Promise.resolve();
      joinable ??= new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
        joinable = undefined;
        return runFence();
      });
      return joinable;
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
    if (value !== undefined && generation === this.#generation) this.set(key, value);
    return value;
  }

  delete(key: string | undefined): void {
    this.#generation += 1;
    if (key === undefined) this.#entries.clear();
    else this.#entries.delete(key);
  }

  /** Drops every entry whose key matches (an invalidation that names a part of the key). */
  deleteWhere(matches: (key: string) => boolean): void {
    this.#generation += 1;
    for (const key of this.#entries.keys()) if (matches(key)) this.#entries.delete(key);
  }
}
