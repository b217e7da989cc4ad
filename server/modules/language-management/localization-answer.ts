// The application-localization answer as a cacheable representation (issue 19). Rules:
// - the answer of one owner (host or tenant), culture and resource set (onlyDynamics,
//   compiledMessages) is serialized once and kept with a strong validator: the SHA-256 of its bytes,
//   so it changes exactly when what the caller would read changes (a text override, a language's
//   name), and every instance gives the same ETag for the same texts;
// - kept entries are dropped in every instance through the cache bus on a language or text change
//   (topics 'languages' and 'language-texts', as the overrides they are made of), so a request after
//   a change gets the new answer with a new ETag wherever it lands;
// - the route answers `Cache-Control: no-cache` (the browser keeps it and revalidates every time)
//   and a request whose If-None-Match names the current ETag gets 304 without a body.
import { createHash } from 'node:crypto';
import { TtlCache } from '../../cache.ts';
import type { AppContext } from '../../context.ts';
import { languagesTopic, languageTextsTopic } from './overrides.ts';

export interface CachedAnswer {
  /** Quoted strong entity tag. */
  etag: string;
  json: string;
}

const stores = new WeakMap<AppContext, TtlCache<CachedAnswer>>();

function storeOf(ctx: AppContext): TtlCache<CachedAnswer> {
  let store = stores.get(ctx);
  if (!store) {
    const created = new TtlCache<CachedAnswer>(60_000, 2_000);
    // Entries are made of languages and overrides: any change of either drops them all (rare).
    ctx.cache.subscribe(languagesTopic, () => created.delete(undefined));
    ctx.cache.subscribe(languageTextsTopic, () => created.delete(undefined));
    stores.set(ctx, created);
    store = created;
  }
  return store;
}

/** The strong entity tag of a serialized answer. */
export const entityTag = (body: string) => `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

/** The owner's answer for a culture and resource set: kept, else built and serialized once. */
export function localizationAnswer(
  ctx: AppContext,
  tenantId: string | null,
  cultureName: string,
  resourceSet: { onlyDynamics: boolean; compiledMessages: boolean },
  serialize: () => Promise<string>,
): Promise<CachedAnswer> {
  const key = `${tenantId ?? ''}|${cultureName}|${resourceSet.onlyDynamics ? 1 : 0}${resourceSet.compiledMessages ? 1 : 0}`;
  return storeOf(ctx).getOrLoad(key, async () => {
    const json = await serialize();
    return { etag: entityTag(json), json };
  });
}

/** Whether an If-None-Match header names the entity tag (weak comparison, as RFC 9110 13.1.2 asks; `*` matches). */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const strip = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => strip(tag) === '*' || strip(tag) === etag);
}
