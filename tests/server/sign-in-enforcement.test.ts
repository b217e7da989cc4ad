// Sign-in settings enforced on both flows (password grant and the server login page): local login
// off, confirmed e-mail / phone number required, captcha on login verified against a real local
// HTTP server standing in for {VerifyBaseUrl}recaptcha/api/siteverify (version 2 and 3 with score),
// and lockout from MaxFailedAccessAttempts / LockoutDuration on the login page.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema/index.ts';
import { setSettingValues } from '../../server/modules/setting-management/store.ts';
import { CookieJar, createUser, spaScope, startAuthorization, submitLogin, tokenRequest } from '../kit/auth.ts';
import { startTestServer, type TestServer } from '../kit/test-server.ts';

let server: TestServer;
let verifier: http.Server;
let verifierUrl: string;
const received: Array<Record<string, string>> = [];
/** response value -> the verifier's answer */
const answers: Record<string, { success: boolean; score?: number }> = {
  good: { success: true, score: 0.9 },
  low: { success: true, score: 0.3 },
  bad: { success: false },
};

beforeAll(async () => {
  verifier = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(body));
      received.push({ path: request.url ?? '', ...form });
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify(answers[form.response ?? ''] ?? { success: false }));
    });
  });
  await new Promise<void>((resolve) => verifier.listen(0, '127.0.0.1', resolve));
  verifierUrl = `http://127.0.0.1:${(verifier.address() as AddressInfo).port}/`;
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
  await new Promise((resolve) => verifier?.close(resolve));
});

const global = { providerName: 'G' as const, providerKey: '' };
const password = '1q2w3E*';
const resetKeys: string[] = [];
async function set(values: Record<string, string>) {
  resetKeys.push(...Object.keys(values));
  await setSettingValues(server.ctx, values, global);
}
afterEach(async () => {
  await setSettingValues(server.ctx, Object.fromEntries(resetKeys.splice(0).map((k) => [k, null])), global);
});

const grant = (userName: string, extra: Record<string, string> = {}) =>
  tokenRequest(
    server,
    { grant_type: 'password', client_id: server.config.spaClientId, username: userName, password, scope: spaScope, ...extra },
    { 'accept-language': 'en' },
  );

