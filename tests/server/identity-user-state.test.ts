// Per-user state over real HTTP on a real database: by-id, external login providers, two-factor,
// lock until a time (refused for oneself and without lockout enabled; the locked user's live token
// is refused on its next request and works again after unlock), change-password under the policy,
// and that another tenant's id is a 404 on every one of them.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { IdentityUserDto } from '../../contract/identity.ts';
import { users } from '../../server/db/schema/index.ts';
import { setSettingValues, tenantOrGlobal } from '../../server/modules/setting-management/store.ts';
import { verifyPassword } from '../../server/modules/identity/passwords.ts';
import { createUser } from '../kit/auth.ts';
import { expectError, identitySuite, signIn, strongPassword, userIdOf } from './identity-helpers.ts';

const suite = identitySuite();

const base = '/api/identity/users';
const rowOf = async (id: string) => (await suite.server.ctx.db.select().from(users).where(eq(users.id, id)))[0]!;
const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

describe('reading a user', () => {
  it('answers by-id in the tenant and 404 for another tenant', async () => {
    const id = await userIdOf(suite.server, 'admin');
    const reply = await suite.admin.call<IdentityUserDto>('GET', `${base}/by-id/${id}`);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ id, userName: 'admin', roleNames: ['admin'] });
    const other = expectError(await suite.acmeAdmin.call('GET', `${base}/by-id/${id}`), 404);
    expect(other.message).toContain('IdentityUser');
  });

  it('answers no external login provider, and import-external-user is a business error', async () => {
    const providers = await suite.admin.call('GET', `${base}/external-login-Providers`);
    expect(providers.status).toBe(200);
    expect(providers.body).toEqual([]);
    const error = expectError(
      await suite.admin.call('POST', `${base}/import-external-user`, {
        provider: 'Ldap',
        userNameOrEmailAddress: 'someone',
        password: 'x',
      }),
      403,
    );
    expect(error.code).toBe('Volo.Abp.Identity:010010');
    expect(error.message).toContain('Ldap');
  });

  it('is not reachable before the list routes (fixed paths win)', async () => {
    const reply = await suite.admin.call('GET', `${base}/download-token`);
    expect(reply.status).toBe(200);
  });
});

describe('two-factor', () => {
  it('reads and switches the flag, renewing the security stamp', async () => {
    const id = await createUser(suite.server, { userName: 'tf.user', password: strongPassword });
    expect((await suite.admin.call('GET', `${base}/${id}/two-factor-enabled`)).body).toBe(false);
    const before = await rowOf(id);
    expect((await suite.admin.call('PUT', `${base}/${id}/two-factor/true`)).status).toBe(204);
    expect((await suite.admin.call('GET', `${base}/${id}/two-factor-enabled`)).body).toBe(true);
    const after = await rowOf(id);
    expect(after.securityStamp).not.toBe(before.securityStamp);
    expect(after.concurrencyStamp).not.toBe(before.concurrencyStamp);
    expect((await suite.admin.call('PUT', `${base}/${id}/two-factor/False`)).status).toBe(204);
    expect((await rowOf(id)).twoFactorEnabled).toBe(false);
    expectError(await suite.admin.call('PUT', `${base}/${id}/two-factor/maybe`), 400);
    expectError(await suite.acmeAdmin.call('PUT', `${base}/${id}/two-factor/true`), 404);
  });

  it('refuses a change while the two-factor behaviour is not Optional', async () => {
    const id = await createUser(suite.server, { userName: 'tf.forced', password: strongPassword });
    await setSettingValues(suite.server.ctx, { 'Abp.Identity.TwoFactor.Behaviour': 'Forced' }, tenantOrGlobal(null));
    try {
      const error = expectError(await suite.admin.call('PUT', `${base}/${id}/two-factor/true`), 403);
      expect(error.code).toBe('Volo.Abp.Identity:CanNotChangeTwoFactor');
    } finally {
      await setSettingValues(suite.server.ctx, { 'Abp.Identity.TwoFactor.Behaviour': null }, tenantOrGlobal(null));
    }
  });
});

