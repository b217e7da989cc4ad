// /api/identity/roles over real HTTP on a real database: paging and filter, CRUD round trip, static
// role rules, duplicate names, concurrency stamps, and that renaming a role carries its permission
// grants along (provider R is keyed by role name).
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IdentityRoleDto, IdentityUserDto } from '../../contract/identity.ts';
import { permissionGrants } from '../../server/db/schema/index.ts';
import { startTestServer, type TestServer } from '../kit/test-server.ts';
import { type Caller, expectError, signIn, strongPassword } from './identity-helpers.ts';

type Page<T> = { totalCount: number; items: T[] };

let server: TestServer;
let admin: Caller;
beforeAll(async () => {
  server = await startTestServer();
  admin = await signIn(server, 'admin');
});
afterAll(async () => {
  await server?.stop();
});

const grantsOf = async (roleName: string) =>
  (
    await server.ctx.db
      .select({ name: permissionGrants.name })
      .from(permissionGrants)
      .where(and(eq(permissionGrants.providerName, 'R'), eq(permissionGrants.providerKey, roleName)))
  ).map((g) => g.name);

describe('roles', () => {
  it('lists, pages, sorts and filters the tenant roles with their user counts', async () => {
    const list = await admin.call<Page<IdentityRoleDto>>('GET', '/api/identity/roles');
    expect(list.status).toBe(200);
    expect(list.body.items.map((r) => r.name)).toEqual(['accountant', 'admin', 'auditor', 'manager']);
    expect(list.body.items.find((r) => r.name === 'accountant')).toMatchObject({ userCount: 3, isStatic: false });
    expect(list.body.items.find((r) => r.name === 'admin')).toMatchObject({ userCount: 1, isStatic: true, isPublic: true });
    const page = await admin.call<Page<IdentityRoleDto>>('GET', '/api/identity/roles?skipCount=1&maxResultCount=2&sorting=name%20desc');
    expect(page.body).toMatchObject({ totalCount: 4 });
    expect(page.body.items.map((r) => r.name)).toEqual(['auditor', 'admin']);
    const byCount = await admin.call<Page<IdentityRoleDto>>('GET', '/api/identity/roles?sorting=userCount%20desc,name');
    expect(byCount.body.items[0]!.name).toBe('accountant');
    const filtered = await admin.call<Page<IdentityRoleDto>>('GET', '/api/identity/roles?filter=AUD');
    expect(filtered.body.items.map((r) => r.name)).toEqual(['auditor']);
    const all = await admin.call<{ items: IdentityRoleDto[] }>('GET', '/api/identity/roles/all');
    expect(all.body.items).toHaveLength(4);
    expectError(await admin.call('GET', '/api/identity/roles?maxResultCount=1001'), 400);
    expectError(await admin.call('GET', '/api/identity/roles?sorting=normalizedName'), 400);
  });

  it('round-trips a role and moves its grants when renamed', async () => {
    const created = await admin.call<IdentityRoleDto>('POST', '/api/identity/roles', { name: 'treasurer', isPublic: true });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ name: 'treasurer', isDefault: false, isStatic: false, isPublic: true, userCount: 0 });
    const id = created.body.id;
    expect((await admin.call<IdentityRoleDto>('GET', `/api/identity/roles/${id}`)).body).toEqual(created.body);
    await server.ctx.db
      .insert(permissionGrants)
      .values({ tenantId: null, name: 'AbpIdentity.Users', providerName: 'R', providerKey: 'treasurer' });

    const renamed = await admin.call<IdentityRoleDto>('PUT', `/api/identity/roles/${id}`, {
      name: 'cash-keeper',
      isDefault: true,
      isPublic: false,
      concurrencyStamp: created.body.concurrencyStamp,
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'cash-keeper', isDefault: true, isPublic: false });
    expect(await grantsOf('treasurer')).toEqual([]);
    expect(await grantsOf('cash-keeper')).toEqual(['AbpIdentity.Users']);

    const stale = await admin.call('PUT', `/api/identity/roles/${id}`, { name: 'other', concurrencyStamp: created.body.concurrencyStamp });
    expectError(stale, 409);
    expect((await admin.call<IdentityRoleDto>('GET', `/api/identity/roles/${id}`)).body.name).toBe('cash-keeper');

    // A member's permissions follow the renamed role at once.
    const member = await admin.call<IdentityUserDto>('POST', '/api/identity/users', {
      userName: 'cash.member',
      email: 'cash.member@example.com',
      password: strongPassword,
      roleNames: ['cash-keeper'],
    });
    expect(member.status).toBe(200);
    const memberCaller = await signIn(server, 'cash.member', undefined, strongPassword);
    expect((await memberCaller.call('GET', '/api/identity/users')).status).toBe(200);

    expect((await admin.call('DELETE', `/api/identity/roles/${id}`)).status).toBe(204);
    expectError(await admin.call('GET', `/api/identity/roles/${id}`), 404);
    expect(await grantsOf('cash-keeper')).toEqual([]);
    expect((await admin.call<IdentityUserDto>('GET', `/api/identity/users/${member.body.id}`)).body.roleNames).toEqual([]);
    expectError(await memberCaller.call('GET', '/api/identity/users'), 403);
  });

  it('refuses to rename or delete a static role, and duplicate names', async () => {
    const all = await admin.call<{ items: IdentityRoleDto[] }>('GET', '/api/identity/roles/all');
    const adminRole = all.body.items.find((r) => r.name === 'admin')!;
    const rename = expectError(
      await admin.call('PUT', `/api/identity/roles/${adminRole.id}`, { name: 'root', concurrencyStamp: adminRole.concurrencyStamp }),
      403,
    );
    expect(rename.message).toBe('Static roles cannot be renamed.');
    expect(expectError(await admin.call('DELETE', `/api/identity/roles/${adminRole.id}`), 403).message).toBe(
      'Static roles cannot be deleted.',
    );
    // Flags of a static role may still change.
    const flags = await admin.call<IdentityRoleDto>('PUT', `/api/identity/roles/${adminRole.id}`, {
      name: 'admin',
      isPublic: false,
      concurrencyStamp: adminRole.concurrencyStamp,
    });
    expect(flags.status).toBe(200);
    expect(flags.body).toMatchObject({ isStatic: true, isPublic: false });
    const duplicate = expectError(await admin.call('POST', '/api/identity/roles', { name: 'MANAGER' }), 403);
    expect(duplicate).toMatchObject({ code: 'Volo.Abp.Identity:DuplicateRoleName', message: "The role name 'MANAGER' is already taken." });
    expectError(await admin.call('POST', '/api/identity/roles', { name: '' }), 400);
    expectError(await admin.call('POST', '/api/identity/roles', {}), 400);
  });

  it('ignores server-owned fields in a body (mass assignment)', async () => {
    const acme = await signIn(server, 'admin', 'acme');
    const acmeRoles = await acme.call<{ items: IdentityRoleDto[] }>('GET', '/api/identity/roles/all');
    const created = await admin.call<IdentityRoleDto & { tenantId?: string }>('POST', '/api/identity/roles', {
      name: 'sneaky',
      isStatic: true,
      id: acmeRoles.body.items[0]!.id,
      tenantId: acmeRoles.body.items[0]!.id,
      userCount: 99,
      concurrencyStamp: 'x',
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ name: 'sneaky', isStatic: false, userCount: 0 });
    expect(created.body.id).not.toBe(acmeRoles.body.items[0]!.id);
    const hostNames = (await admin.call<{ items: IdentityRoleDto[] }>('GET', '/api/identity/roles/all')).body.items.map((r) => r.name);
    expect(hostNames).toContain('sneaky');
    const acmeNames = (await acme.call<{ items: IdentityRoleDto[] }>('GET', '/api/identity/roles/all')).body.items.map((r) => r.name);
    expect(acmeNames).not.toContain('sneaky');
    const update = await admin.call<IdentityRoleDto>('PUT', `/api/identity/roles/${created.body.id}`, {
      name: 'sneaky',
      isStatic: true,
      concurrencyStamp: created.body.concurrencyStamp,
    });
    expect(update.body.isStatic).toBe(false);
    expect((await admin.call('DELETE', `/api/identity/roles/${created.body.id}`)).status).toBe(204);
  });
});
