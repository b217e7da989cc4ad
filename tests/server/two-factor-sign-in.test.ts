// Two-factor at sign-in, through the real server: the password grant's RequiresTwoFactor answer and
// its retry (e-mail code from the outbox, authenticator TOTP, recovery code), the anonymous
// two-factor-providers / send-two-factor-code APIs, the behaviour settings, and the server login
// page's second step (send security code, verify, remember this browser, recovery code), in the texts
// the host edited in language management.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityLogs, users } from '../../server/db/schema/index.ts';
import { authenticatorUri, confirmAuthenticator, generateRecoveryCodes } from '../../server/modules/account/two-factor.ts';
import { restoreText, updateText } from '../../server/modules/language-management/text-service.ts';
import { setSettingValues } from '../../server/modules/setting-management/store.ts';
import {
  browse,
  CookieJar,
  createUser,
  createUserRow,
  follow,
  latestSecurityCode,
  outboxMails,
  secretOfUri,
  spaScope,
  startAuthorization,
  submitLogin,
  tokenRequest,
  totpCode,
} from '../kit/auth.ts';
import { startTestServer, type TestServer } from '../kit/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const global = { providerName: 'G' as const, providerKey: '' };
const password = '1q2w3E*';

const twoFactorUser = (userName: string, patch: Partial<typeof users.$inferInsert> = { twoFactorEnabled: true }) =>
  createUserRow(server, { userName, password }, patch);

const grant = (userName: string, extra: Record<string, string> = {}) =>
  tokenRequest(
    server,
    { grant_type: 'password', client_id: server.config.spaClientId, username: userName, password, scope: spaScope, ...extra },
    { 'accept-language': 'en' },
  );

