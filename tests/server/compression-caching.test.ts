// What a browser receives: every SPA asset pre-compressed (brotli, else gzip, else as it is) chosen by
// Accept-Encoding with Vary; hashed assets immutable for a year; the entry page revalidated with its
// ETag; JSON answers over 1 KB compressed on the fly, small ones left alone, the identity server's
// own (oidc-provider's discovery document and token answers) as well; the texts answer sent in the
// encodings kept with it (brotli 11, gzip 9), not compressed per request; compressed request bodies
// are not inflated. Needs the built SPA in dist/ (npm test builds it first).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distDir } from '../../server/app.ts';
import { keptBrotliQuality, keptEncoding, keptGzipLevel } from '../../server/modules/language-management/localization-answer.ts';
import { authHeaders, spaScope, startAuthorization, type TokenResponse } from '../kit/auth.ts';
import { startTestServer, type TestServer } from '../kit/test-server.ts';

let server: TestServer;
let entryScript: string;
beforeAll(async () => {
  server = await startTestServer({ serveSpa: true });
  const html = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  entryScript = html.match(/src="(\/assets\/index-[^"]+\.js)"/)![1]!;
});
afterAll(async () => {
  await server?.stop();
});

/** Node's fetch would decode the body and hide the encoding: read the raw bytes instead. */
async function raw(url: string, headers: Record<string, string>, post?: { form: Record<string, string> }) {
  const { request } = await import('node:http');
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    const options = post ? { method: 'POST', headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' } } : { headers };
    request(`${server.url}${url}`, options, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end(post ? new URLSearchParams(post.form).toString() : undefined);
  });
}

/** The body as sent, decoded by its Content-Encoding. */
function decoded(reply: { headers: Record<string, string | string[] | undefined>; body: Buffer }): string {
  const encoding = reply.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(reply.body).toString();
  if (encoding === 'gzip') return zlib.gunzipSync(reply.body).toString();
  if (encoding === undefined) return reply.body.toString();
  throw new Error(`unexpected content-encoding ${String(encoding)}`);
}

