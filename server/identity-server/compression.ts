// oidc-provider answers its own endpoints (discovery, JWKS, token, revocation, introspection, its
// pages) on the raw response the Fastify route hands over (index.ts), past @fastify/compress. This
// middleware, the provider's first (so it sees the final body), compresses them with the same rules
// as every other answer (app.ts): brotli preferred, then gzip, identity for a client that asks for
// neither (zstd and deflate never, even when offered); only above 1 KB; Vary: Accept-Encoding.
// koa-compress (koajs, MIT) does the negotiation and the streams.
import zlib from 'node:zlib';
import compress from 'koa-compress';

/**
 * Brotli quality 4 (koa-compress's default), measured on the two answers a sign-in fetches (best of
 * 300, load ~8): the discovery document's 1,606 bytes become 577 in 36 µs (quality 2: 640 in 16 µs;
 * 11: 486 in 1.7 ms; gzip 593 in 18 µs), a token answer's 2,036 bytes 1,338 in 37 µs (2: 1,367;
 * 11: 1,293 in 1.7 ms; gzip 1,330). The token answer is mostly signed tokens, which do not compress.
 */
export const identityBrotliQuality = 4;

export function identityCompression() {
  return compress({
    threshold: 1024,
    br: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: identityBrotliQuality } },
    gzip: {},
    deflate: false,
    zstd: false,
    encodingPreference: ['br', 'gzip', 'identity'],
  });
}
