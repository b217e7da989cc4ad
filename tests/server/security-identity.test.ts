// Security properties of the identity API: tenant isolation (another tenant's id answers 404 on
// every verb, lists never leak), permission checks (403 without the permission), revocation
// (a deactivated or deleted user's token fails on the very next request) and mass assignment
// (server-owned fields in a body change nothing).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IdentityRoleDto, IdentityUserDto } from '../../contract/identity.ts';
import { identitySessions, users } from '../../server/db/schema/index.ts';
import { startTestServer, type TestServer } from '../kit/test-server.ts';
import { type Caller, expectError, signIn, strongPassword, tenantIdOf, userIdOf } from './identity-helpers.ts';

type Page<T> = { totalCount: number; items: T[] };

let server: TestServer;
let hostAdmin: Caller;
let acmeAdmin: Caller;
let acmeId: string;
beforeAll(async () => {
  server = await startTestServer();
  hostAdmin = await signIn(server, 'admin');
  acmeAdmin = await signIn(server, 'admin', 'acme');
  acmeId = await tenantIdOf(server, 'acme');
});
afterAll(async () => {
  await server?.stop();
});

const userBody = (userName: string, extra: Record<string, unknown> = {}) => ({
  userName,
  email: `${userName}@example.com`,
  password: strongPassword,
  ...extra,
});

describe('tenant isolation', () => {
  it('lists only the caller tenant users and roles', async () => {
    const acmeUsers = await acmeAdmin.call<Page<IdentityUserDto>>('GET', '/api/identity/users?maxResultCount=1000');
    expect(acmeUsers.body.totalCount).toBe(9);
    expect(acmeUsers.body.items.every((u) => u.tenantId === acmeId)).toBe(true);
    expect(acmeUsers.body.items.find((u) => u.userName === 'admin')?.email).toBe('admin@acme.example');
    const hostUsers = await hostAdmin.call<Page<IdentityUserDto>>('GET', '/api/identity/users?maxResultCount=1000');
    expect(hostUsers.body.items.every((u) => u.tenantId === null)).toBe(true);
    const acmeRoles = await acmeAdmin.call<{ items: IdentityRoleDto[] }>('GET', '/api/identity/roles/all');
    const hostRoles = await hostAdmin.call<{ items: IdentityRoleDto[] }>('GET', '/api/identity/roles/all');
    const hostIds = new Set(hostRoles.body.items.map((r) => r.id));
    expect(acmeRoles.body.items.some((r) => hostIds.has(r.id))).toBe(false);
  });

  it("answers 404 to every verb on another tenant's user, and changes nothing", async () => {
    const hostUserId = await userIdOf(server, 'john.smith');
    const acmeUserId = await userIdOf(server, 'john.smith', acmeId);
    const [before] = await server.ctx.db.select().from(users).where(eq(users.id, hostUserId));
    for (const [caller, foreignId] of [
      [acmeAdmin, hostUserId],
      [hostAdmin, acmeUserId],
    ] as const) {
      expectError(await caller.call('GET', `/api/identity/users/${foreignId}`), 404);
      expectError(await caller.call('GET', `/api/identity/users/${foreignId}/roles`), 404);
      expectError(
        await caller.call('PUT', `/api/identity/users/${foreignId}`, { ...userBody('hijack'), concurrencyStamp: before!.concurrencyStamp }),
        404,
      );
      expectError(await caller.call('PUT', `/api/identity/users/${foreignId}/roles`, { roleNames: [] }), 404);
      expectError(await caller.call('DELETE', `/api/identity/users/${foreignId}`), 404);
    }
    expectError(await acmeAdmin.call('GET', '/api/identity/users/by-email/john.smith@finance.example'), 404);
    const [after] = await server.ctx.db.select().from(users).where(eq(users.id, hostUserId));
    expect(after).toEqual(before);
  });

  it("answers 404 to every verb on another tenant's role and refuses its role names", async () => {
    const hostRoles = await hostAdmin.call<{ items: IdentityRoleDto[] }>('GET', '/api/identity/roles/all');
    const manager = hostRoles.body.items.find((r) => r.name === 'manager')!;
    expectError(await acmeAdmin.call('GET', `/api/identity/roles/${manager.id}`), 404);
    expectError(
      await acmeAdmin.call('PUT', `/api/identity/roles/${manager.id}`, { name: 'x', concurrencyStamp: manager.concurrencyStamp }),
      404,
    );
    expectError(await acmeAdmin.call('DELETE', `/api/identity/roles/${manager.id}`), 404);
    const acmeUsersByHostRole = await acmeAdmin.call<Page<IdentityUserDto>>('GET', `/api/identity/users?roleId=${manager.id}`);
    expect(acmeUsersByHostRole.body.totalCount).toBe(0);
    const hostOnly = await hostAdmin.call<IdentityRoleDto>('POST', '/api/identity/roles', { name: 'host-only' });
    expect(hostOnly.status).toBe(200);
    expectError(await acmeAdmin.call('POST', '/api/identity/users', userBody('acme.user', { roleNames: ['host-only'] })), 400);
  });

  it('cannot be crossed with a __tenant header when a token is presented', async () => {
    const list = await hostAdmin.call<Page<IdentityUserDto>>('GET', '/api/identity/users', undefined, { __tenant: 'acme' });
    expect(list.body.items.every((u) => u.tenantId === null)).toBe(true);
  });
});

