// Idle sign-out's model paths through the real screen (issue 21; spec 4.6, 9): a covering set of the
// machine's model paths (every transition a user can bring about at least once), played in Chromium
// against the real server with the page's clock under the test's control (Playwright's clock), and
// what the user sees (the 'Your session is about to expire' alertdialog, its countdown, its paused
// note, being signed out) checked against the spec-written reference
// (tests/machines/reference/idle-session.reference.ts), told the product's 60-second countdown.
// How each model event happens here:
// - the session turns on (`session.changed` true, t): the user signs in through the login page with
//   idle sign-out on and the timeout set to t minutes; off (false): the user signs out from the user
//   menu, or the idle sign-out finishes; a new timeout: an administrator sets it, then the user saves
//   the Audit Logging settings tab, which re-reads the configuration (spec 4.8);
// - activity: the mouse moves; a delay elapsing: the page's clock runs for it;
// - the page hidden or shown: headless Chromium never hides a page (another tab in front, a minimized
//   window, a frozen lifecycle all leave it 'visible'; checked), so document.visibilityState is
//   emulated as a hidden tab reports it and visibilitychange fires;
// - the warning's answers: its two buttons.
// The model counts down from 2 (short paths), the product from 60: the model's last tick is played
// as the product's remaining ticks, each told the reference (`asPlayed`).
import type { Cookie, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import type { EventObject } from 'xstate';
import { idleSessionModel } from '../../machines/session/idle-session.model.ts';
import type { ModelPath } from '../../machines/testing/model-paths.ts';
import { setSettingValues } from '../../server/modules/setting-management/store.ts';
import { launchBrowser } from '../kit/browser.ts';
import { acceptCookies, ensureBuilt, signIn, submitLoginPage } from '../kit/browser-session.ts';
import { startTestServer, type TestServer } from '../kit/test-server.ts';
import { type IdleSessionExpectedView, idleSessionReference } from '../machines/reference/idle-session.reference.ts';
import { describeUiPaths } from './ui-paths.ts';

let server: TestServer;
/**
 * The cookies of a browser signed in once through the real login page: the identity server's
 * session. Each path's fresh context starts with them (and without the app's tokens: the path starts
 * signed out), so its sign-ins go through that session (see `signInFromShell`).
 */
let identityCookies: Cookie[];

const productCountdown = 60;
const globalSetting = { providerName: 'G', providerKey: '' } as const;

beforeAll(async () => {
  ensureBuilt();
  server = await startTestServer({ serveSpa: true });
  await setSettingValues(server.ctx, { 'Abp.Account.Idle.Enabled': 'true' }, globalSetting);
  const browser = await launchBrowser();
  try {
    await acceptCookies(browser.context, server.url);
    await signIn(await browser.context.newPage(), server.url);
    identityCookies = await browser.context.cookies();
  } finally {
    await browser.close();
  }
});

afterAll(async () => {
  await server?.stop();
});

const setTimeoutMinutes = (minutes: number) =>
  setSettingValues(server.ctx, { 'Abp.Account.Idle.IdleTimeoutMinutes': String(minutes) }, globalSetting);

const warning = (page: Page) => page.getByRole('alertdialog', { name: 'Your session is about to expire' });
const userMenu = (page: Page) => page.getByRole('button', { name: 'User menu' });
const loginButton = (page: Page) => page.getByRole('main').getByRole('button', { name: 'Login' });

/** Per page: the timeout in force (minutes), the mouse's next position, and the last activity mark other tabs hear. */
const timeoutOf = new WeakMap<Page, number>();
const mouseAt = new WeakMap<Page, number>();
const activityMark = new WeakMap<Page, string | null>();

/** Stops the page's clock where it is: from here on time moves only when the test says so. */
async function pauseClock(page: Page): Promise<void> {
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 1_000);
}

/** Lets the clock run (the identity server's redirects and the settings screen's own timers), then waits for `until`. */
async function withClockRunning(page: Page, until: () => Promise<void>): Promise<void> {
  await page.clock.resume();
  await until();
}

