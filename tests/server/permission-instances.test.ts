// Two server instances on one PostgreSQL database, each with its own connections and its own
// notification listener (as two processes behind a load balancer): a permission removed through one
// is refused on the very next request to the other, although the other had it cached, and so is a
// role taken from the user. No polling, and the other instance hears every notification 300 ms late:
// the changing request answers only when the other has heard (the cache bus's fence, server/cache.ts).
// PGlite is single-process, so this suite runs only with TEST_DATABASE_URL.
import { describe, expect, it } from 'vitest';
import { authHeaders, createUser, passwordToken } from '../kit/auth.ts';
import { databaseKind, twoInstances } from '../kit/test-server.ts';

const postgres = databaseKind === 'postgres';
const password = '1q2w3E*';
const pair = twoInstances({ notificationDelayMs: 300 });

const call = (url: string, token: string, init: RequestInit = {}) =>
  fetch(url, { ...init, headers: { ...authHeaders(token), 'content-type': 'application/json' } });
const setRolePermission = async (role: string, name: string, isGranted: boolean) => {
  const url = `${pair.first.url}/api/permission-management/permissions?providerName=R&providerKey=${encodeURIComponent(role)}`;
  const response = await call(url, pair.admin, { method: 'PUT', body: JSON.stringify({ permissions: [{ name, isGranted }] }) });
  expect(response.status).toBe(204);
};

describe.skipIf(!postgres)('a permission change made through one instance', () => {
  it('is refused, and granted again, on the next request to the other instance', async () => {
    const created = await call(`${pair.first.url}/api/identity/roles`, pair.admin, {
      method: 'POST',
      body: JSON.stringify({ name: 'instances-clerk' }),
    });
    expect(created.status).toBe(200);
    const userId = await createUser(pair.first, { userName: 'instances.clerk', password });
    const assigned = await call(`${pair.first.url}/api/identity/users/${userId}/roles`, pair.admin, {
      method: 'PUT',
      body: JSON.stringify({ roleNames: ['instances-clerk'] }),
    });
    expect(assigned.status).toBe(204);
    await setRolePermission('instances-clerk', 'AbpIdentity.Roles', true);
    const clerk = (await passwordToken(pair.first, { userName: 'instances.clerk', password })).access_token;
    const rolesOnSecond = () => call(`${pair.second.url}/api/identity/roles`, clerk).then((r) => r.status);

    for (let round = 0; round < 3; round += 1) {
      // The second instance reads the grant and caches it (twice: the second answer comes from its cache).
      expect(await rolesOnSecond()).toBe(200);
      expect(await rolesOnSecond()).toBe(200);
      await setRolePermission('instances-clerk', 'AbpIdentity.Roles', false);
      expect(await rolesOnSecond()).toBe(403);
      expect(await rolesOnSecond()).toBe(403);
      await setRolePermission('instances-clerk', 'AbpIdentity.Roles', true);
    }

    // Taking the role away from the user (another cache: the user's role names) works the same way.
    expect(await rolesOnSecond()).toBe(200);
    const unassigned = await call(`${pair.first.url}/api/identity/users/${userId}/roles`, pair.admin, {
      method: 'PUT',
      body: JSON.stringify({ roleNames: [] }),
    });
    expect(unassigned.status).toBe(204);
    expect(await rolesOnSecond()).toBe(403);
  });
});
