// Authenticator-app setup through the real server and database: the key for manual entry and the
// otpauth URI, a real TOTP code (otplib) verifying the key and turning two-factor on with 10
// recovery codes shown once, wrong and replayed codes refused, reset, and the sign-in that then asks
// for the second factor.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityLogs, users } from '../../server/db/schema/index.ts';
import { setSettingValues } from '../../server/modules/setting-management/store.ts';
import { createUser, passwordToken, secretOfUri, tokenRequest, totpCode } from '../kit/auth.ts';
import { startTestServer, type TestServer } from '../kit/test-server.ts';
import { expectError, request, strongPassword } from './identity-helpers.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

async function me(userName: string) {
  const id = await createUser(server, { userName, password: strongPassword });
  const { access_token: token } = await passwordToken(server, { userName, password: strongPassword });
  const call = <T = Record<string, unknown>>(method: string, path: string, body?: unknown) => request<T>(server, token, method, path, body);
  return { id, call };
}

const actionsOf = async (userId: string, action: string) =>
  server.ctx.db
    .select()
    .from(securityLogs)
    .where(and(eq(securityLogs.userId, userId), eq(securityLogs.action, action)));

describe('authenticator setup', () => {
  it('answers the key and URI, verifies a real code, enables two-factor and shows recovery codes once', async () => {
    const { id, call } = await me('auth.setup');
    expect((await call<boolean>('GET', '/api/account/has-authenticator-key')).body).toBe(false);
    const info = await call<{ key: string; uri: string }>('GET', '/api/account/authenticator-info');
    expect(info.status).toBe(200);
    expect(info.body.key).toMatch(/^[a-z2-7]{4}( [a-z2-7]{1,4})+$/);
    const uri = new URL(info.body.uri);
    expect(uri.protocol).toBe('otpauth:');
    const secret = secretOfUri(info.body.uri);
    expect(secret.toLowerCase()).toBe(info.body.key.replaceAll(' ', ''));
    // Asking again answers the same pending key.
    expect((await call<{ key: string }>('GET', '/api/account/authenticator-info')).body.key).toBe(info.body.key);
    // Pending is not set up.
    expect((await call<boolean>('GET', '/api/account/has-authenticator-key')).body).toBe(false);

    const wrong = await call('POST', '/api/account/verify-authenticator-code', {
      code: '000000' === (await totpCode(secret)) ? '111111' : '000000',
    });
    expect(expectError(wrong, 403).code).toBe('Volo.Account:InvalidAuthenticatorCode');
    expect((await server.ctx.db.select().from(users).where(eq(users.id, id)))[0]!.twoFactorEnabled).toBe(false);

    const code = await totpCode(secret);
    const verified = await call<{ recoveryCodes: string[] }>('POST', '/api/account/verify-authenticator-code', { code });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    expect(verified.body.recoveryCodes).toHaveLength(10);
    expect(new Set(verified.body.recoveryCodes).size).toBe(10);
    expect((await call<boolean>('GET', '/api/account/has-authenticator-key')).body).toBe(true);
    expect((await call<boolean>('GET', '/api/account/my-profile/two-factor-enabled')).body).toBe(true);
    // A verified key is a secret: it is not shown again.
    const again = await call('GET', '/api/account/authenticator-info');
    expect(expectError(again, 403).code).toBe('Volo.Account:AuthenticatorAlreadySetUp');
    expect(JSON.stringify(again.body)).not.toContain(secret);
    expect(await actionsOf(id, 'TwoFactorEnabled')).toHaveLength(1);
    // The same code cannot be used twice.
    expectError(await call('POST', '/api/account/verify-authenticator-code', { code }), 403);

    // The password alone no longer signs in: the grant asks for the second factor.
    const { status, body } = await tokenRequest(server, {
      grant_type: 'password',
      client_id: server.config.spaClientId,
      username: 'auth.setup',
      password: strongPassword,
      scope: 'openid',
    });
    expect(status).toBe(400);
    expect(JSON.stringify(body)).toMatch(/RequiresTwoFactor|two.?factor/i);
  });

  it('reset removes the key and turns two-factor off; a new key differs', async () => {
    const { id, call } = await me('auth.reset');
    const first = await call<{ key: string; uri: string }>('GET', '/api/account/authenticator-info');
    await call('POST', '/api/account/verify-authenticator-code', { code: await totpCode(secretOfUri(first.body.uri)) });
    expect((await call<boolean>('GET', '/api/account/has-authenticator-key')).body).toBe(true);
    expect((await call('POST', '/api/account/reset-authenticator')).status).toBe(204);
    expect((await call<boolean>('GET', '/api/account/has-authenticator-key')).body).toBe(false);
    expect((await server.ctx.db.select().from(users).where(eq(users.id, id)))[0]!.twoFactorEnabled).toBe(false);
    expect(await actionsOf(id, 'AuthenticatorReset')).toHaveLength(1);
    expect(await actionsOf(id, 'TwoFactorDisabled')).toHaveLength(1);
    const second = await call<{ key: string }>('GET', '/api/account/authenticator-info');
    expect(second.body.key).not.toBe(first.body.key);
  });

  it('refuses setup while two-factor is Disabled, and needs a signed-in caller', async () => {
    const { call } = await me('auth.disabled');
    const info = await call<{ uri: string }>('GET', '/api/account/authenticator-info');
    await setSettingValues(server.ctx, { 'Abp.Identity.TwoFactor.Behaviour': 'Disabled' }, { providerName: 'G', providerKey: '' });
    try {
      const reply = await call('POST', '/api/account/verify-authenticator-code', { code: await totpCode(secretOfUri(info.body.uri)) });
      expect(expectError(reply, 403).code).toBe('Volo.Abp.Identity:CanNotChangeTwoFactor');
    } finally {
      await setSettingValues(server.ctx, { 'Abp.Identity.TwoFactor.Behaviour': null }, { providerName: 'G', providerKey: '' });
    }
    expectError(await request(server, null, 'GET', '/api/account/authenticator-info'), 401);
    expectError(await request(server, null, 'POST', '/api/account/reset-authenticator'), 401);
  });
});