async function loginPage(userName: string, extra: Record<string, string> = {}) {
  const jar = new CookieJar();
  jar.headers['accept-language'] = 'en';
  const page = await startAuthorization(server, { jar });
  if (!Object.keys(extra).length)
    return { page, response: await submitLogin(jar, server.url, page.url, page.html, { userName, password }) };
  const uid = /name="uid" value="([^"]+)"/.exec(page.html)![1]!;
  const response = await fetch(`${server.url}/Account/Login?uid=${uid}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: jar.header(), 'accept-language': 'en' },
    body: new URLSearchParams({ uid, userNameOrEmailAddress: userName, password, tenant: '', ...extra }),
  });
  return { page, response };
}

describe('local login', () => {
  it('off: the login page shows the warning and the password grant refuses', async () => {
    await createUser(server, { userName: 'enf.local', password });
    await set({ 'Abp.Account.EnableLocalLogin': 'false' });
    const jar = new CookieJar();
    jar.headers['accept-language'] = 'en';
    const page = await startAuthorization(server, { jar });
    expect(page.html).toContain('There are no login schemes configured for this client.');
    expect(page.html).not.toContain('name="password"');
    const refused = await grant('enf.local');
    expect(refused.body).toMatchObject({
      error: 'invalid_grant',
      error_description: 'There are no login schemes configured for this client.',
    });
  });
});

describe('confirmed e-mail and phone number', () => {
  it('refuses an unconfirmed e-mail with its own message on both flows when RequireConfirmedEmail is on', async () => {
    const id = await createUser(server, { userName: 'enf.mail', password });
    await server.ctx.db.update(users).set({ emailConfirmed: false }).where(eq(users.id, id));
    expect((await grant('enf.mail')).status).toBe(200);
    await set({ 'Abp.Identity.SignIn.RequireConfirmedEmail': 'true' });
    const refused = await grant('enf.mail');
    expect(refused.body).toMatchObject({ error: 'invalid_grant' });
    expect(String(refused.body.error_description)).toMatch(/until your email address is confirmed/);
    const { response } = await loginPage('enf.mail');
    expect(response.status).toBe(401);
    expect(await response.text()).toContain('until your email address is confirmed');
    await server.ctx.db.update(users).set({ emailConfirmed: true }).where(eq(users.id, id));
    expect((await grant('enf.mail')).status).toBe(200);
  });

  it('refuses an unconfirmed phone number when RequireConfirmedPhoneNumber is on', async () => {
    await createUser(server, { userName: 'enf.phone', password });
    await set({ 'Abp.Identity.SignIn.RequireConfirmedPhoneNumber': 'true' });
    const refused = await grant('enf.phone');
    expect(String(refused.body.error_description)).toMatch(/until your phone number is confirmed/);
    const fr = await tokenRequest(
      server,
      { grant_type: 'password', client_id: server.config.spaClientId, username: 'enf.phone', password, scope: spaScope },
      { 'accept-language': 'fr' },
    );
    expect(String(fr.body.error_description)).toMatch(/numéro de téléphone/);
  });
});

describe('captcha on login', () => {
  const captcha = (version: string) =>
    set({
      'Abp.Account.Captcha.UseCaptchaOnLogin': 'true',
      'Abp.Account.Captcha.VerifyBaseUrl': verifierUrl,
      'Abp.Account.Captcha.SiteKey': 'site-key-1',
      'Abp.Account.Captcha.SiteSecret': 'site-secret-1',
      'Abp.Account.Captcha.Version': version,
      'Abp.Account.Captcha.Score': '0.5',
    });

  it('version 2: the password grant needs an accepted answer, sent with the secret to the verify URL', async () => {
    await createUser(server, { userName: 'enf.captcha2', password });
    await captcha('2');
    const missing = await grant('enf.captcha2');
    expect(missing.body.error).toBe('invalid_grant');
    const bad = await grant('enf.captcha2', { captchaResponse: 'bad' });
    expect(bad.body.error).toBe('invalid_grant');
    expect(received.at(-1)).toMatchObject({ path: '/recaptcha/api/siteverify', secret: 'site-secret-1', response: 'bad' });
    // Version 2 ignores the score.
    expect((await grant('enf.captcha2', { captchaResponse: 'low' })).status).toBe(200);
  });

  it('version 3: success also needs score >= the configured score', async () => {
    await createUser(server, { userName: 'enf.captcha3', password });
    await captcha('3');
    expect((await grant('enf.captcha3', { captchaResponse: 'low' })).body.error).toBe('invalid_grant');
    expect((await grant('enf.captcha3', { captchaResponse: 'good' })).status).toBe(200);
  });

  it('the login page shows the widget, allows Google in its CSP, and verifies the answer', async () => {
    await createUser(server, { userName: 'enf.captcha.page', password });
    await captcha('2');
    const { page } = await loginPage('enf.captcha.page');
    expect(page.html).toContain('class="g-recaptcha" data-sitekey="site-key-1"');
    const refused = await loginPage('enf.captcha.page', { 'g-recaptcha-response': 'bad' });
    expect(refused.response.status).toBe(400);
    expect(refused.response.headers.get('content-security-policy')).toContain('https://www.google.com/recaptcha/');
    const accepted = await loginPage('enf.captcha.page', { 'g-recaptcha-response': 'good' });
    expect(accepted.response.status).toBe(303);
  });

  it('version 3 on the login page: a hidden field filled on submit by /Account/captcha.js', async () => {
    await createUser(server, { userName: 'enf.captcha.v3page', password });
    await captcha('3');
    const jar = new CookieJar();
    const page = await startAuthorization(server, { jar });
    expect(page.html).toContain('name="captchaResponse" id="captchaResponse" data-sitekey="site-key-1"');
    expect(page.html).toContain('<script src="/Account/captcha.js"></script>');
    const script = await fetch(`${server.url}/Account/captcha.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/javascript/);
    expect(await script.text()).toContain('grecaptcha.execute');
    expect((await loginPage('enf.captcha.v3page', { captchaResponse: 'low' })).response.status).toBe(400);
    expect((await loginPage('enf.captcha.v3page', { captchaResponse: 'good' })).response.status).toBe(303);
  });

  it('fails closed when the verify endpoint cannot be reached', async () => {
    await createUser(server, { userName: 'enf.captcha.down', password });
    await captcha('2');
    await set({ 'Abp.Account.Captcha.VerifyBaseUrl': 'http://127.0.0.1:9/' });
    expect((await grant('enf.captcha.down', { captchaResponse: 'good' })).body.error).toBe('invalid_grant');
  });
});

describe('lockout on the login page', () => {
  it('locks after MaxFailedAccessAttempts wrong passwords for LockoutDuration, even with the right password', async () => {
    await createUser(server, { userName: 'enf.lock', password });
    await set({ 'Abp.Identity.Lockout.MaxFailedAccessAttempts': '2', 'Abp.Identity.Lockout.LockoutDuration': '600' });
    const wrong = async () => {
      const jar = new CookieJar();
      jar.headers['accept-language'] = 'en';
      const page = await startAuthorization(server, { jar });
      return submitLogin(jar, server.url, page.url, page.html, { userName: 'enf.lock', password: 'Wrong-1x' });
    };
    expect(await (await wrong()).text()).toContain('Invalid username or password!');
    expect(await (await wrong()).text()).toContain('locked out');
    const right = await loginPage('enf.lock');
    expect(right.response.status).toBe(401);
    expect(await right.response.text()).toContain('locked out');
    const [row] = await server.ctx.db.select().from(users).where(eq(users.userName, 'enf.lock'));
    const seconds = (row!.lockoutEnd!.getTime() - Date.now()) / 1000;
    expect(seconds).toBeGreaterThan(500);
    expect(seconds).toBeLessThanOrEqual(600);
  });
});
