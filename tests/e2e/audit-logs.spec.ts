// The audit logging screen against the real server (issue 5, spec 2.6): actions the admin and a
// user without audit rights perform through the API appear in the list with their badges; each
// filter narrows the rows; the Detail modal shows the action and the changed name in red; the
// Entity Changes tab and its Full Change History; the view survives a reload through the URL; axe
// is clean; a user without AuditLogging.AuditLogs gets 403 and no menu entry. Issue 20: one name for
// the page, dates on two lines at most, empty fields dashed, a modal of stable height that fills a
// phone's screen with its tabs reachable, Entity Changes' actions last, the themes' top bar and
// date inputs.
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, passwordToken } from '../kit/auth.ts';
import { launchBrowser } from '../kit/browser.ts';
import { lightPalette } from '../../src/ui/theme/palettes.ts';
import { adminApi, dataRows, identitySpec, screenshots } from './identity-helpers.ts';
import { acceptCookies, allMenuEntries, expectAxeCleanInLightAndDark, signIn } from './shell-helpers.ts';

const spec = identitySpec();
let targetId = '';
const viewer = { userName: 'audit-viewer', password: '1q2w3E*viewer' };

const api = (method: string, path: string, token: string, body?: unknown) => adminApi(spec.server.url, () => token)(method, path, body);

beforeAll(async () => {
  // The admin creates a role and a user, then renames the user (an Updated entity change).
  const admin = spec.adminToken;
  // Eleven role creations: more than one page of POST /api/identity/roles.
  for (let i = 0; i < 11; i++) expect((await api('POST', '/api/identity/roles', admin, { name: `audit-e2e-role-${i}` })).status).toBe(200);
  const created = await api('POST', '/api/identity/users', admin, {
    userName: 'audit-target',
    email: 'audit-target@example.test',
    password: '1q2w3E*target',
    name: 'Ann',
  });
  expect(created.status).toBe(200);
  const user = created.json as { id: string; concurrencyStamp: string };
  targetId = user.id;
  const updated = await api('PUT', `/api/identity/users/${user.id}`, admin, {
    userName: 'audit-target',
    email: 'audit-target@example.test',
    name: 'Annie',
    concurrencyStamp: user.concurrencyStamp,
  });
  expect(updated.status).toBe(200);
  // A user without rights tries to create a user: a failed request, logged with its exception.
  await createUser(spec.server, viewer);
  const viewerToken = (await passwordToken(spec.server, viewer)).access_token;
  const refused = await api('POST', '/api/identity/users', viewerToken, { userName: 'x', email: 'x@example.test', password: 'x' });
  expect(refused.status).toBe(403);
});

/** '#b42318' → 'rgb(180, 35, 24)', as getComputedStyle reports colours. */
const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;
const background = (element: Locator) => element.evaluate((e) => getComputedStyle(e).backgroundColor);

const auditTable = (page: Page) => page.getByRole('table', { name: 'Audit logs' });

/** Clicks Refresh until the table shows rows matching `text` (the writer flushes within a second). */
async function refreshUntilRow(page: Page, text: string | RegExp): Promise<Locator> {
  const rows = dataRows(auditTable(page)).filter({ hasText: text });
  for (let attempt = 0; attempt < 40 && (await rows.count()) === 0; attempt++) {
    await page.getByRole('button', { name: 'Refresh' }).first().click();
    await page.waitForTimeout(250);
  }
  await rows.first().waitFor();
  return rows;
}

const openPage = () => spec.openPage();

/** The shared axe check (light, then dark unless told otherwise), with the pointer out of the way. */
async function expectAxeClean(page: Page, inDark = true): Promise<void> {
  // The pointer rests on the header's corner, so no control is measured in its hovered state.
  await page.mouse.move(0, 0);
  await expectAxeCleanInLightAndDark(page, { dark: inDark });
}

async function settledRows(page: Page, table: Locator): Promise<string[]> {
  await table.and(page.locator(':not([aria-busy])')).waitFor();
  return (await dataRows(table).allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim());
}

