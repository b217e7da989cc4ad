// Page helpers of the shell specs. Rules: elements by role and accessible name only; signing in goes
// through the real identity server's login page, as a user would.
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { distDir } from '../../server/app.ts';
import { seriousAxeViolations } from '../kit/browser.ts';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * `npm test` builds first; a bare `vitest run --project e2e` on a fresh clone builds here (into
 * SPA_DIST_DIR when set, so parallel work can test its own build).
 */
export function ensureBuilt(): void {
  if (!fs.existsSync(path.join(distDir, 'index.html')))
    execFileSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', distDir, '--emptyOutDir'], { cwd: root, stdio: 'inherit' });
}

/** Marks the cookie banner as accepted, for specs about something else (it covers the page's bottom). */
export async function acceptCookies(context: BrowserContext, serverUrl: string): Promise<void> {
  await context.addCookies([{ name: '.AspNet.Consent', value: 'true', url: serverUrl }]);
}

/** Fills the identity server's login page the browser is on, and waits to be back on the SPA. */
export async function submitLoginPage(page: Page, userName: string, password: string): Promise<void> {
  await page.waitForURL(/\/Account\/Login/);
  await page.getByLabel(/user ?name/i).fill(userName);
  await page.getByLabel(/^password$/i).fill(password);
  await page.getByRole('button', { name: /^(log ?in|sign ?in)$/i }).click();
}

/**
 * Signs in from the home page and waits for the signed-in shell (the user menu button). A browser
 * whose session is still there (an earlier test of the same file) is already signed in.
 */
export async function signIn(page: Page, serverUrl: string, userName = 'admin', password = '1q2w3E*'): Promise<void> {
  await page.goto(`${serverUrl}/`);
  const userMenu = page.getByRole('button', { name: 'User menu' });
  const signInButton = page.getByRole('main').getByRole('button', { name: 'Sign in' });
  await userMenu.or(signInButton).first().waitFor();
  if (await userMenu.isVisible()) return;
  await signInButton.click();
  await submitLoginPage(page, userName, password);
  await page.getByRole('button', { name: 'User menu' }).waitFor();
}

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

/** Problems the page reports itself: uncaught errors and CSP refusals. */
export function watchForPageProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Refused to/i.test(message.text())) problems.push(`CSP: ${message.text()}`);
  });
  return problems;
}
