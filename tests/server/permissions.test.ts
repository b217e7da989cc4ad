// Permission management over real HTTP with real tokens: the GET/PUT round trip for roles and
// users, access rules (401 without a token, 403 without the provider's ManagePermissions), input
// rules (unknown names, names the side does not allow: 400 and nothing written) and the checker:
// a revoked permission blocks the very next request, a child needs its parent, roles come from the
// database.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { permissionGrants, roles, userRoles } from '../../server/db/schema/index.ts';
import { invalidateUserPermissions } from '../../server/modules/permission-management/checker.ts';
import { authHeaders, createUser, passwordToken } from '../kit/auth.ts';
import { startTestServer, type TestServer } from '../kit/test-server.ts';

let server: TestServer;
let admin: string;
let clerk: string;
let clerkId: string;
const password = '1q2w3E*';
const permissionsUrl = (provider: string, key: string) =>
  `${server.url}/api/permission-management/permissions?providerName=${provider}&providerKey=${encodeURIComponent(key)}`;

interface PermissionList {
  entityDisplayName: string;
  groups: Array<{
    name: string;
    displayName: string;
    permissions: Array<{
      name: string;
      parentName: string | null;
      isGranted: boolean;
      grantedProviders: Array<{ providerName: string; providerKey: string }>;
    }>;
  }>;
}

const call = async (url: string, token: string | null, init: RequestInit = {}) =>
  fetch(url, {
    ...init,
    headers: { ...(token ? authHeaders(token) : {}), 'content-type': 'application/json', ...(init.headers as Record<string, string>) },
  });
const put = (provider: string, key: string, permissions: Array<{ name: string; isGranted: boolean }>, token = admin, headers = {}) =>
  call(permissionsUrl(provider, key), token, { method: 'PUT', body: JSON.stringify({ permissions }), headers });
const find = (list: PermissionList, name: string) => list.groups.flatMap((g) => g.permissions).find((p) => p.name === name);
const hostGrants = (providerName: string, providerKey: string) =>
  server.ctx.db
    .select({ name: permissionGrants.name })
    .from(permissionGrants)
    .where(and(eq(permissionGrants.providerName, providerName), eq(permissionGrants.providerKey, providerKey)));

beforeAll(async () => {
  server = await startTestServer();
  admin = (await passwordToken(server, { userName: 'admin', password })).access_token;
  const [role] = await server.ctx.db.insert(roles).values({ name: 'clerk', normalizedName: 'CLERK' }).returning();
  clerkId = await createUser(server, { userName: 'clerk.user', password });
  await server.ctx.db.insert(userRoles).values({ userId: clerkId, roleId: role!.id });
  await invalidateUserPermissions(server.ctx, clerkId);
  clerk = (await passwordToken(server, { userName: 'clerk.user', password })).access_token;
});
afterAll(async () => {
  await server?.stop();
});

describe('access to permission management', () => {
  it('answers 401 without a token', async () => {
    const response = await call(permissionsUrl('R', 'admin'), null);
    expect(response.status).toBe(401);
    expect(response.headers.get('_abperrorformat')).toBe('true');
  });

  it('answers 403 to a caller without the provider permission', async () => {
    expect((await call(permissionsUrl('R', 'admin'), clerk)).status).toBe(403);
    expect((await put('U', clerkId, [{ name: 'AbpIdentity.Roles', isGranted: true }], clerk)).status).toBe(403);
    expect(await hostGrants('U', clerkId)).toEqual([]);
  });

  it('refuses an unknown provider name with 400', async () => {
    expect((await call(permissionsUrl('X', 'admin'), admin)).status).toBe(400);
  });

  it('answers 404 for a role or user that does not exist here', async () => {
    expect((await call(permissionsUrl('R', 'no-such-role'), admin)).status).toBe(404);
    expect((await call(permissionsUrl('U', crypto.randomUUID()), admin)).status).toBe(404);
  });
});