describe('permissions', () => {
  it('answers 403 to a signed-in user without AbpIdentity.Users / AbpIdentity.Roles', async () => {
    const john = await signIn(server, 'john.smith');
    const johnId = await userIdOf(server, 'john.smith');
    expectError(await john.call('GET', '/api/identity/users'), 403);
    expectError(await john.call('GET', `/api/identity/users/${johnId}`), 403);
    expectError(await john.call('POST', '/api/identity/users', userBody('by.john')), 403);
    expectError(await john.call('PUT', `/api/identity/users/${johnId}/roles`, { roleNames: ['admin'] }), 403);
    expectError(await john.call('DELETE', `/api/identity/users/${johnId}`), 403);
    expectError(await john.call('GET', '/api/identity/roles'), 403);
    expectError(await john.call('POST', '/api/identity/roles', { name: 'by-john' }), 403);
    const roles = await hostAdmin.call<{ items: IdentityRoleDto[] }>('GET', `/api/identity/users/${johnId}/roles`);
    expect(roles.body.items.map((r) => r.name)).toEqual(['manager']);
  });

  it('ignores role names in a user body without AbpIdentity.Users.Update.ManageRoles (no escalation to admin)', async () => {
    expect((await hostAdmin.call('POST', '/api/identity/roles', { name: 'user-editor' })).status).toBe(200);
    const grant = await hostAdmin.call('PUT', '/api/permission-management/permissions?providerName=R&providerKey=user-editor', {
      permissions: ['AbpIdentity.Users', 'AbpIdentity.Users.Create', 'AbpIdentity.Users.Update'].map((name) => ({ name, isGranted: true })),
    });
    expect(grant.status, JSON.stringify(grant.body)).toBeLessThan(300);
    const editorUser = await hostAdmin.call<IdentityUserDto>(
      'POST',
      '/api/identity/users',
      userBody('the.editor', { roleNames: ['user-editor'] }),
    );
    const editor = await signIn(server, 'the.editor', undefined, strongPassword);

    const created = await editor.call<IdentityUserDto>('POST', '/api/identity/users', userBody('made.by.editor', { roleNames: ['admin'] }));
    expect(created.status).toBe(200);
    expect(created.body.roleNames).toEqual([]);
    const self = await editor.call<IdentityUserDto>('PUT', `/api/identity/users/${editorUser.body.id}`, {
      ...userBody('the.editor'),
      password: null,
      roleNames: ['admin', 'user-editor'],
      concurrencyStamp: editorUser.body.concurrencyStamp,
    });
    expect(self.status).toBe(200);
    expect(self.body.roleNames).toEqual(['user-editor']);
    expectError(await editor.call('PUT', `/api/identity/users/${editorUser.body.id}/roles`, { roleNames: ['admin'] }), 403);
    expectError(await editor.call('DELETE', `/api/identity/users/${created.body.id}`), 403);
    expectError(await editor.call('GET', '/api/identity/roles'), 403);
  });

  it('answers 401 without a token', async () => {
    const reply = await fetch(`${server.url}/api/identity/users`);
    expect(reply.status).toBe(401);
    expect(reply.headers.get('_abperrorformat')).toBe('true');
  });
});

