// Access-token verification (ctx.tokens and the API surface): the six forged token kinds of the
// quality bar are refused, a correctly signed token is accepted (so the forging helper is proven
// able to pass), and signing keys are stored sealed and shared by every instance.
import { createHmac, createPublicKey } from 'node:crypto';
import { type JWK, importJWK, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oidcPayloads, signingKeys } from '../../server/db/schema/index.ts';
import { pruneOidcStorage } from '../../server/jobs/oidc-prune.ts';
import { loadSigningKeys } from '../../server/identity-server/keys.ts';
import { authHeaders, passwordToken, type TokenResponse } from '../kit/auth.ts';
import { startTestServer, type TestServer } from '../kit/test-server.ts';

let server: TestServer;
let genuine: TokenResponse;
let genuineClaims: Record<string, unknown>;
let rsaKey: JWK;

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

beforeAll(async () => {
  server = await startTestServer();
  genuine = await passwordToken(server, { userName: 'admin', password: '1q2w3E*' });
  genuineClaims = (await server.ctx.tokens.verify(genuine.access_token))!;
  const rows = await server.ctx.db.select().from(signingKeys);
  rsaKey = rows.map((r) => JSON.parse(server.ctx.secrets.open(r.privateJwk)) as JWK).find((k) => k.alg === 'RS256')!;
});
afterAll(() => server?.stop());

/** Signs claims with the server's own RS256 key: only the claims decide acceptance. */
async function signWithServerKey(claims: Record<string, unknown>, typ = 'at+jwt'): Promise<string> {
  const key = await importJWK(rsaKey, 'RS256');
  return new SignJWT(claims).setProtectedHeader({ alg: 'RS256', typ, kid: rsaKey.kid }).sign(key);
}

const now = () => Math.floor(Date.now() / 1000);

async function refusedEverywhere(token: string) {
  expect(await server.ctx.tokens.verify(token)).toBeNull();
  const response = await fetch(`${server.url}/connect/userinfo`, { headers: authHeaders(token) });
  expect(response.status).toBe(401);
}

describe('access token verification', () => {
  it('accepts a genuine token and a token re-signed with the server key (control)', async () => {
    expect(genuineClaims).toMatchObject({ aud: 'Finance', iss: server.config.issuer });
    const resigned = await signWithServerKey({ ...genuineClaims });
    expect(await server.ctx.tokens.verify(resigned)).not.toBeNull();
    expect((await fetch(`${server.url}/connect/userinfo`, { headers: authHeaders(resigned) })).status).toBe(200);
  });

  it('refuses alg none', async () => {
    await refusedEverywhere(`${b64({ alg: 'none', typ: 'at+jwt' })}.${b64(genuineClaims)}.`);
  });

  it('refuses HS256 signed with the public key', async () => {
    const publicPem = createPublicKey({ key: rsaKey as never, format: 'jwk' })
      .export({ type: 'spki', format: 'pem' })
      .toString();
    const head = `${b64({ alg: 'HS256', typ: 'at+jwt', kid: rsaKey.kid })}.${b64(genuineClaims)}`;
    const signature = createHmac('sha256', publicPem).update(head).digest('base64url');
    await refusedEverywhere(`${head}.${signature}`);
  });

  it('refuses an expired token', async () => {
    await refusedEverywhere(await signWithServerKey({ ...genuineClaims, iat: now() - 7200, exp: now() - 3600 }));
  });

  it('refuses a token for another audience', async () => {
    await refusedEverywhere(await signWithServerKey({ ...genuineClaims, aud: 'SomeOtherApi' }));
  });

  it('refuses a token from another issuer', async () => {
    await refusedEverywhere(await signWithServerKey({ ...genuineClaims, iss: 'https://evil.example/' }));
  });

  it('refuses an ID token used as an access token', async () => {
    expect(genuine.id_token).toBeTruthy();
    await refusedEverywhere(genuine.id_token!);
    // Even with the API audience, the JWT type tells an ID token apart.
    await refusedEverywhere(await signWithServerKey({ ...genuineClaims }, 'JWT'));
  });
});

describe('storage pruning', () => {
  it('removes expired rows and keeps live ones', async () => {
    const past = new Date(Date.now() - 60_000);
    const future = new Date(Date.now() + 60_000);
    await server.ctx.db.insert(oidcPayloads).values([
      { model: 'AuthorizationCode', id: 'expired-code', payload: {}, expiresAt: past },
      { model: 'AuthorizationCode', id: 'live-code', payload: {}, expiresAt: future },
    ]);
    expect(await pruneOidcStorage(server.ctx)).toBeGreaterThanOrEqual(1);
    const ids = (await server.ctx.db.select({ id: oidcPayloads.id }).from(oidcPayloads)).map((r) => r.id);
    expect(ids).toContain('live-code');
    expect(ids).not.toContain('expired-code');
  });
});

describe('signing keys', () => {
  it('are stored sealed, never as plain JWK', async () => {
    const rows = await server.ctx.db.select().from(signingKeys);
    expect(rows.length).toBeGreaterThanOrEqual(1);
    for (const row of rows) expect(row.privateJwk).not.toContain('"d"');
  });

  it('are loaded again, not regenerated, on the next start', async () => {
    const first = await loadSigningKeys(server.ctx);
    const second = await loadSigningKeys(server.ctx);
    expect(second.privateKeys.map((k) => k.kid)).toEqual(first.privateKeys.map((k) => k.kid));
    const jwks = (await (await fetch(`${server.url}/.well-known/jwks`)).json()) as { keys: JWK[] };
    expect(jwks.keys.map((k) => k.kid).sort()).toEqual(first.publicKeys.map((k) => k.kid).sort());
  });

  it('instances starting together on an empty table agree on one key set', async () => {
    await server.ctx.db.delete(signingKeys);
    const sets = await Promise.all([1, 2, 3].map(() => loadSigningKeys(server.ctx)));
    const kids = sets.map((s) => s.privateKeys.map((k) => k.kid).join(','));
    expect(new Set(kids).size).toBe(1);
    expect(await server.ctx.db.select().from(signingKeys)).toHaveLength(2);
  });
});
