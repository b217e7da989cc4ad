// Appearance, language, mobile navbar and cookie consent against the real server: theme and
// container width survive a reload (LPX_THEME, LPX_LAYOUT), Arabic turns the page right-to-left,
// the mobile navbar works at 375 px, and the consent banner leaves for good after Accept (spec 2.3,
// 4.2, 4.3); the top menu stays one row at 1366 px (More holds the rest); the panel's controls are
// the design system's (radio groups, the language select). One server for the file; each test its own browser profile.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, seriousAxeViolations } from '../kit/browser.ts';
import { startTestServer, type TestServer } from '../kit/test-server.ts';
import { acceptCookies, ensureBuilt, expectAxeCleanInLightAndDark, signIn, watchForPageProblems } from './shell-helpers.ts';

let server: TestServer;

beforeAll(async () => {
  ensureBuilt();
  server = await startTestServer({ serveSpa: true });
});

afterAll(async () => {
  await server?.stop();
});

async function withBrowser(run: (page: Page) => Promise<void>, options: { consent?: boolean; locale?: string } = {}) {
  const browser = await launchBrowser({ locale: options.locale });
  try {
    if (options.consent !== false) await acceptCookies(browser.context, server.url);
    const page = await browser.context.newPage();
    const problems = watchForPageProblems(page);
    await run(page);
    expect(problems).toEqual([]);
  } finally {
    await browser.close();
  }
}

const settingsPanel = (page: Page) => page.getByRole('region', { name: 'Settings' });

