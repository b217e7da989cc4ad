// Self-registration through the real server, database and outbox: the tenant from __tenant, the
// self-registration switch, the password policy with localized messages, unique user name and
// e-mail, default roles, lockout for new users, e-mail verification before the first sign-in, and
// the captcha checked against a real local verify endpoint (version 2 and version 3 with score).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { securityLogs, users } from '../../server/db/schema/index.ts';
import { setSettingValues } from '../../server/modules/setting-management/store.ts';
import { linkInMail, outboxMails, passwordToken } from '../kit/auth.ts';
import { startTestServer, type TestServer } from '../kit/test-server.ts';
import { type Caller, expectError, request, signIn, strongPassword, tenantIdOf } from './identity-helpers.ts';

let server: TestServer;
let admin: Caller;
let acmeId: string;

const verifier = {
  server: null as http.Server | null,
  url: '',
  calls: [] as Array<Record<string, string>>,
  /** The answer for a response value. */
  answers: new Map<string, Record<string, unknown>>(),
};

beforeAll(async () => {
  server = await startTestServer();
  admin = await signIn(server, 'admin');
  acmeId = await tenantIdOf(server, 'acme');
  verifier.server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    req.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(body));
      verifier.calls.push({ path: req.url ?? '', ...form });
      const answer = form.secret === 'site-secret' ? verifier.answers.get(form.response ?? '') : undefined;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(answer ?? { success: false, 'error-codes': ['invalid-input-response'] }));
    });
  });
  await new Promise<void>((resolve) => verifier.server!.listen(0, '127.0.0.1', resolve));
  verifier.url = `http://127.0.0.1:${(verifier.server!.address() as AddressInfo).port}/`;
});
afterAll(async () => {
  verifier.server?.close();
  await server?.stop();
});

const G = { providerName: 'G', providerKey: '' } as const;
const T = () => ({ providerName: 'T', providerKey: acmeId }) as const;

beforeEach(async () => {
  // Every test starts from the defaults of the settings it touches.
  const reset = {
    'Abp.Account.IsSelfRegistrationEnabled': null,
    'Abp.Account.Captcha.UseCaptchaOnRegistration': null,
    'Abp.Account.Captcha.SiteSecret': null,
    'Abp.Account.Captcha.Version': null,
    'Abp.Account.Captcha.Score': null,
    'Abp.Identity.SignIn.RequireEmailVerificationToRegister': null,
    'Abp.Identity.SignIn.RequireConfirmedEmail': null,
    'Abp.Identity.Lockout.AllowedForNewUsers': null,
  };
  await setSettingValues(server.ctx, reset, G);
  await setSettingValues(server.ctx, reset, T());
  await setSettingValues(server.ctx, { 'Abp.Account.Captcha.VerifyBaseUrl': null }, G);
});

const register = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  request<Record<string, unknown>>(server, null, 'POST', '/api/account/register', { appName: 'Finance', ...body }, headers);

const liveUser = async (userName: string) =>
  (await server.ctx.db.select().from(users).where(eq(users.normalizedUserName, userName.toUpperCase()))).filter((u) => !u.isDeleted);

