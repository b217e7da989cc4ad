// The identity server's consent page (issue 19, server/identity-server/consent.ts) in Debian's
// Chromium against the real server: an application registered with explicit consent shows the
// page after the login; it passes axe (0 serious or critical) in English and in Arabic (right to
// left), is used with the keyboard alone (Tab to Allow, Enter), and Allow lands on the client's
// redirect URI with a code. Elements are found by role and accessible name only.
// The two-factor step of the same login for a client whose origin is not among the CORS origins:
// its pages' forms (e-mail code, a wrong code's page, recovery code) end in the redirect to the
// client, which the pages' CSP form-action must allow as the login and consent pages do.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateRecoveryCodes } from '../../server/modules/account/two-factor.ts';
import { createUserRow, latestSecurityCode, passwordToken } from '../kit/auth.ts';
import { type ClientSite, startClientSite } from '../kit/client-site.ts';
import { type Browser, launchBrowser, seriousAxeViolations } from '../kit/browser.ts';
import { startTestServer, type TestServer } from '../kit/test-server.ts';

let server: TestServer;
let browser: Browser;
/** A client's own page on another origin (localhost, the server is 127.0.0.1), outside the CORS origins. */
let clientSite: ClientSite;
const home = 'http://localhost:4500';

beforeAll(async () => {
  server = await startTestServer();
  clientSite = await startClientSite();
  browser = await launchBrowser();
  const { access_token: token } = await passwordToken(server, { userName: 'admin', password: '1q2w3E*' });
  const created = await fetch(`${server.url}/api/openiddict/applications`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      clientId: 'Consent_App',
      displayName: 'Consent demo',
      clientType: 'public',
      consentType: 'explicit',
      allowAuthorizationCodeFlow: true,
      redirectUris: [home],
      scopes: ['openid', 'profile', 'Finance'],
    }),
  });
  expect(created.status).toBe(200);
  const twoFactorApp = await fetch(`${server.url}/api/openiddict/applications`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      clientId: 'TwoFactor_App',
      displayName: 'Two-factor demo',
      clientType: 'public',
      consentType: 'implicit',
      allowAuthorizationCodeFlow: true,
      redirectUris: [clientSite.url],
      scopes: ['openid', 'profile', 'Finance'],
    }),
  });
  expect(twoFactorApp.status).toBe(200);
});

afterAll(async () => {
  await clientSite?.close();
  await browser?.close();
  await server?.stop();
});

const authorizeUrl = (culture: string, clientId = 'Consent_App', redirectUri = home) =>
  `${server.url}/connect/authorize?${new URLSearchParams({
    client_id: clientId,
    response_type: 'code',
    redirect_uri: redirectUri,
    scope: 'openid profile Finance',
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    code_challenge_method: 'S256',
    'ui-culture': culture,
  })}`;

describe('consent page', () => {
  it('is accessible in English and Arabic, keyboard-operable, and Allow returns a code', async () => {
    const page = await browser.context.newPage();
    const landed: string[] = [];
    await page.route(`${home}/**`, async (route) => {
      landed.push(route.request().url());
      await route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>client</title>' });
    });

    await page.goto(authorizeUrl('ar'));
    await page.getByLabel('اسم المستخدم أو البريد الإلكتروني').fill('admin');
    await page.getByLabel('كلمة المرور', { exact: true }).fill('1q2w3E*');
    await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
    await page.getByRole('heading', { level: 1, name: 'السماح للتطبيق' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await page.getByRole('list', { name: 'السماح للتطبيق' }).getByRole('listitem').count()).toBe(3);
    expect(await page.getByRole('button', { name: 'سماح' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'رفض' }).isVisible()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // The same page in English (a fresh request in the same signed-in browser): asked again, since nothing was allowed yet.
    await page.goto(authorizeUrl('en'));
    await page.getByRole('heading', { level: 1, name: 'Authorize application' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('ltr');
    expect(await page.getByText('Consent demo asks to access your account').isVisible()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Keyboard only: Tab until Allow has focus, then Enter.
    for (let i = 0; i < 20; i++) {
      await page.keyboard.press('Tab');
      if ((await page.evaluate(() => document.activeElement?.textContent?.trim())) === 'Allow') break;
    }
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Allow');
    await page.keyboard.press('Enter');
    await expect.poll(() => landed.length, { timeout: 20_000 }).toBeGreaterThan(0);
    expect(new URL(landed[0]!).searchParams.get('code')).toBeTruthy();
    await page.close();
  });
});

describe('two-factor step for a client outside the CORS origins', () => {
  /** A fresh browser (no sign-in yet), signed in with the password up to the second step. */
  async function secondStep() {
    const fresh = await launchBrowser();
    const page = await fresh.context.newPage();
    const failed: string[] = [];
    // Navigations only: the login pages prefetch the SPA's files, which a navigation away aborts.
    page.on('requestfailed', (request) => {
      if (request.isNavigationRequest()) failed.push(`${request.url()} ${request.failure()?.errorText}`);
    });
    await page.goto(authorizeUrl('en', 'TwoFactor_App', clientSite.url));
    await page.getByLabel('Username or email address').fill('tfa.client');
    await page.getByLabel('Password', { exact: true }).fill('Tfa-client1');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('heading', { level: 1, name: 'Two factor verification' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    return { fresh, page, failed };
  }

  /** The browser reached the client's page (served on its own origin) with a code, nothing aborted on the way. */
  async function expectLandedWithCode(step: Awaited<ReturnType<typeof secondStep>>) {
    const arrived = await step.page
      .getByRole('heading', { name: 'client page' })
      .waitFor({ timeout: 20_000 })
      .then(() => true)
      .catch(() => false);
    expect({ arrived, failed: step.failed }, step.page.url()).toEqual({ arrived: true, failed: [] });
    expect(new URL(step.page.url()).searchParams.get('code')).toBeTruthy();
  }

  it('an e-mail code (after a wrong one) and a recovery code land on the client with a code', async () => {
    const user = await createUserRow(server, { userName: 'tfa.client', password: 'Tfa-client1' }, { twoFactorEnabled: true });
    const [recoveryCode] = await generateRecoveryCodes(server.ctx, user);

    const byMail = await secondStep();
    await byMail.page.getByRole('button', { name: 'Send security code' }).click();
    await byMail.page.getByLabel('Security code').fill('000000');
    await byMail.page.getByRole('button', { name: 'Verify' }).click();
    await byMail.page.getByRole('alert').filter({ hasText: 'The verification code is not valid.' }).waitFor();
    // The code is posted from the page the wrong code answered with.
    await byMail.page.getByLabel('Security code').fill(await latestSecurityCode(server, user.email!));
    await byMail.page.getByRole('button', { name: 'Verify' }).click();
    await expectLandedWithCode(byMail);
    await byMail.fresh.close();

    const byRecovery = await secondStep();
    await byRecovery.page.getByRole('link', { name: 'Log in with a recovery code' }).click();
    await byRecovery.page.getByLabel('Recovery code').fill(recoveryCode!);
    await byRecovery.page.getByRole('button', { name: 'Login' }).click();
    await expectLandedWithCode(byRecovery);
    await byRecovery.fresh.close();
  });
});