describe('reading grants', () => {
  it("lists the admin role's grants with the contract shape", async () => {
    const response = await call(permissionsUrl('R', 'admin'), admin, { headers: { 'Accept-Language': 'fr' } });
    expect(response.status).toBe(200);
    const list = (await response.json()) as PermissionList;
    expect(list.entityDisplayName).toBe('admin');
    const identity = list.groups.find((g) => g.name === 'AbpIdentity');
    expect(identity?.displayName).toBe('Gestion des identités');
    const create = find(list, 'AbpIdentity.Roles.Create');
    expect(create).toMatchObject({ parentName: 'AbpIdentity.Roles', isGranted: true, allowedProviders: ['R', 'U', 'C'] });
    expect(create?.grantedProviders).toEqual([{ providerName: 'R', providerKey: 'admin' }]);
    // Host side: host-only permissions are listed, tenant-only ones are not.
    expect(find(list, 'Saas.Tenants')).toBeTruthy();
    expect(find(list, 'Finance.Dashboard.Tenant')).toBeUndefined();
  });

  it('answers one group by name', async () => {
    const response = await call(
      `${server.url}/api/permission-management/permissions/by-group?groupName=Saas&providerName=R&providerKey=admin`,
      admin,
    );
    const list = (await response.json()) as PermissionList;
    expect(list.groups.map((g) => g.name)).toEqual(['Saas']);
  });

  it('lists only tenant-side permissions inside a tenant', async () => {
    const tenantAdmin = (await passwordToken(server, { userName: 'admin', password, tenant: 'acme' })).access_token;
    const list = (await (await call(permissionsUrl('R', 'admin'), tenantAdmin)).json()) as PermissionList;
    expect(find(list, 'Saas.Tenants')).toBeUndefined();
    expect(find(list, 'Finance.Dashboard.Tenant')?.isGranted).toBe(true);
  });
});

describe('changing grants', () => {
  it('grants to a role, shows it on its users, and a revocation blocks the very next request', async () => {
    expect((await call(`${server.url}/api/identity/roles`, clerk)).status).toBe(403);
    expect((await put('R', 'clerk', [{ name: 'AbpIdentity.Roles', isGranted: true }])).status).toBe(204);
    expect((await call(`${server.url}/api/identity/roles`, clerk)).status).toBe(200);

    const asUser = (await (await call(permissionsUrl('U', clerkId), admin)).json()) as PermissionList;
    expect(asUser.entityDisplayName).toBe('clerk.user');
    expect(find(asUser, 'AbpIdentity.Roles')).toMatchObject({
      isGranted: true,
      grantedProviders: [{ providerName: 'R', providerKey: 'clerk' }],
    });

    expect((await put('R', 'clerk', [{ name: 'AbpIdentity.Roles', isGranted: false }])).status).toBe(204);
    expect((await call(`${server.url}/api/identity/roles`, clerk)).status).toBe(403);
  });

  it('grants to a user directly and reports it in application-configuration', async () => {
    expect((await put('U', clerkId, [{ name: 'AbpIdentity.Users', isGranted: true }])).status).toBe(204);
    const config = (await (
      await call(`${server.url}/api/abp/application-configuration?includeLocalizationResources=false`, clerk)
    ).json()) as {
      auth: { grantedPolicies: Record<string, boolean> };
      currentUser: { isAuthenticated: boolean; userName: string };
    };
    expect(config.currentUser).toMatchObject({ isAuthenticated: true, userName: 'clerk.user' });
    expect(config.auth.grantedPolicies).toEqual({ 'AbpIdentity.Users': true });
  });

  it('does not grant a child whose parent is not granted', async () => {
    expect((await put('R', 'clerk', [{ name: 'AbpIdentity.Roles.Create', isGranted: true }])).status).toBe(204);
    expect(await server.ctx.permissions.isGranted({ id: clerkId, tenantId: null } as never, null, 'AbpIdentity.Roles.Create')).toBe(false);
    expect((await put('R', 'clerk', [{ name: 'AbpIdentity.Roles', isGranted: true }])).status).toBe(204);
    expect(await server.ctx.permissions.isGranted({ id: clerkId, tenantId: null } as never, null, 'AbpIdentity.Roles.Create')).toBe(true);
    await put('R', 'clerk', [
      { name: 'AbpIdentity.Roles', isGranted: false },
      { name: 'AbpIdentity.Roles.Create', isGranted: false },
    ]);
  });

  it('follows role membership from the database, not the token', async () => {
    await put('R', 'clerk', [{ name: 'AbpIdentity.Roles', isGranted: true }]);
    expect((await call(`${server.url}/api/identity/roles`, clerk)).status).toBe(200);
    await server.ctx.db.delete(userRoles).where(eq(userRoles.userId, clerkId));
    await invalidateUserPermissions(server.ctx, clerkId);
    expect((await call(`${server.url}/api/identity/roles`, clerk)).status).toBe(403);
  });

  it('refuses unknown names with 400 and writes nothing of the request', async () => {
    const before = await hostGrants('R', 'clerk');
    const response = await put('R', 'clerk', [
      { name: 'AbpIdentity.Users', isGranted: true },
      { name: 'No.Such.Permission', isGranted: true },
    ]);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { validationErrors: Array<{ message: string; members: string[] }> } };
    expect(body.error.validationErrors[0]?.message).toContain('No.Such.Permission');
    expect(await hostGrants('R', 'clerk')).toEqual(before);
  });

  it('refuses a host-only permission inside a tenant with 400', async () => {
    const tenantAdmin = (await passwordToken(server, { userName: 'admin', password, tenant: 'acme' })).access_token;
    const response = await put('R', 'admin', [{ name: 'Saas.Tenants', isGranted: true }], tenantAdmin);
    expect(response.status).toBe(400);
  });

  it('refuses a malformed body with 400', async () => {
    const response = await call(permissionsUrl('R', 'clerk'), admin, {
      method: 'PUT',
      body: JSON.stringify({ permissions: [{ name: 'x' }] }),
    });
    expect(response.status).toBe(400);
  });
});

