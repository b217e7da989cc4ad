// Helpers of the identity screens' specs (roles, users): keyboard moves by role and accessible name,
// the kit's tables and row menus, an admin API client, and screenshots for review.
import fs from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { authHeaders } from '../kit/auth.ts';

/** Tabs until `target` has the focus (keyboard only). */
export async function tabTo(page: Page, target: Locator, limit = 80): Promise<void> {
  await target.waitFor();
  for (let step = 0; step < limit; step++) {
    if (await target.evaluate((element) => element === document.activeElement, undefined, { timeout: 2000 }).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  const seen: string[] = [];
  for (let step = 0; step < 10; step++) {
    seen.push(
      await page.evaluate(
        () =>
          `${document.activeElement?.tagName}:${document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent?.slice(0, 20)}`,
      ),
    );
    await page.keyboard.press('Tab');
  }
  throw new Error(`focus never reached the target; it went through ${seen.join(' | ')}`);
}

export const dataRows = (table: Locator) => table.getByRole('row').filter({ has: table.page().getByRole('rowheader') });

/** Opens a row's actions menu and picks `action`, keyboard only. */
export async function rowAction(page: Page, table: Locator, name: string, action: string): Promise<void> {
  const button = table.getByRole('button', { name: `Actions for ${name}` });
  await tabTo(page, button);
  await page.keyboard.press('Enter');
  const item = page.getByRole('menuitem', { name: action, exact: true });
  await item.waitFor();
  for (let step = 0; step < 12 && !(await item.evaluate((element) => element === document.activeElement)); step++) {
    await page.keyboard.press('ArrowDown');
  }
  await page.keyboard.press('Enter');
}

/** Types into the search box and applies it with Enter. */
export async function searchFor(page: Page, table: Locator, text: string): Promise<void> {
  await tabTo(page, page.getByRole('searchbox', { name: 'Search' }));
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
  await table.and(page.locator(':not([aria-busy])')).waitFor();
}

export function adminApi(serverUrl: string, token: () => string) {
  return async function api(method: string, path: string, body?: unknown): Promise<{ status: number; json: unknown }> {
    const response = await fetch(`${serverUrl}${path}`, {
      method,
      headers: { ...authHeaders(token()), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    const text = await response.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = text;
    }
    return { status: response.status, json };
  };
}

/** Screenshots at desktop and phone sizes into SCREENSHOT_DIR (when set), for a person to look at. */
export async function screenshots(page: Page, name: string): Promise<void> {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  const size = page.viewportSize();
  for (const [width, height] of [
    [1366, 800],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${dir}/${name}-${width}.png` });
  }
  if (size) await page.setViewportSize(size);
}
