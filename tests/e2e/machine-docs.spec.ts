// Issue 12 end to end, in Chromium against the real server and SPA: the host admin (who holds
// Finance.Developer.Docs) opens 'Machine docs' from the user menu and reads the site the product
// serves at /docs/machines/ (under its CSP); records a support session from the user menu (the
// indicator shows), filters the users list, saves the recording, which replays through the real
// machines, and steps to the filter in the replay viewer at /docs/replay, where the list machine is
// `loading`.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Recording } from '../../machines/inspection/recording.ts';
import { type Browser, launchBrowser, seriousAxeViolations } from '../kit/browser.ts';
import { startTestServer, type TestServer } from '../kit/test-server.ts';
import { acceptCookies, ensureBuilt, signIn } from './shell-helpers.ts';

let server: TestServer;
let browser: Browser;
let page: Page;
const problems: string[] = [];
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'machine-docs-e2e-'));

beforeAll(async () => {
  ensureBuilt();
  server = await startTestServer({ serveSpa: true });
  browser = await launchBrowser();
  await acceptCookies(browser.context, server.url);
  page = await browser.context.newPage();
  page.on('pageerror', (error) => problems.push(error.message));
  await signIn(page, server.url);
}, 600_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

const openUserMenu = async () => {
  const panel = page.getByRole('region', { name: 'User menu' });
  if (!(await panel.isVisible())) await page.getByRole('button', { name: 'User menu' }).click();
  return panel;
};

describe('machine docs and support sessions (issue 12)', () => {
  it("'Machine docs' opens the site the product serves; it is searchable and axe clean", async () => {
    await (await openUserMenu()).getByRole('link', { name: 'Machine docs' }).click();
    await page.waitForURL(`${server.url}/docs/machines/`);
    expect(await page.locator('h1').textContent()).toBe('Machines');
    await page.getByLabel('Search machines, states and events').fill('filter.submit');
    await page.locator('#results a', { hasText: 'filter.submit' }).first().click();
    await page.waitForURL(/\/docs\/machines\/pagedList\.html#event-filter\.submit$/);
    expect(await page.locator('figure.chart-box svg.chart [data-state="loading"]').count()).toBe(1);
    expect(await seriousAxeViolations(page)).toEqual([]);
    // The link to the machine's source opens a page of the served site.
    await page.getByRole('link', { name: 'machines/generic/paged-list.machine.ts' }).first().click();
    await page.waitForURL(/\/docs\/machines\/source-pagedList\.html#machine$/);
    expect(await page.locator('#machine + pre').textContent()).toContain('export const pagedListMachine');
    expect(problems).toEqual([]);
  });

  it('records a support session from the user menu, saves it, and the replay viewer shows the list loading after the filter', async () => {
    await page.goto(`${server.url}/identity/users`);
    const table = page.getByRole('table', { name: 'Users' });
    await table.waitFor();
    await (await openUserMenu()).getByRole('button', { name: 'Record a support session' }).click();
    const indicator = page.getByRole('status').filter({ hasText: 'Recording a support session' });
    await indicator.waitFor();

    const search = page.getByRole('searchbox', { name: 'Search' });
    await search.fill('admin');
    await search.press('Enter');
    await table.and(page.locator(':not([aria-busy])')).waitFor();

    const download = page.waitForEvent('download');
    await (await openUserMenu()).getByRole('button', { name: 'Save recording' }).click();
    const file = path.join(dir, (await download).suggestedFilename());
    await (await download).saveAs(file);
    expect(path.basename(file)).toMatch(/^inspection-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.json$/);
    await indicator.waitFor({ state: 'detached' });
    expect(await (await openUserMenu()).getByRole('button', { name: 'Record a support session' }).isVisible()).toBe(true);

    const recording = JSON.parse(fs.readFileSync(file, 'utf8')) as Recording;
    const list = recording.actors.find(
      (actor) => actor.machineId === 'pagedList' && actor.events.some((e) => e.event.type === 'filter.submit'),
    )!;
    expect(list).toBeDefined();
    expect(list.events.find((e) => e.event.type === 'filter.submit')!.state).toBe('loading');
    // No bearer token or password of the session is in the file.
    const stored = await page.evaluate(() => JSON.stringify({ ...sessionStorage, ...localStorage }));
    for (const token of stored.match(/eyJ[\w-]+\.[\w-]+\.[\w-]+/g) ?? []) expect(fs.readFileSync(file, 'utf8')).not.toContain(token);
    // It replays through the real machines.
    const replay = execFileSync(process.execPath, ['scripts/replay-inspection.ts', file], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      encoding: 'utf8',
    });
    expect(replay).toContain('replay: ok');

    await page.goto(`${server.url}/docs/open?to=replay`);
    await page.waitForURL(`${server.url}/docs/machines/replay.html`);
    await page.getByLabel('Recording file').setInputFiles(file);
    await page.locator('#step-list button', { hasText: 'pagedList: filter.submit → loading' }).first().click();
    expect(await page.locator('#step-event').textContent()).toMatch(/^filter\.submit/);
    const current = await page
      .locator('#step-chart svg.chart .current')
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-state')));
    expect(current).toEqual(['loading']);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('a session recorded with a theme switch and the audit list filtered: both are in the recording, and the viewer shows the list loading', async () => {
    await page.goto(`${server.url}/audit-logs`);
    await page.getByRole('table', { name: 'Audit logs' }).waitFor();
    await (await openUserMenu()).getByRole('button', { name: 'Record a support session' }).click();
    await page.getByRole('status').filter({ hasText: 'Recording a support session' }).waitFor();
    // The shell's machines started with the page, before the session: recorded from their state then.
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('region', { name: 'Settings' }).getByRole('radio', { name: 'Dark', exact: true }).check({ force: true });
    await page.keyboard.press('Escape');
    await page.getByRole('textbox', { name: 'User name' }).fill('admin');
    await page.getByRole('textbox', { name: 'User name' }).press('Enter');
    await page.waitForURL(/userName=admin/);
    const download = page.waitForEvent('download');
    await (await openUserMenu()).getByRole('button', { name: 'Save recording' }).click();
    const file = path.join(dir, `audit-${(await download).suggestedFilename()}`);
    await (await download).saveAs(file);
    const recording = JSON.parse(fs.readFileSync(file, 'utf8')) as Recording;
    const filtered = recording.actors
      .filter((actor) => actor.machineId === 'pagedList')
      .flatMap((actor) => actor.events)
      .find((event) => event.event.type === 'filter.submit');
    expect(filtered?.state).toBe('loading');
    const themeSwitch = recording.actors
      .filter((actor) => actor.machineId === 'theme')
      .flatMap((actor) => actor.events)
      .find((event) => event.event.type === 'theme.select');
    expect(themeSwitch?.event).toMatchObject({ type: 'theme.select', style: 'dark' });

    // The recording becomes a Vitest file that replays it through the real machines, and it passes.
    const root = path.resolve(import.meta.dirname, '../..');
    const written = path.join('tests/machines', `support-session-${process.pid}.replay.test.ts`);
    try {
      execFileSync(process.execPath, ['scripts/replay-inspection.ts', file, '--write-test', written], { cwd: root, encoding: 'utf8' });
      const run = execFileSync(process.execPath, [path.join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--project', 'unit', written], {
        cwd: root,
        encoding: 'utf8',
        env: { ...process.env, NO_COLOR: '1' },
      });
      // biome-ignore lint/suspicious/noControlCharactersInRegex: the terminal's colour codes
      const plain = run.replace(/\u001b\[[0-9;]*m/g, '');
      expect(plain).toMatch(/Tests\s+\d+ passed \(\d+\)/);
      expect(plain).not.toMatch(/failed/);
    } finally {
      fs.rmSync(path.join(root, written), { force: true });
    }

    await page.goto(`${server.url}/docs/replay`);
    await page.waitForURL(`${server.url}/docs/machines/replay.html`);
    await page.getByLabel('Recording file').setInputFiles(file);
    await page.locator('#step-list button', { hasText: 'pagedList: filter.submit → loading' }).first().click();
    const current = await page
      .locator('#step-chart svg.chart .current')
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-state')));
    expect(current).toEqual(['loading']);
  });
});