describe('SPA assets', () => {
  it('sends brotli to a browser that accepts it, gzip to one that accepts only gzip, the file itself otherwise', async () => {
    const original = fs.readFileSync(path.join(distDir, entryScript));
    const br = await raw(entryScript, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(br.body).equals(original)).toBe(true);
    expect(br.body.length).toBeLessThan(original.length / 2);

    const gzip = await raw(entryScript, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.body).equals(original)).toBe(true);

    const plain = await raw(entryScript, {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(original)).toBe(true);
  });

  it('caches hashed assets for a year, immutable', async () => {
    const reply = await raw(entryScript, { 'accept-encoding': 'br' });
    expect(reply.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(reply.headers['content-type']).toMatch(/javascript/);
  });

  it('revalidates the entry page on every use: no-cache with an ETag, 304 when unchanged', async () => {
    const page = await raw('/audit-logs', { accept: 'text/html', 'accept-encoding': 'br' });
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(page.body).toString()).toContain(entryScript);
    const etag = page.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await raw('/audit-logs', { accept: 'text/html', 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.status).toBe(304);
  });

  it('serves the favicon the entry page and the identity server pages link', async () => {
    const html = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
    expect(html).toContain('<link rel="icon" href="/favicon.svg"');
    const login = await startAuthorization(server);
    expect(login.html).toContain('<link rel="icon" href="/favicon.svg"');
    expect(login.html).toContain('- Finance Admin</title>');
    const icon = await raw('/favicon.svg', {});
    expect(icon.status).toBe(200);
    expect(icon.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(icon.body.toString()).toContain('<svg');
  });

  it('answers a chunk of an older build with 404, not with the entry page', async () => {
    const reply = await raw('/assets/screen-0ld8u1ld.js', { accept: '*/*' });
    expect(reply.status).toBe(404);
  });
});

describe('API answers', () => {
  it('compresses JSON over 1 KB and leaves small answers alone', async () => {
    const big = await raw('/api/abp/application-configuration', { 'accept-encoding': 'br, gzip' });
    expect(big.status).toBe(200);
    expect(big.headers['content-encoding']).toBe('br');
    const json = JSON.parse(zlib.brotliDecompressSync(big.body).toString()) as { localization: unknown };
    expect(json.localization).toBeTruthy();
    expect(big.body.length).toBeLessThan(zlib.brotliDecompressSync(big.body).length / 2);

    const gzip = await raw('/api/abp/application-configuration', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');

    const small = await raw('/health/live', { 'accept-encoding': 'br, gzip' });
    expect(small.status).toBe(200);
    expect(small.body.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('does not inflate a compressed request body', async () => {
    const body = zlib.gzipSync(JSON.stringify({ userNameOrEmailAddress: 'admin', password: 'x' }));
    const response = await fetch(`${server.url}/api/account/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      body,
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
  });
});

describe('identity server answers (oidc-provider, past @fastify/compress)', () => {
  const offers = [
    { acceptEncoding: 'gzip, deflate, br, zstd', encoding: 'br' },
    { acceptEncoding: 'gzip', encoding: 'gzip' },
    { acceptEncoding: '', encoding: undefined },
  ] as const;

  it('sends the discovery document as brotli, gzip or as it is by Accept-Encoding, the same JSON each way', async () => {
    const answers = [];
    for (const offer of offers) {
      const reply = await raw('/.well-known/openid-configuration', offer.acceptEncoding ? { 'accept-encoding': offer.acceptEncoding } : {});
      expect(reply.status).toBe(200);
      expect(reply.headers['content-encoding']).toBe(offer.encoding);
      expect(reply.headers.vary).toMatch(/accept-encoding/i);
      expect(reply.headers['content-type']).toMatch(/^application\/json/);
      answers.push({ reply, json: JSON.parse(decoded(reply)) as { issuer: string; token_endpoint: string } });
    }
    const [br, gzip, plain] = answers;
    expect(plain!.reply.body.length).toBeGreaterThan(1024);
    expect(plain!.json.token_endpoint).toBe(`${server.config.issuer}connect/token`);
    expect(br!.json).toEqual(plain!.json);
    expect(gzip!.json).toEqual(plain!.json);
    expect(br!.reply.body.length).toBeLessThan(plain!.reply.body.length / 2);
  });

  it("sends the token endpoint's answer as brotli, gzip or as it is by Accept-Encoding, each a working token", async () => {
    const form = { grant_type: 'password', client_id: server.config.spaClientId, username: 'admin', password: '1q2w3E*', scope: spaScope };
    for (const offer of offers) {
      const reply = await raw('/connect/token', offer.acceptEncoding ? { 'accept-encoding': offer.acceptEncoding } : {}, { form });
      expect(reply.status).toBe(200);
      expect(reply.headers['content-encoding']).toBe(offer.encoding);
      expect(reply.headers.vary).toMatch(/accept-encoding/i);
      expect(reply.headers['cache-control']).toBe('no-store');
      const json = JSON.parse(decoded(reply)) as TokenResponse;
      expect(Object.keys(json).sort()).toEqual(['access_token', 'expires_in', 'id_token', 'refresh_token', 'scope', 'token_type']);
      expect(JSON.stringify(json).length).toBeGreaterThan(1024);
      const me = await fetch(`${server.url}/api/account/my-profile`, { headers: authHeaders(json) });
      expect(me.status).toBe(200);
    }
  });

  it("leaves a small answer alone (a refused grant's error)", async () => {
    const form = { grant_type: 'password', client_id: server.config.spaClientId, username: 'admin', password: 'wrong', scope: spaScope };
    const reply = await raw('/connect/token', { 'accept-encoding': 'br, gzip' }, { form });
    expect(reply.status).toBe(400);
    expect(reply.headers['content-encoding']).toBeUndefined();
    expect((JSON.parse(reply.body.toString()) as { error: string }).error).toBe('invalid_grant');
  });
});

describe('the texts answer (kept with its encodings, localization-answer.ts)', () => {
  const url = '/api/abp/application-localization?cultureName=fr&compiledMessages=true';

  it('sends the kept brotli (quality 11) or gzip (level 9) by Accept-Encoding, the same bytes as kept, one ETag and 304 for all', async () => {
    const plain = await raw(url, {});
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    const etag = plain.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const json = plain.body;
    expect(JSON.parse(json.toString())).toHaveProperty('currentCulture.cultureName', 'fr');

    // The quality-11 encoding is made off the request path: it replaces the stand-in within moments.
    const finalBr = zlib.brotliCompressSync(json, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: keptBrotliQuality, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: json.length },
    });
    let br = await raw(url, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    for (let tries = 0; tries < 100 && !br.body.equals(finalBr); tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      br = await raw(url, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    }
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers.etag).toBe(etag);
    expect(br.headers['cache-control']).toBe('no-cache');
    // A function of the bytes alone: what every instance sends for the same texts.
    expect(br.body.equals(finalBr)).toBe(true);
    expect(zlib.brotliDecompressSync(br.body).equals(json)).toBe(true);

    const gzip = await raw(url, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.etag).toBe(etag);
    expect(gzip.body.equals(zlib.gzipSync(json, { level: keptGzipLevel }))).toBe(true);
    expect(zlib.gunzipSync(gzip.body).equals(json)).toBe(true);
    expect(br.body.length).toBeLessThan(gzip.body.length);

    expect((await raw(url, { 'accept-encoding': 'br;q=0, gzip;q=0.5' })).headers['content-encoding']).toBe('gzip');
    expect((await raw(url, { 'accept-encoding': '*' })).headers['content-encoding']).toBe('gzip');
    expect((await raw(url, { 'accept-encoding': 'identity' })).headers['content-encoding']).toBeUndefined();

    for (const acceptEncoding of ['br', 'gzip', '']) {
      const again = await raw(url, { 'if-none-match': etag, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) });
      expect(again.status).toBe(304);
      expect(again.body.length).toBe(0);
      expect(again.headers.etag).toBe(etag);
      expect(again.headers['content-encoding']).toBeUndefined();
    }
  });

  it('the encodings chosen as for every other answer', () => {
    expect(keptEncoding(undefined)).toBe('identity');
    expect(keptEncoding('')).toBe('identity');
    expect(keptEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(keptEncoding('GZIP')).toBe('gzip');
    expect(keptEncoding('x-gzip')).toBe('gzip');
    expect(keptEncoding('deflate, zstd')).toBe('identity');
    expect(keptEncoding('br;q=0.1, gzip;q=0.9')).toBe('gzip');
  });
});
