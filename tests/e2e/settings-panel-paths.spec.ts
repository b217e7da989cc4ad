// The settings panel's lifecycles through the real screen (issue 21; spec 2.3 settings panel, 4.3
// theme and container width, 9): each path of the theme and container-width machines' models, in
// Chromium against the real server, with what the panel shows, the theme and width the page wears
// and what is kept under LPX_THEME / LPX_LAYOUT checked against the spec-written references
// (tests/machines/reference/theme.reference.ts, container-width.reference.ts). The browser produces
// the machines' actor results itself: a choice saved before the page opens, none, storage whose
// reads or writes of the key fail (in the order the path says), and the OS scheme (emulated media).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { containerWidthModel } from '../../machines/shell/container-width.model.ts';
import { themeModel } from '../../machines/shell/theme.model.ts';
import { ensureBuilt } from '../kit/browser-session.ts';
import { startTestServer, type TestServer } from '../kit/test-server.ts';
import type { Call } from '../machines/reference-driver.ts';
import { type ContainerWidthExpectedView, containerWidthReference } from '../machines/reference/container-width.reference.ts';
import { type ThemeExpectedView, themeReference } from '../machines/reference/theme.reference.ts';
import { arrangeStoredChoice, describeUiPaths, expectStoredChoice, type StoredChoice, withEventsAsRules } from './ui-paths.ts';

let server: TestServer;

beforeAll(async () => {
  ensureBuilt();
  server = await startTestServer({ serveSpa: true });
});

afterAll(async () => {
  await server?.stop();
});

const storageKey = 'LPX_THEME';
const labels: Record<string, string> = { light: 'Light', dim: 'Semi-Dark', dark: 'Dark', system: 'System' };
const styleOfLabel = Object.fromEntries(Object.entries(labels).map(([style, label]) => [label, style]));

const kept = new WeakMap<Page, StoredChoice>();

/** Opens the settings panel unless it is open; returns it. */
async function settingsPanel(page: Page) {
  const panel = page.getByRole('region', { name: 'Settings' });
  if ((await panel.count()) === 0) await page.getByRole('button', { name: 'Settings' }).click();
  await panel.waitFor();
  return panel;
}

/** A radio group of the panel: its options' labels in order and the checked one. */
async function readRadioGroup(page: Page, name: string): Promise<{ options: string[]; checked: string | null }> {
  const radios = (await settingsPanel(page)).getByRole('radiogroup', { name }).getByRole('radio');
  const options: string[] = [];
  let checked: string | null = null;
  for (let i = 0; i < (await radios.count()); i++) {
    const radio = radios.nth(i);
    const label =
      (await radio.getAttribute('aria-label')) ?? (await radio.evaluate((input) => input.closest('label')?.textContent?.trim() ?? ''));
    options.push(label);
    if (await radio.isChecked()) checked = label;
  }
  return { options, checked };
}

/** The page's classes with this prefix (`theme-`, `width-`), without it. */
const worn = (page: Page, prefix: string) =>
  page.evaluate(
    (prefix) => [...document.documentElement.classList].filter((name) => name.startsWith(prefix)).map((name) => name.slice(prefix.length)),
    prefix,
  );

describeUiPaths<ThemeExpectedView>('theme', {
  model: themeModel,
  scenarios: ['default styles'],
  notInTheProduct: {
    'System disabled': 'the product offers no setting that disables System (the app starts the theme with the default styles)',
    'no dark system style': "the styles are the product's four (spec 9); a style set without a dark system style cannot be configured",
  },
  // Every transition, rule and distinct event (each style, each load and save outcome) at least once.
  reference: (input) => withEventsAsRules(themeReference(input)),
  sample: 'covering',
  automaticActors: ['loadTheme', 'saveTheme'],
  notPlayable: {
    'theme.reloadStyles':
      'sent when the language direction changes; in the product a new language reloads the page (src/app/system.ts), so the styles start again rather than reload on a page',
  },
  async open(page, path) {
    await page.emulateMedia({ colorScheme: 'light' });
    kept.set(page, await arrangeStoredChoice(page, path, storageKey, { load: 'loadTheme', save: 'saveTheme' }));
    await page.goto(`${server.url}/`);
    await settingsPanel(page);
  },
  async act(page, event) {
    if (event.type === 'os.schemeChanged') {
      await page.emulateMedia({ colorScheme: (event as unknown as { scheme: 'light' | 'dark' }).scheme });
      return;
    }
    if (event.type !== 'theme.select') throw new Error(`no user action plays ${event.type}`);
    const style = (event as unknown as { style: string }).style;
    const panel = await settingsPanel(page);
    await panel.getByRole('radio', { name: labels[style], exact: true }).check({ force: true });
  },
  async read(page) {
    const group = await readRadioGroup(page, 'Appearance');
    const applied = await worn(page, 'theme-');
    const alert = (await settingsPanel(page)).getByRole('alert');
    return {
      style: group.checked === null ? null : (styleOfLabel[group.checked] ?? group.checked),
      applied: applied.length === 1 ? applied[0] : applied.length === 0 ? null : applied,
      error: (await alert.count()) > 0 ? await alert.first().textContent() : null,
      options: group.options,
    };
  },
  seen: (view) => ({ style: view.style, applied: view.applied, error: view.error, options: view.options.map((option) => option.label) }),
  checkCalls: (page, calls: Call[]) =>
    expectStoredChoice(page, kept.get(page)!, calls, 'saveTheme', (input) => (input as { style: string }).style),
});

const layoutKey = 'LPX_LAYOUT';
const keptLayout = new WeakMap<Page, StoredChoice>();
/** The widths and their labels as the reference has them (spec 9). */
const widthOptions = containerWidthReference(undefined).view().options;

describeUiPaths<ContainerWidthExpectedView>('container width', {
  model: containerWidthModel,
  scenarios: ['default options'],
  notInTheProduct: {
    'no default, no Full Width': "the widths are the product's three (spec 9); another set cannot be configured",
  },
  reference: (input) => withEventsAsRules(containerWidthReference(input)),
  sample: 'covering',
  automaticActors: ['loadLayout', 'saveLayout'],
  async open(page, path) {
    keptLayout.set(page, await arrangeStoredChoice(page, path, layoutKey, { load: 'loadLayout', save: 'saveLayout' }));
    await page.goto(`${server.url}/`);
    await settingsPanel(page);
  },
  async act(page, event) {
    if (event.type !== 'layout.select') throw new Error(`no user action plays ${event.type}`);
    const layout = (event as unknown as { layout: string }).layout;
    const label = widthOptions.find((option) => option.layoutClass === layout)!.label;
    await (await settingsPanel(page)).getByRole('radio', { name: label, exact: true }).check({ force: true });
  },
  async read(page) {
    const group = await readRadioGroup(page, 'Container Width');
    return {
      layout: widthOptions.find((option) => option.label === group.checked)?.layoutClass ?? group.checked,
      worn: await worn(page, 'width-'),
      options: group.options,
    };
  },
  // The chosen width is both the checked radio and the class the page wears.
  seen: (view) => ({
    layout: view.layout,
    worn: view.layout === null ? [] : [view.layout],
    options: view.options.map((option) => option.label),
  }),
  checkCalls: (page, calls: Call[]) =>
    expectStoredChoice(page, keptLayout.get(page)!, calls, 'saveLayout', (input) => (input as { layout: string }).layout),
});