/** The state the model's step `index` leaves (the one before it acts on). */
const before = (path: ModelPath, index: number) =>
  path.path.steps[index - 1]!.state as unknown as {
    value: unknown;
    context: { timeoutMinutes: number; remaining: number };
    matches(value: unknown): boolean;
  };

const sessionChange = (event: EventObject) => event as unknown as { isActive: boolean; timeoutMinutes: number };

/**
 * The user clicks Login on the signed-out shell: the identity server still knowing them, it sends
 * them straight back signed in; after a sign-out that ended its session, its login page is filled.
 */
async function signInFromShell(page: Page): Promise<void> {
  await loginButton(page).click();
  const loginForm = page.getByLabel(/user ?name/i);
  await userMenu(page).or(loginForm).first().waitFor({ timeout: 20_000 });
  if (await loginForm.isVisible()) await submitLoginPage(page, 'admin', '1q2w3E*');
  await userMenu(page).waitFor();
}

async function signOutFinished(page: Page): Promise<void> {
  await withClockRunning(page, () => loginButton(page).waitFor({ timeout: 20_000 }));
  expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
}

describeUiPaths<IdleSessionExpectedView>('idle sign-out', {
  model: idleSessionModel,
  scenarios: ['app start'],
  sample: 'covering',
  // The product's countdown (spec 9), whatever the model's input says.
  reference: () => idleSessionReference({ countdownSeconds: productCountdown }),
  automaticActors: [],
  unproducible(event, path, index) {
    if (event.type !== 'session.changed') return undefined;
    const { isActive, timeoutMinutes } = sessionChange(event);
    const state = before(path, index);
    if (state.matches('inactive') && !isActive)
      return 'only changes of the session reach the machine (connectIdleSession); signed out stays signed out';
    if (state.matches('watching') && isActive && timeoutMinutes === state.context.timeoutMinutes)
      return 'only changes of the session reach the machine (connectIdleSession); the same timeout again is no change';
    if (state.matches('warning') && isActive)
      return 'a configuration re-read while the warning is open: the alertdialog is modal, nothing behind it can be reached';
    if (state.matches('warning'))
      return "nothing ends this tab's session while the modal warning is open but its own 'Sign out now' (the tab hears no other tab's sign-out)";
    if (state.matches('loggingOut') && isActive) return 'the configuration is not re-read while the session ends';
    return undefined;
  },
  asPlayed(event, path, index) {
    const ends = (path.path.steps[index]!.state as { value: unknown }).value === 'loggingOut';
    if (!event.type.startsWith('xstate.after.countdownTick') || !ends) return [event];
    const modelCountdown = (path.input as { countdownSeconds: number }).countdownSeconds;
    const left = productCountdown - (modelCountdown - before(path, index).context.remaining);
    return Array.from({ length: left }, () => event);
  },
  page: async () => {
    const browser = await launchBrowser();
    await browser.context.addCookies(identityCookies);
    return { page: await browser.context.newPage(), done: () => browser.close() };
  },
  async open(page) {
    await acceptCookies(page.context(), server.url);
    // Emulated visibility (see the header): a hidden tab's visibilityState and its visibilitychange.
    await page.addInitScript(() => {
      let hidden = false;
      Object.defineProperty(Document.prototype, 'visibilityState', { configurable: true, get: () => (hidden ? 'hidden' : 'visible') });
      Object.defineProperty(Document.prototype, 'hidden', { configurable: true, get: () => hidden });
      (window as unknown as { setPageHidden(value: boolean): void }).setPageHidden = (value) => {
        hidden = value;
        document.dispatchEvent(new Event('visibilitychange'));
      };
    });
    await page.clock.install();
    await page.goto(`${server.url}/`);
    await loginButton(page).waitFor();
  },
  async act(page, event) {
    if (event.type === 'session.changed') {
      const { isActive, timeoutMinutes } = sessionChange(event);
      if (isActive && (await userMenu(page).count()) === 0) {
        // The user signs in with idle sign-out on and this timeout.
        await setTimeoutMinutes(timeoutMinutes);
        timeoutOf.set(page, timeoutMinutes);
        await signInFromShell(page);
        activityMark.set(page, await page.evaluate(() => localStorage.getItem('idleSession.lastActivity')));
        await pauseClock(page);
      } else if (isActive) {
        // An administrator sets a new timeout; the user saves a settings tab, which re-reads the configuration.
        await setTimeoutMinutes(timeoutMinutes);
        timeoutOf.set(page, timeoutMinutes);
        await withClockRunning(page, async () => {
          const menu = page.getByRole('navigation', { name: 'Main menu' });
          const settings = menu.getByRole('link', { name: 'Settings' });
          if (!(await settings.isVisible())) await menu.getByRole('button', { name: 'Administration' }).click();
          await settings.click();
          await page.getByRole('tab', { name: 'Audit Logging' }).waitFor();
          const reread = page.waitForResponse((response) => response.url().includes('/api/abp/application-configuration'));
          await page.getByRole('button', { name: 'Save' }).click();
          await reread;
          await page.getByRole('status').filter({ hasText: 'Saved successfully' }).first().waitFor();
        });
        activityMark.set(page, await page.evaluate(() => localStorage.getItem('idleSession.lastActivity')));
        await pauseClock(page);
      } else if ((await userMenu(page).count()) > 0) {
        // The user signs out from the user menu.
        await withClockRunning(page, async () => {
          await userMenu(page).click();
          await page.getByRole('region', { name: 'User menu' }).getByRole('button', { name: 'Logout' }).click();
        });
        await signOutFinished(page);
      } else await signOutFinished(page); // the idle sign-out has finished
      return;
    }
    if (event.type === 'activity') {
      const x = (mouseAt.get(page) ?? 200) + 7;
      mouseAt.set(page, x);
      await page.mouse.move(x, 240);
      return;
    }
    if (event.type === 'page.visibility') {
      const { isVisible } = event as unknown as { isVisible: boolean };
      await page.evaluate((hidden) => (window as unknown as { setPageHidden(value: boolean): void }).setPageHidden(hidden), !isVisible);
      return;
    }
    if (event.type === 'idle.stay') return warning(page).getByRole('button', { name: 'Stay signed in' }).click();
    if (event.type === 'idle.signOut') return warning(page).getByRole('button', { name: 'Sign out now' }).click();
    if (event.type.startsWith('xstate.after.activityDebounce')) return page.clock.runFor(500);
    if (event.type.startsWith('xstate.after.countdownTick')) return page.clock.runFor(1_000);
    if (event.type.startsWith('xstate.after.idleTimeout')) {
      // Nothing shows until shortly before the timeout (spec 4.6: minutes × 60 s); then the clock
      // runs on in small steps until the warning opens, so the countdown's ticks stay one second apart.
      await page.clock.runFor(timeoutOf.get(page)! * 60_000 - 5_000);
      expect(await warning(page).count(), 'the warning before the timeout').toBe(0);
      for (let step = 0; step < 60 && (await warning(page).count()) === 0; step++) await page.clock.runFor(100);
      return;
    }
    throw new Error(`no user action plays ${event.type}`);
  },
  async read(page) {
    try {
      const dialog = warning(page);
      if ((await dialog.count()) === 0) return { isWarningOpen: false };
      const text = (await dialog.textContent()) ?? '';
      const seconds = /signed out in (\d+) seconds?/.exec(text)?.[1];
      return {
        isWarningOpen: true,
        remaining: seconds === undefined ? null : Number(seconds),
        isPaused: text.includes('The countdown is paused while this page is hidden.'),
      };
    } catch {
      return 'the page is navigating';
    }
  },
  seen: (view) =>
    view.isWarningOpen ? { isWarningOpen: true, remaining: view.remaining, isPaused: view.isPaused } : { isWarningOpen: false },
  async checkEmitted(page, emitted) {
    // Settled activity is written where the app's other tabs hear it.
    if (emitted.some((event) => event.type === 'idle.activitySettled')) {
      const mark = await page.evaluate(() => localStorage.getItem('idleSession.lastActivity'));
      expect(mark, 'the activity other tabs hear').not.toBe(activityMark.get(page) ?? null);
      activityMark.set(page, mark);
    }
    // Logged out: the session ends (the tokens are gone, the signed-out shell shows).
    if (emitted.some((event) => event.type === 'idle.logout')) await signOutFinished(page);
  },
});
