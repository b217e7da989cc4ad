// Users on the resource kit (issue 9; spec 2.2, 3, 6, 7.13) against the real server: import of a
// 50-row CSV with 3 bad rows creates 47 users and offers the 3 back (the invalid-rows file); the
// export of a filtered list holds exactly the filtered rows (read back with the xlsx reader); a bulk
// lock of "all matching" asks until when (a past time refused on the field), then locks exactly those
// until the chosen time (checked at the API); the advanced filters live in the
// URL; set password shows the server's policy error on the field; axe is clean in light and dark on
// the screen, the advanced filters, the user form's tabs and the import dialog; Arabic is right to left.
import fs from 'node:fs';
import * as XLSX from '@e965/xlsx';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { passwordToken } from '../kit/auth.ts';
import { launchBrowser } from '../kit/browser.ts';
import { storedAccessToken } from './account-helpers.ts';
import { dataRows, identitySpec, rowAction, screenshots, searchFor, tabTo } from './identity-helpers.ts';
import { acceptCookies, expectAxeCleanInLightAndDark, signIn, watchForPageProblems } from './shell-helpers.ts';

const spec = identitySpec();
const call = spec.api;

const usersTable = (page: Page) => page.getByRole('table', { name: 'Users' });
const openUsers = (query = '') => spec.openScreen(`/identity/users${query}`, 'Users', (page) => dataRows(usersTable(page)).first());

/** 50 rows e2e.imp1 … e2e.imp50; rows 5, 15 and 45 are bad (no e-mail, a bad e-mail, no password). */
function importCsv(): string {
  const lines = ['UserName,EmailAddress,Name,Surname,PhoneNumber,Password,AssignedRoleNames'];
  for (let n = 1; n <= 50; n++) {
    const email = n === 5 ? '' : n === 15 ? 'not-an-email' : `e2e.imp${n}@example.com`;
    const password = n === 45 ? '' : '1q2w3E*e2e';
    lines.push(`e2e.imp${n},${email},Imp,Number${n},,${password},`);
  }
  return `${lines.join('\r\n')}\r\n`;
}

type ListedUser = { userName: string; isLockedOut: boolean; lockoutEnd: string | null };

async function usersMatching(query: string): Promise<{ totalCount: number; items: ListedUser[] }> {
  return (await call('GET', `/api/identity/users?maxResultCount=1000&${query}`)).json as { totalCount: number; items: ListedUser[] };
}

