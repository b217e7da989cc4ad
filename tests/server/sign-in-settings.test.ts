// Identity settings are enforced where they apply, not only stored:
// - Abp.Account.EnableLocalLogin = 'false' refuses the password grant too (it is a local login);
// - Abp.Identity.Lockout.AllowedForNewUsers is the default lockoutEnabled of a user created without it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setSettingValues } from '../../server/modules/setting-management/store.ts';
import { authHeaders, passwordToken, tokenRequest, spaScope } from '../kit/auth.ts';
import { startTestServer, type TestServer } from '../kit/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

describe('sign-in settings', () => {
  it('refuses the password grant while local login is disabled for the tenant, and allows it again after', async () => {
    const acme = await server.ctx.tenants.findByName('acme');
    const form = { grant_type: 'password', client_id: server.config.spaClientId, username: 'admin', password: '1q2w3E*', scope: spaScope };
    await setSettingValues(server.ctx, { 'Abp.Account.EnableLocalLogin': 'false' }, { providerName: 'T', providerKey: acme!.id });
    const refused = await tokenRequest(server, form, { __tenant: 'acme', 'accept-language': 'en' });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('invalid_grant');
    expect(String(refused.body.error_description)).toContain('no login schemes');
    // The host is not affected by the tenant's setting.
    expect((await tokenRequest(server, form)).status).toBe(200);
    await setSettingValues(server.ctx, { 'Abp.Account.EnableLocalLogin': null }, { providerName: 'T', providerKey: acme!.id });
    expect((await tokenRequest(server, form, { __tenant: 'acme' })).status).toBe(200);
  });

  it('takes lockoutEnabled of a new user from AllowedForNewUsers when the request leaves it out', async () => {
    const headers = {
      ...authHeaders(await passwordToken(server, { userName: 'admin', password: '1q2w3E*' })),
      'content-type': 'application/json',
    };
    const create = (userName: string) =>
      fetch(`${server.url}/api/identity/users`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ userName, email: `${userName}@example.com`, password: '1q2w3E*x' }),
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as { lockoutEnabled: boolean } }));
    const before = await create('lockout.default');
    expect(before.status).toBe(200);
    expect(before.body.lockoutEnabled).toBe(true);
    await setSettingValues(server.ctx, { 'Abp.Identity.Lockout.AllowedForNewUsers': 'false' }, { providerName: 'G', providerKey: '' });
    const after = await create('lockout.off');
    expect(after.status).toBe(200);
    expect(after.body.lockoutEnabled).toBe(false);
  });

  it('keeps a deactivated user inactive when an update leaves isActive out', async () => {
    const headers = {
      ...authHeaders(await passwordToken(server, { userName: 'admin', password: '1q2w3E*' })),
      'content-type': 'application/json',
    };
    const created = (await (
      await fetch(`${server.url}/api/identity/users`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ userName: 'inactive.one', email: 'inactive.one@example.com', password: '1q2w3E*x', isActive: false }),
      })
    ).json()) as { id: string; concurrencyStamp: string; isActive: boolean };
    expect(created.isActive).toBe(false);
    const updated = await fetch(`${server.url}/api/identity/users/${created.id}`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({
        userName: 'inactive.one',
        email: 'inactive.one@example.com',
        name: 'Renamed',
        concurrencyStamp: created.concurrencyStamp,
      }),
    });
    expect(updated.status).toBe(200);
    expect(((await updated.json()) as { isActive: boolean }).isActive).toBe(false);
  });
});
