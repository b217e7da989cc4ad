// The account pages a visitor uses on their own, in Chromium against the real server (spec 2.4,
// 7.9): register, confirm the e-mail from the outbox and sign in; forgot and reset the password from
// the outbox; sign in with the authenticator app (the test computes the TOTP), with a recovery
// code, and with an e-mailed code on a browser that is then remembered. The password flow serves the in-app login (account-helpers.ts). Rules: elements by role and
// accessible name; axe on each page (0 serious or critical); no CSP errors.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../server/db/schema/index.ts';
import { setSettingValue, tenantOrGlobal } from '../../server/modules/setting-management/store.ts';
import { authHeaders, createUser, latestSecurityCode, linkInMail, outboxMails, passwordToken, secretOfUri, totpCode } from '../kit/auth.ts';
import { seriousAxeViolations } from '../kit/browser.ts';
import { accountSpec, signOut, storedAccessToken, submitAccountLogin } from './account-helpers.ts';

const spec = accountSpec();
const { openPage } = spec;

async function expectSignedInAs(page: Page, userName: string): Promise<void> {
  await page.getByRole('button', { name: 'User menu' }).waitFor();
  const token = (await storedAccessToken(page)) ?? '';
  const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { preferred_username?: string };
  expect(claims.preferred_username).toBe(userName);
}

async function signOutAndClear(page: Page): Promise<void> {
  await signOut(page);
  await page.getByRole('main').getByRole('button', { name: 'Login' }).waitFor();
}

/** A new user with two-factor sign-in on, signed in with the password in a new page: at the second step. */
async function atSecondStep(userName: string, password: string) {
  const userId = await createUser(spec.server, { userName, password, email: `${userName}@example.test` });
  await spec.server.ctx.db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, userId));
  const opened = await openPage();
  await opened.page.goto(`${spec.server.url}/account/login`);
  await submitAccountLogin(opened.page, userName, password);
  await opened.page.waitForURL(/\/account\/send-security-code$/);
  return opened;
}