describe('appearance and language', () => {
  it('keeps the theme and the container width across a reload', () =>
    withBrowser(async (page) => {
      await page.goto(`${server.url}/`);
      await page.getByRole('button', { name: 'Settings' }).click();
      const panel = settingsPanel(page);
      // Defaults: System theme, Full Width (spec 4.3).
      expect(await panel.getByRole('radio', { name: 'System' }).isChecked()).toBe(true);
      expect(await panel.getByRole('radio', { name: 'Full Width' }).isChecked()).toBe(true);
      expect(await panel.getByRole('radio', { name: 'Semi-Dark' }).count()).toBe(1);
      await panel.getByRole('radio', { name: 'Dark', exact: true }).check({ force: true });
      await panel.getByRole('radio', { name: 'Boxed Layout' }).check({ force: true });
      expect(await seriousAxeViolations(page)).toEqual([]);
      const stored = () => page.evaluate(() => [localStorage.getItem('LPX_THEME'), localStorage.getItem('LPX_LAYOUT')]);
      expect(await stored()).toEqual(['dark', 'boxed']);

      await page.reload();
      await page.getByRole('button', { name: 'Settings' }).click();
      expect(await settingsPanel(page).getByRole('radio', { name: 'Dark', exact: true }).isChecked()).toBe(true);
      expect(await settingsPanel(page).getByRole('radio', { name: 'Boxed Layout' }).isChecked()).toBe(true);
      // The page really is dark: the background is darker than mid-grey.
      const background = await page.evaluate(
        () => getComputedStyle(document.body).backgroundColor || getComputedStyle(document.documentElement).backgroundColor,
      );
      const [red = 255] = (background.match(/\d+/g) ?? []).map(Number);
      expect(red).toBeLessThan(128);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await settingsPanel(page).getByRole('radio', { name: 'Fluid' }).check({ force: true });
      expect(await stored()).toEqual(['dark', 'fixed']);
      // Semi-Dark (dark chrome, light content) passes axe too.
      await settingsPanel(page).getByRole('radio', { name: 'Semi-Dark' }).check({ force: true });
      expect(await stored()).toEqual(['dim', 'fixed']);
      expect(await seriousAxeViolations(page)).toEqual([]);
      // Escape closes the panel (focus is on the radio just chosen).
      await page.keyboard.press('Escape');
      await settingsPanel(page).waitFor({ state: 'detached' });
    }));

  it('lays the menu out on top when chosen, keeps it across a reload, and opens the flyouts on hover', () =>
    withBrowser(async (page) => {
      await page.goto(`${server.url}/`);
      await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
      expect(await page.locator('.app-shell.layout-side').count()).toBe(1);
      await page.getByRole('button', { name: 'Settings' }).click();
      const panel = settingsPanel(page);
      expect(await panel.getByRole('radio', { name: 'Side menu' }).isChecked()).toBe(true);
      await panel.getByRole('radio', { name: 'Top menu' }).click({ force: true });
      expect(await page.evaluate(() => localStorage.getItem('LPX_MENU_LAYOUT'))).toBe('top-menu');
      // The layout change closes the flyout (its trigger is now hover).
      await settingsPanel(page).waitFor({ state: 'detached' });
      const isHorizontal = async () => {
        const mainMenu = page.getByRole('navigation', { name: 'Main menu' });
        await mainMenu.waitFor();
        expect(await mainMenu.count()).toBe(1);
        // The menu sits in the top bar: wider than tall, its entries side by side.
        const box = await mainMenu.boundingBox();
        expect(box && box.width > box.height).toBe(true);
        expect(await page.locator('header.topbar').getByRole('navigation', { name: 'Main menu' }).count()).toBe(1);
      };
      await isHorizontal();
      expect(await page.locator('.app-shell.layout-top').count()).toBe(1);
      expect(await seriousAxeViolations(page)).toEqual([]);

      await page.reload();
      await isHorizontal();
      expect(await page.locator('.app-shell.layout-top').count()).toBe(1);
      // Hovering the gear opens the settings panel, with Top menu chosen.
      await page.getByRole('button', { name: 'Settings' }).hover();
      await settingsPanel(page).waitFor();
      expect(await settingsPanel(page).getByRole('radio', { name: 'Top menu' }).isChecked()).toBe(true);
      expect(await seriousAxeViolations(page)).toEqual([]);
      // And back to the side menu.
      await settingsPanel(page).getByRole('radio', { name: 'Side menu' }).click({ force: true });
      await page.locator('.app-shell.layout-side').waitFor();
      expect(await page.evaluate(() => localStorage.getItem('LPX_MENU_LAYOUT'))).toBe('side-menu');
    }));

  it('keeps the top menu on one row at 1366 px: what does not fit goes under More', () =>
    withBrowser(async (page) => {
      await page.setViewportSize({ width: 1366, height: 800 });
      await signIn(page, server.url);
      await page.evaluate(() => localStorage.setItem('LPX_MENU_LAYOUT', 'top-menu'));
      await page.reload();
      const bar = page.locator('header.topbar');
      const menu = bar.getByRole('navigation', { name: 'Main menu' });
      const more = menu.getByRole('button', { name: 'More' });
      await more.waitFor();
      // One row: the bar is as tall as its avatar button and padding, not two rows of entries.
      expect((await bar.boundingBox())?.height).toBeLessThan(70);
      const tops = await menu
        .locator(':scope > ul:not([aria-hidden]) > li')
        .evaluateAll((items) => items.map((item) => item.getBoundingClientRect().top));
      expect(new Set(tops).size).toBe(1);
      // The entries that did not fit are under More, reachable by hover and by keyboard focus.
      await more.hover();
      const administration = menu.getByRole('button', { name: 'Administration' });
      await administration.waitFor();
      expect(await administration.isVisible()).toBe(true);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.evaluate(() => localStorage.setItem('LPX_MENU_LAYOUT', 'side-menu'));
    }));

  it('says when the connection is lost, and when it is back', () =>
    withBrowser(async (page) => {
      await page.goto(`${server.url}/`);
      await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
      await page.context().setOffline(true);
      await page.getByRole('status').filter({ hasText: 'You are offline' }).waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.context().setOffline(false);
      await page.getByRole('status').filter({ hasText: 'You are back online.' }).waitFor();
    }));

  it('turns the layout right-to-left in Arabic, and back', () =>
    withBrowser(async (page) => {
      await page.goto(`${server.url}/`);
      await page.getByRole('button', { name: 'Settings' }).click();
      // The design system's select: its button, then the language in the list.
      await settingsPanel(page)
        .getByRole('button', { name: /Language/ })
        .click();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await Promise.all([page.waitForEvent('load'), page.getByRole('option', { name: /العربية|Arabic/ }).click()]);
      await page.getByRole('navigation', { name: 'القائمة الرئيسية' }).waitFor();
      expect(await page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }))).toEqual({
        lang: 'ar',
        dir: 'rtl',
      });
      await page.getByRole('main').getByRole('heading', { level: 1 }).waitFor();
      await expectAxeCleanInLightAndDark(page);
      await page.getByRole('button', { name: 'الإعدادات' }).click();
      await page.getByRole('region', { name: 'الإعدادات' }).getByRole('button', { name: /اللغة/ }).click();
      await Promise.all([page.waitForEvent('load'), page.getByRole('option', { name: /English/ }).click()]);
      await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.dir)).toBe('ltr');
    }));
});

