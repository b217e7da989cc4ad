// The theme's model paths through the real screen (issue 21; spec 2.3 settings panel, 4.3 theme, 9):
// each path of the machine's model, in Chromium against the real server, with what the settings
// panel shows, the theme the page wears and what is kept under LPX_THEME checked against the
// spec-written reference (tests/machines/reference/theme.reference.ts). The browser produces the
// machine's actor results itself: a choice saved before the page opens, none, storage whose reads
// or writes of LPX_THEME fail (in the order the path says), and the OS scheme (emulated media).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import type { EventObject } from 'xstate';
import { themeModel } from '../../machines/shell/theme.model.ts';
import { ensureBuilt } from '../kit/browser-session.ts';
import { startTestServer, type TestServer } from '../kit/test-server.ts';
import type { Call } from '../machines/reference-driver.ts';
import { type ThemeExpectedView, themeReference } from '../machines/reference/theme.reference.ts';
import { describeUiPaths } from './ui-paths.ts';

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

const outcomes = (events: EventObject[], actor: string) =>
  events
    .filter((event) => event.type === `xstate.done.actor.${actor}` || event.type === `xstate.error.actor.${actor}`)
    .map((event) => ({ ok: event.type.startsWith('xstate.done'), output: (event as { output?: unknown }).output }));

/** Per page: what LPX_THEME holds now, and the outcomes of the writes still to come. */
const kept = new WeakMap<Page, { value: string | null; saves: boolean[] }>();

/** Opens the settings panel unless it is open; returns it. */
async function settingsPanel(page: Page) {
  const panel = page.getByRole('region', { name: 'Settings' });
  if ((await panel.count()) === 0) await page.getByRole('button', { name: 'Settings' }).click();
  await panel.waitFor();
  return panel;
}

describeUiPaths<ThemeExpectedView>('theme', {
  model: themeModel,
  scenarios: ['default styles'],
  notInTheProduct: {
    'System disabled': 'the product offers no setting that disables System (the app starts the theme with the default styles)',
    'no dark system style': "the styles are the product's four (spec 9); a style set without a dark system style cannot be configured",
  },
  reference: themeReference,
  automaticActors: ['loadTheme', 'saveTheme'],
  notPlayable: {
    'theme.reloadStyles':
      'sent when the language direction changes; in the product a new language reloads the page (src/app/system.ts), so the styles start again rather than reload on a page',
  },
  async open(page, path) {
    const events = path.path.steps.map((step) => step.event);
    const [load] = outcomes(events, 'loadTheme');
    const saves = outcomes(events, 'saveTheme').map((save) => save.ok);
    const saved = load?.ok ? ((load.output as string | null) ?? null) : null;
    kept.set(page, { value: saved, saves: [...saves] });
    await page.emulateMedia({ colorScheme: 'light' });
    await page.addInitScript(
      ({ key, saved, loadFails, saves }) => {
        // The saved choice once per page (the init script runs again on every navigation).
        if (!sessionStorage.getItem('paths.arranged')) {
          sessionStorage.setItem('paths.arranged', '1');
          if (typeof saved === 'string') localStorage.setItem(key, saved);
        }
        const proto = Storage.prototype;
        const getItem = proto.getItem;
        const setItem = proto.setItem;
        // The test reads what is kept past the refusals below.
        (window as unknown as { keptTheme(): string | null }).keptTheme = () => getItem.call(localStorage, key);
        const quota = () => new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        proto.getItem = function (name: string) {
          if (this === localStorage && name === key && loadFails) throw new DOMException('The operation is insecure.', 'SecurityError');
          return getItem.call(this, name);
        };
        proto.setItem = function (name: string, value: string) {
          if (this === localStorage && name === key && saves.length > 0 && saves.shift() === false) throw quota();
          setItem.call(this, name, value);
        };
      },
      { key: storageKey, saved, loadFails: load ? !load.ok : false, saves },
    );
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
    const panel = await settingsPanel(page);
    const group = panel.getByRole('radiogroup', { name: 'Appearance' });
    const radios = group.getByRole('radio');
    const options: string[] = [];
    let style: string | null = null;
    for (let i = 0; i < (await radios.count()); i++) {
      const radio = radios.nth(i);
      const label =
        (await radio.getAttribute('aria-label')) ?? (await radio.evaluate((input) => input.closest('label')?.textContent?.trim() ?? ''));
      options.push(label);
      if (await radio.isChecked()) style = styleOfLabel[label] ?? label;
    }
    const worn = await page.evaluate(() => [...document.documentElement.classList].filter((name) => /^theme-(light|dim|dark)$/.test(name)));
    const alert = panel.getByRole('alert');
    return {
      style,
      applied: worn.length === 1 ? worn[0]!.slice('theme-'.length) : worn.length === 0 ? null : worn,
      error: (await alert.count()) > 0 ? await alert.first().textContent() : null,
      options,
    };
  },
  seen: (view) => ({ style: view.style, applied: view.applied, error: view.error, options: view.options.map((option) => option.label) }),
  async checkCalls(page, calls: Call[]) {
    const state = kept.get(page)!;
    for (const call of calls.filter((c) => c.name === 'saveTheme')) {
      // The browser answers the writes in the order the path's outcomes say (see open).
      if (state.saves.shift() !== false) state.value = (call.input as { style: string }).style;
    }
    await expect.poll(() => page.evaluate(() => (window as unknown as { keptTheme(): string | null }).keptTheme())).toBe(state.value);
  },
});
