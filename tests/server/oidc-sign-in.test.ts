// Sign-in rules on both paths (password grant, login page): first-party restriction, tenants,
// lockout per the identity settings with security log rows, identical answers for unknown user and
// wrong password, inactive users, the local-login switch, and the login page's language and markup.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, identitySessions, securityLogs, users } from '../../server/db/schema/index.ts';
import { setSettingValue } from '../../server/modules/setting-management/store.ts';
import { CookieJar, createUser, passwordToken, spaScope, startAuthorization, submitLogin, tokenRequest } from '../kit/auth.ts';
import { startTestServer, type TestServer } from '../kit/test-server.ts';

let server: TestServer;
let acmeId: string;

beforeAll(async () => {
  server = await startTestServer();
  acmeId = (await server.ctx.tenants.findByName('acme'))!.id;
});
afterAll(() => server?.stop());

const passwordGrant = (userName: string, password: string, headers: Record<string, string> = {}) =>
  tokenRequest(
    server,
    { grant_type: 'password', client_id: server.config.spaClientId, username: userName, password, scope: spaScope },
    headers,
  );

async function openLoginPage(query = '', headers: Record<string, string> = {}) {
  const jar = new CookieJar();
  jar.headers = headers;
  return startAuthorization(server, { jar, scope: 'openid profile', query });
}

const logRows = (userName: string, action: string) =>
  server.ctx.db
    .select()
    .from(securityLogs)
    .where(and(eq(securityLogs.userName, userName), eq(securityLogs.action, action)));

describe('password grant', () => {
  it('issues tokens to the first-party SPA, with the tenant from the __tenant header', async () => {
    const tokens = await passwordToken(server, { userName: 'admin', password: '1q2w3E*', tenant: 'acme' });
    const claims = await server.ctx.tokens.verify(tokens.access_token);
    expect(claims).toMatchObject({ tenantid: acmeId, preferred_username: 'admin' });
    const [session] = await server.ctx.db
      .select()
      .from(identitySessions)
      .where(eq(identitySessions.sessionId, String(claims?.session_id)));
    expect(session).toMatchObject({ tenantId: acmeId, clientId: server.config.spaClientId, device: 'OAuth' });
    expect((await logRows('admin', 'LoginSucceeded')).some((row) => row.tenantId === acmeId)).toBe(true);
  });

  it('issues refresh tokens that rotate and keep the session', async () => {
    const tokens = await passwordToken(server, { userName: 'admin', password: '1q2w3E*' });
    const refreshed = await tokenRequest(server, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token!,
      client_id: server.config.spaClientId,
      scope: spaScope,
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.refresh_token).not.toBe(tokens.refresh_token);
    const before = await server.ctx.tokens.verify(tokens.access_token);
    const after = await server.ctx.tokens.verify(String(refreshed.body.access_token));
    expect(after?.session_id).toBe(before?.session_id);
    expect(after?.role).toEqual(before?.role);
  });

  it('is refused to a client that is not first-party, even when the grant type is allowed', async () => {
    await server.ctx.db.insert(applications).values({
      clientId: 'Partner_App',
      clientType: 'public',
      isFirstParty: false,
      grantTypes: ['password', 'refresh_token'],
      scopes: ['openid', 'Finance'],
    });
    const { status, body } = await tokenRequest(server, {
      grant_type: 'password',
      client_id: 'Partner_App',
      username: 'admin',
      password: '1q2w3E*',
      scope: 'openid Finance',
    });
    expect(status).toBe(400);
    expect(body.error).toBe('unauthorized_client');
  });

  it('answers an unknown user and a wrong password identically', async () => {
    await createUser(server, { userName: 'same.answer', password: 'Right-Pass1' });
    const unknown = await passwordGrant('nobody.here', 'Wrong-Pass1');
    const wrong = await passwordGrant('same.answer', 'Wrong-Pass1');
    expect(unknown.status).toBe(400);
    expect(wrong).toEqual(unknown);
    expect(unknown.body).toEqual({ error: 'invalid_grant', error_description: 'Invalid username or password!' });
  });

  it('locks an account out after MaxFailedAccessAttempts and logs it', async () => {
    const userId = await createUser(server, { userName: 'locky', password: 'Right-Pass1' });
    for (let attempt = 1; attempt < 5; attempt++) expect((await passwordGrant('locky', 'Wrong-Pass1')).body.error).toBe('invalid_grant');
    const fifth = await passwordGrant('locky', 'Wrong-Pass1');
    expect(fifth.body.error_description).toMatch(/locked out/);
    // Locked: even the right password is refused.
    const right = await passwordGrant('locky', 'Right-Pass1');
    expect(right.status).toBe(400);
    expect(right.body.error_description).toMatch(/locked out/);
    const [row] = await server.ctx.db.select().from(users).where(eq(users.id, userId));
    expect(row!.lockoutEnd!.getTime()).toBeGreaterThan(Date.now() + 200_000);
    expect(await logRows('locky', 'LoginLockedout')).not.toHaveLength(0);
    expect(await logRows('locky', 'LoginInvalidUserNameOrPassword')).toHaveLength(4);
  });

  it('honours the tenant lockout settings and users without lockout', async () => {
    await setSettingValue(server.ctx, 'Abp.Identity.Lockout.MaxFailedAccessAttempts', '2', { providerName: 'T', providerKey: acmeId });
    await createUser(server, { userName: 'tenant.user', password: 'Right-Pass1', tenantId: acmeId });
    await createUser(server, { userName: 'never.locked', password: 'Right-Pass1', lockoutEnabled: false });
    expect((await passwordGrant('tenant.user', 'Wrong-Pass1', { __tenant: acmeId })).body.error_description).toMatch(/Invalid/);
    expect((await passwordGrant('tenant.user', 'Wrong-Pass1', { __tenant: acmeId })).body.error_description).toMatch(/locked out/);
    for (let attempt = 0; attempt < 6; attempt++) await passwordGrant('never.locked', 'Wrong-Pass1');
    expect((await passwordGrant('never.locked', 'Right-Pass1')).status).toBe(200);
  });

  it('refuses an inactive user with the right password', async () => {
    await createUser(server, { userName: 'sleeper', password: 'Right-Pass1', isActive: false });
    const answer = await passwordGrant('sleeper', 'Right-Pass1');
    expect(answer.body.error_description).toMatch(/not allowed/);
    expect(await logRows('sleeper', 'LoginNotAllowed')).toHaveLength(1);
  });

  it('refuses the Impersonation grant without a valid access token (the grants are tested in link-login.test.ts)', async () => {
    const { status, body } = await tokenRequest(server, {
      grant_type: 'Impersonation',
      client_id: server.config.spaClientId,
      UserId: acmeId,
    });
    expect(status).toBe(400);
    expect(body.error).toBe('invalid_grant');
    expect(String(body.error_description)).toMatch(/access token/);
  });
});

