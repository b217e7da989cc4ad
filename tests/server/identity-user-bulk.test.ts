// Bulk actions over users (our extension) over real HTTP on a real database: lock "all matching" a
// filter locks exactly those; the caller and the host admin are skipped with a reason; a refused
// user is reported and the others go on; the set must still have the size the caller saw; ids of
// another tenant are reported as not found and left alone; deactivate ends sessions; delete.
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BulkActionReport } from '../../contract/identity-users.ts';
import { users } from '../../server/db/schema/index.ts';
import { createUser } from '../kit/auth.ts';
import { startTestServer, type TestServer } from '../kit/test-server.ts';
import { type Caller, expectError, signIn, strongPassword, tenantIdOf, userIdOf } from './identity-helpers.ts';

let server: TestServer;
let admin: Caller;
let acmeId: string;
beforeAll(async () => {
  server = await startTestServer();
  admin = await signIn(server, 'admin');
  acmeId = await tenantIdOf(server, 'acme');
});
afterAll(async () => {
  await server?.stop();
});

const base = '/api/identity/users/bulk';
const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();
const rowsLike = (pattern: string) => server.ctx.db.select().from(users).where(like(users.userName, pattern));

describe('bulk lock of all matching', () => {
  it('locks exactly the users matching the filter, and reports a refusal without stopping', async () => {
    for (const n of [1, 2, 3, 4]) await createUser(server, { userName: `bulk.sales${n}`, password: strongPassword });
    await createUser(server, { userName: 'bulk.sales.nolock', password: strongPassword, lockoutEnabled: false });
    for (const n of [1, 2]) await createUser(server, { userName: `bulk.ops${n}`, password: strongPassword });
    await createUser(server, { userName: 'bulk.sales.acme', password: strongPassword, tenantId: acmeId });
    const list = await admin.call<{ totalCount: number }>('GET', '/api/identity/users?userName=bulk.sales');
    expect(list.body.totalCount).toBe(5);
    const until = inAnHour();
    const reply = await admin.call<BulkActionReport>('POST', `${base}/lock`, {
      filter: { userName: 'bulk.sales' },
      expectedCount: 5,
      lockoutEnd: until,
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.done).toBe(4);
    expect(reply.body.skipped).toEqual([]);
    expect(reply.body.failed).toEqual([
      expect.objectContaining({ userName: 'bulk.sales.nolock', reason: "Lockout is not enabled for the user 'bulk.sales.nolock'." }),
    ]);
    const locked = (await rowsLike('bulk.%')).filter((u) => u.lockoutEnd && u.lockoutEnd > new Date());
    expect(locked.map((u) => u.userName).sort()).toEqual(['bulk.sales1', 'bulk.sales2', 'bulk.sales3', 'bulk.sales4']);
    expect(locked.every((u) => u.lockoutEnd!.toISOString() === until)).toBe(true);
    const locked2 = await admin.call<{ totalCount: number }>('GET', '/api/identity/users?userName=bulk.&isLockedOut=true');
    expect(locked2.body.totalCount).toBe(4);
  });

  it('refuses when the matching set no longer has the size the caller saw, and changes nothing', async () => {
    const before = await rowsLike('bulk.ops%');
    const error = expectError(
      await admin.call('POST', `${base}/lock`, { filter: { userName: 'bulk.ops' }, expectedCount: 3, lockoutEnd: inAnHour() }),
      409,
    );
    expect(error.message).toContain('(3 were shown, 2 match now)');
    expect(await rowsLike('bulk.ops%')).toEqual(before);
    expectError(await admin.call('POST', `${base}/lock`, { filter: { userName: 'bulk.ops' }, lockoutEnd: inAnHour() }), 400);
    expectError(await admin.call('POST', `${base}/unlock`, {}), 400);
    const both = await admin.call('POST', `${base}/unlock`, { ids: [await userIdOf(server, 'bulk.ops1')], filter: {}, expectedCount: 1 });
    expectError(both, 400);
  });

  it('skips the caller and the host admin with a reason', async () => {
    const adminId = await userIdOf(server, 'admin');
    const other = await createUser(server, { userName: 'bulk.admin2', password: strongPassword });
    const second = await signIn(server, 'bulk.admin2', undefined, strongPassword);
    // bulk.admin2 gets the admin role so it may act; then it locks itself, the host admin and one user.
    await admin.call('PUT', `/api/identity/users/${other}/roles`, { roleNames: ['admin'] });
    const target = await userIdOf(server, 'bulk.ops1');
    const reply = await second.call<BulkActionReport>('POST', `${base}/lock`, { ids: [other, adminId, target], lockoutEnd: inAnHour() });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.done).toBe(1);
    expect(reply.body.skipped).toEqual([
      { id: other, userName: 'bulk.admin2', reason: 'Your own account is left unchanged.' },
      { id: adminId, userName: 'admin', reason: 'The host administrator is left unchanged.' },
    ]);
    expect((await server.ctx.db.select().from(users).where(eq(users.id, adminId)))[0]!.lockoutEnd).toBeNull();
  });

  it("reports another tenant's ids as not found and leaves them alone", async () => {
    const acmeUser = await userIdOf(server, 'bulk.sales.acme', acmeId);
    const reply = await admin.call<BulkActionReport>('POST', `${base}/deactivate`, { ids: [acmeUser] });
    expect(reply.body.done).toBe(0);
    expect(reply.body.failed).toHaveLength(1);
    expect(reply.body.failed[0]!.reason).toContain('There is no entity IdentityUser');
    expect((await server.ctx.db.select().from(users).where(eq(users.id, acmeUser)))[0]!.isActive).toBe(true);
  });
});

