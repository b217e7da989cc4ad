// Two server instances on one PostgreSQL database behave as one identity server: same signing keys,
// tokens and refresh tokens from one accepted by the other, a revocation on one seen by the other at
// once. PGlite is single-process, so this suite runs only with TEST_DATABASE_URL.
import { sql } from 'drizzle-orm';
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

/** Calls to the first instance's API as the host admin. */
async function adminApi() {
  const admin = await passwordToken(first, { userName: 'admin', password: '1q2w3E*' });
  return (method: string, path: string, body?: unknown) =>
    fetch(`${first.url}${path}`, {
      method,
      headers: { ...authHeaders(admin), ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
}

/** A confidential application allowed the client-credentials flow, made through the first instance. */
async function createConfidentialClient(api: Awaited<ReturnType<typeof adminApi>>, clientId: string) {
  const answer = await api('POST', '/api/openiddict/applications', {
    clientId,
    displayName: clientId,
    clientType: 'confidential',
    allowClientCredentialsFlow: true,
    scopes: ['Finance'],
  });
  return (await answer.json()) as { id: string; clientSecret: string };
}

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

  it('see an OpenID application changed or deleted on the other instance at the next token request', async () => {
    const api = await adminApi();
    const created = await createConfidentialClient(api, 'Shared_Service');
    const basic = (secret: string) => ({ authorization: `Basic ${Buffer.from(`Shared_Service:${secret}`).toString('base64')}` });
    const onSecond = (secret: string) =>
      tokenRequest({ url: secondUrl }, { grant_type: 'client_credentials', scope: 'Finance' }, basic(secret));
    // The second instance reads (and caches) the client, then the first one changes its secret.
    expect((await onSecond(created.clientSecret)).status).toBe(200);
    const renewed = (await (await api('PUT', `/api/openiddict/applications/${created.id}/client-secret`, {})).json()) as {
      clientSecret: string;
    };
    expect((await onSecond(created.clientSecret)).status).toBe(401);
    expect((await onSecond(renewed.clientSecret)).status).toBe(200);
    expect((await api('DELETE', `/api/openiddict/applications?id=${created.id}`)).status).toBe(204);
    expect((await onSecond(renewed.clientSecret)).status).toBe(401);
  });

  it("refuse a client's API token on the other instance at its next request once the client is retired", async () => {
    const api = await adminApi();
    const created = await createConfidentialClient(api, 'Retired_Service');
    const granted = await api('PUT', '/api/permission-management/permissions?providerName=C&providerKey=Retired_Service', {
      permissions: [{ name: 'AbpIdentity.Roles', isGranted: true }],
    });
    expect(granted.status).toBe(204);
    const clientToken = async (secret: string) => {
      const basic = { authorization: `Basic ${Buffer.from(`Retired_Service:${secret}`).toString('base64')}` };
      const answer = await tokenRequest(first, { grant_type: 'client_credentials', scope: 'Finance' }, basic);
      expect(answer.status).toBe(200);
      return String(answer.body.access_token);
    };
    const rolesOnSecond = async (token: string) =>
      (await fetch(`${secondUrl}/api/identity/roles`, { headers: { authorization: `Bearer ${token}` } })).status;
    // The second instance checks (and keeps) the client's row; a new secret retires the old token there at once.
    const oldToken = await clientToken(created.clientSecret);
    expect(await rolesOnSecond(oldToken)).toBe(200);
    expect(await rolesOnSecond(oldToken)).toBe(200);
    const renewed = (await (await api('PUT', `/api/openiddict/applications/${created.id}/client-secret`, {})).json()) as {
      clientSecret: string;
    };
    expect(await rolesOnSecond(oldToken)).toBe(401);
    const newToken = await clientToken(renewed.clientSecret);
    expect(await rolesOnSecond(newToken)).toBe(200);
    // The flow withdrawn by a statement on the database, not through the server: the trigger of
    // migration 0034 tells the second instance; no request fences it, so its arrival is awaited.
    await first.ctx.db.execute(
      sql`update applications set grant_types = grant_types - 'client_credentials' where client_id = 'Retired_Service'`,
    );
    await expect.poll(() => rolesOnSecond(newToken), { timeout: 5_000 }).toBe(401);
  });
});