/** A datetime-local value `days` ahead at hh:mm, local time. */
function localDateTime(days: number, hours: number, minutes: number): string {
  const date = new Date(Date.now() + days * 24 * 60 * 60 * 1000);
  date.setHours(hours, minutes, 0, 0);
  const two = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}T${two(date.getHours())}:${two(date.getMinutes())}`;
}

describe('users screen', () => {
  it('imports a 50-row CSV with 3 bad rows: 47 created, the 3 offered back', async () => {
    const { page, problems } = await openUsers();
    const file = '/tmp/e2e-users-import.csv';
    fs.writeFileSync(file, importCsv());
    await tabTo(page, page.getByRole('button', { name: 'Import', exact: true }));
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Import users' });
    await dialog.getByRole('button', { name: 'Sample file' }).waitFor();
    await page.mouse.move(0, 0);
    await expectAxeCleanInLightAndDark(page);
    await dialog.getByLabel('Excel or CSV file').setInputFiles(file);
    await dialog.getByText('50 rows read: 47 users created, 3 rows failed.').waitFor({ timeout: 60_000 });
    await screenshots(page, 'users-import');
    const downloading = page.waitForEvent('download');
    await dialog.getByRole('link', { name: 'Download the rows that failed' }).click();
    const invalid = fs.readFileSync((await (await downloading).path())!, 'utf8');
    const invalidRows = invalid
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/)
      .slice(1);
    expect(invalidRows.map((row) => row.split(',')[0]).sort()).toEqual(['e2e.imp15', 'e2e.imp45', 'e2e.imp5']);
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    expect((await usersMatching('filter=e2e.imp')).totalCount).toBe(47);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('exports exactly the filtered rows, and keeps the filters in the URL', async () => {
    const { page, problems } = await openUsers();
    await searchFor(page, usersTable(page), 'e2e.imp1');
    // Advanced filter: not locked out, applied at once, in the URL.
    await page.getByText('Advanced filters').click();
    await page.getByRole('button', { name: /Locked out/ }).click();
    await page.getByRole('option', { name: 'No' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('isLockedOut')).toBe('false');
    expect(new URL(page.url()).searchParams.get('filter')).toBe('e2e.imp1');
    await page.mouse.move(0, 0);
    await expectAxeCleanInLightAndDark(page);
    await screenshots(page, 'users-filters');
    const expected = await usersMatching('filter=e2e.imp1&isLockedOut=false');
    expect(expected.totalCount).toBeGreaterThan(5);

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    await page.getByRole('menuitem', { name: 'Excel (XLSX)' }).click();
    const download = await downloading;
    const book = XLSX.read(fs.readFileSync((await download.path())!));
    const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(book.Sheets[book.SheetNames[0]!]!);
    const exported = rows.map((row) => Object.values(row).map(String)).map((values) => values.find((value) => value.startsWith('e2e.')));
    expect(exported.sort()).toEqual(expected.items.map((user) => user.userName).sort());

    // A reload of the address shows the same list.
    await page.reload();
    await dataRows(usersTable(page)).first().waitFor();
    await expect.poll(() => page.getByRole('searchbox', { name: 'Search' }).inputValue()).toBe('e2e.imp1');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('bulk-locks all users matching the filter, exactly those, until the chosen time', async () => {
    const { page, problems } = await openUsers();
    await searchFor(page, usersTable(page), 'e2e.imp2');
    const matching = await usersMatching('filter=e2e.imp2');
    expect(matching.totalCount).toBeGreaterThan(10);
    await tabTo(page, usersTable(page).getByRole('checkbox', { name: 'Select all on this page' }));
    await page.keyboard.press('Space');
    const all = page.getByRole('button', { name: `Select all ${matching.totalCount} matching` });
    await tabTo(page, all);
    await page.keyboard.press('Enter');
    await page.getByText(`All ${matching.totalCount} matching rows are selected.`).waitFor();
    await tabTo(page, page.getByRole('button', { name: 'Bulk actions' }));
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Lock', exact: true }).waitFor();
    await page.keyboard.press('Enter');
    // Until when: offered one day ahead; a past time is refused on the field, then a chosen one.
    const form = page.getByRole('dialog', { name: 'Lock the selected users' });
    const until = form.getByLabel('Locked until');
    await until.waitFor();
    expect(await until.inputValue()).not.toBe('');
    await form.getByText(`For the ${matching.totalCount} selected rows.`).waitFor();
    await page.mouse.move(0, 0);
    await expectAxeCleanInLightAndDark(page);
    await screenshots(page, 'users-bulk-lock');
    await tabTo(page, until);
    await until.fill(localDateTime(-1, 8, 0));
    await page.keyboard.press('Enter');
    await form.getByText('The lock must end in the future.').waitFor();
    const chosen = localDateTime(3, 9, 30);
    await until.fill(chosen);
    await tabTo(page, form.getByRole('button', { name: 'Lock', exact: true }));
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('alertdialog', { name: 'Are you sure?' });
    await tabTo(page, confirm.getByRole('button', { name: 'Yes' }));
    await page.keyboard.press('Enter');
    const report = page.getByRole('dialog', { name: 'Result' });
    await report.getByText(`Done: ${matching.totalCount}`).waitFor();
    await page.mouse.move(0, 0);
    await expectAxeCleanInLightAndDark(page);
    await report.getByRole('button', { name: 'Close' }).first().click();
    const after = await usersMatching('filter=e2e.imp');
    const locked = after.items.filter((user) => user.isLockedOut);
    expect(locked.map((user) => user.userName).sort()).toEqual(matching.items.map((user) => user.userName).sort());
    // Locked until exactly the chosen local time (the browser and this process share the time zone).
    expect(new Set(locked.map((user) => new Date(user.lockoutEnd ?? '').getTime()))).toEqual(new Set([new Date(chosen).getTime()]));
    expect(problems).toEqual([]);
    await page.close();
  });

  it('edits a user in tabs, sets a password with the server policy error on the field; axe on the form', async () => {
    const { page, problems } = await openUsers();
    await searchFor(page, usersTable(page), 'e2e.imp33');
    await rowAction(page, usersTable(page), 'e2e.imp33', 'Edit');
    const form = page.getByRole('dialog', { name: 'Edit user' });
    await form.getByRole('textbox', { name: 'User name' }).waitFor();
    await page.mouse.move(0, 0);
    await expectAxeCleanInLightAndDark(page);
    await screenshots(page, 'users-edit');
    for (const tab of ['Roles', 'Organization units', 'Claims']) {
      await form.getByRole('tab', { name: tab }).click();
      await page.mouse.move(0, 0);
      await expectAxeCleanInLightAndDark(page, { dark: tab === 'Claims' });
    }
    await form.getByRole('tab', { name: 'User information' }).click();
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Renamed');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.waitFor({ state: 'detached' });
    expect((await usersMatching('filter=e2e.imp33')).items[0]).toMatchObject({ userName: 'e2e.imp33' });

    await rowAction(page, usersTable(page), 'e2e.imp33', 'Set password');
    const password = page.getByRole('dialog', { name: 'Set password - e2e.imp33' });
    await password.getByLabel(/^New password\*?$/).fill('short');
    await password.getByRole('button', { name: 'Save' }).click();
    await password.locator('[data-rac][data-invalid], [aria-invalid="true"]').first().waitFor();
    await password.getByLabel(/^New password\*?$/).fill('1q2w3E*new');
    await password.getByRole('button', { name: 'Save' }).click();
    await password.waitFor({ state: 'detached' });
    const userToken = (await passwordToken(spec.server, { userName: 'e2e.imp33', password: '1q2w3E*new' })).access_token;
    expect(userToken).toBeTruthy();
    const profile = () =>
      fetch(`${spec.server.url}/api/account/my-profile`, { headers: { Authorization: `Bearer ${userToken}` } }).then(
        (response) => response.status,
      );
    expect(await profile()).toBe(200);

    // The user's sessions: the one just opened, revoked.
    await rowAction(page, usersTable(page), 'e2e.imp33', 'Sessions');
    const sessions = page.getByRole('dialog', { name: 'Sessions - e2e.imp33' });
    await sessions.getByRole('table', { name: 'Sessions' }).waitFor();
    await page.mouse.move(0, 0);
    await expectAxeCleanInLightAndDark(page);
    await screenshots(page, 'users-sessions');
    // Revoke it: the user's next request is refused.
    // Named by its device (the user agent of Node's fetch, 'node') and its client.
    await rowAction(page, sessions.getByRole('table', { name: 'Sessions' }), 'node Finance_App', 'Revoke');
    const confirm = page.getByRole('alertdialog', { name: 'Are you sure?' });
    await tabTo(page, confirm.getByRole('button', { name: 'Yes' }));
    await page.keyboard.press('Enter');
    await page.getByText('The session was revoked.').first().waitFor();
    await expect.poll(profile).toBe(401);
    await page.keyboard.press('Escape');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('shows a permission a user holds through a role as granted, locked, naming the role', async () => {
    const { page, problems } = await openUsers();
    await searchFor(page, usersTable(page), 'admin');
    await rowAction(page, usersTable(page), 'admin', 'Permissions');
    const dialog = page.getByRole('dialog', { name: /^Permissions - / });
    const roles = dialog.getByRole('checkbox', { name: 'Role management', exact: true });
    await roles.waitFor();
    expect(await roles.isChecked()).toBe(true);
    expect(await roles.isDisabled()).toBe(true);
    await dialog.getByText('Granted by role admin').first().waitFor();
    await page.mouse.move(0, 0);
    await expectAxeCleanInLightAndDark(page);
    await page.keyboard.press('Escape');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('is right to left in Arabic', async () => {
    await spec.expectRightToLeft(
      '/identity/users',
      'المستخدمون',
      async (page) => {
        const table = page.getByRole('table', { name: 'المستخدمون' });
        await dataRows(table).first().waitFor();
        // An e-mail address stays left to right inside the right-to-left page.
        const email = table.getByText('admin@abp.io', { exact: true });
        expect(await email.evaluate((element) => getComputedStyle(element).direction)).toBe('ltr');
      },
      { screenshot: 'users-ar' },
    );
  });

  it('logs in as another user (Impersonation grant): the app comes back home as that user, and Back to my account returns', async () => {
    // Its own browser: the session becomes the other user's.
    const own = await launchBrowser();
    try {
      await acceptCookies(own.context, spec.server.url);
      const page = await own.context.newPage();
      const problems = watchForPageProblems(page);
      await signIn(page, spec.server.url);
      await page.goto(`${spec.server.url}/identity/users`);
      await dataRows(usersTable(page)).first().waitFor();
      await searchFor(page, usersTable(page), 'e2e.imp40');
      await rowAction(page, usersTable(page), 'e2e.imp40', 'Login as this user');
      const confirm = page.getByRole('alertdialog', { name: 'Are you sure?' });
      await confirm.getByText('You will be logged in as e2e.imp40.', { exact: false }).waitFor();
      await tabTo(page, confirm.getByRole('button', { name: 'Yes' }));
      await page.keyboard.press('Enter');
      await page.waitForURL(`${spec.server.url}/`);
      await expect
        .poll(async () => {
          const token = await storedAccessToken(page);
          const response = await fetch(`${spec.server.url}/api/abp/application-configuration`, {
            headers: { Authorization: `Bearer ${token}` },
          });
          return ((await response.json()) as { currentUser: { userName: string | null; impersonatorUserName?: string | null } }).currentUser
            .userName;
        })
        .toBe('e2e.imp40');
      // The user menu offers the way back while impersonated; it ends the impersonation.
      await page.getByRole('button', { name: 'User menu' }).click();
      await page.getByRole('button', { name: 'Back to my account' }).click();
      await expect
        .poll(async () => {
          const token = await storedAccessToken(page);
          const response = await fetch(`${spec.server.url}/api/abp/application-configuration`, {
            headers: { Authorization: `Bearer ${token}` },
          });
          return ((await response.json()) as { currentUser: { userName: string | null } }).currentUser.userName;
        })
        .toBe('admin');
      await page.getByRole('button', { name: 'User menu' }).click();
      await page.getByRole('button', { name: 'Logout' }).waitFor();
      expect(await page.getByRole('button', { name: 'Back to my account' }).count()).toBe(0);
      expect(problems).toEqual([]);
    } finally {
      await own.close();
    }
  });
});