describe('bulk unlock, deactivate, activate, delete', () => {
  it('runs each action on the listed users', async () => {
    const ids = await Promise.all([1, 2, 3].map((n) => createUser(server, { userName: `bulk.set${n}`, password: strongPassword })));
    const session = await signIn(server, 'bulk.set1', undefined, strongPassword);
    expect((await session.call('GET', '/api/account/my-profile')).status).toBe(200);

    const deactivated = await admin.call<BulkActionReport>('POST', `${base}/deactivate`, { ids });
    expect(deactivated.body).toEqual({ done: 3, skipped: [], failed: [] });
    expect((await rowsLike('bulk.set%')).every((u) => !u.isActive)).toBe(true);
    // Deactivation takes effect on the user's next request.
    expect((await session.call('GET', '/api/account/my-profile')).status).toBe(401);

    const activated = await admin.call<BulkActionReport>('POST', `${base}/activate`, {
      filter: { userName: 'bulk.set' },
      expectedCount: 3,
    });
    expect(activated.body.done).toBe(3);
    expect((await rowsLike('bulk.set%')).every((u) => u.isActive)).toBe(true);

    await admin.call('POST', `${base}/lock`, { ids, lockoutEnd: inAnHour() });
    const unlocked = await admin.call<BulkActionReport>('POST', `${base}/unlock`, { ids });
    expect(unlocked.body.done).toBe(3);
    expect((await rowsLike('bulk.set%')).every((u) => u.lockoutEnd === null)).toBe(true);

    const deleted = await admin.call<BulkActionReport>('POST', `${base}/delete`, { ids: ids.slice(0, 2) });
    expect(deleted.body.done).toBe(2);
    const rows = await rowsLike('bulk.set%');
    expect(
      rows
        .filter((u) => u.isDeleted)
        .map((u) => u.userName)
        .sort(),
    ).toEqual(['bulk.set1', 'bulk.set2']);
  });

  it('needs the permission of the single action', async () => {
    const id = await createUser(server, { userName: 'bulk.plain', password: strongPassword });
    const plain = await signIn(server, 'bulk.plain', undefined, strongPassword);
    expect((await plain.call('POST', `${base}/delete`, { ids: [id] })).status).toBe(403);
    expect((await plain.call('POST', `${base}/unlock`, { ids: [id] })).status).toBe(403);
  });
});
