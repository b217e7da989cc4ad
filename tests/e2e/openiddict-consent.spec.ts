// The identity server's consent page (issue 19, server/identity-server/consent.ts) in Debian's
// Chromium against the real server: an application registered with explicit consent shows the
// page after the login; it passes axe (0 serious or critical) in English and in Arabic (right to
// left), is used with the keyboard alone (Tab to Allow, Enter), and Allow lands on the client's
// redirect URI with a code. Elements are found by role and accessible name only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordToken } from '../kit/auth.ts';
import { type Browser, launchBrowser, seriousAxeViolations } from '../kit/browser.ts';
import { startTestServer, type TestServer } from '../kit/test-server.ts';

let server: TestServer;
let browser: Browser;
const home = 'http://localhost:4500';

beforeAll(async () => {
  server = await startTestServer();
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
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const authorizeUrl = (culture: string) =>
  `${server.url}/connect/authorize?${new URLSearchParams({
    client_id: 'Consent_App',
    response_type: 'code',
    redirect_uri: home,
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
