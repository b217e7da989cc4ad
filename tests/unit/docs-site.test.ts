// The machine documentation site (docs/site/, issue 12) as QA opens it: from file:// in Chromium,
// with no server (so a unit-level suite: Chromium, no test server). Every machine the generator finds (machines/**/*.machine.ts) has a page with a
// state chart rendered to SVG and every generated test path; the index lists them all and its search
// finds machines, states and events; axe finds no serious violation on any page.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { annotateRecording, replayRecording } from '../../machines/inspection/replay.ts';
import { collectMachines, type MachineInfo } from '../../scripts/machine-docs.ts';
import { discoverMachines } from '../../scripts/replay-inspection.ts';
import { type Browser, launchBrowser, seriousAxeViolations } from '../kit/browser.ts';
import { recordPagedListFilter } from './paged-list-recording.ts';

const site = path.resolve(import.meta.dirname, '../../docs/site');
const url = (file: string) => pathToFileURL(path.join(site, file)).href;

describe('machine documentation site (file://)', { timeout: 300_000 }, () => {
  let browser: Browser;
  let page: Page;
  let machines: MachineInfo[];
  const problems: string[] = [];

  /** axe's own fetch of the stylesheet fails under file:// (a console error of axe, not of the page): forgotten. */
  const axeClean = async (on: Page, name: string) => {
    expect(await seriousAxeViolations(on), name).toEqual([]);
    problems.length = 0;
  };

  beforeAll(async () => {
    machines = await collectMachines();
    browser = await launchBrowser();
    page = await browser.context.newPage();
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
  });

  it('the index lists every machine by area, with a link to its page, and is axe clean', async () => {
    await page.goto(url('index.html'));
    expect(await page.title()).toBe('Machines');
    for (const info of machines) {
      const link = page.locator(`section.area:has(h2:text-is("${info.area}")) a[href="${info.machine.id}.html"]`);
      expect(await link.count(), info.machine.id).toBe(1);
    }
    expect(problems, 'console errors').toEqual([]);
    await axeClean(page, 'index');
  });

  it('the search finds machines, states and events and links to them', async () => {
    await page.goto(url('index.html'));
    const search = page.getByLabel('Search machines, states and events');
    await search.fill('theme.select');
    const event = page.locator('#results a', { hasText: 'theme.select' });
    expect(await event.first().getAttribute('href')).toBe('theme.html#event-theme.select');
    expect(await page.locator('#search-status').textContent()).toMatch(/^\d+ match/);
    await search.fill('signingOut');
    expect(await page.locator('#results li', { hasText: 'signingOut' }).first().textContent()).toContain('(auth)');
    await search.fill('no such thing anywhere');
    expect(await page.locator('#results li').count()).toBe(0);
    expect(await page.locator('#search-status').textContent()).toBe('0 matches');
    await search.fill('pagedList');
    await page.locator('#results a', { hasText: 'pagedList' }).first().click();
    await page.waitForURL(/pagedList\.html$/);
    expect(await page.locator('h1').textContent()).toBe('pagedList machine');
  });

  it('every machine page has its state chart as SVG, every generated path as steps, full coverage, and is axe clean', async () => {
    expect(machines.length).toBeGreaterThan(30);
    for (const info of machines) {
      const id = info.machine.id;
      await page.goto(url(`${id}.html`));
      const chart = page.locator('figure.chart-box svg.chart');
      expect(await chart.count(), id).toBe(1);
      // Every state of the machine is drawn, and the chart has a real size.
      const drawn = await chart.locator('[data-state]').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-state')));
      const states = Object.keys(info.machine.root.states ?? {});
      for (const state of states) expect(drawn, `${id} draws ${state}`).toContain(state);
      const box = await chart.boundingBox();
      expect(box!.width, id).toBeGreaterThan(40);
      expect(box!.height, id).toBeGreaterThan(40);
      // Every generated path, with one step per event.
      const paths = info.paths!;
      expect(await page.locator('ol.paths > li.path').count(), id).toBe(paths.length);
      const first = page.locator('ol.paths > li.path').first();
      await first.locator('summary').click();
      expect(await first.locator('ol.steps > li').count(), id).toBe(paths[0]!.path.steps.length);
      expect(await first.locator('ol.steps > li').first().isVisible()).toBe(true);
      // Coverage is complete or says why.
      expect(await page.locator('ul.coverage').textContent(), id).toMatch(/States: \d+ of \d+/);
      expect(await page.locator('li.uncovered:has-text("no reason given")').count(), id).toBe(0);
      // A link to the source, on a page of the site (so it also works where the product serves it).
      const source = page.locator(`a[href="source-${id}.html#machine"]`).first();
      expect(await source.textContent(), id).toBe(info.file);
      expect(problems, `${id}: console errors`).toEqual([]);
      await axeClean(page, id);
      if (id === 'pagedList') {
        await source.click();
        await page.waitForURL(/source-pagedList\.html#machine$/);
        expect(await page.locator('#machine + pre').textContent()).toBe(
          fs.readFileSync(path.resolve(import.meta.dirname, '../..', info.file), 'utf8'),
        );
        expect(await page.locator('#reference + pre').textContent()).toContain('pagedListReference');
        await axeClean(page, 'source-pagedList');
      }
    }
  });

  it('the replay viewer opens a recording, steps through it with the state highlighted, and marks a divergence', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'replay-viewer-'));
    try {
      const recording = await recordPagedListFilter();
      const file = path.join(dir, 'inspection-paged-list.json');
      fs.writeFileSync(file, JSON.stringify(recording));
      await page.goto(url('replay.html'));
      await page.getByLabel('Recording file').setInputFiles(file);
      // The file is read asynchronously: wait for its summary.
      await page.locator('#replay-summary', { hasText: '1 actor(s), 4 event(s)' }).waitFor();
      // Step to the filter being typed: its payload, redacted; then to the submit: the list is loading.
      await page.getByRole('button', { name: 'Next step' }).click();
      await page.getByRole('button', { name: 'Next step' }).click();
      expect(await page.locator('#step-event').textContent()).toMatch(/^filter\.change/);
      const payload = await page.locator('#step-payload').textContent();
      expect(payload).toContain('"userName": "adm"');
      expect(payload).toContain('[redacted]');
      expect(payload).not.toContain('hunter2');
      const context = await page.locator('#step-context').textContent();
      expect(context).toContain('"filters"');
      expect(context).toContain('"userName": "adm"');
      expect(context).not.toContain('hunter2');
      await page.getByRole('button', { name: 'Next step' }).click();
      expect(await page.locator('#step-status').textContent()).toBe('Step 4 of 4: filter.submit in pagedList');
      expect(await page.locator('#step-state').textContent()).toBe('loaded → loading');
      const current = await page
        .locator('#step-chart svg.chart .current')
        .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-state')));
      expect(current).toEqual(['loading']);
      expect(await page.getByRole('button', { name: 'Next step' }).isDisabled()).toBe(true);
      await page.getByRole('button', { name: 'Previous step' }).click();
      expect(await page.locator('#step-chart svg.chart .current').getAttribute('data-state')).toBe('loaded');
      expect(await page.locator('#step-diverged').isHidden()).toBe(true);
      expect(problems, 'console errors').toEqual([]);
      await axeClean(page, 'replay');

      // The recording says filter.submit led to `loaded`; today's machine reaches `loading`: the viewer
      // replays it through the machines bundled beside it and marks the step, with no command run.
      const tampered = structuredClone(recording);
      tampered.actors[0]!.events[3]!.state = 'loaded';
      const divergent = path.join(dir, 'inspection-divergent.json');
      fs.writeFileSync(divergent, JSON.stringify(tampered));
      await page.getByLabel('Recording file').setInputFiles(divergent);
      await page.locator('#step-list li', { hasText: 'diverged here' }).waitFor();
      expect(await page.locator('#step-list li', { hasText: 'diverged here' }).textContent()).toContain('filter.submit');
      await page.getByRole('button', { name: 'Last' }).click();
      expect(await page.locator('#step-diverged').textContent()).toBe(
        'Diverged here: the current machines reach loading, the recording says loaded.',
      );
      // The same as the command-line annotation says it (npm run replay -- <file> --annotate).
      const annotation = annotateRecording(tampered, await replayRecording(tampered, await discoverMachines())).replay;
      expect(
        await page.evaluate(
          (text) =>
            (window as unknown as { FINANCE_REPLAY: { annotate(r: unknown): Promise<unknown> } }).FINANCE_REPLAY.annotate(JSON.parse(text)),
          JSON.stringify(tampered),
        ),
      ).toEqual(annotation);
      // Not a recording: a clear message, nothing shown.
      const other = path.join(dir, 'other.json');
      fs.writeFileSync(other, '{"hello": 1}');
      await page.getByLabel('Recording file').setInputFiles(other);
      await page.getByRole('alert').filter({ hasText: 'is not a recording' }).waitFor();
      expect(await page.locator('#replay').isHidden()).toBe(true);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
