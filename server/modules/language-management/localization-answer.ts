// The application-localization answer as a cacheable representation (issue 19). Rules:
// - the answer of one owner (host or tenant), culture and resource set (onlyDynamics,
//   compiledMessages) is serialized once and kept with a strong validator: the SHA-256 of its bytes,
//   so it changes exactly when what the caller would read changes (a text override, a language's
//   name), and every instance gives the same ETag for the same texts;
// - kept entries are dropped in every instance through the cache bus on a language or text change
//   (topics 'languages' and 'language-texts', as the overrides they are made of), so a request after
//   a change gets the new answer with a new ETag wherever it lands;
// - the route answers `Cache-Control: no-cache` (the browser keeps it and revalidates every time)
//   and a request whose If-None-Match names the current ETag gets 304 without a body;
// - the kept answer keeps its encodings too: gzip (level 9) and brotli at quality 11, which costs
//   about 0.1-0.2 s for these 50-110 KB and so is made off the request path: until it is there
//   (the first fraction of a second of a kept answer's minute) brotli quality 5 (about 1 ms) stands
//   in. The route sends the one the caller accepts, brotli first, as @fastify/compress would choose
//   it, and is itself left out of on-the-fly compression. Each encoding is a function of the bytes,
//   so every instance sends the same bytes under the same ETag once the quality-11 one is there.
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import { TtlCache } from '../../cache.ts';
import type { AppContext } from '../../context.ts';
import { languagesTopic, languageTextsTopic } from './overrides.ts';

export interface CachedAnswer {
  /** Quoted strong entity tag. */
  etag: string;
  /** The serialized JSON (UTF-8). */
  identity: Buffer;
  gzip: Buffer;
  /** Brotli quality 11 once made (upgraded in place), quality 5 until then. */
  br: Buffer;
}

/** Measured with bench/localization-answer.ts (bench/README.md, "Texts the user receives"). */
export const keptBrotliQuality = 11;
const standInBrotliQuality = 5;
export const keptGzipLevel = 9;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const brotliAt = (bytes: Buffer, quality: number) =>
  brotli(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } });
/** The quality-11 encodings being made, by ETag: concurrent loads of the same bytes make it once. */
const finalBrotli = new Map<string, Promise<Buffer>>();

async function encoded(ctx: AppContext, json: string): Promise<CachedAnswer> {
  const identity = Buffer.from(json);
  const etag = entityTag(json);
  const [gzipped, standIn] = await Promise.all([gzip(identity, { level: keptGzipLevel }), brotliAt(identity, standInBrotliQuality)]);
  const answer: CachedAnswer = { etag, identity, gzip: gzipped, br: standIn };
  let final = finalBrotli.get(etag);
  if (!final) {
    final = brotliAt(identity, keptBrotliQuality).finally(() => finalBrotli.delete(etag));
    finalBrotli.set(etag, final);
  }
  final.then(
    (bytes) => {
      answer.br = bytes;
    },
    (error: unknown) => ctx.log.warn({ err: error }, 'could not compress the texts answer at brotli quality 11'),
  );
  return answer;
}

/**
 * The kept encoding for an Accept-Encoding header, negotiated as @fastify/compress negotiates the
 * other answers (app.ts): brotli first, then gzip (`*` and x-gzip read as gzip), else identity.
 */
export function keptEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | 'identity' {
  if (!acceptEncoding) return 'identity';
  const chosen = negotiate(acceptEncoding.toLowerCase().replace(/\*|x-gzip/gu, 'gzip'), ['br', 'gzip']);
  return chosen === 'br' || chosen === 'gzip' ? chosen : 'identity';
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
  return storeOf(ctx).getOrLoad(key, async () => encoded(ctx, await serialize()));
}

/** Whether an If-None-Match header names the entity tag (weak comparison, as RFC 9110 13.1.2 asks; `*` matches). */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const strip = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => strip(tag) === '*' || strip(tag) === etag);
}