describe('revocation', () => {
  it("stops a deactivated user's token on the next request and drops their sessions", async () => {
    const created = await hostAdmin.call<IdentityUserDto>(
      'POST',
      '/api/identity/users',
      userBody('soon.inactive', { roleNames: ['admin'] }),
    );
    const victim = await signIn(server, 'soon.inactive', undefined, strongPassword);
    expect((await victim.call('GET', '/api/identity/users')).status).toBe(200);
    const live = await server.ctx.db.select().from(identitySessions).where(eq(identitySessions.userId, created.body.id));
    expect(live.length).toBeGreaterThan(0);
    const updated = await hostAdmin.call('PUT', `/api/identity/users/${created.body.id}`, {
      ...userBody('soon.inactive'),
      password: null,
      isActive: false,
      concurrencyStamp: created.body.concurrencyStamp,
    });
    expect(updated.status).toBe(200);
    expectError(await victim.call('GET', '/api/identity/users'), 401);
    const sessions = await server.ctx.db.select().from(identitySessions).where(eq(identitySessions.userId, created.body.id));
    expect(sessions).toEqual([]);
  });

  it("stops a deleted user's token on the next request", async () => {
    const created = await hostAdmin.call<IdentityUserDto>(
      'POST',
      '/api/identity/users',
      userBody('soon.deleted', { roleNames: ['admin'] }),
    );
    const victim = await signIn(server, 'soon.deleted', undefined, strongPassword);
    expect((await victim.call('GET', '/api/identity/roles')).status).toBe(200);
    expect((await hostAdmin.call('DELETE', `/api/identity/users/${created.body.id}`)).status).toBe(204);
    expectError(await victim.call('GET', '/api/identity/roles'), 401);
  });

  it('takes a removed role away at once', async () => {
    const created = await hostAdmin.call<IdentityUserDto>(
      'POST',
      '/api/identity/users',
      userBody('role.removed', { roleNames: ['admin'] }),
    );
    const member = await signIn(server, 'role.removed', undefined, strongPassword);
    expect((await member.call('GET', '/api/identity/users')).status).toBe(200);
    expect((await hostAdmin.call('PUT', `/api/identity/users/${created.body.id}/roles`, { roleNames: [] })).status).toBe(204);
    expectError(await member.call('GET', '/api/identity/users'), 403);
  });
});

describe('mass assignment', () => {
  it('ignores tenantId, id, creatorId, isDeleted and other server-owned fields on create', async () => {
    const foreignId = await userIdOf(server, 'john.smith', acmeId);
    const created = await hostAdmin.call<IdentityUserDto>(
      'POST',
      '/api/identity/users',
      userBody('mass.assign', {
        id: foreignId,
        tenantId: acmeId,
        creatorId: foreignId,
        isDeleted: true,
        concurrencyStamp: 'chosen',
        passwordHash: 'x',
        securityStamp: 'x',
        accessFailedCount: 7,
        isExternal: true,
        entityVersion: 40,
      }),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body).toMatchObject({ tenantId: null, isDeleted: false, accessFailedCount: 0, isExternal: false, entityVersion: 0 });
    expect(created.body.id).not.toBe(foreignId);
    expect(created.body.creatorId).toBe(await userIdOf(server, 'admin'));
    expect(created.body.concurrencyStamp).not.toBe('chosen');
    const [row] = await server.ctx.db.select().from(users).where(eq(users.id, created.body.id));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row!.securityStamp).not.toBe('x');
  });

  it('ignores them on update too, and cannot move a user to another tenant', async () => {
    const created = await hostAdmin.call<IdentityUserDto>('POST', '/api/identity/users', userBody('mass.update'));
    const updated = await hostAdmin.call<IdentityUserDto>('PUT', `/api/identity/users/${created.body.id}`, {
      ...userBody('mass.update'),
      password: undefined,
      tenantId: acmeId,
      id: '3a0f0000-0000-4000-8000-000000000009',
      lockoutEnd: '2999-01-01T00:00:00Z',
      isDeleted: true,
      creationTime: '2000-01-01T00:00:00Z',
      concurrencyStamp: created.body.concurrencyStamp,
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      id: created.body.id,
      tenantId: null,
      lockoutEnd: null,
      isDeleted: false,
      creationTime: created.body.creationTime,
    });
    const acmeList = await acmeAdmin.call<Page<IdentityUserDto>>('GET', '/api/identity/users?filter=mass.update');
    expect(acmeList.body.totalCount).toBe(0);
  });
});