describe('mobile navbar at 375 px', () => {
  it('offers Menu, Settings and Login, toggles between them, and closes on navigation', () =>
    withBrowser(async (page) => {
      await page.setViewportSize({ width: 375, height: 740 });
      await page.goto(`${server.url}/`);
      const navbar = page.getByRole('navigation', { name: 'Mobile navigation' });
      const menuTab = navbar.getByRole('button', { name: 'Menu' });
      const settingsTab = navbar.getByRole('button', { name: 'Settings' });
      await menuTab.waitFor();
      await navbar.getByRole('button', { name: 'Login' }).waitFor();
      expect(await navbar.getByRole('button', { name: 'Profile' }).count()).toBe(0);
      // The desktop sidebar and toolbar are out of the way.
      expect(await page.getByRole('navigation', { name: 'Main menu' }).isVisible()).toBe(false);
      expect(await seriousAxeViolations(page)).toEqual([]);

      await menuTab.click();
      const mainMenu = page.getByRole('navigation', { name: 'Main menu' });
      await mainMenu.waitFor({ state: 'visible' });
      expect(await menuTab.getAttribute('aria-expanded')).toBe('true');
      expect(await seriousAxeViolations(page)).toEqual([]);

      await settingsTab.click();
      await settingsPanel(page).waitFor({ state: 'visible' });
      expect(await mainMenu.isVisible()).toBe(false);
      expect(await menuTab.getAttribute('aria-expanded')).toBe('false');
      await settingsTab.click();
      await settingsPanel(page).waitFor({ state: 'detached' });

      await menuTab.click();
      await Promise.all([
        page.waitForURL(/\/gdpr-cookie-consent\/privacy$/),
        page.evaluate(() => history.pushState(null, '', '/gdpr-cookie-consent/privacy')),
      ]);
      await page.getByRole('heading', { name: 'Privacy policy' }).waitFor();
      expect(await mainMenu.isVisible()).toBe(false);
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
    }));

  it('closes the drawer on Escape (focus back on Menu) and on a tap outside it, over a dimmed page', () =>
    withBrowser(async (page) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`${server.url}/`);
      const navbar = page.getByRole('navigation', { name: 'Mobile navigation' });
      const menuTab = navbar.getByRole('button', { name: 'Menu' });
      const mainMenu = page.getByRole('navigation', { name: 'Main menu' });
      await menuTab.click();
      await mainMenu.waitFor({ state: 'visible' });
      // The page behind the drawer is dimmed: what lies at the screen's far edge is the backdrop.
      const behind = await page.evaluate(() => {
        const element = document.elementFromPoint(380, 400);
        return element ? getComputedStyle(element).backgroundColor : null;
      });
      expect(behind).toBe('rgba(0, 0, 0, 0.4)');
      await page.keyboard.press('Escape');
      await mainMenu.waitFor({ state: 'hidden' });
      expect(await menuTab.getAttribute('aria-expanded')).toBe('false');
      expect(await menuTab.evaluate((button) => button === document.activeElement)).toBe(true);

      await menuTab.click();
      await mainMenu.waitFor({ state: 'visible' });
      await page.mouse.click(380, 400);
      await mainMenu.waitFor({ state: 'hidden' });
      expect(new URL(page.url()).pathname).toBe('/');
      expect(await seriousAxeViolations(page)).toEqual([]);
    }));

  it('offers a Profile tab with the user menu once signed in', () =>
    withBrowser(async (page) => {
      await signIn(page, server.url);
      await page.setViewportSize({ width: 375, height: 740 });
      const navbar = page.getByRole('navigation', { name: 'Mobile navigation' });
      await navbar.getByRole('button', { name: 'Profile' }).click();
      const userPanel = page.getByRole('region', { name: 'User menu' });
      await userPanel.getByRole('button', { name: 'Logout' }).waitFor();
      expect(await userPanel.getByText('admin@abp.io').count()).toBe(1);
      expect(await navbar.getByRole('button', { name: 'Login' }).count()).toBe(0);
      expect(await seriousAxeViolations(page)).toEqual([]);
    }));
});

describe('cookie consent', () => {
  it('shows the banner with its policy links until Accept, and not after a reload', () =>
    withBrowser(
      async (page) => {
        await page.goto(`${server.url}/`);
        const banner = page.getByRole('region', { name: 'Cookie consent' });
        await banner.waitFor();
        expect(await seriousAxeViolations(page)).toEqual([]);
        await banner.getByRole('link', { name: 'Cookie policy' }).click();
        await page.getByRole('heading', { level: 1, name: 'Cookie policy' }).waitFor();
        expect(new URL(page.url()).pathname).toBe('/gdpr-cookie-consent/cookie');
        expect(await page.getByText('.AspNet.Consent').count()).toBeGreaterThan(0);
        await banner.getByRole('link', { name: 'Privacy policy' }).click();
        await page.getByRole('heading', { level: 1, name: 'Privacy policy' }).waitFor();
        await expectAxeCleanInLightAndDark(page);

        await banner.getByRole('button', { name: 'Accept' }).click();
        await banner.waitFor({ state: 'detached' });
        const cookie = (await page.context().cookies(server.url)).find((entry) => entry.name === '.AspNet.Consent');
        expect(cookie).toMatchObject({ value: 'true', path: '/' });
        const months = ((cookie?.expires ?? 0) * 1000 - Date.now()) / (30 * 24 * 3600 * 1000);
        expect(months).toBeGreaterThan(5.8);
        expect(months).toBeLessThan(6.2);

        await page.reload();
        await page.getByRole('main').getByRole('heading', { level: 1 }).waitFor();
        expect(await page.getByRole('region', { name: 'Cookie consent' }).count()).toBe(0);
      },
      { consent: false },
    ));
});
