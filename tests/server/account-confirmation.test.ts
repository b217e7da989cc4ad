// E-mail and phone-number confirmation through the real server, database and outbox: tokens are
// mailed as SPA links, verified without being spent, used once, bound to the user and tenant, and
// voided by a security-stamp change; the confirmation state; the phone code goes to the outbox as
// the SMS channel and confirms exactly the number it was sent to.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityLogs, users, userTokens } from '../../server/db/schema/index.ts';
import { setSettingValues } from '../../server/modules/setting-management/store.ts';
import { createUser, latestSecurityCode, linkInMail, outboxMails, passwordToken } from '../kit/auth.ts';
import { startTestServer, type TestServer } from '../kit/test-server.ts';
import { expectError, request, strongPassword, tenantIdOf } from './identity-helpers.ts';

let server: TestServer;
let acmeId: string;

beforeAll(async () => {
  server = await startTestServer();
  acmeId = await tenantIdOf(server, 'acme');
});
afterAll(async () => {
  await server?.stop();
});

async function unconfirmedUser(userName: string, tenantId: string | null = null) {
  const id = await createUser(server, { userName, password: strongPassword, tenantId });
  await server.ctx.db.update(users).set({ emailConfirmed: false }).where(eq(users.id, id));
  return id;
}

const tenantHeader = (tenantId: string | null): Record<string, string> => (tenantId ? { __tenant: tenantId } : {});

async function mailedToken(userName: string, userId: string, tenantId: string | null = null) {
  const reply = await request(
    server,
    null,
    'POST',
    '/api/account/send-email-confirmation-token',
    { appName: 'Finance', userId },
    tenantHeader(tenantId),
  );
  expect(reply.status, JSON.stringify(reply.body)).toBe(204);
  const mail = (await outboxMails(server, `${userName}@example.test`)).at(-1)!;
  const link = linkInMail(mail, '/account/email-confirmation');
  expect(link.searchParams.get('userId')).toBe(userId);
  return link.searchParams.get('confirmationToken')!;
}

const securityLogsOf = (userId: string, action: string) =>
  server.ctx.db
    .select()
    .from(securityLogs)
    .where(and(eq(securityLogs.userId, userId), eq(securityLogs.action, action)));