const api = (path: string, init: RequestInit = {}) =>
  fetch(`${server.url}${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', 'accept-language': 'en', ...(init.headers as object) },
  });

async function actionsOf(userId: string): Promise<string[]> {
  const rows = await server.ctx.db
    .select({ action: securityLogs.action })
    .from(securityLogs)
    .where(eq(securityLogs.userId, userId))
    .orderBy(securityLogs.creationTime);
  return rows.map((r) => r.action ?? '');
}

describe('password grant with two-factor', () => {
  it('answers RequiresTwoFactor, then signs in with the e-mail code sent through send-two-factor-code', async () => {
    const user = await twoFactorUser('tfa.mail');
    const first = await grant('tfa.mail');
    expect(first.status).toBe(400);
    expect(first.body).toMatchObject({ error: 'invalid_grant', error_description: 'RequiresTwoFactor', userId: user.id });
    const token = String(first.body.twoFactorToken);
    expect(token.length).toBeGreaterThan(20);

    const providers = await api(
      `/api/account/two-factor-providers?userId=${user.id.replaceAll('-', '')}&token=${encodeURIComponent(token)}`,
    );
    expect(providers.status).toBe(200);
    expect(await providers.json()).toEqual(['Email']);
    const forged = await api(`/api/account/two-factor-providers?userId=${user.id}&token=${encodeURIComponent(`${token}x`)}`);
    expect(forged.status).toBe(403);
    expect(((await forged.json()) as { error: { message: string } }).error.message).toMatch(/expired/);

    const before = (await outboxMails(server, user.email)).length;
    const send = await api('/api/account/send-two-factor-code', {
      method: 'POST',
      body: JSON.stringify({ userId: user.id, provider: 'Email', token }),
    });
    expect(send.status).toBe(204);
    expect((await outboxMails(server, user.email)).length).toBe(before + 1);
    const code = await latestSecurityCode(server, user.email);

    const wrong = await grant('tfa.mail', { TwoFactorProvider: 'Email', TwoFactorCode: code === '000000' ? '111111' : '000000' });
    expect(wrong.body).toMatchObject({ error: 'invalid_grant', error_description: 'The verification code is not valid.' });
    const ok = await grant('tfa.mail', { TwoFactorProvider: 'Email', TwoFactorCode: code });
    expect(ok.status).toBe(200);
    expect(ok.body.access_token).toBeTypeOf('string');
    // The code is spent.
    expect((await grant('tfa.mail', { TwoFactorProvider: 'Email', TwoFactorCode: code })).status).toBe(400);
    expect(await actionsOf(user.id)).toEqual(expect.arrayContaining(['LoginRequiresTwoFactor', 'LoginTwoFactorFailed', 'LoginSucceeded']));
  });

  it('refuses send-two-factor-code for a provider the user does not have, and without a valid token', async () => {
    const user = await twoFactorUser('tfa.provider');
    const token = String((await grant('tfa.provider')).body.twoFactorToken);
    const other = await api('/api/account/send-two-factor-code', {
      method: 'POST',
      body: JSON.stringify({ userId: user.id, provider: 'Authenticator', token }),
    });
    expect(other.status).toBe(400);
    const bad = await api('/api/account/send-two-factor-code', {
      method: 'POST',
      body: JSON.stringify({ userId: user.id, provider: 'Email', token: 'nope' }),
    });
    expect(bad.status).toBe(403);
  });

  it('accepts an authenticator code and a recovery code (each once)', async () => {
    const user = await twoFactorUser('tfa.app', { twoFactorEnabled: false });
    const secret = secretOfUri(await authenticatorUri(server.ctx, user));
    const recovery = await confirmAuthenticator(server.ctx, user, await totpCode(secret, -1));
    expect(recovery).toHaveLength(10);
    const first = await grant('tfa.app');
    expect(first.body.error_description).toBe('RequiresTwoFactor');
    const providers = await api(
      `/api/account/two-factor-providers?userId=${user.id}&token=${encodeURIComponent(String(first.body.twoFactorToken))}`,
    );
    expect(await providers.json()).toEqual(['Email', 'Authenticator']);

    const totp = await totpCode(secret);
    expect((await grant('tfa.app', { TwoFactorProvider: 'Authenticator', TwoFactorCode: totp })).status).toBe(200);
    expect((await grant('tfa.app', { TwoFactorProvider: 'Authenticator', TwoFactorCode: totp })).status).toBe(400);

    expect((await grant('tfa.app', { RecoveryCode: recovery![0]! })).status).toBe(200);
    const reused = await grant('tfa.app', { RecoveryCode: recovery![0]! });
    expect(reused.body).toMatchObject({ error: 'invalid_grant', error_description: 'The recovery code is not valid.' });
    expect(await actionsOf(user.id)).toEqual(expect.arrayContaining(['LoginWithRecoveryCode', 'LoginRecoveryCodeFailed']));
  });

  it('locks the user out after MaxFailedAccessAttempts wrong codes', async () => {
    await setSettingValues(server.ctx, { 'Abp.Identity.Lockout.MaxFailedAccessAttempts': '2' }, global);
    try {
      await twoFactorUser('tfa.lock');
      expect((await grant('tfa.lock', { TwoFactorProvider: 'Email', TwoFactorCode: '123456' })).body.error_description).toMatch(
        /not valid/,
      );
      const locked = await grant('tfa.lock', { TwoFactorProvider: 'Email', TwoFactorCode: '123456' });
      expect(locked.body.error_description).toMatch(/locked out/);
      expect((await grant('tfa.lock')).body.error_description).toMatch(/locked out/);
    } finally {
      await setSettingValues(server.ctx, { 'Abp.Identity.Lockout.MaxFailedAccessAttempts': null }, global);
    }
  });

  it('remembers the browser on request (RememberBrowser=true): the cookie skips the second factor for that user only', async () => {
    const user = await twoFactorUser('tfa.remember');
    await twoFactorUser('tfa.remember.other');
    const token = String((await grant('tfa.remember')).body.twoFactorToken);
    await api('/api/account/send-two-factor-code', { method: 'POST', body: JSON.stringify({ userId: user.id, provider: 'Email', token }) });
    const code = await latestSecurityCode(server, user.email);
    const response = await fetch(`${server.url}/connect/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'password',
        client_id: server.config.spaClientId,
        username: 'tfa.remember',
        password,
        scope: spaScope,
        TwoFactorProvider: 'Email',
        TwoFactorCode: code,
        RememberBrowser: 'true',
      }),
    });
    expect(response.status).toBe(200);
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('Identity.TwoFactorRememberMe='));
    expect(cookie).toMatch(/HttpOnly/);
    const pair = cookie!.split(';')[0]!;
    const withCookie = (userName: string) =>
      tokenRequest(
        server,
        { grant_type: 'password', client_id: server.config.spaClientId, username: userName, password, scope: spaScope },
        { cookie: pair },
      );
    expect((await withCookie('tfa.remember')).status).toBe(200);
    expect((await withCookie('tfa.remember.other')).body.error_description).toBe('RequiresTwoFactor');
    expect((await grant('tfa.remember')).body.error_description).toBe('RequiresTwoFactor');
  });

  it('bounds code guessing with the sign-in rate limit, also for users without lockout', async () => {
    const id = await createUser(server, { userName: 'tfa.guess', password, lockoutEnabled: false });
    await server.ctx.db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, id));
    for (let i = 0; i < 10; i++) {
      expect((await grant('tfa.guess', { TwoFactorProvider: 'Email', TwoFactorCode: String(100000 + i) })).status).toBe(400);
    }
    const limited = await grant('tfa.guess', { TwoFactorProvider: 'Email', TwoFactorCode: '123456' });
    expect(limited.status).toBe(429);
    expect(limited.body.error).toBe('too_many_requests');
  });

  it('follows the behaviour: Forced asks users without two-factor (Email), Disabled asks nobody', async () => {
    const plain = await twoFactorUser('tfa.forced', { twoFactorEnabled: false });
    const enabled = await twoFactorUser('tfa.disabled');
    expect((await grant('tfa.forced')).status).toBe(200);
    await setSettingValues(server.ctx, { 'Abp.Identity.TwoFactor.Behaviour': 'Forced' }, global);
    try {
      const forced = await grant('tfa.forced');
      expect(forced.body).toMatchObject({ error_description: 'RequiresTwoFactor', userId: plain.id });
      const providers = await api(
        `/api/account/two-factor-providers?userId=${plain.id}&token=${encodeURIComponent(String(forced.body.twoFactorToken))}`,
      );
      expect(await providers.json()).toEqual(['Email']);
      await setSettingValues(server.ctx, { 'Abp.Identity.TwoFactor.Behaviour': 'Disabled' }, global);
      expect((await grant('tfa.disabled')).status).toBe(200);
      expect(enabled.twoFactorEnabled).toBe(true);
    } finally {
      await setSettingValues(server.ctx, { 'Abp.Identity.TwoFactor.Behaviour': null }, global);
    }
  });
});

