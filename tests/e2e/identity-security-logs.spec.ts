// Security logs for administrators (issue 9; spec 2.2, 3, 6, 7.13) against the real server: every
// user's logs, newest first; the advanced filters of spec 3 (user name, client IP address, a date
// range) from the keyboard; sorting; actions in words ('Login succeeded'); the detail of one log in
// a modal; the menu entry; axe clean in light and dark (list and detail); Arabic right to left.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, passwordToken } from '../kit/auth.ts';
import { dataRows, identitySpec, tabTo } from './identity-helpers.ts';
import { allMenuEntries, expectAxeCleanInLightAndDark } from './shell-helpers.ts';

const spec = identitySpec({ adminToken: false });

beforeAll(async () => {
  await createUser(spec.server, { userName: 'log-subject', password: '1q2w3E*' });
  await passwordToken(spec.server, { userName: 'log-subject', password: '1q2w3E*' });
});

const table = (page: Page) => page.getByRole('table', { name: 'Security logs' });

describe('security logs screen', () => {
  it('lists every user, filters by the keyboard, sorts, and shows one log', async () => {
    const { page, problems } = await spec.openPage();
    expect(await allMenuEntries(page)).toEqual(expect.arrayContaining(['Security logs', 'Sessions']));
    await page.goto(`${spec.server.url}/identity/security-logs`);
    await page.getByRole('heading', { level: 1, name: 'Security logs' }).waitFor();
    await dataRows(table(page)).first().waitFor();
    expect(await table(page).getByRole('columnheader', { name: 'Time' }).getAttribute('aria-sort')).toBe('descending');
    const users = await table(page).getByRole('cell').allTextContents();
    expect(users).toEqual(expect.arrayContaining(['admin', 'log-subject']));
    await expectAxeCleanInLightAndDark(page);

    // Advanced filters: open them, type a user name, Enter.
    const summary = page.getByText('Advanced filters', { exact: true });
    await tabTo(page, summary);
    await page.keyboard.press('Enter');
    await tabTo(page, page.getByRole('textbox', { name: 'User name' }));
    await page.keyboard.type('log-subject');
    await page.keyboard.press('Enter');
    await expect
      .poll(async () => new Set(await dataRows(table(page)).locator('td:nth-child(3)').allTextContents()))
      .toEqual(new Set(['log-subject']));
    expect(new URL(page.url()).searchParams.get('userName')).toBe('log-subject');

    // Client IP address (admin only) narrows too; an unknown one leaves nothing.
    await tabTo(page, page.getByRole('textbox', { name: 'Client IP address' }));
    await page.keyboard.type('203.0.113.250');
    await page.keyboard.press('Enter');
    await expect.poll(() => dataRows(table(page)).count()).toBe(0);
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Enter');
    await dataRows(table(page)).first().waitFor();

    // A date range that ends before today leaves nothing.
    await page.getByLabel('To', { exact: true }).fill('2000-01-01');
    await expect.poll(() => dataRows(table(page)).count()).toBe(0);
    await page.getByLabel('To', { exact: true }).fill('');
    await dataRows(table(page)).first().waitFor();

    // Sorting by Action (the server sorts).
    await tabTo(page, table(page).getByRole('columnheader', { name: 'Action', exact: true }).getByRole('button'));
    await page.keyboard.press('Enter');
    await expect
      .poll(() => table(page).getByRole('columnheader', { name: 'Action', exact: true }).getAttribute('aria-sort'))
      .toBe('ascending');
    // Actions read in the user's language, never as the server's names.
    const actionTexts = await dataRows(table(page)).locator('td:nth-child(2)').allTextContents();
    expect(actionTexts).toContain('Login succeeded');
    expect(actionTexts.filter((text) => /^[A-Z][a-z]+[A-Z]/.test(text))).toEqual([]);

    // Details of one log, in a modal.
    const actions = table(page)
      .getByRole('button', { name: /^Actions for / })
      .first();
    await tabTo(page, actions);
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Details' }).waitFor();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Security log of log-subject' });
    await dialog.waitFor();
    for (const label of ['Time', 'Action', 'User name', 'Client IP address', 'Browser', 'Correlation ID']) {
      await dialog.getByText(label, { exact: true }).waitFor();
    }
    await expectAxeCleanInLightAndDark(page);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(problems).toEqual([]);
    await page.close();
  });

  it('is right to left in Arabic', async () => {
    await spec.expectRightToLeft('/identity/security-logs', 'سجلات الأمان', (page) =>
      dataRows(page.getByRole('table', { name: 'سجلات الأمان' }))
        .first()
        .waitFor(),
    );
  });
});