describe('e-mail confirmation', () => {
  it('mails a link whose token verifies, confirms once, and shows in the confirmation state', async () => {
    const id = await unconfirmedUser('confirm.one');
    const token = await mailedToken('confirm.one', id);
    const state = await request(server, null, 'GET', `/api/account/confirmation-state?id=${id}`);
    expect(state.body).toEqual({ emailConfirmed: false, phoneNumberConfirmed: false });

    const verify = (t: string) =>
      request<boolean>(server, null, 'POST', '/api/account/verify-email-confirmation-token', { userId: id, token: t });
    expect((await verify(token)).body).toBe(true);
    expect((await verify(token)).body).toBe(true); // verifying spends nothing
    expect((await verify(`${token}x`)).body).toBe(false);

    const confirm = await request(server, null, 'POST', '/api/account/confirm-email', { userId: id, token });
    expect(confirm.status).toBe(204);
    expect((await request(server, null, 'GET', `/api/account/confirmation-state?id=${id}`)).body).toEqual({
      emailConfirmed: true,
      phoneNumberConfirmed: false,
    });
    const again = await request(server, null, 'POST', '/api/account/confirm-email', { userId: id, token });
    expect(expectError(again, 403).code).toBe('Volo.Abp.Identity:InvalidToken');
    expect((await verify(token)).body).toBe(false);
    expect(await securityLogsOf(id, 'EmailConfirmed')).toHaveLength(1);
  });

  it('stores only a hash of the token, with an expiry', async () => {
    const id = await unconfirmedUser('confirm.hash');
    const token = await mailedToken('confirm.hash', id);
    const rows = await server.ctx.db
      .select()
      .from(userTokens)
      .where(and(eq(userTokens.userId, id), eq(userTokens.purpose, 'EmailConfirmation')));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).not.toContain(token);
    expect(rows[0]!.expiresAt.getTime()).toBeGreaterThan(Date.now());
    // An expired token no longer confirms.
    await server.ctx.db
      .update(userTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(userTokens.id, rows[0]!.id));
    expectError(await request(server, null, 'POST', '/api/account/confirm-email', { userId: id, token }), 403);
    expect((await server.ctx.db.select().from(users).where(eq(users.id, id)))[0]!.emailConfirmed).toBe(false);
  });

  it('a newer token replaces the older one; a token of one user does not confirm another', async () => {
    const id = await unconfirmedUser('confirm.two');
    const otherId = await unconfirmedUser('confirm.other');
    const first = await mailedToken('confirm.two', id);
    const second = await mailedToken('confirm.two', id);
    expectError(await request(server, null, 'POST', '/api/account/confirm-email', { userId: id, token: first }), 403);
    expectError(await request(server, null, 'POST', '/api/account/confirm-email', { userId: otherId, token: second }), 403);
    expect((await request(server, null, 'POST', '/api/account/confirm-email', { userId: id, token: second })).status).toBe(204);
  });

  it('works in a tenant only with that tenant, and a security-stamp change voids the token', async () => {
    const id = await unconfirmedUser('confirm.acme', acmeId);
    const token = await mailedToken('confirm.acme', id, acmeId);
    const mail = (await outboxMails(server, 'confirm.acme@example.test')).at(-1)!;
    expect(linkInMail(mail, '/account/email-confirmation').searchParams.get('__tenant')).toBe(acmeId);
    // From the host side the user does not exist.
    expectError(await request(server, null, 'POST', '/api/account/confirm-email', { userId: id, token }), 404);
    expectError(await request(server, null, 'GET', `/api/account/confirmation-state?id=${id}`), 404);
    await server.ctx.db.update(users).set({ securityStamp: crypto.randomUUID() }).where(eq(users.id, id));
    expectError(await request(server, null, 'POST', '/api/account/confirm-email', { userId: id, token }, { __tenant: acmeId }), 403);
  });

  it('a token confirms only the address it was mailed to', async () => {
    const id = await unconfirmedUser('confirm.moved');
    const token = await mailedToken('confirm.moved', id);
    // An administrator changes the address (the stamp stays): the old link must not confirm the new one.
    await server.ctx.db.update(users).set({ email: 'moved@example.test', normalizedEmail: 'MOVED@EXAMPLE.TEST' }).where(eq(users.id, id));
    expect((await request<boolean>(server, null, 'POST', '/api/account/verify-email-confirmation-token', { userId: id, token })).body).toBe(
      false,
    );
    expectError(await request(server, null, 'POST', '/api/account/confirm-email', { userId: id, token }), 403);
    expect((await server.ctx.db.select().from(users).where(eq(users.id, id)))[0]!.emailConfirmed).toBe(false);
  });

  it('a signed-in user may ask without a user id; a confirmed address gets no mail', async () => {
    const id = await unconfirmedUser('confirm.me');
    const { access_token } = await passwordToken(server, { userName: 'confirm.me', password: strongPassword });
    const before = (await outboxMails(server, 'confirm.me@example.test')).length;
    expect((await request(server, access_token, 'POST', '/api/account/send-email-confirmation-token', { appName: 'Finance' })).status).toBe(
      204,
    );
    expect(await outboxMails(server, 'confirm.me@example.test')).toHaveLength(before + 1);
    await server.ctx.db.update(users).set({ emailConfirmed: true }).where(eq(users.id, id));
    expect((await request(server, access_token, 'POST', '/api/account/send-email-confirmation-token', { appName: 'Finance' })).status).toBe(
      204,
    );
    expect(await outboxMails(server, 'confirm.me@example.test')).toHaveLength(before + 1);
    // Anonymous without a user id is a validation error.
    const anonymous = await request(server, null, 'POST', '/api/account/send-email-confirmation-token', { appName: 'Finance' });
    expect(expectError(anonymous, 400).validationErrors![0]!.members).toEqual(['userId']);
  });
});

