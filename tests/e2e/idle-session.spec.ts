// Idle sign-out (spec 4.6, 9) in Chromium against the real server: with Abp.Account.Idle.Enabled on
// and a 1-minute timeout set in the settings store, the page's clock (Playwright's clock API) is
// fast-forwarded: activity restarts the timer, the warning opens after the timeout as an alertdialog
// with focus on 'Stay signed in' and a 60-second countdown, 'Stay signed in' closes it, and letting
// the countdown run out signs the user out (the session is revoked at the server). The product's
// 60 s countdown is used as it is; only time is simulated.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setSettingValues } from '../../server/modules/setting-management/store.ts';
import type { Page } from 'playwright-core';
import { type Browser, launchBrowser, seriousAxeViolations } from '../kit/browser.ts';
import { startTestServer, type TestServer } from '../kit/test-server.ts';
import { acceptCookies, ensureBuilt, signIn, watchForPageProblems } from './shell-helpers.ts';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  ensureBuilt();
  server = await startTestServer({ serveSpa: true });
  await setSettingValues(
    server.ctx,
    { 'Abp.Account.Idle.Enabled': 'true', 'Abp.Account.Idle.IdleTimeoutMinutes': '1' },
    { providerName: 'G', providerKey: '' },
  );
  browser = await launchBrowser();
  await acceptCookies(browser.context, server.url);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/**
 * react-aria's usePress injects one <style> (touch-action for [data-react-aria-pressable]) into the
 * head when a pressable first mounts; the strict CSP refuses it (harmless: touch-action only). That
 * is the design system's to fix (see the report), so only that exact style (its CSP hash) is let
 * through here; any other CSP refusal still fails the spec.
 */
function isReactAriaPressableStyle(problem: string): boolean {
  return problem.includes("'sha256-38RhXrc7EdReTKsOm23ZPOCUgniTUUcjky8QOOrQx6o='");
}

/** Stops the page's clock where it is: from here on time moves only when the test says so. */
async function pauseClock(page: Page): Promise<void> {
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 1_000);
}

/** Lets the sign-out finish: the identity server ends its session without asking, and the SPA shows itself signed out. */
async function finishSignOut(page: Page): Promise<void> {
  await page.clock.resume();
  await page.getByRole('main').getByRole('button', { name: 'Login' }).waitFor({ timeout: 20_000 });
}

describe('idle sign-out', () => {
  it('warns after the idle timeout, stays signed in on request, and signs out when the countdown ends', async () => {
    const page = await browser.context.newPage();
    const problems = watchForPageProblems(page);
    await page.clock.install();
    await signIn(page, server.url);
    await pauseClock(page);
    const warning = page.getByRole('alertdialog', { name: 'Your session is about to expire' });

    // Activity at t0 and again at t0 + 30 s: the second settles at t0 + 30.5 s and restarts the
    // minute, so nothing shows at t0 + 75 s (past the first minute), and the warning at t0 + 90.5 s.
    await page.mouse.move(200, 200);
    await page.clock.runFor(30_000);
    await page.mouse.move(220, 240);
    await page.clock.runFor(45_000);
    expect(await warning.count()).toBe(0);
    await page.clock.runFor(15_500);
    await warning.waitFor();
    // A few frames (the paused clock also holds requestAnimationFrame): focus moves into the dialog.
    await page.clock.runFor(100);
    const stay = warning.getByRole('button', { name: 'Stay signed in' });
    await expect.poll(() => stay.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(await warning.textContent()).toMatch(/signed out in 60 seconds/);

    // The countdown runs: 10 seconds later it says 50.
    await page.clock.runFor(10_000);
    await expect.poll(() => warning.textContent()).toMatch(/signed out in 50 seconds/);
    // axe waits on timers of its own: it runs with the clock going, which is stopped again after.
    await page.clock.resume();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await pauseClock(page);
    await stay.click();
    await expect.poll(() => warning.count()).toBe(0);
    expect(await page.getByRole('button', { name: 'User menu' }).isVisible()).toBe(true);

    // Idle again for the minute: the warning comes back with a full countdown, and at 0 the user
    // is signed out.
    await page.clock.runFor(60_000);
    await warning.waitFor();
    await page.clock.runFor(100);
    expect(await warning.textContent()).toMatch(/signed out in 60 seconds/);
    const token = await page.evaluate(() => localStorage.getItem('access_token'));
    expect(token).toBeTruthy();
    await page.clock.runFor(61_000);
    await finishSignOut(page);
    expect(await page.getByRole('button', { name: 'User menu' }).count()).toBe(0);
    // The old access token no longer works at the API (revoked with the session, not at expiry).
    const response = await fetch(`${server.url}/api/account/my-profile`, {
      headers: { Authorization: `Bearer ${token}`, 'X-Requested-With': 'XMLHttpRequest' },
    });
    expect(response.status).toBe(401);
    expect(problems.filter((problem) => !isReactAriaPressableStyle(problem))).toEqual([]);
    await page.close();
  });

  it("'Sign out now' signs out at once", async () => {
    const page = await browser.context.newPage();
    await page.clock.install();
    await signIn(page, server.url);
    await pauseClock(page);
    await page.clock.runFor(61_000);
    const warning = page.getByRole('alertdialog', { name: 'Your session is about to expire' });
    await warning.waitFor();
    await warning.getByRole('button', { name: 'Sign out now' }).click();
    await finishSignOut(page);
    await page.close();
  });
});
