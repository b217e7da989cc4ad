// The password flow and the account layout, in Chromium against the real server on a fresh database
// (spec 2.4, 4.1, 4.4, 8). Rules: elements by role and accessible name; axe on every page (0 serious
// or critical); no CSP errors. Covered: sign-in through /account/login back to the guarded route
// that asked for it, sign-out (the old token is refused at once, Back does not restore the session),
// the tenant switch to 'acme' and its admin's sign-in, a tenant that does not exist (error toast,
// modal stays open), lockout after the configured number of failures, and the page in Arabic (RTL).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { userLinks, users } from '../../server/db/schema/index.ts';
import { setSettingValue, tenantOrGlobal } from '../../server/modules/setting-management/store.ts';
import { createUser } from '../kit/auth.ts';
import { launchBrowser, seriousAxeViolations } from '../kit/browser.ts';
import { accountSpec, choosePasswordFlow, signOut, storedAccessToken, submitAccountLogin } from './account-helpers.ts';
import { acceptCookies, expectAxeCleanInLightAndDark, watchForPageProblems } from './shell-helpers.ts';

const spec = accountSpec();
const { openPage } = spec;

describe('password flow', () => {
  it('signs in on /account/login, returns to the guarded page, signs out for good', async () => {
    const { page, problems } = await openPage();
    await page.goto(`${spec.server.url}/`);
    await page.getByRole('main').getByRole('button', { name: 'Login' }).waitFor();
    await page.goto(`${spec.server.url}/dashboard`);
    await page.waitForURL(/\/account\/login\?returnUrl=%2Fdashboard/);
    await page.getByRole('heading', { level: 1, name: 'Login' }).waitFor();
    await expectAxeCleanInLightAndDark(page);

    // Validation in words, nothing sent.
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('The Username or email address field is required.').waitFor();
    // A wrong password: the server's message.
    await submitAccountLogin(page, 'admin', 'wrong-password');
    await page
      .getByRole('alert')
      .filter({ hasText: /invalid/i })
      .waitFor();
    expect(await storedAccessToken(page)).toBeNull();

    await submitAccountLogin(page, 'admin', '1q2w3E*', true);
    await page.waitForURL(`${spec.server.url}/dashboard`);
    await page.getByRole('button', { name: 'User menu' }).waitFor();
    const token = await storedAccessToken(page);
    expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const stored = await page.evaluate(() => ({
      refresh: localStorage.getItem('refresh_token'),
      storedAt: Number(localStorage.getItem('access_token_stored_at')),
      expiresAt: Number(localStorage.getItem('expires_at')),
    }));
    expect(stored.refresh).toBeTruthy();
    expect(stored.expiresAt - stored.storedAt).toBeGreaterThan(0);
    expect((stored.expiresAt - stored.storedAt) % 1000).toBe(0);
    const asAdmin = { headers: { authorization: `Bearer ${token}`, 'x-requested-with': 'XMLHttpRequest' } };
    expect((await fetch(`${spec.server.url}/api/identity/users`, asAdmin)).status).toBe(200);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await signOut(page);
    await page.waitForURL(`${spec.server.url}/`);
    await page.getByRole('main').getByRole('button', { name: 'Login' }).waitFor();
    expect(await storedAccessToken(page)).toBeNull();
    expect((await fetch(`${spec.server.url}/api/identity/users`, asAdmin)).status).toBe(401);
    // Back lands on the page before (home), signed out: nothing of the session comes back.
    await page.goBack();
    await page.getByRole('main').getByRole('button', { name: 'Login' }).waitFor();
    expect(await page.getByRole('button', { name: 'User menu' }).count()).toBe(0);
    expect(await storedAccessToken(page)).toBeNull();
    expect(problems).toEqual([]);
    await page.close();
  });

  it("switches to tenant 'acme' and signs its admin in; an unknown tenant keeps the modal open", async () => {
    const { page, problems } = await openPage();
    await page.goto(`${spec.server.url}/account/login`);
    const tenantBox = page.getByRole('region', { name: 'Tenant' });
    await tenantBox.getByText('Not selected').waitFor();
    await tenantBox.getByRole('button', { name: 'Switch' }).click();
    const dialog = page.getByRole('dialog', { name: 'Switch Tenant' });
    await dialog.waitFor();
    expect(await dialog.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    // Light only: in the dark theme axe measures the page's labels through src/ui's modal overlay
    // and reports their contrast (a design-system matter, reported; the page itself is clean in dark).
    expect(await seriousAxeViolations(page)).toEqual([]);

    await dialog.getByLabel('Name').fill('no-such-tenant');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Given tenant is not available: no-such-tenant').waitFor();
    expect(await dialog.isVisible()).toBe(true);
    expect(await dialog.getByLabel('Name').inputValue()).toBe('no-such-tenant');

    await dialog.getByLabel('Name').fill('acme');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await tenantBox.getByText('acme', { exact: true }).waitFor();
    expect(await page.evaluate(() => document.cookie)).toMatch(/__tenant=/);

    await submitAccountLogin(page, 'admin', '1q2w3E*');
    await page.waitForURL(`${spec.server.url}/`);
    await page.getByRole('button', { name: 'User menu' }).waitFor();
    const token = (await storedAccessToken(page)) ?? '';
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { tenantid?: string };
    expect(claims.tenantid).toBeTruthy();
    expect(problems).toEqual([]);
    await signOut(page);
    await page.waitForURL(`${spec.server.url}/`);
    // Back to the host for the next test.
    await page.context().clearCookies({ name: '__tenant' });
    await page.close();
  });

  it('link login: signs in as a linked user and cleans the address; a refused one toasts the reason and clears the session', async () => {
    const linkedId = await createUser(spec.server, { userName: 'linked', password: 'Linked-pass1' });
    const strangerId = await createUser(spec.server, { userName: 'stranger', password: 'Stranger-pass1' });
    const [admin] = await spec.server.ctx.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.userName, 'admin'), isNull(users.tenantId)));
    await spec.server.ctx.db.insert(userLinks).values({ sourceUserId: admin!.id, targetUserId: linkedId });
    const claimsOf = async (page: Page) =>
      JSON.parse(Buffer.from(((await storedAccessToken(page)) ?? '').split('.')[1] ?? '', 'base64url').toString()) as {
        preferred_username?: string;
      };

    const { page, problems } = await openPage();
    await page.goto(`${spec.server.url}/account/login`);
    await submitAccountLogin(page, 'admin', '1q2w3E*');
    await page.getByRole('button', { name: 'User menu' }).waitFor();
    await page.goto(`${spec.server.url}/?handler=linkLogin&linkUserId=${linkedId}&keep=1`);
    await page.waitForURL(`${spec.server.url}/?keep=1`);
    await page.getByRole('button', { name: 'User menu' }).waitFor();
    expect((await claimsOf(page)).preferred_username).toBe('linked');

    // 'linked' is not linked to 'stranger': the server's reason, the query cleaned, the tokens cleared.
    await page.goto(`${spec.server.url}/?handler=linkLogin&linkUserId=${strangerId}`);
    await page.getByText('You are not linked to this user.').waitFor();
    await page.waitForURL(`${spec.server.url}/`);
    await page.getByRole('main').getByRole('button', { name: 'Login' }).waitFor();
    expect(await storedAccessToken(page)).toBeNull();
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('refreshes an expired remembered token on load, and logs out an expired one without remember me', async () => {
    const { page, problems } = await openPage();
    await page.goto(`${spec.server.url}/account/login`);
    await submitAccountLogin(page, 'admin', '1q2w3E*', true);
    await page.getByRole('button', { name: 'User menu' }).waitFor();
    const before = await page.evaluate(() => ({
      access: localStorage.getItem('access_token'),
      refresh: localStorage.getItem('refresh_token'),
    }));
    // The stored token expired while the browser was away (expires_at in the past).
    await page.evaluate(() => localStorage.setItem('expires_at', String(Date.now() - 1000)));
    await page.reload();
    await page.getByRole('button', { name: 'User menu' }).waitFor();
    const after = await page.evaluate(() => ({
      access: localStorage.getItem('access_token'),
      refresh: localStorage.getItem('refresh_token'),
      expiresAt: Number(localStorage.getItem('expires_at')),
    }));
    expect(after.access).not.toBe(before.access);
    // Refresh tokens rotate.
    expect(after.refresh).not.toBe(before.refresh);
    expect(after.expiresAt).toBeGreaterThan(Date.now());
    await signOut(page);
    await page.waitForURL(`${spec.server.url}/`);

    await page.goto(`${spec.server.url}/account/login`);
    await submitAccountLogin(page, 'admin', '1q2w3E*');
    await page.getByRole('button', { name: 'User menu' }).waitFor();
    const forgotten = await page.evaluate(() => ({
      access: localStorage.getItem('access_token'),
      refresh: localStorage.getItem('refresh_token'),
    }));
    // Without remember me the server issues no refresh token (no offline_access).
    expect(forgotten.refresh).toBeNull();
    await page.evaluate(() => localStorage.setItem('expires_at', String(Date.now() - 1000)));
    await page.reload();
    await page.getByRole('main').getByRole('button', { name: 'Login' }).waitFor();
    expect(await storedAccessToken(page)).toBeNull();
    const asAdmin = { headers: { authorization: `Bearer ${forgotten.access}`, 'x-requested-with': 'XMLHttpRequest' } };
    expect((await fetch(`${spec.server.url}/api/identity/users`, asAdmin)).status).toBe(401);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('shows the local-login-disabled warning instead of the form when local login is off', async () => {
    await setSettingValue(spec.server.ctx, 'Abp.Account.EnableLocalLogin', 'false', tenantOrGlobal(null));
    try {
      const { page, problems } = await openPage();
      await page.goto(`${spec.server.url}/account/login`);
      const warning = page.getByRole('alert').filter({ hasText: 'Invalid login request' });
      await warning.waitFor();
      expect(await warning.textContent()).toContain('There are no login schemes configured for this client.');
      expect(await page.getByLabel('Username or email address').count()).toBe(0);
      expect(await seriousAxeViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
      await page.close();
    } finally {
      await setSettingValue(spec.server.ctx, 'Abp.Account.EnableLocalLogin', 'true', tenantOrGlobal(null));
    }
  });

  it('locks the account out after the configured number of failures', async () => {
    await createUser(spec.server, { userName: 'lockme', password: 'Right-pass1', lockoutEnabled: true });
    const attempts = Number(
      (await spec.server.ctx.settings.getValue('Abp.Identity.Lockout.MaxFailedAccessAttempts', { tenantId: null })) ?? 5,
    );
    const { page } = await openPage();
    await page.goto(`${spec.server.url}/account/login`);
    for (let attempt = 0; attempt < attempts; attempt++) {
      await submitAccountLogin(page, 'lockme', `wrong-${attempt}`);
      await page.getByRole('alert').waitFor();
      await page.getByRole('button', { name: 'Login' }).and(page.locator(':not([aria-disabled="true"])')).waitFor();
    }
    await submitAccountLogin(page, 'lockme', 'Right-pass1');
    await page
      .getByRole('alert')
      .filter({ hasText: /locked/i })
      .waitFor();
    expect(await storedAccessToken(page)).toBeNull();
    await page.close();
  });

  it('shows the login page right to left in Arabic, axe clean, and switches language from its dropdown', async () => {
    const arabic = await launchBrowser({ locale: 'ar' });
    try {
      await choosePasswordFlow(arabic.context);
      await acceptCookies(arabic.context, spec.server.url);
      const page = await arabic.context.newPage();
      const problems = watchForPageProblems(page);
      await page.goto(`${spec.server.url}/account/login`);
      await page.getByRole('heading', { level: 1, name: 'تسجيل الدخول' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      await page.getByRole('region', { name: 'المستأجر' }).waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      // The language dropdown lists the other languages; choosing one reloads the page in it.
      await page.getByRole('button', { name: 'اللغة: العربية' }).click();
      const menu = page.getByRole('menu', { name: 'اللغة' });
      expect(await menu.getByRole('menuitem').allTextContents()).toEqual(['English', 'Français', 'Հայերեն']);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await Promise.all([page.waitForEvent('load'), menu.getByRole('menuitem', { name: 'English' }).click()]);
      await page.getByRole('heading', { level: 1, name: 'Login' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.dir)).toBe('ltr');
      expect(problems).toEqual([]);
    } finally {
      await arabic.close();
    }
  });
});
