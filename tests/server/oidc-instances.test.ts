// Two server instances on one PostgreSQL database behave as one identity server: same signing keys,
// tokens and refresh tokens from one accepted by the other, a revocation on one seen by the other at
// once. PGlite is single-process, so this suite runs only with TEST_DATABASE_URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltApp, buildApp } from '../../server/app.ts';
import { authHeaders, passwordToken, spaScope, tokenRequest } from '../kit/auth.ts';
import { databaseKind, startTestServer, type TestServer } from '../kit/test-server.ts';

const postgres = databaseKind === 'postgres';
let first: TestServer;
let second: BuiltApp;
let secondUrl: string;

beforeAll(async () => {
  if (!postgres) return;
  first = await startTestServer();
  // Same database, secrets key and public URL (as behind a load balancer); another port.
  second = await buildApp({ config: { ...first.config }, logger: false });
  await second.app.listen({ port: 0, host: '127.0.0.1' });
  const address = second.app.server.address();
  secondUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => {
  await second?.close();
  await first?.stop();
});

describe.skipIf(!postgres)('several instances on one database', () => {
  it('publish the same keys', async () => {
    const keysOf = async (url: string) =>
      ((await (await fetch(`${url}/.well-known/jwks`)).json()) as { keys: Array<{ kid: string }> }).keys.map((k) => k.kid).sort();
    expect(await keysOf(secondUrl)).toEqual(await keysOf(first.url));
  });

  it('accept each other tokens, refresh tokens and revocations', async () => {
    const tokens = await passwordToken(first, { userName: 'admin', password: '1q2w3E*' });
    expect(await second.ctx.tokens.verify(tokens.access_token)).not.toBeNull();
    expect((await fetch(`${secondUrl}/connect/userinfo`, { headers: authHeaders(tokens) })).status).toBe(200);

    const refreshed = await tokenRequest(
      { url: secondUrl },
      { grant_type: 'refresh_token', refresh_token: tokens.refresh_token!, client_id: first.config.spaClientId, scope: spaScope },
    );
    expect(refreshed.status).toBe(200);
    // The rotated token is spent everywhere: reusing it on the first instance revokes the grant.
    const reused = await tokenRequest(first, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token!,
      client_id: first.config.spaClientId,
    });
    expect(reused.body.error).toBe('invalid_grant');
    expect((await fetch(`${secondUrl}/connect/userinfo`, { headers: authHeaders(String(refreshed.body.access_token)) })).status).toBe(401);
    expect((await fetch(`${first.url}/connect/userinfo`, { headers: authHeaders(String(refreshed.body.access_token)) })).status).toBe(401);
  });
});