describe('POST /api/account/register', () => {
  it('creates the user in the host with the default roles and answers the user DTO', async () => {
    const role = await admin.call('POST', '/api/identity/roles', { name: 'Member', isDefault: true });
    expect(role.status).toBe(200);
    const reply = await register({ userName: 'newcomer', emailAddress: 'newcomer@example.test', password: strongPassword });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body).toMatchObject({
      userName: 'newcomer',
      email: 'newcomer@example.test',
      emailConfirmed: false,
      isActive: true,
      tenantId: null,
      lockoutEnabled: true,
      roleNames: ['Member'],
    });
    expect(reply.body).not.toHaveProperty('passwordHash');
    // The new user signs in with the password they chose.
    await passwordToken(server, { userName: 'newcomer', password: strongPassword });
    const logs = await server.ctx.db
      .select()
      .from(securityLogs)
      .where(and(eq(securityLogs.userId, reply.body.id as string), eq(securityLogs.action, 'Register')));
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ userName: 'newcomer', tenantId: null, identity: 'Identity', clientIpAddress: '127.0.0.1' });
    // No confirmation was required, so no mail.
    expect(await outboxMails(server, 'newcomer@example.test')).toHaveLength(0);
  });

  it('registers in the tenant named by __tenant', async () => {
    const reply = await register(
      { userName: 'acme.joiner', emailAddress: 'joiner@example.test', password: strongPassword },
      { __tenant: 'acme' },
    );
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.tenantId).toBe(acmeId);
    await passwordToken(server, { userName: 'acme.joiner', password: strongPassword, tenant: 'acme' });
    await expect(passwordToken(server, { userName: 'acme.joiner', password: strongPassword })).rejects.toThrow();
  });

  it('is refused while self-registration is off for the tenant, and creates nothing', async () => {
    await setSettingValues(server.ctx, { 'Abp.Account.IsSelfRegistrationEnabled': 'false' }, T());
    const reply = await register(
      { userName: 'blocked', emailAddress: 'blocked@example.test', password: strongPassword },
      { __tenant: 'acme' },
    );
    const error = expectError(reply, 403);
    expect(error.code).toBe('Volo.Account:SelfRegistrationDisabled');
    expect(error.message).toContain('Self-registration is disabled');
    expect(await liveUser('blocked')).toHaveLength(0);
    // The host keeps its own switch.
    const hostReply = await register({ userName: 'blocked', emailAddress: 'blocked@example.test', password: strongPassword });
    expect(hostReply.status).toBe(200);
  });

  it('enforces every rule of the password policy with localized messages', async () => {
    await setSettingValues(
      server.ctx,
      { 'Abp.Identity.Password.RequiredLength': '10', 'Abp.Identity.Password.RequiredUniqueChars': '5' },
      G,
    );
    try {
      const reply = await register({ userName: 'weak', emailAddress: 'weak@example.test', password: 'aaaaaa' });
      const error = expectError(reply, 400);
      const messages = error.validationErrors!.map((e) => e.message);
      expect(messages).toEqual([
        'Passwords must be at least 10 characters.',
        'Passwords must have at least one non alphanumeric character.',
        "Passwords must have at least one digit ('0'-'9').",
        "Passwords must have at least one uppercase ('A'-'Z').",
        'Passwords must use at least 5 different characters.',
      ]);
      expect(error.validationErrors!.every((e) => e.members[0] === 'password')).toBe(true);
      const french = await register(
        { userName: 'weak', emailAddress: 'weak@example.test', password: 'AAAAAAAAAA' },
        { 'accept-language': 'fr' },
      );
      const frenchMessages = expectError(french, 400).validationErrors!.map((e) => e.message);
      expect(frenchMessages.join(' ')).toMatch(/minuscule|chiffre/);
      expect(await liveUser('weak')).toHaveLength(0);
    } finally {
      await setSettingValues(
        server.ctx,
        { 'Abp.Identity.Password.RequiredLength': null, 'Abp.Identity.Password.RequiredUniqueChars': null },
        G,
      );
    }
  });

  it('refuses a taken user name or e-mail (compared case-insensitively) and an invalid user name', async () => {
    await register({ userName: 'taken', emailAddress: 'taken@example.test', password: strongPassword });
    const sameName = await register({ userName: 'TAKEN', emailAddress: 'other@example.test', password: strongPassword });
    expect(expectError(sameName, 403).code).toBe('Volo.Abp.Identity:DuplicateUserName');
    const sameEmail = await register({ userName: 'other', emailAddress: 'Taken@Example.test', password: strongPassword });
    expect(expectError(sameEmail, 403).code).toBe('Volo.Abp.Identity:DuplicateEmail');
    const badName = await register({ userName: 'has space', emailAddress: 'space@example.test', password: strongPassword });
    expect(expectError(badName, 400).validationErrors![0]!.members).toEqual(['userName']);
    const badEmail = await register({ userName: 'bademail', emailAddress: 'not-an-email', password: strongPassword });
    expect(expectError(badEmail, 400).validationErrors![0]!.members).toEqual(['emailAddress']);
    expect(await liveUser('other')).toHaveLength(0);
  });

  it('ignores server-owned fields in the body (mass assignment)', async () => {
    const reply = await register({
      userName: 'sneaky',
      emailAddress: 'sneaky@example.test',
      password: strongPassword,
      tenantId: acmeId,
      emailConfirmed: true,
      roleNames: ['admin'],
      isActive: false,
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ tenantId: null, emailConfirmed: false, isActive: true });
    expect(reply.body.roleNames).not.toContain('admin');
  });

  it('gives new users lockout per Abp.Identity.Lockout.AllowedForNewUsers', async () => {
    await setSettingValues(server.ctx, { 'Abp.Identity.Lockout.AllowedForNewUsers': 'false' }, G);
    const reply = await register({ userName: 'nolockout', emailAddress: 'nolockout@example.test', password: strongPassword });
    expect(reply.body.lockoutEnabled).toBe(false);
  });

  it('with RequireEmailVerificationToRegister, creates the user inactive and the mailed link activates them', async () => {
    await setSettingValues(server.ctx, { 'Abp.Identity.SignIn.RequireEmailVerificationToRegister': 'true' }, T());
    const reply = await register(
      { userName: 'verifyme', emailAddress: 'verifyme@example.test', password: strongPassword, returnUrl: '/dashboard' },
      { __tenant: 'acme', 'accept-language': 'fr' },
    );
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body).toMatchObject({ isActive: false, emailConfirmed: false });
    await expect(passwordToken(server, { userName: 'verifyme', password: strongPassword, tenant: 'acme' })).rejects.toThrow();

    const mails = await outboxMails(server, 'verifyme@example.test');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.raw).toContain('lang="fr"');
    const link = linkInMail(mails[0]!, '/account/email-confirmation');
    expect(link.origin).toBe(new URL(server.config.issuer).origin);
    expect(link.searchParams.get('userId')).toBe(reply.body.id);
    expect(link.searchParams.get('__tenant')).toBe(acmeId);
    expect(link.searchParams.get('returnUrl')).toBe('/dashboard');
    const token = link.searchParams.get('confirmationToken')!;

    const confirm = await request(
      server,
      null,
      'POST',
      '/api/account/confirm-email',
      { userId: reply.body.id, token },
      { __tenant: acmeId },
    );
    expect(confirm.status).toBe(204);
    const [row] = await liveUser('verifyme');
    expect(row).toMatchObject({ isActive: true, emailConfirmed: true });
    await passwordToken(server, { userName: 'verifyme', password: strongPassword, tenant: 'acme' });
  });

  it('sends the confirmation mail when RequireConfirmedEmail is on (user stays active)', async () => {
    await setSettingValues(server.ctx, { 'Abp.Identity.SignIn.RequireConfirmedEmail': 'true' }, G);
    const reply = await register({ userName: 'confirmlater', emailAddress: 'confirmlater@example.test', password: strongPassword });
    expect(reply.body).toMatchObject({ isActive: true, emailConfirmed: false });
    const mails = await outboxMails(server, 'confirmlater@example.test');
    expect(mails).toHaveLength(1);
    expect(linkInMail(mails[0]!, '/account/email-confirmation').searchParams.has('__tenant')).toBe(false);
  });

  describe('with the captcha on registration', () => {
    beforeEach(async () => {
      await setSettingValues(server.ctx, { 'Abp.Account.Captcha.VerifyBaseUrl': verifier.url }, G);
      await setSettingValues(
        server.ctx,
        {
          'Abp.Account.Captcha.UseCaptchaOnRegistration': 'true',
          'Abp.Account.Captcha.SiteSecret': 'site-secret',
          'Abp.Account.Captcha.Version': '2',
        },
        G,
      );
      verifier.answers.set('good-v2', { success: true });
      verifier.answers.set('good-v3', { success: true, score: 0.9 });
      verifier.answers.set('bot-v3', { success: true, score: 0.1 });
    });

    it('version 2: refuses a missing or wrong answer and accepts a verified one', async () => {
      const missing = await register({ userName: 'captcha1', emailAddress: 'captcha1@example.test', password: strongPassword });
      expect(expectError(missing, 403).code).toBe('Volo.Account:InvalidCaptcha');
      const wrong = await register({
        userName: 'captcha1',
        emailAddress: 'captcha1@example.test',
        password: strongPassword,
        captchaResponse: 'forged',
      });
      expect(expectError(wrong, 403).message).toBe('The captcha answer was not accepted. Please try again.');
      expect(await liveUser('captcha1')).toHaveLength(0);
      const before = verifier.calls.length;
      const good = await register({
        userName: 'captcha1',
        emailAddress: 'captcha1@example.test',
        password: strongPassword,
        captchaResponse: 'good-v2',
      });
      expect(good.status, JSON.stringify(good.body)).toBe(200);
      expect(verifier.calls[before]).toMatchObject({ path: '/recaptcha/api/siteverify', secret: 'site-secret', response: 'good-v2' });
    });

    it('version 3: also needs the score at or above the Score setting', async () => {
      await setSettingValues(server.ctx, { 'Abp.Account.Captcha.Version': '3', 'Abp.Account.Captcha.Score': '0.5' }, G);
      const bot = await register({
        userName: 'captcha3',
        emailAddress: 'captcha3@example.test',
        password: strongPassword,
        captchaResponse: 'bot-v3',
      });
      expectError(bot, 403);
      const human = await register({
        userName: 'captcha3',
        emailAddress: 'captcha3@example.test',
        password: strongPassword,
        captchaResponse: 'good-v3',
      });
      expect(human.status).toBe(200);
    });

    it('fails closed when the verifier cannot be reached', async () => {
      await setSettingValues(server.ctx, { 'Abp.Account.Captcha.VerifyBaseUrl': 'http://127.0.0.1:9/' }, G);
      const reply = await register({
        userName: 'captcha4',
        emailAddress: 'captcha4@example.test',
        password: strongPassword,
        captchaResponse: 'good-v2',
      });
      expectError(reply, 403);
      expect(await liveUser('captcha4')).toHaveLength(0);
    });

    it('GET /api/account/recaptcha-validate checks an answer on its own', async () => {
      expect((await request(server, null, 'GET', '/api/account/recaptcha-validate?captchaResponse=good-v2')).status).toBe(204);
      expectError(await request(server, null, 'GET', '/api/account/recaptcha-validate?captchaResponse=forged'), 403);
    });
  });
});
