// Forgotten password through the real server, database and outbox: the mailed SPA link, e-mail
// enumeration on and off, the token verified, used once and under the password policy, and a reset
// that ends every session of the user (their access tokens stop at once) and renews the stamp.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityLogs, users } from '../../server/db/schema/index.ts';
import { setSettingValues } from '../../server/modules/setting-management/store.ts';
import { createUser, linkInMail, outboxMails, passwordToken, readableMail } from '../kit/auth.ts';
import { startTestServer, type TestServer } from '../kit/test-server.ts';
import { expectError, request, strongPassword, tenantIdOf } from './identity-helpers.ts';

let server: TestServer;
let acmeId: string;
const G = { providerName: 'G', providerKey: '' } as const;

beforeAll(async () => {
  server = await startTestServer();
  acmeId = await tenantIdOf(server, 'acme');
});
afterAll(async () => {
  await server?.stop();
});

const sendCode = (email: string, headers: Record<string, string> = {}) =>
  request(server, null, 'POST', '/api/account/send-password-reset-code', { email, appName: 'Finance', returnUrl: '/home' }, headers);

async function mailedLink(email: string) {
  const mail = (await outboxMails(server, email)).at(-1)!;
  return linkInMail(mail, '/account/reset-password');
}

describe('password reset', () => {
  it('mails a reset link, verifies the token, resets once, ends every session and logs it', async () => {
    const id = await createUser(server, { userName: 'forgetful', password: strongPassword });
    const before = await passwordToken(server, { userName: 'forgetful', password: strongPassword });
    expect((await request(server, before.access_token, 'GET', '/api/account/my-profile')).status).toBe(200);
    const stampOf = async () => (await server.ctx.db.select({ stamp: users.securityStamp }).from(users).where(eq(users.id, id)))[0]!.stamp;
    const oldStamp = await stampOf();

    expect((await sendCode('Forgetful@Example.test')).status).toBe(204);
    const link = await mailedLink('forgetful@example.test');
    expect(link.origin).toBe(new URL(server.config.issuer).origin);
    expect(link.searchParams.get('userId')).toBe(id);
    expect(link.searchParams.has('__tenant')).toBe(false);
    expect(link.searchParams.get('returnUrl')).toBe('/home');
    const resetToken = link.searchParams.get('resetToken')!;

    const verify = (t: string) =>
      request<boolean>(server, null, 'POST', '/api/account/verify-password-reset-token', { userId: id, resetToken: t });
    expect((await verify(resetToken)).body).toBe(true);
    expect((await verify('nope')).body).toBe(false);

    // The policy applies before the token is spent.
    const weak = await request(server, null, 'POST', '/api/account/reset-password', { userId: id, resetToken, password: 'short' });
    expect(expectError(weak, 400).validationErrors!.map((e) => e.members[0])).toContain('password');
    expect((await verify(resetToken)).body).toBe(true);

    const newPassword = 'N3w!Password';
    const reset = await request(server, null, 'POST', '/api/account/reset-password', { userId: id, resetToken, password: newPassword });
    expect(reset.status, JSON.stringify(reset.body)).toBe(204);
    // The old sign-in stops at once; the new password works, the old one does not.
    expect((await request(server, before.access_token, 'GET', '/api/account/my-profile')).status).toBe(401);
    await passwordToken(server, { userName: 'forgetful', password: newPassword });
    await expect(passwordToken(server, { userName: 'forgetful', password: strongPassword })).rejects.toThrow();
    expect(await stampOf()).not.toBe(oldStamp);

    const again = await request(server, null, 'POST', '/api/account/reset-password', { userId: id, resetToken, password: 'An0ther!Pass' });
    expect(expectError(again, 403).code).toBe('Volo.Abp.Identity:InvalidToken');
    const logs = await server.ctx.db
      .select()
      .from(securityLogs)
      .where(and(eq(securityLogs.userId, id), eq(securityLogs.action, 'PasswordReset')));
    expect(logs).toHaveLength(1);
  });

  it('answers an unknown address with a localized error, or like a known one under PreventEmailEnumeration', async () => {
    const unknown = await sendCode('nobody@example.test', { 'accept-language': 'fr' });
    const error = expectError(unknown, 403);
    expect(error.code).toBe('Volo.Account:InvalidEmailAddress');
    expect(error.message).toBe("Impossible de trouver l'adresse e-mail indiquée : nobody@example.test");

    await setSettingValues(server.ctx, { 'Abp.Account.PreventEmailEnumeration': 'true' }, G);
    try {
      await createUser(server, { userName: 'known', password: strongPassword });
      const known = await sendCode('known@example.test');
      const missing = await sendCode('nobody@example.test');
      expect(missing.status).toBe(known.status);
      expect(missing.body).toEqual(known.body);
      expect(await outboxMails(server, 'nobody@example.test')).toHaveLength(0);
      expect(await outboxMails(server, 'known@example.test')).toHaveLength(1);
    } finally {
      await setSettingValues(server.ctx, { 'Abp.Account.PreventEmailEnumeration': null }, G);
    }
  });

  it('finds the address only in the tenant of the request and links back to it', async () => {
    const id = await createUser(server, { userName: 'acme.forgetful', password: strongPassword, tenantId: acmeId });
    expectError(await sendCode('acme.forgetful@example.test'), 403);
    expect((await sendCode('acme.forgetful@example.test', { __tenant: 'acme' })).status).toBe(204);
    const link = await mailedLink('acme.forgetful@example.test');
    expect(link.searchParams.get('__tenant')).toBe(acmeId);
    const resetToken = link.searchParams.get('resetToken')!;
    // The token from the link does nothing from the host side.
    expectError(
      await request(server, null, 'POST', '/api/account/reset-password', { userId: id, resetToken, password: 'N3w!Password' }),
      404,
    );
    const reset = await request(
      server,
      null,
      'POST',
      '/api/account/reset-password',
      { userId: id, resetToken, password: 'N3w!Password' },
      { __tenant: acmeId },
    );
    expect(reset.status).toBe(204);
    await passwordToken(server, { userName: 'acme.forgetful', password: 'N3w!Password', tenant: 'acme' });
  });

  it("writes the mail in the user's own language, whatever the request's", async () => {
    const frId = await createUser(server, { userName: 'lang.fr', password: strongPassword });
    const arId = await createUser(server, { userName: 'lang.ar', password: strongPassword });
    const own = (userId: string, culture: string) =>
      setSettingValues(server.ctx, { 'Abp.Localization.DefaultLanguage': culture }, { providerName: 'U', providerKey: userId });
    await own(frId, 'fr');
    await own(arId, 'ar');
    await sendCode('lang.fr@example.test', { 'accept-language': 'en' });
    await sendCode('lang.ar@example.test', { 'accept-language': 'en' });
    const french = (await outboxMails(server, 'lang.fr@example.test')).at(-1)!;
    expect(french.raw).toContain('lang="fr"');
    expect(french.raw).toContain('Choisir un nouveau mot de passe');
    // Arabic parts travel base64- or quoted-printable-encoded: decode them to read the text.
    const arabic = readableMail((await outboxMails(server, 'lang.ar@example.test')).at(-1)!.raw);
    expect(arabic).toContain('dir="rtl"');
    expect(arabic).toContain('اختيار كلمة مرور جديدة');
    // Without a choice of their own, the request's culture is used.
    await createUser(server, { userName: 'lang.none', password: strongPassword });
    await sendCode('lang.none@example.test', { 'accept-language': 'fr' });
    expect((await outboxMails(server, 'lang.none@example.test')).at(-1)!.raw).toContain('lang="fr"');
  });

  it('only the newest link works, and a link dies when the password changes another way', async () => {
    const id = await createUser(server, { userName: 'twice', password: strongPassword });
    await sendCode('twice@example.test');
    const first = (await mailedLink('twice@example.test')).searchParams.get('resetToken')!;
    await sendCode('twice@example.test');
    const second = (await mailedLink('twice@example.test')).searchParams.get('resetToken')!;
    expectError(
      await request(server, null, 'POST', '/api/account/reset-password', { userId: id, resetToken: first, password: 'N3w!Password' }),
      403,
    );
    await server.ctx.db.update(users).set({ securityStamp: crypto.randomUUID() }).where(eq(users.id, id));
    expectError(
      await request(server, null, 'POST', '/api/account/reset-password', { userId: id, resetToken: second, password: 'N3w!Password' }),
      403,
    );
  });
});