describe('login page with two-factor', () => {
  async function loginUntilSecondStep(userName: string, jar = new CookieJar()) {
    const page = await startAuthorization(server, { jar });
    const posted = await submitLogin(jar, server.url, page.url, page.html, { userName, password });
    return { jar, posted, uid: /name="uid" value="([^"]+)"/.exec(page.html)![1]! };
  }

  const form = (jar: CookieJar, path: string, fields: Record<string, string>) =>
    browse(jar, `${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields),
    });

  it('shows the texts the host edited in language management on the second step', async () => {
    await twoFactorUser('tfa.page.texts');
    const address = { resourceName: 'AbpAccount', cultureName: 'en', name: 'SelectTwoFactorProvider' };
    const { jar, uid } = await loginUntilSecondStep('tfa.page.texts');
    const choosePage = async () => (await browse(jar, `${server.url}/Account/SendSecurityCode?uid=${uid}`)).text();
    await updateText(server.ctx, null, null, address, 'Pick how to prove it is you');
    try {
      expect(await choosePage()).toContain('<legend>Pick how to prove it is you</legend>');
      // The step's own messages too: no provider chosen.
      const refused = await form(jar, `/Account/SendSecurityCode?uid=${uid}`, { uid, provider: 'Nope' });
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain('<li>Pick how to prove it is you</li>');
    } finally {
      await restoreText(server.ctx, null, address);
    }
    expect(await choosePage()).toContain('<legend>Select a verification provider</legend>');
  });

  it('sends an e-mail code, verifies it, remembers the browser, and skips the second step next time', async () => {
    const user = await twoFactorUser('tfa.page');
    const { jar, posted, uid } = await loginUntilSecondStep('tfa.page');
    expect(posted.status).toBe(303);
    expect(posted.headers.get('location')).toBe(`/Account/SendSecurityCode?uid=${uid}`);

    const choose = await browse(jar, `${server.url}/Account/SendSecurityCode?uid=${uid}`);
    const chooseHtml = await choose.text();
    expect(choose.status).toBe(200);
    expect(chooseHtml).toContain('<legend>Select a verification provider</legend>');
    expect(chooseHtml).toContain('<label for="provider-Email">Email</label>');
    expect(chooseHtml).not.toContain('provider-Authenticator');

    const sent = await form(jar, `/Account/SendSecurityCode?uid=${uid}`, { uid, provider: 'Email' });
    expect(sent.status).toBe(303);
    const verifyUrl = `${server.url}${sent.headers.get('location')}`;
    const verifyPage = await (await browse(jar, verifyUrl)).text();
    expect(verifyPage).toContain('<label for="code">Security code</label>');
    expect(verifyPage).toContain('<label for="rememberBrowser">Remember this browser</label>');
    const code = await latestSecurityCode(server, user.email);

    const wrong = await form(jar, `/Account/VerifySecurityCode?uid=${uid}`, {
      uid,
      provider: 'Email',
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain('The verification code is not valid.');

    const verified = await form(jar, `/Account/VerifySecurityCode?uid=${uid}`, { uid, provider: 'Email', code, rememberBrowser: 'true' });
    expect(verified.status).toBe(303);
    const end = await follow(jar, server.url, verified);
    expect(new URL(end.url).searchParams.get('code')).toBeTruthy();
    const remembered = jar.cookies.get('Identity.TwoFactorRememberMe');
    expect(remembered).toBeTruthy();

    // A new browser that carries only the remember cookie signs in with the password alone.
    const fresh = new CookieJar();
    fresh.cookies.set('Identity.TwoFactorRememberMe', remembered!);
    const again = await loginUntilSecondStep('tfa.page', fresh);
    expect(again.posted.headers.get('location')).not.toContain('SendSecurityCode');
    const done = await follow(fresh, server.url, again.posted);
    expect(new URL(done.url).searchParams.get('code')).toBeTruthy();
    // Another user's browser gains nothing from it.
    await twoFactorUser('tfa.page.other');
    const otherJar = new CookieJar();
    otherJar.cookies.set('Identity.TwoFactorRememberMe', remembered!);
    expect((await loginUntilSecondStep('tfa.page.other', otherJar)).posted.headers.get('location')).toContain('SendSecurityCode');
  });

  it('hides "remember this browser" when the setting is off', async () => {
    await setSettingValues(server.ctx, { 'Abp.Account.TwoFactor.IsRememberBrowserEnabled': 'false' }, global);
    try {
      await twoFactorUser('tfa.noremember');
      const { jar, uid } = await loginUntilSecondStep('tfa.noremember');
      const html = await (await browse(jar, `${server.url}/Account/VerifySecurityCode?uid=${uid}&provider=Email`)).text();
      expect(html).toContain('<label for="code">');
      expect(html).not.toContain('rememberBrowser');
    } finally {
      await setSettingValues(server.ctx, { 'Abp.Account.TwoFactor.IsRememberBrowserEnabled': null }, global);
    }
  });

  it('signs in with an authenticator code and with a recovery code', async () => {
    const user = await twoFactorUser('tfa.page.app', { twoFactorEnabled: false });
    const secret = secretOfUri(await authenticatorUri(server.ctx, user));
    await confirmAuthenticator(server.ctx, user, await totpCode(secret, -1));
    const codes = await generateRecoveryCodes(server.ctx, user);

    const one = await loginUntilSecondStep('tfa.page.app');
    const sent = await form(one.jar, `/Account/SendSecurityCode?uid=${one.uid}`, { uid: one.uid, provider: 'Authenticator' });
    expect(sent.headers.get('location')).toContain('provider=Authenticator');
    const ok = await form(one.jar, `/Account/VerifySecurityCode?uid=${one.uid}`, {
      uid: one.uid,
      provider: 'Authenticator',
      code: await totpCode(secret),
    });
    expect(ok.status).toBe(303);
    expect(new URL((await follow(one.jar, server.url, ok)).url).searchParams.get('code')).toBeTruthy();

    const two = await loginUntilSecondStep('tfa.page.app');
    const recoveryPage = await (await browse(two.jar, `${server.url}/Account/LoginWithRecoveryCode?uid=${two.uid}`)).text();
    expect(recoveryPage).toContain('<label for="recoveryCode">Recovery code</label>');
    const used = await form(two.jar, `/Account/LoginWithRecoveryCode?uid=${two.uid}`, { uid: two.uid, recoveryCode: codes[3]! });
    expect(used.status).toBe(303);
    expect(new URL((await follow(two.jar, server.url, used)).url).searchParams.get('code')).toBeTruthy();

    const three = await loginUntilSecondStep('tfa.page.app');
    const reused = await form(three.jar, `/Account/LoginWithRecoveryCode?uid=${three.uid}`, { uid: three.uid, recoveryCode: codes[3]! });
    expect(reused.status).toBe(401);
    expect(await reused.text()).toContain('The recovery code is not valid.');
  });

  it('answers "Invalid login request" to the second step without the pending cookie of the password step', async () => {
    await twoFactorUser('tfa.page.nopending');
    const { jar, uid } = await loginUntilSecondStep('tfa.page.nopending');
    jar.cookies.delete('Identity.TwoFactorUserId');
    const page = await browse(jar, `${server.url}/Account/SendSecurityCode?uid=${uid}`);
    expect(page.status).toBe(400);
    expect(await page.text()).toContain('Invalid login request');
    const forged = await form(jar, `/Account/VerifySecurityCode?uid=${uid}`, { uid, provider: 'Email', code: '123456' });
    expect(forged.status).toBe(400);
  });

  it('writes the security log rows of the second step', async () => {
    const user = await twoFactorUser('tfa.page.logs');
    const { jar, uid } = await loginUntilSecondStep('tfa.page.logs');
    await form(jar, `/Account/SendSecurityCode?uid=${uid}`, { uid, provider: 'Email' });
    await form(jar, `/Account/VerifySecurityCode?uid=${uid}`, { uid, provider: 'Email', code: '999999x' });
    const code = await latestSecurityCode(server, user.email);
    await form(jar, `/Account/VerifySecurityCode?uid=${uid}`, { uid, provider: 'Email', code });
    const rows = await server.ctx.db
      .select({ action: securityLogs.action, extra: securityLogs.extraProperties })
      .from(securityLogs)
      .where(and(eq(securityLogs.userId, user.id), eq(securityLogs.action, 'LoginSucceeded')));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.extra).toMatchObject({ twoFactorProvider: 'Email' });
    expect(await actionsOf(user.id)).toEqual(['LoginRequiresTwoFactor', 'LoginTwoFactorFailed', 'LoginSucceeded']);
  });
});
