// My account (spec 2.3, 2.4, 7.9, 7.10) in Chromium against the real server: reached from the user
// menu in a new tab in both flows ({issuer}Account/Manage?returnUrl=… with the code flow, the in-app
// route with the password flow), 'Back to the application' only for a same-origin returnUrl; the
// password changed under the policy (the server's refusal shown, then accepted, and the new password
// is the one that works); personal info and picture saved ('Saved successfully'), a wrong file
// refused before upload; the authenticator enabled with a TOTP the test computes from the key on
// screen, recovery codes shown once; axe clean; the page in Arabic, right to left.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setSettingValues } from '../../server/modules/setting-management/store.ts';
import { createUser, passwordToken, totpCode } from '../kit/auth.ts';
import { type Browser, launchBrowser, seriousAxeViolations } from '../kit/browser.ts';
import { startTestServer, type TestServer } from '../kit/test-server.ts';
import { choosePasswordFlow, submitAccountLogin } from './account-helpers.ts';
import { acceptCookies, ensureBuilt, signIn, watchForPageProblems } from './shell-helpers.ts';

let server: TestServer;
let browser: Browser;

/** react-aria's usePress style injection, refused by the strict CSP (see idle-session.spec.ts). */
const isReactAriaPressableStyle = (problem: string) => problem.includes("'sha256-38RhXrc7EdReTKsOm23ZPOCUgniTUUcjky8QOOrQx6o='");

// A 1×1 PNG.
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