describe('tenant isolation', () => {
  it("writes a tenant's grants for that tenant only", async () => {
    const tenantAdmin = (await passwordToken(server, { userName: 'admin', password, tenant: 'acme' })).access_token;
    await server.ctx.db.insert(roles).values({ name: 'shared-name', normalizedName: 'SHARED-NAME' });
    const acme = (await server.ctx.tenants.findByName('acme'))!;
    await server.ctx.db.insert(roles).values({ name: 'shared-name', normalizedName: 'SHARED-NAME', tenantId: acme.id });
    expect((await put('R', 'shared-name', [{ name: 'Finance.Wallet', isGranted: true }], tenantAdmin)).status).toBe(204);
    const inTenant = (await (await call(permissionsUrl('R', 'shared-name'), tenantAdmin)).json()) as PermissionList;
    expect(find(inTenant, 'Finance.Wallet')?.isGranted).toBe(true);
    const onHost = (await (await call(permissionsUrl('R', 'shared-name'), admin)).json()) as PermissionList;
    expect(find(onHost, 'Finance.Wallet')?.isGranted).toBe(false);
    // The host admin's token cannot reach the tenant's role by sending a tenant header.
    const viaHeader = await call(permissionsUrl('R', 'shared-name'), admin, { headers: { __tenant: 'acme' } });
    expect(find((await viaHeader.json()) as PermissionList, 'Finance.Wallet')?.isGranted).toBe(false);
  });
});

describe('several server instances', () => {
  it('drops a revoked grant on another instance sharing the database', async () => {
    const other = await buildApp({ config: server.config, database: server.ctx.database, logger: false });
    try {
      const address = await other.app.listen({ port: 0, host: '127.0.0.1' });
      await server.ctx.db
        .insert(userRoles)
        .values({ userId: clerkId, roleId: (await roleId('clerk'))! })
        .onConflictDoNothing();
      await invalidateUserPermissions(server.ctx, clerkId);
      await put('R', 'clerk', [{ name: 'AbpIdentity.Roles', isGranted: true }]);
      // The other instance loads (and caches) the grant, then the revocation reaches it via the bus.
      await expect.poll(async () => (await call(`${address}/api/identity/roles`, clerk)).status).toBe(200);
      expect((await put('R', 'clerk', [{ name: 'AbpIdentity.Roles', isGranted: false }])).status).toBe(204);
      await expect.poll(async () => (await call(`${address}/api/identity/roles`, clerk)).status).toBe(403);
    } finally {
      await other.close();
    }
  });
});

async function roleId(name: string): Promise<string | undefined> {
  const [row] = await server.ctx.db.select({ id: roles.id }).from(roles).where(eq(roles.name, name));
  return row?.id;
}
