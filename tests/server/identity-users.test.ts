// /api/identity/users over real HTTP on a real database: list paging, sorting and filters, CRUD round
// trips, password policy, duplicates, concurrency stamps, user roles, soft delete, and that a bad
// request writes nothing.
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IdentityRoleDto, IdentityUserDto } from '../../contract/identity.ts';
import { users } from '../../server/db/schema/index.ts';
import { startTestServer, type TestServer } from '../kit/test-server.ts';
import { parseCsv } from '../../server/modules/shared/csv.ts';
import { setSettingValues, tenantOrGlobal } from '../../server/modules/setting-management/store.ts';
import { type Caller, expectError, signIn, strongPassword, tenantIdOf, userIdOf } from './identity-helpers.ts';

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

const userCount = async () => Number((await server.ctx.db.select({ n: count() }).from(users))[0]!.n);
const newUser = (userName: string, extra: Record<string, unknown> = {}) => ({
  userName,
  email: `${userName}@example.com`,
  password: strongPassword,
  name: 'Test',
  surname: 'User',
  ...extra,
});

describe('listing users', () => {
  it('pages the host users in user-name order by default', async () => {
    const all = await admin.call<Page<IdentityUserDto>>('GET', '/api/identity/users?maxResultCount=100');
    expect(all.status).toBe(200);
    expect(all.body.totalCount).toBe(9);
    const names = all.body.items.map((u) => u.userName);
    expect(names).toEqual([...names].sort());
    expect(all.body.items.every((u) => u.tenantId === null)).toBe(true);
    const page = await admin.call<Page<IdentityUserDto>>('GET', '/api/identity/users?skipCount=2&maxResultCount=3');
    expect(page.body.totalCount).toBe(9);
    expect(page.body.items.map((u) => u.userName)).toEqual(names.slice(2, 5));
    const defaults = await admin.call<Page<IdentityUserDto>>('GET', '/api/identity/users');
    expect(defaults.body.items).toHaveLength(9);
  });

  it('never sends a password hash or security stamp, and fills the Pro fields', async () => {
    const list = await admin.call<Page<Record<string, unknown>>>('GET', '/api/identity/users');
    const text = JSON.stringify(list.body);
    expect(text).not.toMatch(/passwordHash|securityStamp|\$argon2/);
    const adminRow = list.body.items.find((u) => u.userName === 'admin')!;
    expect(adminRow.roleNames).toEqual(['admin']);
    expect(adminRow).toMatchObject({ isLockedOut: false, isExternal: false, accessFailedCount: 0, isActive: true });
  });

  it('sorts on any listed column, case-insensitively, and refuses unknown ones', async () => {
    const byEmailDesc = await admin.call<Page<IdentityUserDto>>('GET', '/api/identity/users?sorting=EMAIL%20DESC&maxResultCount=100');
    const emails = byEmailDesc.body.items.map((u) => u.email);
    expect(emails).toEqual([...emails].sort().reverse());
    for (const column of [
      'userName',
      'email',
      'name',
      'surname',
      'phoneNumber',
      'creationTime',
      'isActive',
      'emailConfirmed',
      'lockoutEnd',
    ]) {
      const reply = await admin.call('GET', `/api/identity/users?sorting=${column}%20desc,userName%20asc`);
      expect(reply.status, column).toBe(200);
    }
    const bySurname = await admin.call<Page<IdentityUserDto>>('GET', '/api/identity/users?sorting=surname&maxResultCount=3');
    expect(bySurname.body.items.map((u) => u.surname)).toEqual(['Chen', 'Dubois', 'Garcia']);
    const unknown = expectError(await admin.call('GET', '/api/identity/users?sorting=passwordHash'), 400);
    expect(unknown.validationErrors?.[0]?.members).toEqual(['sorting']);
    expectError(await admin.call('GET', '/api/identity/users?sorting=userName%20sideways'), 400);
    expectError(await admin.call('GET', '/api/identity/users?sorting=userName;drop%20table%20users'), 400);
  });

  it('refuses maxResultCount above 1000 with a 400 naming it', async () => {
    const error = expectError(await admin.call('GET', '/api/identity/users?maxResultCount=1001'), 400);
    expect(error.validationErrors?.some((v) => v.members.includes('maxResultCount'))).toBe(true);
    expect(error.message).toBe('Your request is not valid!');
    expect((await admin.call('GET', '/api/identity/users?maxResultCount=1000')).status).toBe(200);
    expectError(await admin.call('GET', '/api/identity/users?maxResultCount=0'), 400);
    expectError(await admin.call('GET', '/api/identity/users?skipCount=-1'), 400);
  });

  it('filters by text and by the Pro filters', async () => {
    const text = await admin.call<Page<IdentityUserDto>>('GET', '/api/identity/users?filter=GARC');
    expect(text.body.items.map((u) => u.userName)).toEqual(['maria.garcia']);
    const wildcard = await admin.call<Page<IdentityUserDto>>('GET', '/api/identity/users?filter=%25');
    expect(wildcard.body.totalCount).toBe(0);
    const roles = await admin.call<{ items: IdentityRoleDto[] }>('GET', '/api/identity/users/assignable-roles');
    const auditor = roles.body.items.find((r) => r.name === 'auditor')!;
    const byRole = await admin.call<Page<IdentityUserDto>>('GET', `/api/identity/users?roleId=${auditor.id}`);
    expect(byRole.body.items.map((u) => u.userName)).toEqual(['ahmed.hassan', 'lena.petrosyan']);
    const bySurname = await admin.call<Page<IdentityUserDto>>('GET', '/api/identity/users?surname=smith&name=john');
    expect(bySurname.body.items.map((u) => u.userName)).toEqual(['john.smith']);
    const byEmail = await admin.call<Page<IdentityUserDto>>('GET', '/api/identity/users?emailAddress=admin@abp');
    expect(byEmail.body.items.map((u) => u.userName)).toEqual(['admin']);
    const active = await admin.call<Page<IdentityUserDto>>('GET', '/api/identity/users?notActive=true');
    expect(active.body.totalCount).toBe(0);
    const external = await admin.call<Page<IdentityUserDto>>(
      'GET',
      '/api/identity/users?isExternal=false&emailConfirmed=true&isLockedOut=false',
    );
    expect(external.body.totalCount).toBe(9);
    const future = await admin.call<Page<IdentityUserDto>>('GET', '/api/identity/users?minCreationTime=2999-01-01T00:00:00Z');
    expect(future.body.totalCount).toBe(0);
    expectError(await admin.call('GET', '/api/identity/users?roleId=not-a-guid'), 400);
  });
});

