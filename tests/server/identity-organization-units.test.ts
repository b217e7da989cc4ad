// /api/identity/organization-units and the user routes that read units, over real HTTP on a real
// database: the tree codes after create, move and delete; sibling names; moving under a descendant;
// members and roles with their pickers; move-all-users; tenant isolation (another tenant's id is a
// 404); the static /users/lookup/* paths; organizationUnitIds in the user DTOs; and the inheritance of
// a unit's roles (and its ancestors') by its members, effective on their next request.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { IdentityRoleDto, IdentityUserDto } from '../../contract/identity.ts';
import type { OrganizationUnitDto, OrganizationUnitWithDetailsDto } from '../../contract/identity-organization.ts';
import { entityChanges } from '../../server/db/schema/index.ts';
import { type Caller, expectError, identitySuite, signIn, strongPassword, tenantIdOf, userIdOf } from './identity-helpers.ts';

type Page<T> = { totalCount: number; items: T[] };
type Unit = OrganizationUnitWithDetailsDto;

const base = '/api/identity/organization-units';
const suite = identitySuite();

const allUnits = async (caller: Caller = suite.admin) => (await caller.call<{ items: Unit[] }>('GET', `${base}/all`)).body.items;
const codeOf = async (id: string) => (await suite.admin.call<Unit>('GET', `${base}/${id}`)).body.code;
async function create(displayName: string, parentId?: string, caller: Caller = suite.admin): Promise<Unit> {
  const reply = await caller.call<Unit>('POST', base, { displayName, parentId });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body;
}
async function createUser(userName: string, extra: Record<string, unknown> = {}): Promise<IdentityUserDto> {
  const reply = await suite.admin.call<IdentityUserDto>('POST', '/api/identity/users', {
    userName,
    email: `${userName}@example.com`,
    password: strongPassword,
    ...extra,
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body;
}

describe('the seeded demo tree', () => {
  it('lists the units of the caller tenant in tree order, with roles and member counts', async () => {
    const units = await allUnits();
    const byName = new Map(units.map((u) => [u.displayName, u]));
    expect(byName.get('Head office')).toMatchObject({ code: '00001', parentId: null, userCount: 0 });
    expect(byName.get('Finance')).toMatchObject({ code: '00001.00001', parentId: byName.get('Head office')!.id, userCount: 2 });
    expect(byName.get('Audit')!.roles.map((r) => r.name)).toEqual(['auditor']);
    expect(byName.get('South branch')!.code).toBe('00002.00002');
    const codes = units.map((u) => u.code);
    expect(codes).toEqual([...codes].sort());
    // acme has its own copy of the demo tree, with other ids.
    const acmeUnits = await allUnits(suite.acmeAdmin);
    expect(acmeUnits.map((u) => u.displayName).sort()).toEqual(units.map((u) => u.displayName).sort());
    expect(acmeUnits.some((u) => units.some((h) => h.id === u.id))).toBe(false);
  });
});

describe('tree codes', () => {
  it('creates roots and children with the next code, and refuses a duplicate sibling name', async () => {
    const ops = await create('Operations');
    expect(ops).toMatchObject({ code: '00003', parentId: null, roles: [], userCount: 0, isDeleted: false });
    const desk = await create('Desk', ops.id);
    const field = await create('Field', ops.id);
    expect([desk.code, field.code]).toEqual(['00003.00001', '00003.00002']);
    const duplicate = expectError(await suite.admin.call('POST', base, { displayName: 'Desk', parentId: ops.id }), 403);
    expect(duplicate).toMatchObject({
      code: 'Volo.Abp.Identity:010004',
      message: 'There is already an organization unit with name Desk. Two units with same name can not be created in same level.',
    });
    // The same name elsewhere in the tree is fine.
    expect((await create('Desk', field.id)).code).toBe('00003.00002.00001');
    expectError(await suite.admin.call('POST', base, { displayName: '' }), 400);
    expectError(await suite.admin.call('POST', base, { displayName: 'Orphan', parentId: crypto.randomUUID() }), 404);
  });

  it('renames with the concurrency stamp and keeps sibling names unique', async () => {
    const root = await create('Renamable');
    const sibling = await create('Sibling');
    const renamed = await suite.admin.call<Unit>('PUT', `${base}/${root.id}`, {
      displayName: 'Renamed',
      concurrencyStamp: root.concurrencyStamp,
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ displayName: 'Renamed', code: root.code });
    expect(renamed.body.concurrencyStamp).not.toBe(root.concurrencyStamp);
    expectError(
      await suite.admin.call('PUT', `${base}/${root.id}`, { displayName: 'Again', concurrencyStamp: root.concurrencyStamp }),
      409,
    );
    const clash = await suite.admin.call('PUT', `${base}/${root.id}`, {
      displayName: 'Sibling',
      concurrencyStamp: renamed.body.concurrencyStamp,
    });
    expect(expectError(clash, 403).code).toBe('Volo.Abp.Identity:010004');
    // Server-owned fields in the body are dropped.
    const sneaky = await suite.admin.call<Unit>('PUT', `${base}/${sibling.id}`, {
      displayName: 'Sibling 2',
      code: '99999',
      parentId: root.id,
      concurrencyStamp: sibling.concurrencyStamp,
    });
    expect(sneaky.body).toMatchObject({ displayName: 'Sibling 2', code: sibling.code, parentId: null });
  });

  it('moves a subtree, recomputing every code, and refuses to move under itself or a descendant', async () => {
    const a = await create('Move A');
    const b = await create('Move B');
    const b1 = await create('B1', b.id);
    const b11 = await create('B11', b1.id);
    const moved = await suite.admin.call('PUT', `${base}/${b.id}/move`, { newParentId: a.id });
    expect(moved.status).toBe(204);
    const bCode = `${a.code}.00001`;
    expect(await codeOf(b.id)).toBe(bCode);
    expect(await codeOf(b1.id)).toBe(`${bCode}.00001`);
    expect(await codeOf(b11.id)).toBe(`${bCode}.00001.00001`);
    expect((await suite.admin.call<Unit>('GET', `${base}/${b.id}`)).body.parentId).toBe(a.id);

    const underItself = expectError(await suite.admin.call('PUT', `${base}/${a.id}/move`, { newParentId: a.id }), 403);
    expect(underItself).toMatchObject({
      code: 'Volo.Abp.Identity:OrganizationUnitMoveToDescendant',
      message: 'An organization unit cannot be moved under itself or under one of its own sub-units.',
    });
    expectError(await suite.admin.call('PUT', `${base}/${a.id}/move`, { newParentId: b11.id }), 403);
    expect(await codeOf(a.id)).toBe(a.code);

    // A sibling with the same name at the destination refuses the move.
    await create('B1', a.id);
    expect(expectError(await suite.admin.call('PUT', `${base}/${b1.id}/move`, { newParentId: a.id }), 403).code).toBe(
      'Volo.Abp.Identity:010004',
    );

    // To the root: the next root code, the subtree follows.
    const roots = (await allUnits()).filter((u) => u.parentId === null).map((u) => u.code);
    const nextRoot = String(Math.max(...roots.map(Number)) + 1).padStart(5, '0');
    expect((await suite.admin.call('PUT', `${base}/${b1.id}/move`, { newParentId: null })).status).toBe(204);
    expect(await codeOf(b1.id)).toBe(nextRoot);
    expect(await codeOf(b11.id)).toBe(`${nextRoot}.00001`);
  });

  it('deletes a whole subtree with its memberships and role links, in one call', async () => {
    const top = await create('Doomed');
    const child = await create('Doomed child', top.id);
    const grandchild = await create('Doomed grandchild', child.id);
    const keeper = await create('Keeper');
    const user = await createUser('doomed.member');
    const role = (await suite.admin.call<IdentityRoleDto>('POST', '/api/identity/roles', { name: 'doomed-role' })).body;
    expect((await suite.admin.call('PUT', `${base}/${grandchild.id}/members`, { userIds: [user.id] })).status).toBe(204);
    expect((await suite.admin.call('PUT', `${base}/${keeper.id}/members`, { userIds: [user.id] })).status).toBe(204);
    expect((await suite.admin.call('PUT', `${base}/${child.id}/roles`, { roleIds: [role.id] })).status).toBe(204);

    expect((await suite.admin.call('DELETE', `${base}?id=${top.id}`)).status).toBe(204);
    for (const id of [top.id, child.id, grandchild.id]) expectError(await suite.admin.call('GET', `${base}/${id}`), 404);
    const units = await suite.admin.call<OrganizationUnitDto[]>('GET', `/api/identity/users/${user.id}/organization-units`);
    expect(units.body.map((u) => u.displayName)).toEqual(['Keeper']);
    expect((await allUnits()).some((u) => u.displayName.startsWith('Doomed'))).toBe(false);
    // The code of a deleted root is free again.
    expect((await create('Reborn')).code).toBeDefined();
    expectError(await suite.admin.call('DELETE', `${base}?id=${top.id}`), 404);
    expectError(await suite.admin.call('DELETE', base), 400);
  });
});

describe('lists, members and roles', () => {
  it('pages, sorts and filters the unit list', async () => {
    const page = await suite.admin.call<Page<Unit>>('GET', `${base}?maxResultCount=2&sorting=displayName%20desc`);
    expect(page.status).toBe(200);
    expect(page.body.items).toHaveLength(2);
    expect(page.body.totalCount).toBeGreaterThan(5);
    const names = page.body.items.map((u) => u.displayName);
    expect(names).toEqual([...names].sort().reverse());
    const filtered = await suite.admin.call<Page<Unit>>('GET', `${base}?filter=branch`);
    expect(filtered.body.items.map((u) => u.displayName)).toEqual(['Branches', 'North branch', 'South branch']);
    const byCount = await suite.admin.call<Page<Unit>>('GET', `${base}?sorting=userCount%20desc&maxResultCount=1`);
    expect(byCount.body.items[0]!.userCount).toBeGreaterThanOrEqual(2);
    expectError(await suite.admin.call('GET', `${base}?sorting=tenantId`), 400);
    expectError(await suite.admin.call('GET', `${base}?maxResultCount=1001`), 400);
  });

  it('adds, lists, offers and removes members, and moves them all to another unit', async () => {
    const unit = await create('Members');
    const target = await create('Members target');
    const anna = await createUser('anna.member', { name: 'Anna' });
    const ben = await createUser('ben.member', { name: 'Ben' });
    expect((await suite.admin.call('PUT', `${base}/${unit.id}/members`, { userIds: [anna.id, ben.id, anna.id] })).status).toBe(204);
    // Adding again is not an error.
    expect((await suite.admin.call('PUT', `${base}/${unit.id}/members`, { userIds: [anna.id] })).status).toBe(204);
    const members = await suite.admin.call<Page<IdentityUserDto>>('GET', `${base}/${unit.id}/members?sorting=userName%20desc`);
    expect(members.body).toMatchObject({ totalCount: 2 });
    expect(members.body.items.map((u) => u.userName)).toEqual(['ben.member', 'anna.member']);
    const filtered = await suite.admin.call<Page<IdentityUserDto>>('GET', `${base}/${unit.id}/members?filter=anna&maxResultCount=5`);
    expect(filtered.body.items.map((u) => u.userName)).toEqual(['anna.member']);
    expect((await suite.admin.call<Unit>('GET', `${base}/${unit.id}`)).body.userCount).toBe(2);
    // The user list filters by unit too.
    const listed = await suite.admin.call<Page<IdentityUserDto>>('GET', `/api/identity/users?organizationUnitId=${unit.id}`);
    expect(listed.body.items.map((u) => u.userName)).toEqual(['anna.member', 'ben.member']);

    const available = await suite.admin.call<Page<IdentityUserDto>>(
      'GET',
      `${base}/available-users?id=${unit.id}&filter=.member&maxResultCount=100`,
    );
    expect(available.status).toBe(200);
    const availableNames = available.body.items.map((u) => u.userName);
    expect(availableNames).not.toContain('anna.member');
    expect(availableNames).not.toContain('ben.member');
    const everyone = await suite.admin.call<Page<IdentityUserDto>>('GET', `${base}/available-users?filter=anna`);
    expect(everyone.body.items.map((u) => u.userName)).toEqual(['anna.member']);

    expectError(await suite.admin.call('PUT', `${base}/${unit.id}/members`, { userIds: [crypto.randomUUID()] }), 404);
    expect((await suite.admin.call('DELETE', `${base}/${unit.id}/members/${ben.id}`)).status).toBe(204);
    expect((await suite.admin.call<Page<IdentityUserDto>>('GET', `${base}/${unit.id}/members`)).body.totalCount).toBe(1);

    expect((await suite.admin.call('PUT', `${base}/${unit.id}/move-all-users?organizationId=${target.id}`)).status).toBe(204);
    expect((await suite.admin.call<Page<IdentityUserDto>>('GET', `${base}/${unit.id}/members`)).body.totalCount).toBe(0);
    const moved = await suite.admin.call<Page<IdentityUserDto>>('GET', `${base}/${target.id}/members`);
    expect(moved.body.items.map((u) => u.userName)).toEqual(['anna.member']);
    // Without a target the users only leave the unit.
    expect((await suite.admin.call('PUT', `${base}/${target.id}/move-all-users`)).status).toBe(204);
    expect((await suite.admin.call<Page<IdentityUserDto>>('GET', `${base}/${target.id}/members`)).body.totalCount).toBe(0);
    expectError(await suite.admin.call('PUT', `${base}/${target.id}/move-all-users?organizationId=${crypto.randomUUID()}`), 404);
  });

  it("counts a unit's members without deleted users, alone or with other filters", async () => {
    const unit = await create('Counted');
    const ids: string[] = [];
    for (const name of ['cnt.one', 'cnt.two', 'cnt.three']) ids.push((await createUser(name)).id);
    expect((await suite.admin.call('PUT', `${base}/${unit.id}/members`, { userIds: ids })).status).toBe(204);
    // A soft-deleted user keeps the membership row; it is not a member any more for the lists.
    expect((await suite.admin.call('DELETE', `/api/identity/users/${ids[2]}`)).status).toBe(204);
    // One row a page: the page is full, so the total is counted (from the memberships when only the unit narrows).
    const totalOf = async (path: string) => {
      const reply = await suite.admin.call<Page<IdentityUserDto>>('GET', path);
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      return reply.body.totalCount;
    };
    expect(await totalOf(`${base}/${unit.id}/members?maxResultCount=1`)).toBe(2);
    expect(await totalOf(`${base}/${unit.id}/members?maxResultCount=1&skipCount=1&sorting=userName%20desc`)).toBe(2);
    expect(await totalOf(`/api/identity/users?organizationUnitId=${unit.id}&maxResultCount=1`)).toBe(2);
    // Another filter: the users are counted with it.
    expect(await totalOf(`${base}/${unit.id}/members?maxResultCount=1&userName=cnt.t`)).toBe(1);
    expect(await totalOf(`/api/identity/users?organizationUnitId=${unit.id}&maxResultCount=1&filter=cnt.`)).toBe(2);
    expect(await totalOf(`/api/identity/users?organizationUnitId=${unit.id}&maxResultCount=1&notActive=true`)).toBe(0);
    expect((await suite.admin.call<Unit>('GET', `${base}/${unit.id}`)).body.userCount).toBe(2);
  });

  it('adds, lists, offers and removes roles', async () => {
    const unit = await create('Roles');
    const roles = (await suite.admin.call<{ items: IdentityRoleDto[] }>('GET', '/api/identity/roles/all')).body.items;
    const manager = roles.find((r) => r.name === 'manager')!;
    const auditor = roles.find((r) => r.name === 'auditor')!;
    expect((await suite.admin.call('PUT', `${base}/${unit.id}/roles`, { roleIds: [manager.id, auditor.id] })).status).toBe(204);
    const listed = await suite.admin.call<Page<IdentityRoleDto>>('GET', `${base}/${unit.id}/roles?sorting=name%20desc`);
    expect(listed.body.items.map((r) => r.name)).toEqual(['manager', 'auditor']);
    expect(listed.body.totalCount).toBe(2);
    expect((await suite.admin.call<Unit>('GET', `${base}/${unit.id}`)).body.roles.map((r) => r.name).sort()).toEqual([
      'auditor',
      'manager',
    ]);
    const available = await suite.admin.call<Page<IdentityRoleDto>>('GET', `${base}/available-roles?id=${unit.id}&maxResultCount=100`);
    expect(available.body.items.map((r) => r.name)).not.toContain('manager');
    expect(available.body.items.map((r) => r.name)).toContain('accountant');
    const filtered = await suite.admin.call<Page<IdentityRoleDto>>('GET', `${base}/available-roles?id=${unit.id}&filter=acc`);
    expect(filtered.body.items.map((r) => r.name)).toEqual(['accountant']);
    expect((await suite.admin.call('DELETE', `${base}/${unit.id}/roles/${manager.id}`)).status).toBe(204);
    expect((await suite.admin.call<Page<IdentityRoleDto>>('GET', `${base}/${unit.id}/roles`)).body.items.map((r) => r.name)).toEqual([
      'auditor',
    ]);
    expectError(await suite.admin.call('PUT', `${base}/${unit.id}/roles`, { roleIds: [crypto.randomUUID()] }), 404);
    expectError(await suite.admin.call('PUT', `${base}/${unit.id}/roles`, { roleIds: ['not-a-guid'] }), 400);
  });

  it('records entity changes for the audit log', async () => {
    const unit = await create('Audited unit');
    // Audit logs are written off the request path: wait for the change to land.
    let changes: Array<{ entityTypeFullName: string }> = [];
    for (let i = 0; i < 50 && !changes.length; i++) {
      if (i) await new Promise((resolve) => setTimeout(resolve, 20));
      await suite.server.ctx.audit.writer.flush();
      changes = await suite.server.ctx.db.select().from(entityChanges).where(eq(entityChanges.entityId, unit.id));
    }
    expect(changes.map((c) => c.entityTypeFullName)).toEqual(['Volo.Abp.Identity.OrganizationUnit']);
  });
});

describe('user routes about units', () => {
  let units: Unit[] = [];
  beforeAll(async () => {
    units = await allUnits();
  });

  it('answers the static lookups instead of taking them for a user id', async () => {
    const roles = await suite.admin.call<Array<{ id: string; name: string }>>('GET', '/api/identity/users/lookup/roles');
    expect(roles.status).toBe(200);
    expect(roles.body.map((r) => r.name)).toEqual(expect.arrayContaining(['admin', 'manager']));
    expect(Object.keys(roles.body[0]!).sort()).toEqual(['id', 'name']);
    const units = await suite.admin.call<Array<{ id: string; displayName: string }>>(
      'GET',
      '/api/identity/users/lookup/organization-units',
    );
    expect(units.status).toBe(200);
    expect(units.body.map((u) => u.displayName)).toContain('Finance');
    const available = await suite.admin.call<{ items: Unit[] }>('GET', '/api/identity/users/available-organization-units');
    expect(available.body.items.map((u) => u.displayName)).toContain('Finance');
    // acme sees its own.
    const acmeUnits = await suite.acmeAdmin.call<Array<{ id: string }>>('GET', '/api/identity/users/lookup/organization-units');
    expect(acmeUnits.body.some((u) => units.body.some((h) => h.id === u.id))).toBe(false);
  });

  it('saves organizationUnitIds of the user create and update DTOs', async () => {
    const [finance, audit] = ['Finance', 'Audit'].map((name) => units.find((u) => u.displayName === name)!);
    const created = await createUser('ou.created', { organizationUnitIds: [finance!.id] });
    const read = async () =>
      (await suite.admin.call<OrganizationUnitDto[]>('GET', `/api/identity/users/${created.id}/organization-units`)).body.map(
        (u) => u.displayName,
      );
    expect(await read()).toEqual(['Finance']);
    const auditDto = (
      await suite.admin.call<OrganizationUnitDto[]>(
        'GET',
        `/api/identity/users/${await userIdOf(suite.server, 'ahmed.hassan')}/organization-units`,
      )
    ).body;
    expect(auditDto[0]).toMatchObject({ displayName: 'Audit', code: '00001.00002' });
    expect(auditDto[0]!.roles).toHaveLength(1);
    const updated = await suite.admin.call<IdentityUserDto>('PUT', `/api/identity/users/${created.id}`, {
      userName: created.userName,
      email: created.email,
      organizationUnitIds: [audit!.id],
      concurrencyStamp: created.concurrencyStamp,
    });
    expect(updated.status).toBe(200);
    expect(await read()).toEqual(['Audit']);
    // Absent leaves them alone; an unknown unit is a 404 and nothing changes.
    const again = await suite.admin.call<IdentityUserDto>('PUT', `/api/identity/users/${created.id}`, {
      userName: created.userName,
      email: created.email,
      concurrencyStamp: updated.body.concurrencyStamp,
    });
    expect(again.status).toBe(200);
    expect(await read()).toEqual(['Audit']);
    const unknown = await suite.admin.call('PUT', `/api/identity/users/${created.id}`, {
      userName: created.userName,
      email: created.email,
      organizationUnitIds: [crypto.randomUUID()],
      concurrencyStamp: again.body.concurrencyStamp,
    });
    expectError(unknown, 404);
    expect(await read()).toEqual(['Audit']);
  });
});

describe('tenant isolation', () => {
  it('answers 404 to another tenant ids, on every kind of call', async () => {
    const hostUnit = await create('Host only');
    const hostUser = await userIdOf(suite.server, 'john.smith');
    const acmeId = await tenantIdOf(suite.server, 'acme');
    const acmeUser = await userIdOf(suite.server, 'john.smith', acmeId);
    const acmeUnit = (await allUnits(suite.acmeAdmin))[0]!;
    expectError(await suite.acmeAdmin.call('GET', `${base}/${hostUnit.id}`), 404);
    expectError(
      await suite.acmeAdmin.call('PUT', `${base}/${hostUnit.id}`, { displayName: 'x', concurrencyStamp: hostUnit.concurrencyStamp }),
      404,
    );
    expectError(await suite.acmeAdmin.call('DELETE', `${base}?id=${hostUnit.id}`), 404);
    expectError(await suite.acmeAdmin.call('PUT', `${base}/${hostUnit.id}/move`, { newParentId: null }), 404);
    expectError(await suite.acmeAdmin.call('PUT', `${base}/${acmeUnit.id}/move`, { newParentId: hostUnit.id }), 404);
    expectError(await suite.acmeAdmin.call('GET', `${base}/${hostUnit.id}/members`), 404);
    expectError(await suite.acmeAdmin.call('PUT', `${base}/${hostUnit.id}/members`, { userIds: [acmeUser] }), 404);
    expectError(await suite.acmeAdmin.call('PUT', `${base}/${acmeUnit.id}/members`, { userIds: [hostUser] }), 404);
    expectError(await suite.admin.call('PUT', `${base}/${hostUnit.id}/members`, { userIds: [acmeUser] }), 404);
    expectError(await suite.acmeAdmin.call('GET', `${base}/available-users?id=${hostUnit.id}`), 404);
    expectError(await suite.acmeAdmin.call('GET', `${base}/available-roles?id=${hostUnit.id}`), 404);
    expectError(await suite.acmeAdmin.call('PUT', `${base}/${acmeUnit.id}/move-all-users?organizationId=${hostUnit.id}`), 404);
    expectError(await suite.acmeAdmin.call('GET', `/api/identity/users/${hostUser}/organization-units`), 404);
    const hostRole = (await suite.admin.call<{ items: IdentityRoleDto[] }>('GET', '/api/identity/roles/all')).body.items[0]!;
    expectError(await suite.acmeAdmin.call('PUT', `${base}/${acmeUnit.id}/roles`, { roleIds: [hostRole.id] }), 404);
    expect((await suite.admin.call<Unit>('GET', `${base}/${hostUnit.id}`)).body).toMatchObject({
      displayName: 'Host only',
      userCount: 0,
      roles: [],
    });
  });
});

describe('permissions', () => {
  it('guards reads and each kind of write with its own permission', async () => {
    const reader = await createUser('ou.reader');
    const role = (await suite.admin.call<IdentityRoleDto>('POST', '/api/identity/roles', { name: 'ou-readers' })).body;
    await suite.admin.call('PUT', '/api/permission-management/permissions?providerName=R&providerKey=ou-readers', {
      permissions: [{ name: 'AbpIdentity.OrganizationUnits', isGranted: true }],
    });
    await suite.admin.call('PUT', `/api/identity/users/${reader.id}/roles`, { roleNames: [role.name] });
    const caller = await signIn(suite.server, 'ou.reader', undefined, strongPassword);
    expect((await caller.call('GET', `${base}/all`)).status).toBe(200);
    expectError(await caller.call('POST', base, { displayName: 'Nope' }), 403);
    const unit = (await allUnits())[0]!;
    expectError(await caller.call('PUT', `${base}/${unit.id}/members`, { userIds: [] }), 403);
    expectError(await caller.call('PUT', `${base}/${unit.id}/roles`, { roleIds: [] }), 403);
    expectError(await caller.call('GET', `${base}/available-users`), 403);
    expectError(await caller.call('GET', `${base}/available-roles`), 403);
  });
});

describe('inheritance of unit roles', () => {
  it('grants a member of a child unit the permissions of a role of an ancestor unit, on the next request', async () => {
    const role = (await suite.admin.call<IdentityRoleDto>('POST', '/api/identity/roles', { name: 'role-readers' })).body;
    const granted = await suite.admin.call('PUT', '/api/permission-management/permissions?providerName=R&providerKey=role-readers', {
      permissions: [{ name: 'AbpIdentity.Roles', isGranted: true }],
    });
    expect(granted.status).toBe(204);
    const parent = await create('Inheriting parent');
    const child = await create('Inheriting child', parent.id);
    const member = await createUser('inheriting.member', { roleNames: [] });
    const caller = await signIn(suite.server, 'inheriting.member', undefined, strongPassword);
    expectError(await caller.call('GET', '/api/identity/roles'), 403);

    expect((await suite.admin.call('PUT', `${base}/${child.id}/members`, { userIds: [member.id] })).status).toBe(204);
    expectError(await caller.call('GET', '/api/identity/roles'), 403);
    expect((await suite.admin.call('PUT', `${base}/${parent.id}/roles`, { roleIds: [role.id] })).status).toBe(204);
    expect((await caller.call('GET', '/api/identity/roles')).status).toBe(200);
    const config = await caller.call<{ auth: { grantedPolicies: Record<string, boolean> } }>('GET', '/api/abp/application-configuration');
    expect(config.body.auth.grantedPolicies['AbpIdentity.Roles']).toBe(true);
    // The permission list of the user names the role that grants it.
    const permissions = await suite.admin.call<{
      groups: Array<{ permissions: Array<{ name: string; grantedProviders: Array<{ providerName: string; providerKey: string }> }> }>;
    }>('GET', `/api/permission-management/permissions?providerName=U&providerKey=${member.id}`);
    const rolesPermission = permissions.body.groups.flatMap((g) => g.permissions).find((p) => p.name === 'AbpIdentity.Roles')!;
    expect(rolesPermission.grantedProviders).toEqual([{ providerName: 'R', providerKey: 'role-readers' }]);

    // Moving the child out of the parent takes the inherited role away; moving it back restores it.
    expect((await suite.admin.call('PUT', `${base}/${child.id}/move`, { newParentId: null })).status).toBe(204);
    expectError(await caller.call('GET', '/api/identity/roles'), 403);
    expect((await suite.admin.call('PUT', `${base}/${child.id}/move`, { newParentId: parent.id })).status).toBe(204);
    expect((await caller.call('GET', '/api/identity/roles')).status).toBe(200);

    expect((await suite.admin.call('DELETE', `${base}/${parent.id}/roles/${role.id}`)).status).toBe(204);
    expectError(await caller.call('GET', '/api/identity/roles'), 403);

    // Directly on the member's own unit, and gone with the membership.
    expect((await suite.admin.call('PUT', `${base}/${child.id}/roles`, { roleIds: [role.id] })).status).toBe(204);
    expect((await caller.call('GET', '/api/identity/roles')).status).toBe(200);
    expect((await suite.admin.call('DELETE', `${base}/${child.id}/members/${member.id}`)).status).toBe(204);
    expectError(await caller.call('GET', '/api/identity/roles'), 403);
    const after = await caller.call<{ auth: { grantedPolicies: Record<string, boolean> } }>('GET', '/api/abp/application-configuration');
    expect(after.body.auth.grantedPolicies['AbpIdentity.Roles']).toBeUndefined();
  });
});