describe('phone number confirmation', () => {
  it('sends a code through the outbox (SMS channel) and confirms the number with it', async () => {
    const id = await createUser(server, { userName: 'phone.one', password: strongPassword });
    const { access_token: token } = await passwordToken(server, { userName: 'phone.one', password: strongPassword });
    const noNumber = await request(server, token, 'POST', '/api/account/send-phone-number-confirmation-token', {});
    expect(expectError(noNumber, 400).validationErrors![0]!.members).toEqual(['phoneNumber']);

    const send = await request(server, token, 'POST', '/api/account/send-phone-number-confirmation-token', { phoneNumber: '+37410123456' });
    expect(send.status, JSON.stringify(send.body)).toBe(204);
    const mail = (await outboxMails(server, 'phone.one@example.test')).at(-1)!;
    expect(mail.subject).toContain('[SMS +37410123456]');
    const code = await latestSecurityCode(server, 'phone.one@example.test');

    const wrong = await request(server, token, 'POST', '/api/account/confirm-phone-number', {
      userId: id,
      token: code === '000000' ? '111111' : '000000',
    });
    expect(expectError(wrong, 403).code).toBe('Volo.Abp.Identity:InvalidToken');
    const right = await request(server, token, 'POST', '/api/account/confirm-phone-number', { userId: id, token: code });
    expect(right.status).toBe(204);
    const [row] = await server.ctx.db.select().from(users).where(eq(users.id, id));
    expect(row).toMatchObject({ phoneNumber: '+37410123456', phoneNumberConfirmed: true });
    expect(await securityLogsOf(id, 'PhoneNumberConfirmed')).toHaveLength(1);
  });

  it('spends a code after five wrong guesses, and refuses another user id', async () => {
    const id = await createUser(server, { userName: 'phone.two', password: strongPassword });
    const otherId = await createUser(server, { userName: 'phone.three', password: strongPassword });
    const { access_token: token } = await passwordToken(server, { userName: 'phone.two', password: strongPassword });
    await request(server, token, 'POST', '/api/account/send-phone-number-confirmation-token', { phoneNumber: '+33123456789' });
    const code = await latestSecurityCode(server, 'phone.two@example.test');
    expectError(await request(server, token, 'POST', '/api/account/confirm-phone-number', { userId: otherId, token: code }), 403);
    const wrongCode = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) await request(server, token, 'POST', '/api/account/confirm-phone-number', { userId: id, token: wrongCode });
    expectError(await request(server, token, 'POST', '/api/account/confirm-phone-number', { userId: id, token: code }), 403);
    expect((await server.ctx.db.select().from(users).where(eq(users.id, id)))[0]!.phoneNumberConfirmed).toBe(false);
  });

  it('is refused when phone confirmation is disabled, and needs a signed-in user', async () => {
    await createUser(server, { userName: 'phone.off', password: strongPassword });
    const { access_token: token } = await passwordToken(server, { userName: 'phone.off', password: strongPassword });
    await setSettingValues(
      server.ctx,
      { 'Abp.Identity.SignIn.EnablePhoneNumberConfirmation': 'false' },
      { providerName: 'G', providerKey: '' },
    );
    try {
      const reply = await request(
        server,
        token,
        'POST',
        '/api/account/send-phone-number-confirmation-token',
        { phoneNumber: '+33123456789' },
        { 'accept-language': 'fr' },
      );
      expect(expectError(reply, 403).message).toBe('La confirmation du numéro de téléphone est désactivée.');
    } finally {
      await setSettingValues(
        server.ctx,
        { 'Abp.Identity.SignIn.EnablePhoneNumberConfirmation': null },
        { providerName: 'G', providerKey: '' },
      );
    }
    expectError(await request(server, null, 'POST', '/api/account/send-phone-number-confirmation-token', {}), 401);
  });
});