describe('lock and unlock', () => {
  it('locks until the given time; the live token is refused on its next request; unlock restores it', async () => {
    const id = await createUser(suite.server, { userName: 'lock.me', password: strongPassword });
    const user = await signIn(suite.server, 'lock.me', undefined, strongPassword);
    expect((await user.call('GET', '/api/account/my-profile')).status).toBe(200);
    const until = inAnHour();
    expect((await suite.admin.call('PUT', `${base}/${id}/lock/${encodeURIComponent(until)}`)).status).toBe(204);
    const dto = (await suite.admin.call<IdentityUserDto>('GET', `${base}/${id}`)).body;
    expect(dto.isLockedOut).toBe(true);
    expect(dto.lockoutEnd).toBe(until);
    expect((await user.call('GET', '/api/account/my-profile')).status).toBe(401);
    expect((await suite.admin.call('PUT', `${base}/${id}/unlock`)).status).toBe(204);
    expect((await rowOf(id)).lockoutEnd).toBeNull();
    expect((await user.call('GET', '/api/account/my-profile')).status).toBe(200);
  });

  it('takes a time without an offset as UTC, and refuses a date that is not one', async () => {
    const id = await createUser(suite.server, { userName: 'lock.utc', password: strongPassword });
    expect((await suite.admin.call('PUT', `${base}/${id}/lock/2999-01-02T03:04:05`)).status).toBe(204);
    expect((await rowOf(id)).lockoutEnd?.toISOString()).toBe('2999-01-02T03:04:05.000Z');
    expectError(await suite.admin.call('PUT', `${base}/${id}/lock/2999-13-45T99:99:99Z`), 400);
    expectError(await suite.admin.call('PUT', `${base}/${id}/lock/tomorrow`), 400);
  });

  it("refuses the caller's own account and a user without lockout enabled, with ABP's messages", async () => {
    const self = expectError(
      await suite.admin.call('PUT', `${base}/${await userIdOf(suite.server, 'admin')}/lock/${encodeURIComponent(inAnHour())}`),
      403,
    );
    expect(self.code).toBe('Volo.Abp.Identity:UserSelfLockout');
    expect(self.message).toBe('You can not lock your own account!');
    const id = await createUser(suite.server, { userName: 'no.lockout', password: strongPassword, lockoutEnabled: false });
    const disabled = expectError(await suite.admin.call('PUT', `${base}/${id}/lock/${encodeURIComponent(inAnHour())}`), 403);
    expect(disabled.message).toBe("Lockout is not enabled for the user 'no.lockout'.");
    const french = expectError(
      await suite.admin.call('PUT', `${base}/${id}/lock/${encodeURIComponent(inAnHour())}`, undefined, { 'accept-language': 'fr' }),
      403,
    );
    expect(french.message).toContain("Le verrouillage n'est pas activé");
    expect((await rowOf(id)).lockoutEnd).toBeNull();
  });

  it('needs AbpIdentity.Users.Update and stays in the tenant', async () => {
    const id = await createUser(suite.server, { userName: 'lock.other', password: strongPassword, tenantId: suite.acmeId });
    expectError(await suite.admin.call('PUT', `${base}/${id}/lock/${encodeURIComponent(inAnHour())}`), 404);
    expectError(await suite.admin.call('PUT', `${base}/${id}/unlock`), 404);
    expect((await rowOf(id)).lockoutEnd).toBeNull();
    const reader = await createUser(suite.server, { userName: 'plain.reader', password: strongPassword });
    const plain = await signIn(suite.server, 'plain.reader', undefined, strongPassword);
    expect((await plain.call('PUT', `${base}/${reader}/unlock`)).status).toBe(403);
  });
});

describe('change-password', () => {
  it('sets a password that satisfies the policy, keeps the sessions, and refuses a weak one', async () => {
    const id = await createUser(suite.server, { userName: 'pw.user', password: strongPassword });
    const user = await signIn(suite.server, 'pw.user', undefined, strongPassword);
    const before = await rowOf(id);
    const weak = expectError(await suite.admin.call('PUT', `${base}/${id}/change-password`, { newPassword: 'abc' }), 400);
    expect(weak.validationErrors?.[0]?.members).toEqual(['newPassword']);
    expect((await rowOf(id)).passwordHash).toBe(before.passwordHash);
    expect((await suite.admin.call('PUT', `${base}/${id}/change-password`, { newPassword: 'N3w!Passw0rd' })).status).toBe(204);
    const after = await rowOf(id);
    expect(await verifyPassword(after.passwordHash, 'N3w!Passw0rd')).toBe(true);
    expect(after.securityStamp).not.toBe(before.securityStamp);
    expect(after.lastPasswordChangeTime!.getTime()).toBeGreaterThan(before.lastPasswordChangeTime?.getTime() ?? 0);
    // Revokes nothing else: the user's live token still works.
    expect((await user.call('GET', '/api/account/my-profile')).status).toBe(200);
    await signIn(suite.server, 'pw.user', undefined, 'N3w!Passw0rd');
    expectError(await suite.acmeAdmin.call('PUT', `${base}/${id}/change-password`, { newPassword: 'N3w!Passw0rd' }), 404);
  });
});
