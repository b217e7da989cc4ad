// My profile through the real server and database: the ProfileDto, edits under the user-name and
// e-mail switches, a new e-mail becoming unconfirmed, uniqueness, the concurrency stamp, the time
// zone as the user's Abp.Timing.TimeZone, password change under the policy (other sessions end,
// this one stays) and the two-factor switch under Behaviour and UsersCanChange.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityLogs, users } from '../../server/db/schema/index.ts';
import { setSettingValues } from '../../server/modules/setting-management/store.ts';
import { createUser, passwordToken } from '../kit/auth.ts';
import { startTestServer, type TestServer } from '../kit/test-server.ts';
import { expectError, request, strongPassword } from './identity-helpers.ts';

let server: TestServer;
const G = { providerName: 'G', providerKey: '' } as const;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

type Profile = Record<string, unknown> & { concurrencyStamp: string };

async function me(userName: string) {
  const id = await createUser(server, { userName, password: strongPassword });
  const { access_token: token } = await passwordToken(server, { userName, password: strongPassword });
  const call = <T = Profile>(method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
    request<T>(server, token, method, path, body, headers);
  return { id, token, call };
}

const actionsOf = async (userId: string, action: string) =>
  server.ctx.db
    .select()
    .from(securityLogs)
    .where(and(eq(securityLogs.userId, userId), eq(securityLogs.action, action)));

describe('GET/PUT /api/account/my-profile', () => {
  it('answers the ProfileDto of the caller', async () => {
    const { call } = await me('profile.read');
    const reply = await call('GET', '/api/account/my-profile');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      userName: 'profile.read',
      email: 'profile.read@example.test',
      emailConfirmed: true,
      name: null,
      surname: null,
      phoneNumber: null,
      phoneNumberConfirmed: false,
      isExternal: false,
      hasPassword: true,
      supportsMultipleTimezone: true,
      timezone: 'UTC',
      concurrencyStamp: expect.any(String),
      extraProperties: { Timezone: 'UTC' },
    });
  });

  it('updates names, phone and time zone; a new e-mail becomes unconfirmed; changes are logged', async () => {
    const { id, call } = await me('profile.edit');
    const current = (await call('GET', '/api/account/my-profile')).body;
    const reply = await call('PUT', '/api/account/my-profile', {
      userName: 'profile.edited',
      email: 'edited@example.test',
      name: 'Ada',
      surname: 'Lovelace',
      phoneNumber: '+33123456789',
      timezone: 'Europe/Paris',
      concurrencyStamp: current.concurrencyStamp,
      // Server-owned fields are dropped.
      emailConfirmed: true,
      isExternal: true,
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body).toMatchObject({
      userName: 'profile.edited',
      email: 'edited@example.test',
      emailConfirmed: false,
      name: 'Ada',
      surname: 'Lovelace',
      phoneNumber: '+33123456789',
      phoneNumberConfirmed: false,
      isExternal: false,
      timezone: 'Europe/Paris',
      extraProperties: { Timezone: 'Europe/Paris' },
    });
    expect(reply.body.concurrencyStamp).not.toBe(current.concurrencyStamp);
    expect((await call('GET', '/api/account/my-profile')).body.timezone).toBe('Europe/Paris');
    expect(await server.ctx.settings.getValue('Abp.Timing.TimeZone', { tenantId: null, userId: id })).toBe('Europe/Paris');
    for (const action of ['ChangeUserName', 'ChangeEmail', 'ChangePhoneNumber']) expect(await actionsOf(id, action)).toHaveLength(1);

    // The time zone may also come in extraProperties, as ABP's extensible DTO carries it.
    const viaExtra = await call('PUT', '/api/account/my-profile', {
      userName: 'profile.edited',
      email: 'edited@example.test',
      extraProperties: { Timezone: 'Asia/Yerevan' },
    });
    expect(viaExtra.body.timezone).toBe('Asia/Yerevan');
  });

  it('refuses a stale stamp, a taken e-mail, an unknown time zone, and changes nothing then', async () => {
    await createUser(server, { userName: 'profile.other', password: strongPassword });
    const { id, call } = await me('profile.guard');
    const current = (await call('GET', '/api/account/my-profile')).body;
    const base = { userName: 'profile.guard', email: 'profile.guard@example.test', name: 'Changed' };
    expectError(await call('PUT', '/api/account/my-profile', { ...base, concurrencyStamp: 'stale' }), 409);
    const taken = await call('PUT', '/api/account/my-profile', { ...base, email: 'PROFILE.OTHER@example.test' });
    expect(expectError(taken, 403).code).toBe('Volo.Abp.Identity:DuplicateEmail');
    const zone = await call('PUT', '/api/account/my-profile', { ...base, timezone: 'Mars/Olympus' });
    expect(expectError(zone, 400).validationErrors![0]!.members).toEqual(['timezone']);
    const [row] = await server.ctx.db.select().from(users).where(eq(users.id, id));
    expect(row!.name).toBeNull();
    expect(row!.concurrencyStamp).toBe(current.concurrencyStamp);
  });

  it('ignores a new user name or e-mail while the tenant forbids changing them', async () => {
    await setSettingValues(
      server.ctx,
      { 'Abp.Identity.User.IsUserNameUpdateEnabled': 'false', 'Abp.Identity.User.IsEmailUpdateEnabled': 'false' },
      G,
    );
    try {
      const { call } = await me('profile.locked');
      const reply = await call('PUT', '/api/account/my-profile', { userName: 'renamed', email: 'renamed@example.test', name: 'Kept' });
      expect(reply.status).toBe(200);
      expect(reply.body).toMatchObject({
        userName: 'profile.locked',
        email: 'profile.locked@example.test',
        emailConfirmed: true,
        name: 'Kept',
      });
    } finally {
      await setSettingValues(
        server.ctx,
        { 'Abp.Identity.User.IsUserNameUpdateEnabled': null, 'Abp.Identity.User.IsEmailUpdateEnabled': null },
        G,
      );
    }
  });

  it('lists the time zones as name/value pairs', async () => {
    const { call } = await me('profile.zones');
    const reply = await call<Array<{ name: string; value: string }>>('GET', '/api/account/my-profile/timezones');
    expect(reply.body).toContainEqual({ name: 'UTC', value: 'UTC' });
    expect(reply.body).toContainEqual({ name: 'Europe/Paris', value: 'Europe/Paris' });
  });

  it('needs a signed-in caller', async () => {
    expectError(await request(server, null, 'GET', '/api/account/my-profile'), 401);
  });
});

