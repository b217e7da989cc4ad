// Page helpers of the shell specs. Rules: elements by role and accessible name only; signing in goes
// through the real identity server's login page, as a user would.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { seriousAxeViolations } from '../kit/browser.ts';

export { acceptCookies, ensureBuilt, signIn, submitLoginPage } from '../kit/browser-session.ts';

/** Opens every collapsed group of the main menu, then answers the menu's entries in document order. */
export async function allMenuEntries(page: Page): Promise<string[]> {
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  for (let round = 0; round < 40; round++) {
    const collapsed = menu.locator('button[aria-expanded="false"]');
    if ((await collapsed.count()) === 0) break;
    await collapsed.first().click();
  }
  return (await menu.locator('a, button').allInnerTexts()).map((text) => text.trim()).filter(Boolean);
}

/** Waits two animation frames: a style change (even a reduced-motion transition) lands on the next one. */
export async function nextFrames(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/** Two frames, then until no CSS transition runs (a colour still on its way from the old theme). */
export async function transitionsSettled(page: Page): Promise<void> {
  await nextFrames(page);
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => !(animation instanceof CSSTransition) || animation.playState !== 'running'),
  );
}

/**
 * axe in the light and (unless `dark: false`) the dark theme, then back to light; a failure names the
 * offending elements' markup. Right after a theme switch a button is mid colour transition (its old
 * background under its new text colour), which axe reads as a contrast failure: so the page runs with
 * reduced motion (the theme's transitions become instant) and axe waits two frames after each switch.
 */
export async function expectAxeCleanInLightAndDark(page: Page, { dark = true }: { dark?: boolean } = {}): Promise<void> {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  for (const colorScheme of dark ? (['light', 'dark'] as const) : (['light'] as const)) {
    await page.emulateMedia({ colorScheme });
    // The app follows the OS scheme through its theme machine (theme-light/theme-dark on <html>), a
    // moment after the media change; a page with a theme chosen in the settings panel keeps its own.
    await page
      .waitForFunction((scheme) => document.documentElement.classList.contains(`theme-${scheme}`), colorScheme, { timeout: 2000 })
      .catch(() => undefined);
    await transitionsSettled(page);
    const violations = await seriousAxeViolations(page);
    const described = await Promise.all(
      violations.map(async (violation) => ({
        ...violation,
        colorScheme,
        markup: await Promise.all(
          violation.targets.map((target) =>
            page
              .locator(target)
              .first()
              .evaluate((e) => e.outerHTML.slice(0, 200))
              .catch(() => '(gone)'),
          ),
        ),
      })),
    );
    expect(described).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await nextFrames(page);
}

/**
 * Counts the page's requests in flight, to wait until the network has been quiet for a moment:
 * Playwright's 'networkidle' with a window short enough to use on every route of a walk (networkidle
 * waits 500 ms of quiet each time, which is most of such a walk's time).
 */
export function requestTracker(page: Page): { quiet(quietMs?: number): Promise<void> } {
  let inFlight = 0;
  let lastChange = Date.now();
  page.on('request', () => {
    inFlight++;
    lastChange = Date.now();
  });
  const settled = () => {
    inFlight = Math.max(0, inFlight - 1);
    lastChange = Date.now();
  };
  page.on('requestfinished', settled);
  page.on('requestfailed', settled);
  return {
    async quiet(quietMs = 150) {
      const deadline = Date.now() + 15_000;
      while (inFlight > 0 || Date.now() - lastChange < quietMs) {
        if (Date.now() > deadline) throw new Error(`the network did not go quiet (${inFlight} requests in flight)`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
  };
}

/** Problems the page reports itself: uncaught errors and CSP refusals. */
export function watchForPageProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Refused to/i.test(message.text())) problems.push(`CSP: ${message.text()}`);
  });
  return problems;
}
