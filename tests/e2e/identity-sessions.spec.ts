// Sessions for administrators (issue 9; spec 3 "Session filter", 6 AbpIdentity.Sessions, 7.13)
// against the real server: a user signed in in a second browser; the administrator finds that
// session by the user lookup (keyboard), revokes it with 'Are you sure?'; the second browser's next
// request answers 401 and it goes to login, while the administrator stays signed in; the device and
// client id filters narrow the list; the administrator's own session offers no Revoke; axe clean in
// light and dark (list and confirmation); Arabic right to left.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../kit/auth.ts';
import { type Browser, launchBrowser } from '../kit/browser.ts';
import { dataRows, identitySpec, pickOption, tabTo } from './identity-helpers.ts';
import { acceptCookies, expectAxeCleanInLightAndDark, signIn } from './shell-helpers.ts';

const spec = identitySpec({ adminToken: false });
let userBrowser: Browser;

/** react-aria/** react-aria's usePress style injection, refused by the strict CSP (see idle-session.spec.ts). */
const isReactAriaPressableStyle = (problem: string) => problem.includes("'sha256-38RhXrc7EdReTKsOm23ZPOCUgniTUUcjky8QOOrQx6o='");

beforeAll(async () => {
  await createUser(spec.server, { userName: 'remote-rita', password: '1q2w3E*' });
  userBrowser = await launchBrowser();
  await acceptCookies(userBrowser.context, spec.server.url);
});

afterAll(async () => {
  await userBrowser?.close();
});

const table = (page: Page) => page.getByRole('table', { name: 'Sessions' });

describe('sessions screen', () => {
  it("revokes another user's session: that browser's next request gets 401 and it goes to login", async () => {
    const there = await userBrowser.context.newPage();
    await signIn(there, spec.server.url, 'remote-rita', '1q2w3E*');
    await there.goto(`${spec.server.url}/account/sessions`);
    await there.getByRole('heading', { level: 1, name: 'Sessions' }).waitFor();

    const { page: here, problems } = await spec.openScreen('/identity/sessions', 'Sessions', (page) => dataRows(table(page)).first());
    expect(await dataRows(table(here)).count()).toBe(2);
    // The administrator's own session is marked and offers no Revoke.
    const own = dataRows(table(here)).filter({ hasText: 'This session' });
    expect(await own.count()).toBe(1);
    expect(await own.getByRole('button', { name: /^Actions for / }).count()).toBe(0);
    await expectAxeCleanInLightAndDark(here);

    // The user lookup (keyboard): Advanced filters, User, pick remote-rita.
    await tabTo(here, here.getByText('Advanced filters', { exact: true }));
    await here.keyboard.press('Enter');
    const user = here.getByRole('form', { name: 'Advanced filters' }).getByRole('button', { name: /User/ });
    await tabTo(here, user);
    await here.keyboard.press('Enter');
    await pickOption(here, here.getByRole('option', { name: 'remote-rita' }));
    await expect.poll(() => dataRows(table(here)).count()).toBe(1);
    const rita = dataRows(table(here)).first();
    expect(await rita.textContent()).toContain('remote-rita');

    // Device and client id narrow the list; an unknown device leaves nothing.
    await tabTo(here, here.getByRole('textbox', { name: 'Device' }));
    await here.keyboard.type('no-such-device');
    await here.keyboard.press('Enter');
    await expect.poll(() => dataRows(table(here)).count()).toBe(0);
    await here.keyboard.press('ControlOrMeta+a');
    await here.keyboard.press('Backspace');
    await here.keyboard.press('Enter');
    await expect.poll(() => dataRows(table(here)).count()).toBe(1);

    // Revoke, confirmed.
    await tabTo(here, rita.getByRole('button', { name: /^Actions for remote-rita/ }));
    await here.keyboard.press('Enter');
    await here.getByRole('menuitem', { name: 'Revoke' }).waitFor();
    await here.keyboard.press('Enter');
    const confirm = here.getByRole('alertdialog', { name: 'Are you sure?' });
    await confirm.getByText(/The session of remote-rita on .* will be ended/).waitFor();
    await expectAxeCleanInLightAndDark(here);
    await tabTo(here, confirm.getByRole('button', { name: 'Yes' }));
    await here.keyboard.press('Enter');
    await here.getByText('The session was revoked.').first().waitFor();
    await expect.poll(() => dataRows(table(here)).count()).toBe(0);

    // Their next request gets 401 and the app sends them to login.
    const unauthorized = there.waitForResponse((response) => response.url().includes('/api/account/sessions') && response.status() === 401);
    await there.getByRole('button', { name: 'Refresh' }).click();
    await unauthorized;
    await there.waitForURL(/\/Account\/Login/, { timeout: 20_000 });

    // The administrator is still signed in.
    await here.goto(`${spec.server.url}/identity/sessions`);
    await dataRows(table(here)).filter({ hasText: 'This session' }).waitFor();
    expect(await here.getByRole('button', { name: 'User menu' }).isVisible()).toBe(true);
    expect(problems.filter((problem) => !isReactAriaPressableStyle(problem))).toEqual([]);
    await here.close();
    await there.close();
  });

  it('is right to left in Arabic', async () => {
    await spec.expectRightToLeft('/identity/sessions', 'الجلسات', (page) =>
      dataRows(page.getByRole('table', { name: 'الجلسات' }))
        .first()
        .waitFor(),
    );
  });
});