describe('POST /api/account/my-profile/change-password', () => {
  it('needs the current password, follows the policy, keeps this session and ends the others', async () => {
    const { id, token, call } = await me('profile.pw');
    const other = await passwordToken(server, { userName: 'profile.pw', password: strongPassword });
    const wrong = await call('POST', '/api/account/my-profile/change-password', { currentPassword: 'nope', newPassword: 'N3w!Password' });
    expect(expectError(wrong, 403).code).toBe('Volo.Abp.Identity:PasswordMismatch');
    const weak = await call(
      'POST',
      '/api/account/my-profile/change-password',
      { currentPassword: strongPassword, newPassword: 'weak' },
      { 'accept-language': 'ar' },
    );
    const error = expectError(weak, 400);
    expect(error.validationErrors![0]!.members).toEqual(['newPassword']);
    expect(error.validationErrors![0]!.message).not.toMatch(/^Passwords/);

    const ok = await call('POST', '/api/account/my-profile/change-password', {
      currentPassword: strongPassword,
      newPassword: 'N3w!Password',
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(204);
    expect((await request(server, token, 'GET', '/api/account/my-profile')).status).toBe(200);
    expect((await request(server, other.access_token, 'GET', '/api/account/my-profile')).status).toBe(401);
    await passwordToken(server, { userName: 'profile.pw', password: 'N3w!Password' });
    expect(await actionsOf(id, 'ChangePassword')).toHaveLength(1);
  });
});

describe('two-factor switch', () => {
  const setBehaviour = (behaviour: string | null, usersCanChange: string | null = null) =>
    setSettingValues(
      server.ctx,
      { 'Abp.Identity.TwoFactor.Behaviour': behaviour, 'Abp.Identity.TwoFactor.UsersCanChange': usersCanChange },
      G,
    );

  it('Optional: a user with a confirmed e-mail turns it on and off; each change is logged', async () => {
    const { id, call } = await me('tf.optional');
    expect((await call('GET', '/api/account/my-profile/can-enable-two-factor')).body).toBe(true);
    expect((await call('GET', '/api/account/my-profile/two-factor-enabled')).body).toBe(false);
    expect((await call('POST', '/api/account/my-profile/set-two-factor-enabled?enabled=true')).status).toBe(204);
    expect((await call('GET', '/api/account/my-profile/two-factor-enabled')).body).toBe(true);
    expect((await call('POST', '/api/account/my-profile/set-two-factor-enabled?enabled=false')).status).toBe(204);
    expect((await call('GET', '/api/account/my-profile/two-factor-enabled')).body).toBe(false);
    expect(await actionsOf(id, 'TwoFactorEnabled')).toHaveLength(1);
    expect(await actionsOf(id, 'TwoFactorDisabled')).toHaveLength(1);
  });

  it('needs a provider to turn it on', async () => {
    const { id, call } = await me('tf.noprovider');
    await server.ctx.db.update(users).set({ emailConfirmed: false }).where(eq(users.id, id));
    expect((await call('GET', '/api/account/my-profile/can-enable-two-factor')).body).toBe(false);
    const reply = await call('POST', '/api/account/my-profile/set-two-factor-enabled?enabled=true');
    expect(expectError(reply, 403).code).toBe('Volo.Account:TwoFactorNeedsProvider');
  });

  it('Forced and Disabled decide for the user; UsersCanChange off forbids switching', async () => {
    const { call } = await me('tf.behaviour');
    try {
      await setBehaviour('Forced');
      expect((await call('GET', '/api/account/my-profile/two-factor-enabled')).body).toBe(true);
      expect((await call('GET', '/api/account/my-profile/can-enable-two-factor')).body).toBe(false);
      expect(expectError(await call('POST', '/api/account/my-profile/set-two-factor-enabled?enabled=false'), 403).code).toBe(
        'Volo.Abp.Identity:CanNotChangeTwoFactor',
      );
      await setBehaviour('Disabled');
      expect((await call('GET', '/api/account/my-profile/two-factor-enabled')).body).toBe(false);
      expectError(await call('POST', '/api/account/my-profile/set-two-factor-enabled?enabled=true'), 403);
      await setBehaviour('Optional', 'false');
      expect((await call('GET', '/api/account/my-profile/can-enable-two-factor')).body).toBe(false);
      expectError(await call('POST', '/api/account/my-profile/set-two-factor-enabled?enabled=true'), 403);
    } finally {
      await setBehaviour(null, null);
    }
  });
});
