// A confidential client calling the API with its own client-credentials token (issue 19, ADR 0023),
// through real token requests to the identity server and real API calls on a real database: the
// client holds exactly the permissions granted to it as provider C (ABP's permission management,
// providerName=C&providerKey=<clientId>), there is no current user, the tenant comes from __tenant,
// host-only permissions stay on the host, a route for a signed-in user refuses it; revoking a grant,
// regenerating the secret, withdrawing the flow or deleting the client stops its token on the next call.
import { describe, expect, it } from 'vitest';
import type { ApplicationDto } from '../../contract/openiddict.ts';
import { tokenRequest } from '../kit/auth.ts';
import { expectError, identitySuite, request } from './identity-helpers.ts';

const apps = '/api/openiddict/applications';
const permissions = '/api/permission-management/permissions';
const suite = identitySuite();

const basic = (id: string, secret: string) => ({ authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}` });

async function createClient(clientId: string): Promise<ApplicationDto> {
  const reply = await suite.admin.call<ApplicationDto>('POST', apps, {
    clientId,
    displayName: clientId,
    clientType: 'confidential',
    consentType: 'implicit',
    allowClientCredentialsFlow: true,
    scopes: ['Finance'],
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body;
}

async function clientToken(clientId: string, secret: string): Promise<string> {
  const reply = await tokenRequest(suite.server, { grant_type: 'client_credentials', scope: 'Finance' }, basic(clientId, secret));
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return String(reply.body.access_token);
}

async function grant(clientId: string, names: string[], isGranted = true): Promise<void> {
  const reply = await suite.admin.call('PUT', `${permissions}?providerName=C&providerKey=${clientId}`, {
    permissions: names.map((name) => ({ name, isGranted })),
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(204);
}

type Page = { totalCount: number; items: Array<{ name: string }> };

describe('a client calling the API with its client-credentials token', () => {
  it('holds exactly what was granted to it as provider C, with no user, in the tenant it names', async () => {
    const created = await createClient('Sync_Service');
    const token = await clientToken('Sync_Service', created.clientSecret!);
    const call = <T>(method: string, path: string, headers: Record<string, string> = {}) =>
      request<T>(suite.server, token, method, path, undefined, headers);

    // Nothing granted yet: authenticated (403, not 401), refused.
    expectError(await call('GET', '/api/identity/roles'), 403);

    await grant('Sync_Service', ['AbpIdentity.Roles']);
    const shown = await suite.admin.call<{
      groups: Array<{ permissions: Array<{ name: string; isGranted: boolean; grantedProviders: unknown[] }> }>;
    }>('GET', `${permissions}?providerName=C&providerKey=Sync_Service`);
    const roles = shown.body.groups.flatMap((g) => g.permissions).find((p) => p.name === 'AbpIdentity.Roles')!;
    expect(roles).toMatchObject({ isGranted: true, grantedProviders: [{ providerName: 'C', providerKey: 'Sync_Service' }] });

    const hostRoles = await call<Page>('GET', '/api/identity/roles');
    expect(hostRoles.status, JSON.stringify(hostRoles.body)).toBe(200);
    expect(hostRoles.body.items.map((r) => r.name)).toContain('admin');
    // Only what was granted: not the users, not a child that was not granted.
    expectError(await call('GET', '/api/identity/users'), 403);
    expectError(await request(suite.server, token, 'POST', '/api/identity/roles', { name: 'by-client' }), 403);

    // The tenant comes from __tenant (the token names none): acme's own role shows there only.
    expect((await suite.acmeAdmin.call('POST', '/api/identity/roles', { name: 'acme-clerks' })).status).toBe(200);
    const acmeRoles = await call<Page>('GET', '/api/identity/roles', { __tenant: 'acme' });
    expect(acmeRoles.status, JSON.stringify(acmeRoles.body)).toBe(200);
    expect(acmeRoles.body.items.map((r) => r.name)).toContain('acme-clerks');
    expect(hostRoles.body.items.map((r) => r.name)).not.toContain('acme-clerks');

    // A host-only permission holds on the host and never inside a tenant.
    await grant('Sync_Service', ['OpenIddictPro.Application']);
    expect((await call('GET', apps)).status).toBe(200);
    expectError(await call('GET', apps, { __tenant: 'acme' }), 403);

    // No current user: the configuration says so, and lists the client's own grants (provider C) as
    // its granted policies, as ABP does, with the same side rules: host-only ones not inside a tenant.
    type Configuration = {
      currentUser: { isAuthenticated: boolean; id: string | null };
      auth: { grantedPolicies: Record<string, boolean> };
    };
    const configuration = await call<Configuration>('GET', '/api/abp/application-configuration');
    expect(configuration.status).toBe(200);
    expect(configuration.body.currentUser).toMatchObject({ isAuthenticated: false, id: null });
    expect(Object.keys(configuration.body.auth.grantedPolicies).sort()).toEqual(['AbpIdentity.Roles', 'OpenIddictPro.Application']);
    const inAcme = await call<Configuration>('GET', '/api/abp/application-configuration', { __tenant: 'acme' });
    expect(Object.keys(inAcme.body.auth.grantedPolicies)).toEqual(['AbpIdentity.Roles']);
    // Anonymous: nothing.
    const anonymous = await request<Configuration>(suite.server, null, 'GET', '/api/abp/application-configuration');
    expect(anonymous.body.auth.grantedPolicies).toEqual({});
    expectError(await call('GET', '/api/account/my-profile'), 403);
    // Managing permissions checks the caller's own permission as a user: a client cannot grant itself more.
    expectError(
      await request(suite.server, token, 'PUT', `${permissions}?providerName=C&providerKey=Sync_Service`, {
        permissions: [{ name: 'AbpIdentity.Users', isGranted: true }],
      }),
      403,
    );

    // A revoked grant is refused on the very next call.
    await grant('Sync_Service', ['AbpIdentity.Roles'], false);
    expectError(await call('GET', '/api/identity/roles'), 403);
    expect((await call('GET', apps)).status).toBe(200);
    const afterRevoke = await call<Configuration>('GET', '/api/abp/application-configuration');
    expect(Object.keys(afterRevoke.body.auth.grantedPolicies)).toEqual(['OpenIddictPro.Application']);
  });

  it('a user granted nothing through a client does not borrow the client grants', async () => {
    // The password grant through the same client is the user's token: the user's permissions, not C's.
    const created = await createClient('Borrow_Service');
    await grant('Borrow_Service', ['AbpIdentity.Roles']);
    const update = await suite.admin.call<ApplicationDto>('GET', `${apps}/${created.id}`);
    const { id, concurrencyStamp, clientSecret: _, isFirstParty: __, extraProperties: ___, ...fields } = update.body;
    expect(
      (
        await suite.admin.call('PUT', `${apps}/${id}`, {
          ...fields,
          allowPasswordFlow: true,
          scopes: ['openid', 'Finance'],
          concurrencyStamp,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await suite.admin.call('POST', '/api/identity/users', {
          userName: 'plain.user',
          email: 'plain.user@example.com',
          password: 'Str0ng!Pass',
          isActive: true,
          lockoutEnabled: true,
          roleNames: [],
        })
      ).status,
    ).toBe(200);
    const signedIn = await tokenRequest(
      suite.server,
      { grant_type: 'password', username: 'plain.user', password: 'Str0ng!Pass', scope: 'openid Finance' },
      basic('Borrow_Service', created.clientSecret!),
    );
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    const userToken = String(signedIn.body.access_token);
    expectError(await request(suite.server, userToken, 'GET', '/api/identity/roles'), 403);
    expect((await request(suite.server, userToken, 'GET', '/api/account/my-profile')).status).toBe(200);
    // The client's own token does hold it.
    expect(
      (await request(suite.server, await clientToken('Borrow_Service', created.clientSecret!), 'GET', '/api/identity/roles')).status,
    ).toBe(200);
  });

  it('regenerating the secret, withdrawing the flow or deleting the client stops its tokens', async () => {
    const created = await createClient('Retire_Service');
    await grant('Retire_Service', ['AbpIdentity.Roles']);
    const first = await clientToken('Retire_Service', created.clientSecret!);
    const rolesWith = (token: string) => request(suite.server, token, 'GET', '/api/identity/roles');
    expect((await rolesWith(first)).status).toBe(200);

    // A new secret retires the tokens issued against the old one.
    const renewed = await suite.admin.call<{ clientSecret: string }>('PUT', `${apps}/${created.id}/client-secret`, {});
    expect(renewed.status).toBe(200);
    const refused = await rolesWith(first);
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toContain('invalid_token');
    const second = await clientToken('Retire_Service', renewed.body.clientSecret);
    expect((await rolesWith(second)).status).toBe(200);

    // The client-credentials flow withdrawn: its token no longer calls the API; allowed again, it does.
    const current = (await suite.admin.call<ApplicationDto>('GET', `${apps}/${created.id}`)).body;
    const { id, concurrencyStamp, clientSecret: _, isFirstParty: __, extraProperties: ___, ...fields } = current;
    const withdrawn = await suite.admin.call<ApplicationDto>('PUT', `${apps}/${id}`, {
      ...fields,
      allowClientCredentialsFlow: false,
      allowPasswordFlow: true,
      concurrencyStamp,
    });
    expect(withdrawn.status, JSON.stringify(withdrawn.body)).toBe(200);
    expect((await rolesWith(second)).status).toBe(401);
    const restored = await suite.admin.call<ApplicationDto>('PUT', `${apps}/${id}`, {
      ...fields,
      allowClientCredentialsFlow: true,
      concurrencyStamp: withdrawn.body.concurrencyStamp,
    });
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect((await rolesWith(second)).status).toBe(200);

    // Deleted: refused at once (and its grants are gone with it).
    expect((await suite.admin.call('DELETE', `${apps}?id=${created.id}`)).status).toBe(204);
    expect((await rolesWith(second)).status).toBe(401);
    await createClient('Retire_Service');
    const regranted = await suite.admin.call<{ groups: Array<{ permissions: Array<{ name: string; isGranted: boolean }> }> }>(
      'GET',
      `${permissions}?providerName=C&providerKey=Retire_Service`,
    );
    expect(regranted.body.groups.flatMap((g) => g.permissions).filter((p) => p.isGranted)).toEqual([]);
  });
});