describe('login page', () => {
  it('is labelled, localized and answers unknown user and wrong password identically', async () => {
    const page = await openLoginPage();
    expect(page.status).toBe(200);
    for (const id of ['userNameOrEmailAddress', 'password', 'tenant', 'rememberMe']) expect(page.html).toContain(`<label for="${id}">`);
    expect(page.html).not.toMatch(/<script|style=/);
    await createUser(server, { userName: 'page.user', password: 'Right-Pass1' });
    const answers = [];
    for (const userName of ['page.user', 'page.nobody']) {
      const fresh = await openLoginPage();
      const response = await submitLogin(fresh.jar, server.url, fresh.url, fresh.html, { userName, password: 'Wrong-Pass1' });
      const html = (await response.text()).replaceAll(userName, '{user}').replace(/uid=[^"&]+|value="[A-Za-z0-9_-]{20,}"/g, '');
      answers.push({ status: response.status, html });
    }
    expect(answers[0]!.status).toBe(401);
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[0]!.html).toContain('role="alert"');
    expect(answers[0]!.html).toContain('Invalid username or password!');
  });

  it('speaks Arabic right to left from ui-culture, French from Accept-Language', async () => {
    const arabic = await openLoginPage('&ui-culture=ar');
    expect(arabic.html).toContain('<html lang="ar" dir="rtl">');
    expect(arabic.html).toContain('كلمة المرور');
    const french = await openLoginPage('', { 'accept-language': 'fr-FR,fr;q=0.9' });
    expect(french.html).toContain('<html lang="fr" dir="ltr">');
    expect(french.html).toContain('Mot de passe');
  });

  it('signs into a tenant chosen on the page and reports an unknown tenant', async () => {
    const page = await openLoginPage();
    const unknown = await submitLogin(page.jar, server.url, page.url, page.html, {
      userName: 'admin',
      password: '1q2w3E*',
      tenant: 'nope',
    });
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain('Given tenant is not available: nope');
    const again = await openLoginPage();
    const ok = await submitLogin(again.jar, server.url, again.url, again.html, { userName: 'admin', password: '1q2w3E*', tenant: 'acme' });
    expect(ok.status).toBe(303);
    expect(again.jar.cookies.get('__tenant')).toBe(acmeId);
  });

  it('shows a warning instead of the form when local login is disabled for the tenant', async () => {
    const jar = new CookieJar();
    jar.cookies.set('__tenant', acmeId);
    await setSettingValue(server.ctx, 'Abp.Account.EnableLocalLogin', 'false', { providerName: 'T', providerKey: acmeId });
    try {
      const { html } = await startAuthorization(server, { jar });
      expect(html).toContain('Invalid login request');
      expect(html).toContain('There are no login schemes configured for this client.');
      expect(html).not.toContain('name="password"');
    } finally {
      await setSettingValue(server.ctx, 'Abp.Account.EnableLocalLogin', null, { providerName: 'T', providerKey: acmeId });
    }
  });

  it('refuses a post without a live interaction', async () => {
    const response = await fetch(`${server.url}/Account/Login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ uid: 'forged', userNameOrEmailAddress: 'admin', password: '1q2w3E*' }),
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('Invalid login request');
  });
});