beforeAll(async () => {
  ensureBuilt();
  server = await startTestServer({ serveSpa: true });
  browser = await launchBrowser();
  await acceptCookies(browser.context, server.url);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Clicks a user-menu entry that opens a new tab (opening the menu when it is closed); answers the tab. */
async function openFromUserMenu(context: BrowserContext, page: Page, entry: RegExp, heading: string): Promise<Page> {
  const panel = page.getByRole('region', { name: 'User menu' });
  if (!(await panel.isVisible())) await page.getByRole('button', { name: 'User menu' }).click();
  const [tab] = await Promise.all([context.waitForEvent('page'), panel.getByRole('link', { name: entry }).click()]);
  await tab.getByRole('heading', { level: 1, name: heading }).waitFor();
  return tab;
}

const openMyAccountFromUserMenu = (context: BrowserContext, page: Page) => openFromUserMenu(context, page, /My Account/, 'My Account');

async function openTab(page: Page, name: string): Promise<void> {
  await page.getByRole('tab', { name }).click();
}

async function expectSaved(page: Page): Promise<void> {
  await page.getByText('Saved successfully').first().waitFor();
}

describe('my account', () => {
  it('code flow: opens from the user menu, changes the password, saves profile and picture, enables the authenticator', async () => {
    await createUser(server, { userName: 'maria', password: '1q2w3E*', email: 'maria@example.test' });
    const page = await browser.context.newPage();
    const problems = watchForPageProblems(page);
    await signIn(page, server.url, 'maria', '1q2w3E*');
    await page.goto(`${server.url}/gdpr-cookie-consent`);
    await page.getByRole('button', { name: 'User menu' }).waitFor();
    const account = await openMyAccountFromUserMenu(browser.context, page);
    const accountProblems = watchForPageProblems(account);
    expect(new URL(account.url()).pathname).toBe('/Account/Manage');
    // Same origin: the way back is offered, to the page the menu was opened on.
    const back = account.getByRole('link', { name: 'Back to the application' });
    expect(await back.getAttribute('href')).toBe(`${server.url}/gdpr-cookie-consent`);
    expect((await account.getByRole('tab').allTextContents()).map((text) => text.trim())).toEqual([
      'Picture',
      'Password',
      'Personal info',
      'Authenticator app',
      'Two factor',
    ]);
    expect(await seriousAxeViolations(account)).toEqual([]);

    // The trail of a user-menu page: Home, then My Account.
    expect(
      (await account.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem').allTextContents()).map((text) => text.trim()),
    ).toEqual(['Home', 'My Account']);

    // Password: a too short new password says its rule once (the hint gives way to the error).
    await openTab(account, 'Password');
    const current = account.getByLabel(/^Current password/);
    await account.getByLabel(/^New password/).fill('2w3');
    await account.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => account.getByText(/^At least \d+ characters\.$/).count()).toBe(1);
    // The server's refusal of a wrong current password is shown and marks that field.
    await current.fill('wrong-password');
    await account.getByLabel(/^New password/).fill('2w3e$R%t');
    await account.getByLabel(/^Confirm new password/).fill('2w3e$R%t');
    await account.getByRole('button', { name: 'Save' }).click();
    await account.getByRole('tabpanel', { name: 'Password' }).getByRole('alert').first().waitFor();
    await expect.poll(() => current.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await current.getAttribute('aria-describedby')) ?? '';
    expect(
      await account.evaluate(
        (ids) =>
          ids
            .split(' ')
            .map((id) => document.getElementById(id)?.textContent ?? '')
            .join(' '),
        describedBy,
      ),
    ).toContain('Incorrect password.');
    expect(await seriousAxeViolations(account)).toEqual([]);
    await account.getByLabel(/^Current password/).fill('1q2w3E*');
    await account.getByRole('button', { name: 'Save' }).click();
    await expectSaved(account);
    expect(await account.getByLabel(/^New password/).inputValue()).toBe('');
    await expect(passwordToken(server, { userName: 'maria', password: '1q2w3E*' })).rejects.toThrow();
    expect((await passwordToken(server, { userName: 'maria', password: '2w3e$R%t' })).access_token).toBeTruthy();

    // Personal info: the stored profile loads; a change is saved.
    await openTab(account, 'Personal info');
    expect(await account.getByLabel(/^User name/).inputValue()).toBe('maria');
    await account.getByLabel(/^Name/).fill('Maria');
    await account.getByLabel(/^Surname/).fill('Lopez');
    await account.getByRole('button', { name: /Time zone/ }).click();
    await account.getByRole('option', { name: 'Europe/Paris' }).click();
    await account.getByRole('button', { name: 'Save' }).click();
    await expectSaved(account);
    const accessToken = await account.evaluate(() => localStorage.getItem('access_token'));
    const profile = async () =>
      (
        await fetch(`${server.url}/api/account/my-profile`, {
          headers: { Authorization: `Bearer ${accessToken}`, 'X-Requested-With': 'XMLHttpRequest' },
        })
      ).json();
    // The toast of the password's save may still be up: the server's answer is what counts.
    await expect.poll(profile).toMatchObject({ name: 'Maria', surname: 'Lopez', timezone: 'Europe/Paris' });
    expect(await seriousAxeViolations(account)).toEqual([]);

    // Picture: a wrong file is refused before it leaves, an image is saved and shown.
    await openTab(account, 'Picture');
    await account.getByRole('radio', { name: 'Upload an image' }).check({ force: true });
    await account.getByLabel('Image file').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    expect(await account.getByRole('alert').filter({ hasText: 'Choose a PNG, JPEG, GIF or WebP image.' }).count()).toBe(1);
    await account.getByLabel('Image file').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    await account.getByRole('button', { name: 'Save' }).click();
    await expectSaved(account);
    await account.getByRole('img', { name: 'Your current picture' }).waitFor();
    expect(await seriousAxeViolations(account)).toEqual([]);

    // Authenticator: the QR code and the key; the code the test computes from that key verifies.
    await openTab(account, 'Authenticator app');
    // The tab's content starts right under the tab list (no room kept for the hidden tabs).
    const tabListBottom = await account.getByRole('tablist').evaluate((element) => element.getBoundingClientRect().bottom);
    const panelTop = await account
      .getByRole('tabpanel', { name: 'Authenticator app' })
      .evaluate((element) => element.getBoundingClientRect().top);
    expect(panelTop - tabListBottom).toBeLessThan(32);
    await account.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    const key = (await account.getByLabel('Key for manual entry').inputValue()).replace(/\s+/g, '').toUpperCase();
    expect(key).toMatch(/^[A-Z2-7]+$/);
    expect(await seriousAxeViolations(account)).toEqual([]);
    await account.getByLabel(/^Verification code/).fill('000000');
    await account.getByRole('button', { name: 'Verify' }).click();
    await account
      .getByRole('tabpanel', { name: 'Authenticator app' })
      .getByText(/invalid|not valid|wrong/i)
      .first()
      .waitFor();
    await account.getByLabel(/^Verification code/).fill(await totpCode(key));
    await account.getByRole('button', { name: 'Verify' }).click();
    const codes = account.getByRole('list', { name: 'Recovery codes' });
    await codes.waitFor();
    expect(await codes.getByRole('listitem').count()).toBeGreaterThan(0);
    expect(await seriousAxeViolations(account)).toEqual([]);
    await account.getByRole('button', { name: 'I have saved these codes' }).click();
    await account.getByText('An authenticator app is set up for your account.').waitFor();
    expect(await codes.count()).toBe(0);
    // Two factor: with an authenticator the user may turn it on (Behaviour Optional, UsersCanChange).
    await openTab(account, 'Two factor');
    const twoFactor = account.getByRole('switch', { name: 'Two-factor authentication' });
    await twoFactor.waitFor();
    const token = await account.evaluate(() => localStorage.getItem('access_token'));
    const twoFactorEnabled = async () =>
      (
        await fetch(`${server.url}/api/account/my-profile/two-factor-enabled`, {
          headers: { Authorization: `Bearer ${token}`, 'X-Requested-With': 'XMLHttpRequest' },
        })
      ).json();
    const before = await twoFactorEnabled();
    expect(await twoFactor.isChecked()).toBe(before);
    // react-aria draws the switch over its hidden input: the label is what a user clicks.
    await account.getByText('Two-factor authentication', { exact: true }).click();
    await expectSaved(account);
    await expect.poll(twoFactorEnabled).toBe(!before);
    await expect.poll(() => twoFactor.isChecked()).toBe(!before);
    // Back on the authenticator tab: the codes are not shown again, the authenticator stays set up.
    await openTab(account, 'Authenticator app');
    await account.getByRole('button', { name: 'Reset authenticator' }).waitFor();
    expect(await account.getByRole('list', { name: 'Recovery codes' }).count()).toBe(0);

    expect([...problems, ...accountProblems].filter((problem) => !isReactAriaPressableStyle(problem))).toEqual([]);
    await account.close();
    await page.close();
  });

  it('shows no way back for a returnUrl on another origin', async () => {
    const page = await browser.context.newPage();
    await signIn(page, server.url);
    await page.goto(`${server.url}/Account/Manage?returnUrl=${encodeURIComponent('https://evil.example/')}`);
    await page.getByRole('heading', { level: 1, name: 'My Account' }).waitFor();
    expect(await page.getByRole('link', { name: 'Back to the application' }).count()).toBe(0);
    await page.goto(`${server.url}/Account/Manage?returnUrl=${encodeURIComponent('//evil.example/')}`);
    await page.getByRole('heading', { level: 1, name: 'My Account' }).waitFor();
    expect(await page.getByRole('link', { name: 'Back to the application' }).count()).toBe(0);
    await page.close();
  });

  it('keeps the user name and e-mail read-only when the identity settings do not allow changing them', async () => {
    const global = { providerName: 'G', providerKey: '' } as const;
    await setSettingValues(
      server.ctx,
      { 'Abp.Identity.User.IsUserNameUpdateEnabled': 'false', 'Abp.Identity.User.IsEmailUpdateEnabled': 'false' },
      global,
    );
    try {
      const page = await browser.context.newPage();
      await signIn(page, server.url);
      await page.goto(`${server.url}/account/manage`);
      await page.getByRole('tab', { name: 'Personal info' }).click();
      const userName = page.getByLabel(/^User name/);
      await userName.waitFor();
      expect(await userName.getAttribute('readonly')).not.toBeNull();
      expect(await page.getByLabel(/^E-mail address/).getAttribute('readonly')).not.toBeNull();
      await page.getByText('Your administrator does not allow changing the user name.').waitFor();
      expect(await page.getByLabel(/^Name/).getAttribute('readonly')).toBeNull();
      await page.close();
    } finally {
      await setSettingValues(
        server.ctx,
        { 'Abp.Identity.User.IsUserNameUpdateEnabled': null, 'Abp.Identity.User.IsEmailUpdateEnabled': null },
        global,
      );
    }
  });

  it('password flow: the user menu opens the in-app routes in a new tab', async () => {
    const other = await launchBrowser();
    try {
      await acceptCookies(other.context, server.url);
      await choosePasswordFlow(other.context);
      const page = await other.context.newPage();
      await page.goto(`${server.url}/account/login`);
      await submitAccountLogin(page, 'admin', '1q2w3E*');
      await page.getByRole('button', { name: 'User menu' }).waitFor();
      const account = await openMyAccountFromUserMenu(other.context, page);
      expect(new URL(account.url()).pathname).toBe('/account/manage');
      const logs = await openFromUserMenu(other.context, page, /My Security Logs/, 'My Security Logs');
      expect(new URL(logs.url()).pathname).toBe('/account/security-logs');
      const sessions = await openFromUserMenu(other.context, page, /^Sessions/, 'Sessions');
      expect(new URL(sessions.url()).pathname).toBe('/account/sessions');
    } finally {
      await other.close();
    }
  });

  it('in Arabic: right to left, translated and axe clean', async () => {
    const arabic = await launchBrowser();
    try {
      await acceptCookies(arabic.context, server.url);
      await choosePasswordFlow(arabic.context);
      const page = await arabic.context.newPage();
      await page.goto(`${server.url}/account/login`);
      await submitAccountLogin(page, 'admin', '1q2w3E*');
      await page.getByRole('button', { name: 'User menu' }).waitFor();
      // The language the user chose is kept under Abp.SelectedLanguage (the settings panel's choice).
      await page.evaluate(() => localStorage.setItem('Abp.SelectedLanguage', 'ar'));
      await page.goto(`${server.url}/account/manage`);
      await page.getByRole('heading', { level: 1, name: 'حسابي' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      expect((await page.getByRole('tab').allTextContents()).map((text) => text.trim())).toEqual([
        'الصورة',
        'كلمة المرور',
        'المعلومات الشخصية',
        'تطبيق المصادقة',
        'المصادقة الثنائية',
      ]);
      expect(await seriousAxeViolations(page)).toEqual([]);
    } finally {
      await arabic.close();
    }
  });
});
