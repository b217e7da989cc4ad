// Browser steps shared by the end-to-end specs and the screenshot script (no test runner here):
// the SPA build they serve, the accepted cookie banner, and signing in through the real identity
// server's login page, as a user would (elements by role and accessible name only).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { distDir } from '../../server/app.ts';

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
  const signInButton = page.getByRole('main').getByRole('button', { name: 'Login' });
  await userMenu.or(signInButton).first().waitFor();
  if (await userMenu.isVisible()) return;
  await signInButton.click();
  await submitLoginPage(page, userName, password);
  await page.getByRole('button', { name: 'User menu' }).waitFor();
}