describe('self-service account pages', () => {
  it('registers, confirms the e-mail from the outbox, then signs in', async () => {
    await setSettingValue(spec.server.ctx, 'Abp.Identity.SignIn.RequireConfirmedEmail', 'true', tenantOrGlobal(null));
    const { page, problems } = await openPage();
    await page.goto(`${spec.server.url}/account/login`);
    await page.getByRole('link', { name: 'Register' }).click();
    await page.getByRole('heading', { level: 1, name: 'Register' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    // Client-side checks first, in words.
    await page.getByLabel(/^Email address/).fill('not-an-address');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByText('Please enter a valid e-mail address.').waitFor();
    await page.getByText('The User name field is required.').waitFor();

    await page.getByLabel(/^User name/).fill('newcomer');
    await page.getByLabel(/^Email address/).fill('newcomer@example.test');
    await page.getByLabel(/^Password/).fill('Newcomer-1');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByRole('status').filter({ hasText: 'Your account has been created.' }).waitFor();

    // Not confirmed yet: the server refuses the sign-in.
    await page.getByRole('link', { name: 'Login' }).click();
    await submitAccountLogin(page, 'newcomer', 'Newcomer-1');
    await page.getByRole('alert').waitFor();
    expect(await storedAccessToken(page)).toBeNull();

    const [mail] = await outboxMails(spec.server, 'newcomer@example.test');
    const link = linkInMail(mail!, '/account/email-confirmation');
    await page.goto(link.href);
    await page.getByRole('status').filter({ hasText: 'Your e-mail address has been confirmed.' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    // A link is good once.
    await page.reload();
    await page.getByRole('alert').waitFor();

    await page.getByRole('link', { name: 'Login' }).click();
    await submitAccountLogin(page, 'newcomer', 'Newcomer-1');
    await expectSignedInAs(page, 'newcomer');
    expect(problems).toEqual([]);
    await signOutAndClear(page);
    await setSettingValue(spec.server.ctx, 'Abp.Identity.SignIn.RequireConfirmedEmail', 'false', tenantOrGlobal(null));
    await page.close();
  });

  it('sends a reset link for a forgotten password and resets it from the outbox', async () => {
    await createUser(spec.server, { userName: 'forgetful', password: 'Old-pass1', email: 'forgetful@example.test' });
    const { page, problems } = await openPage();
    await page.goto(`${spec.server.url}/account/login`);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { level: 1, name: 'Forgot password?' }).waitFor();
    await page.getByLabel(/^Email address/).fill('forgetful@example.test');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('status').filter({ hasText: 'a link to reset the password has been sent' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    const [mail] = await outboxMails(spec.server, 'forgetful@example.test');
    const link = linkInMail(mail!, '/account/reset-password');
    await page.goto(link.href);
    await page.getByRole('heading', { level: 1, name: 'Reset password' }).waitFor();
    await page.getByLabel(/^New password/).fill('New-pass1');
    await page.getByLabel(/^Confirm password/).fill('Other-pass1');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('The passwords do not match.').waitFor();
    await page.getByLabel(/^Confirm password/).fill('New-pass1');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('status').filter({ hasText: 'Your password has been reset.' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByRole('link', { name: 'Login' }).click();
    await submitAccountLogin(page, 'forgetful', 'Old-pass1');
    await page.getByRole('alert').waitFor();
    await submitAccountLogin(page, 'forgetful', 'New-pass1');
    await expectSignedInAs(page, 'forgetful');
    // The used link no longer works.
    await signOutAndClear(page);
    await page.goto(link.href);
    await page.getByRole('alert').filter({ hasText: 'invalid or has expired' }).waitFor();
    expect(problems).toEqual([]);
    await page.close();
  });

  it('signs in with the authenticator app, then with a recovery code', async () => {
    await createUser(spec.server, { userName: 'twofa', password: 'Twofa-pass1', email: 'twofa@example.test' });
    // Enable the authenticator through the API, as the user would on My account.
    const token = await passwordToken(spec.server, { userName: 'twofa', password: 'Twofa-pass1' });
    const info = (await (await fetch(`${spec.server.url}/api/account/authenticator-info`, { headers: authHeaders(token) })).json()) as {
      uri: string;
    };
    const secret = secretOfUri(info.uri);
    const verified = await fetch(`${spec.server.url}/api/account/verify-authenticator-code`, {
      method: 'POST',
      headers: { ...authHeaders(token), 'content-type': 'application/json' },
      body: JSON.stringify({ code: await totpCode(secret) }),
    });
    expect(verified.status).toBe(200);
    const { recoveryCodes } = (await verified.json()) as { recoveryCodes: string[] };
    expect(recoveryCodes.length).toBeGreaterThan(0);

    const { page, problems } = await openPage();
    await page.goto(`${spec.server.url}/account/login`);
    await submitAccountLogin(page, 'twofa', 'Twofa-pass1');
    await page.waitForURL(/\/account\/send-security-code$/);
    await page.getByRole('heading', { level: 1, name: 'Two factor verification' }).waitFor();
    await page.getByRole('radio', { name: 'Authenticator app' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    // react-aria draws the radio over the hidden native input, which takes the check itself.
    const authenticator = page.getByRole('radio', { name: 'Authenticator app' });
    await authenticator.check({ force: true });
    expect(await authenticator.isChecked()).toBe(true);
    await page.getByText('Enter the code shown in your authenticator app.').waitFor();
    await page.getByLabel(/^Verification code/).fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('alert').waitFor();
    // The next time step: the server refuses a step it has already accepted (the setup's code).
    await page.getByLabel(/^Verification code/).fill(await totpCode(secret, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expectSignedInAs(page, 'twofa');
    await signOutAndClear(page);

    await page.goto(`${spec.server.url}/account/login`);
    await submitAccountLogin(page, 'twofa', 'Twofa-pass1');
    await page.waitForURL(/\/account\/send-security-code$/);
    await page.getByRole('link', { name: 'Log in with a recovery code' }).click();
    await page.getByRole('heading', { level: 1, name: 'Log in with a recovery code' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByLabel(/^Recovery code/).fill(recoveryCodes[0]!);
    await page.getByRole('button', { name: 'Login' }).click();
    await expectSignedInAs(page, 'twofa');
    await signOutAndClear(page);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('signs in with a code sent by e-mail, and a remembered browser skips the second step next time', async () => {
    const { page, problems } = await atSecondStep('mailcode', 'Mailcode-pass1');
    const email = page.getByRole('radio', { name: 'Email' });
    await email.waitFor();
    expect(await email.isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByRole('status').filter({ hasText: 'A verification code has been sent.' }).waitFor();
    await page.getByLabel(/^Verification code/).fill(await latestSecurityCode(spec.server, 'mailcode@example.test'));
    await page.getByText('Remember this browser', { exact: true }).click();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expectSignedInAs(page, 'mailcode');
    await signOutAndClear(page);

    // The remembered browser: the password alone signs in.
    await page.goto(`${spec.server.url}/account/login`);
    await submitAccountLogin(page, 'mailcode', 'Mailcode-pass1');
    await expectSignedInAs(page, 'mailcode');
    await signOutAndClear(page);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('says why the sign-in failed after a right code, with the way back to the login, not that the step expired', async () => {
    const { page, problems } = await atSecondStep('afterstep', 'Afterstep-pass1');
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByRole('status').filter({ hasText: 'A verification code has been sent.' }).waitFor();
    await page.getByLabel(/^Verification code/).fill(await latestSecurityCode(spec.server, 'afterstep@example.test'));
    // The code is right, but the application settings cannot be read with the new tokens (the
    // anonymous ones the login pages need still can).
    const settings = '**/api/abp/application-configuration**';
    await page.route(settings, (route) =>
      route.request().headers().authorization ? route.fulfill({ status: 500, body: '' }) : route.continue(),
    );
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('alert').filter({ hasText: 'The application settings could not be loaded. Please log in again.' }).waitFor();
    await page.unroute(settings);
    expect(await page.getByText('Your login step has expired').count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Login' }).click();
    await page.waitForURL(/\/account\/login/);
    await submitAccountLogin(page, 'afterstep', 'Afterstep-pass1');
    await page.waitForURL(/\/account\/send-security-code$/);
    expect(problems).toEqual([]);
    await page.close();
  });
});