async function choose(page: Page, label: string, option: string): Promise<void> {
  // A select's button is named by its value and its label ("- HTTP method").
  await page.getByRole('button', { name: new RegExp(`${label}$`) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('audit logs', () => {
  it('lists what was done with its badges; each filter narrows the rows; the URL keeps the view across a reload', async () => {
    const { page, problems } = await openPage();
    expect(await allMenuEntries(page)).toContain('Audit Logging');
    await page.goto(`${spec.server.url}/audit-logs`);
    // One name for the page: the menu's (spec 2.2), in the title and the breadcrumb (issue 20.10).
    await page.getByRole('heading', { level: 1, name: 'Audit Logging', exact: true }).waitFor();
    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
    expect(await breadcrumb.locator('[aria-current="page"]').textContent()).toBe('Audit Logging');
    expect(await page.getByRole('tab', { name: 'Audit Logs' }).getAttribute('aria-selected')).toBe('true');

    const table = auditTable(page);
    const created = await refreshUntilRow(page, /^200 POST \/api\/identity\/users(?!\/)/);
    await refreshUntilRow(page, 'audit-viewer');
    // Status badge, method badge, URL; user; application; all columns sortable.
    expect((await created.first().innerText()).replace(/\s+/g, ' ')).toMatch(/^200 POST \/api\/identity\/users admin/);
    // Badge colours of spec 9 (the theme's contrast-checked status colours): 2xx success, POST
    // success, 4xx danger, PUT warning.
    const { status } = lightPalette;
    const request = created.first().getByRole('rowheader');
    expect(await background(request.getByText('200', { exact: true }).locator('..'))).toBe(rgb(status.success.bg));
    expect(await background(request.getByText('POST', { exact: true }))).toBe(rgb(status.success.bg));
    const refusedRow = dataRows(table).filter({ hasText: 'audit-viewer' }).first().getByRole('rowheader');
    expect(await background(refusedRow.getByText('403', { exact: true }).locator('..'))).toBe(rgb(status.danger.bg));
    const headers = table.getByRole('columnheader');
    expect((await headers.allInnerTexts()).map((h) => h.trim()).slice(0, 6)).toEqual([
      'HTTP request',
      'User',
      'IP address',
      'Date',
      'Duration',
      'Application name',
    ]);
    for (let i = 0; i < 6; i++) expect(await headers.nth(i).getAttribute('aria-sort')).toBe('none');
    // The date has its four-digit year and takes two lines at most (day, then time), never three.
    const date = created.first().locator('time');
    expect(await date.textContent()).toMatch(/\d{4}/);
    expect(await date.evaluate((element) => element.getClientRects().length)).toBeLessThanOrEqual(2);
    await expectAxeClean(page);
    // react-aria's touch-action for pressables comes from the design system's stylesheet (src/ui/csp.css.ts),
    // not from the inline <style> react-aria would add and the strict CSP would refuse.
    const pressableRules = await page.evaluate(() =>
      [...document.styleSheets]
        .flatMap((sheet) => [...sheet.cssRules].map((rule) => rule.cssText))
        .filter((text) => text.includes('[data-react-aria-pressable]')),
    );
    expect(pressableRules.join('\n')).toContain('touch-action: pan-x pan-y pinch-zoom');
    expect(await page.locator('style#react-aria-pressable-style').count()).toBe(0);

    // User name (Enter applies).
    await page.getByRole('textbox', { name: 'User name' }).fill('audit-viewer');
    await page.getByRole('textbox', { name: 'User name' }).press('Enter');
    await page.waitForURL(/userName=audit-viewer/);
    let rows = await settledRows(page, table);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row).toContain('audit-viewer');
    expect(rows.some((row) => row.startsWith('403 POST /api/identity/users'))).toBe(true);
    await page.getByRole('textbox', { name: 'User name' }).fill('');

    // HTTP method: the select reloads at once.
    await choose(page, 'HTTP method', 'PUT');
    await page.waitForURL(/httpMethod=PUT/);
    rows = await settledRows(page, table);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row).toMatch(/^\d{3} PUT /);
    expect(await background(dataRows(table).first().getByText('PUT', { exact: true }))).toBe(rgb(lightPalette.status.warning.bg));
    await choose(page, 'HTTP method', '-');

    // HTTP status code, shown as 'code - message'.
    await choose(page, 'HTTP status code', '403 - Forbidden');
    await page.waitForURL(/httpStatusCode=403/);
    rows = await settledRows(page, table);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row).toMatch(/^403 /);
    await choose(page, 'HTTP status code', '-');

    // Has exception: Yes keeps the failed request only, No leaves it out.
    await choose(page, 'Has exception', 'Yes');
    await page.waitForURL(/hasException=true/);
    rows = await settledRows(page, table);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row).toMatch(/^[45]\d\d /);
    await choose(page, 'Has exception', 'No');
    await page.waitForURL(/hasException=false/);
    rows = await settledRows(page, table);
    expect(rows.some((row) => row.includes('audit-viewer'))).toBe(false);
    await choose(page, 'Has exception', '-');

    // URL with the Refresh button; durations (left out when empty).
    await page.getByRole('textbox', { name: 'URL' }).fill('/api/identity/roles');
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.waitForURL(/url=%2Fapi%2Fidentity%2Froles/);
    rows = await settledRows(page, table);
    // Page size 10 of the 11 role creations; the pager moves to the last one.
    expect(rows.length).toBe(10);
    for (const row of rows) expect(row).toMatch(/^200 POST \/api\/identity\/roles admin/);
    const pager = page.getByRole('navigation', { name: 'Pagination' });
    await pager.getByText('1–10 of 11').waitFor();
    await pager.getByRole('button', { name: 'Next page' }).click();
    await page.waitForURL(/page=2/);
    await pager.getByText('11–11 of 11').waitFor();
    expect((await settledRows(page, table)).length).toBe(1);

    // Application name, client IP address and correlation id (Enter applies; back to page 1).
    const applied = async (label: string, value: string) => {
      await page.getByRole('textbox', { name: label }).fill(value);
      await page.getByRole('textbox', { name: label }).press('Enter');
      return settledRows(page, table);
    };
    expect((await applied('Application name', 'Finance')).length).toBe(10);
    expect(page.url()).not.toMatch(/page=/);
    await applied('Application name', 'No such application');
    await table.getByText('No data available').waitFor();
    await applied('Application name', '');
    expect((await applied('Client IP address', '127.0.0.1')).length).toBe(10);
    for (const row of await settledRows(page, table)) expect(row).toContain('127.0.0.1');
    await applied('Client IP address', '10.9.9.9');
    await table.getByText('No data available').waitFor();
    await applied('Client IP address', '');
    const listed = (await api('GET', '/api/audit-logging/audit-logs?url=/api/identity/roles&maxResultCount=1', spec.adminToken)).json as {
      items: Array<{ correlationId: string; executionTime: string }>;
    };
    rows = await applied('Correlation id', listed.items[0]!.correlationId);
    expect(rows.length).toBe(1);
    await applied('Correlation id', '');

    // Start and end time (datetime-local, in local time): a window before everything is empty.
    await page.getByLabel('End time').fill('2001-01-01T00:00');
    await page.getByLabel('End time').press('Enter');
    await page.waitForURL(/endTime=2001/);
    await table.getByText('No data available').waitFor();
    await page.getByLabel('End time').fill('');
    await page.getByLabel('Start time').fill('2001-01-01T00:00');
    await page.getByLabel('Start time').press('Enter');
    await page.waitForURL((url) => url.search.includes('startTime=2001') && !url.search.includes('endTime'));
    expect((await settledRows(page, table)).length).toBe(10);
    await page.getByLabel('Start time').fill('');

    // Max duration: every row within it.
    await page.getByRole('textbox', { name: 'Max duration (ms)' }).fill('100000');
    await page.getByRole('textbox', { name: 'Max duration (ms)' }).press('Enter');
    await page.waitForURL(/maxExecutionDuration=100000/);
    expect((await settledRows(page, table)).length).toBe(10);
    await page.getByRole('textbox', { name: 'Max duration (ms)' }).fill('');
    await page.getByRole('textbox', { name: 'Min duration (ms)' }).fill('100000000');
    await page.getByRole('textbox', { name: 'Min duration (ms)' }).press('Enter');
    await table.getByText('No data available').waitFor();
    await page.getByRole('textbox', { name: 'Min duration (ms)' }).fill('');
    await page.getByRole('textbox', { name: 'Min duration (ms)' }).press('Enter');
    await dataRows(table).first().waitFor();
    expect(page.url()).not.toMatch(/ExecutionDuration/);

    // Sorting and the filters survive a reload (the view is in the URL).
    await table.getByRole('button', { name: 'Duration' }).click();
    await page.waitForURL(/sorting=executionDuration(\+|%20)asc/);
    await page.getByRole('textbox', { name: 'URL' }).fill('/api/identity/users');
    await page.getByRole('textbox', { name: 'URL' }).press('Enter');
    await page.waitForURL((url) => !url.search.includes('ExecutionDuration') && url.search.includes('users'));
    await choose(page, 'HTTP method', 'POST');
    await page.waitForURL(/httpMethod=POST/);
    const before = await settledRows(page, table);
    expect(before.length).toBe(2);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Audit Logging' }).waitFor();
    await dataRows(table).first().waitFor();
    expect(await page.getByRole('textbox', { name: 'URL' }).inputValue()).toBe('/api/identity/users');
    expect(await page.getByRole('button', { name: /HTTP method$/ }).innerText()).toContain('POST');
    expect(await table.getByRole('columnheader', { name: 'Duration' }).getAttribute('aria-sort')).toBe('ascending');
    expect(await settledRows(page, table)).toEqual(before);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('Detail shows the overall fields, the action and the renamed user in red; focus returns to the row', async () => {
    const { page, problems } = await openPage();
    // A shared address: what parses is applied, the rest is dropped from the address bar.
    await page.goto(`${spec.server.url}/audit-logs?httpMethod=PUT&page=zero&hasException=maybe&unknown=1`);
    await page.waitForURL((url) => url.search === '?httpMethod=PUT');
    const table = auditTable(page);
    const row = (await refreshUntilRow(page, `/api/identity/users/${targetId}`)).first();
    const actions = row.getByRole('button', { name: `Actions for PUT /api/identity/users/${targetId}` });
    await actions.click();
    await page.getByRole('menuitem', { name: 'Detail' }).click();
    const dialog = page.getByRole('dialog', { name: 'Audit log detail' });
    await dialog.getByRole('tab', { name: 'Overall' }).waitFor();
    const overall = (await dialog.getByRole('tabpanel').innerText()).replace(/\s+/g, ' ');
    expect(overall).toContain(`/api/identity/users/${targetId}`);
    expect(overall).toMatch(/User name admin/);
    expect(overall).toContain('Extra properties');
    expect(overall).not.toContain('Exceptions');
    // An empty field shows an em dash (and says 'Not set' to screen readers), never a blank.
    expect(overall).toMatch(/Comments ?— ?Not set/);
    for (const value of await dialog.locator('dd').allTextContents()) expect(value.trim()).not.toBe('');
    await expectAxeClean(page);
    // The modal keeps its height from tab to tab.
    const heightOf = async () => (await dialog.boundingBox())!.height;
    const overallHeight = await heightOf();

    await dialog.getByRole('tab', { name: 'Actions (1)' }).click();
    expect(await heightOf()).toBe(overallHeight);
    const actionRows = dataRows(dialog.getByRole('table', { name: 'Actions' }));
    expect(await actionRows.count()).toBe(1);
    expect(await actionRows.first().innerText()).toMatch(/IdentityUser.* - /);

    await dialog.getByRole('tab', { name: /^Changes \(\d+\)$/ }).click();
    expect(await heightOf()).toBe(overallHeight);
    const properties = dialog.getByRole('table', { name: new RegExp(`Property changes of .*\\(${targetId}\\)`) });
    const nameRow = properties.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Name', exact: true }) });
    const cells = nameRow.getByRole('cell');
    // Values are stored as JSON, as ABP stores them.
    expect(await cells.nth(0).innerText()).toBe('"Ann"');
    expect((await cells.nth(1).textContent())?.trim()).toBe('"Annie" (changed)');
    // Red from the theme's contrast-checked danger text colour; the unchanged original keeps the text colour.
    expect(await cells.nth(1).evaluate((cell) => getComputedStyle(cell).color)).toBe(rgb(lightPalette.dangerText));
    expect(await cells.nth(0).evaluate((cell) => getComputedStyle(cell).color)).toBe(rgb(lightPalette.text));
    expect(await dialog.getByText(/^Changed .* ago by admin$/).count()).toBeGreaterThan(0);
    await expectAxeClean(page);

    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => actions.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await table.count()).toBe(1);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('Entity Changes: filters by entity, Change Details and Full Change History list the changes with user names', async () => {
    const { page, problems } = await openPage();
    await page.goto(`${spec.server.url}/audit-logs`);
    await page.getByRole('tab', { name: 'Entity Changes' }).click();
    await page.waitForURL(/tab=entity-changes/);
    const table = page.getByRole('table', { name: 'Entity changes' });
    // The row actions come last, as on the Audit Logs tab (issue 20.10).
    expect((await table.getByRole('columnheader').allInnerTexts()).map((h) => h.trim())).toEqual([
      'Time',
      'Change type',
      'Tenant id',
      'Entity id',
      'Entity type full name',
      'Actions',
    ]);
    await page.getByRole('textbox', { name: 'Entity id' }).fill(targetId);
    await page.getByRole('textbox', { name: 'Entity id' }).press('Enter');
    await page.waitForURL(new RegExp(`entityId=${targetId}`));
    const rows = await settledRows(page, table);
    expect(rows.length).toBe(2);
    expect(rows.some((row) => row.includes('Created'))).toBe(true);
    expect(rows.some((row) => row.includes('Updated'))).toBe(true);
    for (const row of rows) expect(row).toContain(targetId);

    await choose(page, 'Change type', 'Updated');
    await page.waitForURL(/entityChangeType=1/);
    expect((await settledRows(page, table)).length).toBe(1);
    // The change-time range: a start in the future leaves nothing.
    await page.getByLabel('Start date').fill('2999-01-01T00:00');
    await page.getByLabel('Start date').press('Enter');
    await table.getByText('No data available').waitFor();
    await page.getByLabel('Start date').fill('');
    await page.getByLabel('Start date').press('Enter');
    await dataRows(table).first().waitFor();
    expect((await settledRows(page, table)).length).toBe(1);
    await expectAxeClean(page);

    // Change Details: that one change.
    const details = table.getByRole('button', { name: /^Change Details: / });
    const title = (await details.first().getAttribute('aria-label'))!.replace('Change Details: ', '');
    expect(title).toMatch(new RegExp(`^\\S+ \\(${targetId}\\)$`));
    await details.first().click();
    let dialog = page.getByRole('dialog', { name: title });
    await dialog.getByRole('table').first().waitFor();
    expect(await dialog.getByRole('table').count()).toBe(1);
    expect(await dialog.getByText(/by admin/).count()).toBe(1);
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await dialog.waitFor({ state: 'detached' });

    // Full Change History: created then updated, with user names.
    await choose(page, 'Change type', '-');
    await page.waitForURL((url) => !url.search.includes('entityChangeType'));
    const historyButton = table.getByRole('button', { name: `Full Change History: ${title}` }).first();
    await historyButton.click();
    dialog = page.getByRole('dialog', { name: title });
    await dialog.getByRole('table').first().waitFor();
    const history = (await dialog.innerText()).replace(/\s+/g, ' ');
    expect(history).toContain('Created');
    expect(history).toContain('Updated');
    expect(await dialog.getByText(/by admin/).count()).toBe(2);
    await expectAxeClean(page, false);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => historyButton.evaluate((element) => element === document.activeElement)).toBe(true);

    // The tab and its filters survive a reload.
    await page.reload();
    await table.waitFor();
    expect(await page.getByRole('tab', { name: 'Entity Changes' }).getAttribute('aria-selected')).toBe('true');
    expect(await page.getByRole('textbox', { name: 'Entity id' }).inputValue()).toBe(targetId);
    expect((await settledRows(page, table)).length).toBe(2);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('works in Arabic (right to left) and from the keyboard', async () => {
    const { page, problems } = await openPage();
    await page.evaluate(() => localStorage.setItem('Abp.SelectedLanguage', 'ar'));
    try {
      await page.goto(`${spec.server.url}/audit-logs?httpMethod=PUT`);
      await page.getByRole('heading', { level: 1, name: 'سجلات التدقيق' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      const table = page.getByRole('table', { name: 'سجلات التدقيق' });
      await dataRows(table).first().waitFor();
      await expectAxeClean(page);
      // Left-to-right data keeps its direction in the right-to-left page: the URL reads from its slash.
      const urlCell = table.getByText(`/api/identity/users/${targetId}`, { exact: true });
      expect(await urlCell.evaluate((element) => getComputedStyle(element).direction)).toBe('ltr');
      // The row's actions button: Enter opens its menu on 'Detail', Enter opens the modal, Escape
      // closes it and focus is back on the button.
      const actions = table.getByRole('button', { name: `إجراءات PUT /api/identity/users/${targetId}` });
      await actions.focus();
      await page.keyboard.press('Enter');
      await page.getByRole('menuitem', { name: 'التفاصيل' }).waitFor();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'تفاصيل سجل التدقيق' });
      await dialog.getByRole('tab', { name: 'عام' }).waitFor();
      // Arrow keys move between the modal's tabs (leftwards is next in right-to-left).
      await dialog.getByRole('tab', { name: 'عام' }).focus();
      await page.keyboard.press('ArrowLeft');
      expect(await dialog.getByRole('tab', { name: 'الإجراءات (1)' }).getAttribute('aria-selected')).toBe('true');
      // The parameters' JSON is laid out left to right, brackets in their order.
      const json = dialog.getByRole('tabpanel').locator('pre').first();
      expect(await json.evaluate((element) => [getComputedStyle(element).direction, element.textContent?.trim().at(0)])).toEqual([
        'ltr',
        '{',
      ]);
      await expectAxeClean(page, false);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(() => actions.evaluate((element) => element === document.activeElement)).toBe(true);
      expect(problems).toEqual([]);
    } finally {
      await page.evaluate(() => localStorage.removeItem('Abp.SelectedLanguage'));
      await page.close();
    }
  });

  it('on a phone the Detail modal fills the screen and its Changes tab is reachable (issue 20.6)', async () => {
    const { page, problems } = await openPage();
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await page.goto(`${spec.server.url}/audit-logs?httpMethod=PUT`);
      const row = (await refreshUntilRow(page, `/api/identity/users/${targetId}`)).first();
      await row.getByRole('button', { name: `Actions for PUT /api/identity/users/${targetId}` }).click();
      await page.getByRole('menuitem', { name: 'Detail' }).click();
      const dialog = page.getByRole('dialog', { name: 'Audit log detail' });
      const overall = dialog.getByRole('tab', { name: 'Overall' });
      await overall.waitFor();
      expect(await dialog.boundingBox()).toEqual({ x: 0, y: 0, width: 390, height: 844 });
      await screenshots(page, 'audit-detail-overall');
      // Nothing in it is wider than the screen: the page does not scroll sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      // The arrow keys reach the last tab; it is scrolled into view, whole, and selected.
      await overall.focus();
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      const changes = dialog.getByRole('tab', { name: /^Changes \(\d+\)$/ });
      expect(await changes.getAttribute('aria-selected')).toBe('true');
      const box = (await changes.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      await dialog
        .getByRole('table', { name: /^Property changes of / })
        .first()
        .waitFor();
      await screenshots(page, 'audit-detail-changes');
      // The Actions tab's parameters get the screen's width, not a sliver of it.
      await dialog.getByRole('tab', { name: 'Actions (1)' }).click();
      const json = dialog.getByRole('tabpanel').locator('pre').first();
      await screenshots(page, 'audit-detail-actions');
      expect((await json.boundingBox())!.width).toBeGreaterThan(150);
      await expectAxeClean(page, false);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it("Semi-dark puts the top bar in the side menu's dark; native date inputs follow the theme (issue 20.11)", async () => {
    const { page, problems } = await openPage();
    try {
      const colorSchemeOf = (locator: Locator) => locator.evaluate((element) => getComputedStyle(element).colorScheme);
      await page.evaluate(() => localStorage.setItem('LPX_THEME', 'dim'));
      await page.goto(`${spec.server.url}/audit-logs`);
      await page.waitForFunction(() => document.documentElement.classList.contains('theme-dim'));
      const banner = page.getByRole('banner');
      const menu = page.getByRole('complementary');
      expect(await background(banner)).toBe(await background(menu));
      const [red = 255] = ((await background(banner)).match(/\d+/g) ?? []).map(Number);
      expect(red).toBeLessThan(128);
      await screenshots(page, 'audit-dim');
      // The content stays light, and so do its native controls.
      expect(await colorSchemeOf(page.getByLabel('Start time'))).toBe('light');
      await expectAxeClean(page, false);

      await page.evaluate(() => localStorage.setItem('LPX_THEME', 'dark'));
      await page.reload();
      await page.waitForFunction(() => document.documentElement.classList.contains('theme-dark'));
      // Dark chosen while the system is light: the date pickers' icons are drawn for a dark field.
      expect(await colorSchemeOf(page.getByLabel('Start time'))).toBe('dark');
      await screenshots(page, 'audit-dark');
      expect(problems).toEqual([]);
    } finally {
      await page.evaluate(() => localStorage.removeItem('LPX_THEME'));
      await page.close();
    }
  });

  it('a user with AuditLogging.AuditLogs but without its Export permission sees the list and no Export to Excel', async () => {
    const reader = { userName: 'audit-reader', password: '1q2w3E*reader' };
    const created = await api('POST', '/api/identity/users', spec.adminToken, {
      userName: reader.userName,
      email: 'audit-reader@example.test',
      password: reader.password,
    });
    expect(created.status).toBe(200);
    const grant = await api(
      'PUT',
      `/api/permission-management/permissions?providerName=U&providerKey=${(created.json as { id: string }).id}`,
      spec.adminToken,
      {
        permissions: [{ name: 'AuditLogging.AuditLogs', isGranted: true }],
      },
    );
    expect(grant.status).toBe(204);
    const other = await launchBrowser();
    try {
      await acceptCookies(other.context, spec.server.url);
      const page = await other.context.newPage();
      await signIn(page, spec.server.url, reader.userName, reader.password);
      await page.goto(`${spec.server.url}/audit-logs`);
      await page.getByRole('heading', { name: 'Audit Logging' }).waitFor();
      await page.getByRole('button', { name: 'Refresh' }).first().waitFor();
      expect(await page.getByRole('button', { name: 'Export to Excel' }).count()).toBe(0);
    } finally {
      await other.close();
    }
  });

  it('a user without AuditLogging.AuditLogs gets 403 on /audit-logs and no menu entry', async () => {
    const other = await launchBrowser();
    try {
      await acceptCookies(other.context, spec.server.url);
      const page = await other.context.newPage();
      await signIn(page, spec.server.url, viewer.userName, viewer.password);
      expect(await allMenuEntries(page)).not.toContain('Audit Logging');
      await page.goto(`${spec.server.url}/audit-logs`);
      await page.getByRole('heading', { level: 1, name: /Forbidden/ }).waitFor();
      expect(await page.getByRole('heading', { name: 'Audit Logging' }).count()).toBe(0);
    } finally {
      await other.close();
    }
  });
});