describe('creating, reading, updating and deleting a user', () => {
  it('round-trips a user with roles and the lookups', async () => {
    const created = await admin.call<IdentityUserDto>(
      'POST',
      '/api/identity/users',
      newUser('round.trip', { roleNames: ['manager'], phoneNumber: '+3741234567' }),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body).toMatchObject({
      userName: 'round.trip',
      email: 'round.trip@example.com',
      isActive: true,
      roleNames: ['manager'],
      tenantId: null,
    });
    expect(created.body.concurrencyStamp).toMatch(/^[0-9a-f]{32}$/);
    expect(created.body.lastPasswordChangeTime).toBeTruthy();
    const id = created.body.id;
    const got = await admin.call<IdentityUserDto>('GET', `/api/identity/users/${id}`);
    expect(got.body).toEqual(created.body);
    expect((await admin.call<IdentityUserDto>('GET', '/api/identity/users/by-username/ROUND.TRIP')).body.id).toBe(id);
    expect((await admin.call<IdentityUserDto>('GET', '/api/identity/users/by-email/Round.Trip@Example.com')).body.id).toBe(id);
    expectError(await admin.call('GET', '/api/identity/users/by-username/nobody'), 404);

    const updated = await admin.call<IdentityUserDto>('PUT', `/api/identity/users/${id}`, {
      ...newUser('round.trip2'),
      password: '',
      name: 'Renamed',
      roleNames: ['auditor', 'accountant'],
      concurrencyStamp: created.body.concurrencyStamp,
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body).toMatchObject({ userName: 'round.trip2', name: 'Renamed', roleNames: ['accountant', 'auditor'] });
    expect(updated.body.concurrencyStamp).not.toBe(created.body.concurrencyStamp);
    expect(updated.body.lastModificationTime).toBeTruthy();

    const roles = await admin.call<{ items: IdentityRoleDto[] }>('GET', `/api/identity/users/${id}/roles`);
    expect(roles.body.items.map((r) => r.name)).toEqual(['accountant', 'auditor']);
    const setRoles = await admin.call('PUT', `/api/identity/users/${id}/roles`, { roleNames: ['manager'] });
    expect(setRoles.status).toBe(204);
    expect((await admin.call<IdentityUserDto>('GET', `/api/identity/users/${id}`)).body.roleNames).toEqual(['manager']);
    const unknownRole = expectError(await admin.call('PUT', `/api/identity/users/${id}/roles`, { roleNames: ['manager', 'ghost'] }), 400);
    expect(unknownRole.validationErrors?.[0]?.message).toBe("Role 'ghost' does not exist.");
    expect((await admin.call<IdentityUserDto>('GET', `/api/identity/users/${id}`)).body.roleNames).toEqual(['manager']);

    expect((await admin.call('DELETE', `/api/identity/users/${id}`)).status).toBe(204);
    expectError(await admin.call('GET', `/api/identity/users/${id}`), 404);
    expectError(await admin.call('DELETE', `/api/identity/users/${id}`), 404);
    const list = await admin.call<Page<IdentityUserDto>>('GET', '/api/identity/users?filter=round.trip');
    expect(list.body.totalCount).toBe(0);
    // Soft delete: the row stays, and the name is free again.
    expect((await admin.call('POST', '/api/identity/users', newUser('round.trip2', { email: 'other@example.com' }))).status).toBe(200);
  });

  it('gives new users the default roles when no role names are sent', async () => {
    const role = await admin.call<IdentityRoleDto>('POST', '/api/identity/roles', { name: 'newcomer', isDefault: true });
    expect(role.status).toBe(200);
    const created = await admin.call<IdentityUserDto>('POST', '/api/identity/users', newUser('default.roles'));
    expect(created.body.roleNames).toEqual(['newcomer']);
    const explicit = await admin.call<IdentityUserDto>('POST', '/api/identity/users', newUser('no.roles', { roleNames: [] }));
    expect(explicit.body.roleNames).toEqual([]);
  });

  it('refuses an invalid body with 400 and writes nothing', async () => {
    const before = await userCount();
    const missing = expectError(await admin.call('POST', '/api/identity/users', { userName: 'x1', password: strongPassword }), 400);
    expect(missing.validationErrors?.[0]?.members).toEqual(['email']);
    expectError(await admin.call('POST', '/api/identity/users', newUser('bad.email', { email: 'not-an-email' })), 400);
    expectError(await admin.call('POST', '/api/identity/users', newUser('x'.repeat(257))), 400);
    expectError(await admin.call('POST', '/api/identity/users', newUser('has space')), 400);
    expectError(await admin.call('POST', '/api/identity/users', newUser('bad.role', { roleNames: ['ghost'] })), 400);
    expectError(await admin.call('POST', '/api/identity/users', newUser('bad.type', { isActive: 'maybe' })), 400);
    expect(await userCount()).toBe(before);
  });

  it('checks the password policy with localized messages', async () => {
    const before = await userCount();
    const weak = expectError(await admin.call('POST', '/api/identity/users', newUser('weak.pass', { password: 'abc' })), 400);
    const messages = weak.validationErrors?.map((v) => v.message) ?? [];
    expect(messages).toContain('Passwords must be at least 6 characters.');
    expect(messages).toContain("Passwords must have at least one digit ('0'-'9').");
    expect(messages).toContain('Passwords must have at least one non alphanumeric character.');
    expect(weak.validationErrors?.every((v) => v.members[0] === 'password')).toBe(true);
    const french = expectError(
      await admin.call('POST', '/api/identity/users', newUser('weak.pass', { password: 'abc' }), { 'accept-language': 'fr' }),
      400,
    );
    expect(french.validationErrors?.map((v) => v.message)).toContain('Les mots de passe doivent comporter au moins 6 caractères.');
    expect(await userCount()).toBe(before);
  });

  it("follows the tenant's own password settings", async () => {
    const acmeId = await tenantIdOf(server, 'acme');
    await setSettingValues(
      server.ctx,
      { 'Abp.Identity.Password.RequiredLength': '10', 'Abp.Identity.Password.RequireNonAlphanumeric': 'false' },
      tenantOrGlobal(acmeId),
    );
    const acme = await signIn(server, 'admin', 'acme');
    const short = expectError(await acme.call('POST', '/api/identity/users', newUser('policy.user', { password: 'Abcdef1!' })), 400);
    expect(short.validationErrors?.map((v) => v.message)).toEqual(['Passwords must be at least 10 characters.']);
    expect((await acme.call('POST', '/api/identity/users', newUser('policy.user', { password: 'Abcdefghi1' }))).status).toBe(200);
    // The host keeps ABP's defaults.
    expect((await admin.call('POST', '/api/identity/users', newUser('policy.host', { password: 'Abcdef1!' }))).status).toBe(200);
    expectError(await admin.call('POST', '/api/identity/users', newUser('policy.host2', { password: 'Abcdefghi1' })), 400);
  });

  it('keeps the user name and e-mail when the tenant settings forbid changing them', async () => {
    const acmeId = await tenantIdOf(server, 'acme');
    const acme = await signIn(server, 'admin', 'acme');
    const created = await acme.call<IdentityUserDto>('POST', '/api/identity/users', newUser('fixed.name', { password: 'Abcdefghi1!' }));
    await setSettingValues(
      server.ctx,
      { 'Abp.Identity.User.IsUserNameUpdateEnabled': 'false', 'Abp.Identity.User.IsEmailUpdateEnabled': 'false' },
      tenantOrGlobal(acmeId),
    );
    const updated = await acme.call<IdentityUserDto>('PUT', `/api/identity/users/${created.body.id}`, {
      ...newUser('other.name'),
      name: 'Changed',
      concurrencyStamp: created.body.concurrencyStamp,
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ userName: 'fixed.name', email: 'fixed.name@example.com', name: 'Changed' });
  });

  it('refuses a duplicate user name or e-mail in the same tenant', async () => {
    const taken = expectError(await admin.call('POST', '/api/identity/users', newUser('John.Smith')), 403);
    expect(taken).toMatchObject({ code: 'Volo.Abp.Identity:DuplicateUserName', message: "Username 'John.Smith' is already taken." });
    const email = expectError(
      await admin.call('POST', '/api/identity/users', newUser('someone', { email: 'JOHN.SMITH@finance.example' })),
      403,
    );
    expect(email.code).toBe('Volo.Abp.Identity:DuplicateEmail');
    const acme = await signIn(server, 'admin', 'acme');
    expect((await acme.call('POST', '/api/identity/users', newUser('john.smith.x', { userName: 'round.trip2' }))).status).toBe(200);
  });

  it('creates a user name once when the same request races', async () => {
    const replies = await Promise.all(
      Array.from({ length: 5 }, (_, i) => admin.call('POST', '/api/identity/users', newUser('racer', { email: `racer${i}@example.com` }))),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([200, 403, 403, 403, 403]);
    for (const reply of replies.filter((r) => r.status === 403))
      expect(expectError(reply, 403).code).toBe('Volo.Abp.Identity:DuplicateUserName');
  });

  it('answers 409 to a stale concurrency stamp and changes nothing', async () => {
    const created = await admin.call<IdentityUserDto>('POST', '/api/identity/users', newUser('stamp.user'));
    const id = created.body.id;
    const first = await admin.call<IdentityUserDto>('PUT', `/api/identity/users/${id}`, {
      ...newUser('stamp.user'),
      name: 'First',
      concurrencyStamp: created.body.concurrencyStamp,
    });
    expect(first.status).toBe(200);
    const stale = await admin.call('PUT', `/api/identity/users/${id}`, {
      ...newUser('stamp.user'),
      name: 'Second',
      concurrencyStamp: created.body.concurrencyStamp,
    });
    expect(expectError(stale, 409).message).toContain('changed');
    expect((await admin.call<IdentityUserDto>('GET', `/api/identity/users/${id}`)).body.name).toBe('First');
    const missingStamp = expectError(await admin.call('PUT', `/api/identity/users/${id}`, newUser('stamp.user')), 400);
    expect(missingStamp.validationErrors?.[0]?.members).toEqual(['concurrencyStamp']);
  });

  it('re-hashes a new password given on update and checks it against the policy', async () => {
    const created = await admin.call<IdentityUserDto>('POST', '/api/identity/users', newUser('pass.change'));
    const id = created.body.id;
    expectError(
      await admin.call('PUT', `/api/identity/users/${id}`, {
        ...newUser('pass.change'),
        password: 'short',
        concurrencyStamp: created.body.concurrencyStamp,
      }),
      400,
    );
    const changed = await admin.call<IdentityUserDto>('PUT', `/api/identity/users/${id}`, {
      ...newUser('pass.change'),
      password: 'An0ther!Pass',
      concurrencyStamp: created.body.concurrencyStamp,
    });
    expect(changed.status).toBe(200);
    const caller = await signIn(server, 'pass.change', undefined, 'An0ther!Pass');
    expect(caller.token).toBeTruthy();
  });

  it('does not let a user delete their own account', async () => {
    const adminId = await userIdOf(server, 'admin');
    const error = expectError(await admin.call('DELETE', `/api/identity/users/${adminId}`), 403);
    expect(error).toMatchObject({ code: 'Volo.Abp.Identity:010001', message: 'You can not delete your own account!' });
    expect((await admin.call('GET', `/api/identity/users/${adminId}`)).status).toBe(200);
  });
});

describe('user lookup', () => {
  it('finds users by id, user name and text, counts them, and stays in the tenant', async () => {
    const johnId = await userIdOf(server, 'john.smith');
    const byId = await admin.call<Record<string, unknown>>('GET', `/api/identity/users/lookup/${johnId}`);
    expect(byId.status).toBe(200);
    expect(byId.body).toMatchObject({ id: johnId, userName: 'john.smith', name: 'John', surname: 'Smith', tenantId: null, isActive: true });
    expect(Object.keys(byId.body)).not.toContain('concurrencyStamp');
    expect((await admin.call<{ id: string }>('GET', '/api/identity/users/lookup/by-username/JOHN.SMITH')).body.id).toBe(johnId);
    const search = await admin.call<{ items: Array<{ userName: string }> }>(
      'GET',
      '/api/identity/users/lookup/search?filter=smith&maxResultCount=5',
    );
    expect(search.body.items.map((u) => u.userName)).toEqual(['john.smith']);
    const counted = await admin.call<number>('GET', '/api/identity/users/lookup/count?filter=a');
    const listed = await admin.call<Page<IdentityUserDto>>('GET', '/api/identity/users?filter=a&maxResultCount=1');
    expect(counted.body).toBe(listed.body.totalCount);
    expectError(await admin.call('GET', '/api/identity/users/lookup/search?maxResultCount=1001'), 400);
    const acme = await signIn(server, 'admin', 'acme');
    expectError(await acme.call('GET', `/api/identity/users/lookup/${johnId}`), 404);
  });
});

// Spec 3's user list filter, one filter at a time, on three users of the acme tenant that differ in
// every filtered field (the host's users, counted above, stay untouched). Every query also narrows
// to the fixture's user names, except the user-name filter itself.
describe('every filter of the user list (spec 3)', () => {
  let acme: Caller;
  const ids: Record<'a' | 'b' | 'c', string> = { a: '', b: '', c: '' };
  let roleId = '';
  let unitId = '';

  beforeAll(async () => {
    const acmeId = await tenantIdOf(server, 'acme');
    acme = await signIn(server, 'admin', 'acme');
    const role = await acme.call<IdentityRoleDto>('POST', '/api/identity/roles', { name: 'flt-role' });
    roleId = role.body.id;
    const unit = await acme.call<{ id: string }>('POST', '/api/identity/organization-units', { displayName: 'flt-unit' });
    unitId = unit.body.id;
    const fixture = [
      { key: 'a', name: 'Alpha', surname: 'One', phoneNumber: '+100', emailConfirmed: true, isActive: true },
      { key: 'b', name: 'Beta', surname: 'Two', phoneNumber: '+200', emailConfirmed: false, isActive: false },
      { key: 'c', name: 'Gamma', surname: 'Three', phoneNumber: null, emailConfirmed: true, isActive: true },
    ] as const;
    for (const user of fixture) {
      const [row] = await server.ctx.db
        .insert(users)
        .values({
          tenantId: acmeId,
          userName: `flt.${user.key}`,
          normalizedUserName: `FLT.${user.key.toUpperCase()}`,
          email: `flt.${user.key}@example.test`,
          normalizedEmail: `FLT.${user.key.toUpperCase()}@EXAMPLE.TEST`,
          name: user.name,
          surname: user.surname,
          phoneNumber: user.phoneNumber,
          emailConfirmed: user.emailConfirmed,
          isActive: user.isActive,
          passwordHash: 'x',
        })
        .returning({ id: users.id });
      ids[user.key] = row!.id;
    }
    expect((await acme.call('PUT', `/api/identity/users/${ids.a}/roles`, { roleNames: ['flt-role'] })).status).toBeLessThan(300);
    expect((await acme.call('PUT', `/api/identity/organization-units/${unitId}/members`, { userIds: [ids.a] })).status).toBeLessThan(300);
    // Times and states last, so that the calls above do not move them.
    const set = (key: 'a' | 'b' | 'c', values: Partial<typeof users.$inferInsert>) =>
      server.ctx.db.update(users).set(values).where(eq(users.id, ids[key]));
    await set('a', { creationTime: new Date('2020-01-01T00:00:00Z'), lastModificationTime: new Date('2021-01-01T00:00:00Z') });
    await set('b', {
      creationTime: new Date('2022-01-01T00:00:00Z'),
      lastModificationTime: new Date('2023-06-01T00:00:00Z'),
      lockoutEnabled: true,
      lockoutEnd: new Date(Date.now() + 3_600_000),
      isExternal: true,
    });
    await set('c', { creationTime: new Date('2024-01-01T00:00:00Z'), lastModificationTime: null });
  });

  const names = async (query: string, narrow = true) => {
    const reply = await acme.call<Page<IdentityUserDto>>(
      'GET',
      `/api/identity/users?maxResultCount=1000&${narrow ? 'userName=flt.&' : ''}${query}`,
    );
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return reply.body.items.map((u) => u.userName);
  };

  it('filter (free text over user name, e-mail, name, surname and phone)', async () => {
    expect(await names('filter=gamm')).toEqual(['flt.c']);
    expect(await names('filter=%2B200')).toEqual(['flt.b']);
  });
  it('roleId', async () => expect(await names(`roleId=${roleId}`)).toEqual(['flt.a']));
  it('organizationUnitId', async () => expect(await names(`organizationUnitId=${unitId}`)).toEqual(['flt.a']));
  it('id', async () => {
    expect(await names(`id=${ids.b}`, false)).toEqual(['flt.b']);
    expectError(await acme.call('GET', '/api/identity/users?id=not-a-guid'), 400);
  });
  it('userName', async () => expect(await names('userName=FLT.B', false)).toEqual(['flt.b']));
  it('phoneNumber', async () => expect(await names('phoneNumber=%2B100')).toEqual(['flt.a']));
  it('emailAddress', async () => expect(await names('emailAddress=flt.c@')).toEqual(['flt.c']));
  it('name', async () => expect(await names('name=alph')).toEqual(['flt.a']));
  it('surname', async () => expect(await names('surname=two')).toEqual(['flt.b']));
  it('isLockedOut', async () => {
    expect(await names('isLockedOut=true')).toEqual(['flt.b']);
    expect(await names('isLockedOut=false')).toEqual(['flt.a', 'flt.c']);
  });
  it('notActive', async () => {
    expect(await names('notActive=true')).toEqual(['flt.b']);
    expect(await names('notActive=false')).toEqual(['flt.a', 'flt.c']);
  });
  it('emailConfirmed', async () => {
    expect(await names('emailConfirmed=false')).toEqual(['flt.b']);
    expect(await names('emailConfirmed=true')).toEqual(['flt.a', 'flt.c']);
  });
  it('isExternal', async () => {
    expect(await names('isExternal=true')).toEqual(['flt.b']);
    expect(await names('isExternal=false')).toEqual(['flt.a', 'flt.c']);
  });
  it('minCreationTime and maxCreationTime (inclusive)', async () => {
    expect(await names('minCreationTime=2021-06-01T00:00:00Z')).toEqual(['flt.b', 'flt.c']);
    expect(await names('maxCreationTime=2021-06-01T00:00:00Z')).toEqual(['flt.a']);
    expect(await names('minCreationTime=2022-01-01T00:00:00Z&maxCreationTime=2022-01-01T00:00:00Z')).toEqual(['flt.b']);
  });
  it('minModifitionTime and maxModifitionTime (inclusive; a never-modified user is outside any range)', async () => {
    expect(await names('minModifitionTime=2022-01-01T00:00:00Z')).toEqual(['flt.b']);
    expect(await names('maxModifitionTime=2022-01-01T00:00:00Z')).toEqual(['flt.a']);
    expect(await names('minModifitionTime=2021-01-01T00:00:00Z&maxModifitionTime=2023-06-01T00:00:00Z')).toEqual(['flt.a', 'flt.b']);
    expectError(await acme.call('GET', '/api/identity/users?minModifitionTime=yesterday'), 400);
  });
  it('combines filters, and the export takes the same ones', async () => {
    expect(await names('emailConfirmed=true&isLockedOut=false&maxCreationTime=2021-06-01T00:00:00Z')).toEqual(['flt.a']);
    const exported = await fetch(`${server.url}/api/identity/users/export?userName=flt.&minModifitionTime=2021-01-01T00:00:00Z`, {
      headers: { authorization: `Bearer ${acme.token}`, 'accept-language': 'en' },
    });
    expect(exported.status).toBe(200);
    const [header, ...rows] = parseCsv(await exported.text());
    const column = header!.indexOf('User name');
    expect(rows.map((row) => row[column])).toEqual(['flt.a', 'flt.b']);
  });
});
