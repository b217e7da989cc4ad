// `npm run screenshots [-- --out DIR] [--only NAME]`: every landed screen as a reviewer would look at
// it, at 1366x800 and 390x844, in Light, Dark and Arabic (right to left), into one folder
// (screenshots/ by default, git-ignored), named <screen>-<variant>-<width>.png. It starts the real
// server on a fresh seeded embedded database with the built SPA (building it if dist/ is missing),
// signs the host admin in through the real login page and opens each address; nothing is mocked.
// Add a screen here when its route lands.
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { acceptCookies, ensureBuilt, signIn } from '../tests/kit/browser-session.ts';
import { launchBrowser } from '../tests/kit/browser.ts';
import { startTestServer } from '../tests/kit/test-server.ts';

interface Screen {
  name: string;
  path: string;
  signedIn: boolean;
}

const screens: Screen[] = [
  { name: 'home-signed-out', path: '/', signedIn: false },
  { name: 'login', path: '/account/login', signedIn: false },
  { name: 'home', path: '/', signedIn: true },
  { name: 'dashboard', path: '/dashboard', signedIn: true },
  { name: 'my-account', path: '/account/manage', signedIn: true },
  { name: 'my-sessions', path: '/account/sessions', signedIn: true },
  { name: 'my-security-logs', path: '/account/security-logs', signedIn: true },
  { name: 'users', path: '/identity/users', signedIn: true },
  { name: 'roles', path: '/identity/roles', signedIn: true },
  { name: 'organization-units', path: '/identity/organization-units', signedIn: true },
  { name: 'claim-types', path: '/identity/claim-types', signedIn: true },
  { name: 'security-logs', path: '/identity/security-logs', signedIn: true },
  { name: 'sessions', path: '/identity/sessions', signedIn: true },
  { name: 'audit-logs', path: '/audit-logs', signedIn: true },
  { name: 'openid-applications', path: '/openiddict/Applications', signedIn: true },
  { name: 'openid-scopes', path: '/openiddict/Scopes', signedIn: true },
  { name: 'languages', path: '/language-management/languages', signedIn: true },
  { name: 'language-texts', path: '/language-management/texts', signedIn: true },
  { name: 'text-templates', path: '/text-template-management/text-templates', signedIn: true },
  { name: 'currencies', path: '/financial/currency', signedIn: true },
  { name: 'exchange-rates', path: '/financial/exchange-rate', signedIn: true },
  { name: 'account-rules', path: '/account-management/rule', signedIn: true },
  { name: 'services', path: '/kernel/services', signedIn: true },
  { name: 'service-permissions', path: '/kernel/service-permission', signedIn: true },
  { name: 'categories', path: '/inventory/categories', signedIn: true },
  { name: 'products', path: '/inventory/products', signedIn: true },
  { name: 'settings', path: '/setting-management', signedIn: true },
  { name: 'not-found', path: '/no/such/page', signedIn: true },
  { name: 'error-500', path: '/error?status=500', signedIn: true },
];

const variants = [
  { name: 'light', theme: 'light', language: null },
  { name: 'dark', theme: 'dark', language: null },
  { name: 'arabic', theme: 'light', language: 'ar' },
] as const;

const sizes = [
  [1366, 800],
  [390, 844],
] as const;

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

/** The page has drawn its content: a first-level heading (or the login form) and a quiet network. */
async function settled(page: Page): Promise<void> {
  await page
    .getByRole('heading', { level: 1 })
    .or(page.getByLabel(/^password$/i))
    .first()
    .waitFor();
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready);
}

async function main(): Promise<void> {
  const outDir = path.resolve(argument('out') ?? 'screenshots');
  const only = argument('only');
  fs.mkdirSync(outDir, { recursive: true });
  ensureBuilt();
  const server = await startTestServer({ serveSpa: true });
  const taken: string[] = [];
  try {
    for (const variant of variants) {
      for (const signedIn of [false, true]) {
        const browser = await launchBrowser();
        try {
          await acceptCookies(browser.context, server.url);
          const page = await browser.context.newPage();
          // Signed in first, in English (the helper reads English names), then every page in the variant.
          if (signedIn) await signIn(page, server.url);
          await browser.context.addInitScript(
            ({ theme, language }) => {
              localStorage.setItem('LPX_THEME', theme);
              if (language) localStorage.setItem('Abp.SelectedLanguage', language);
            },
            { theme: variant.theme, language: variant.language },
          );
          for (const screen of screens.filter((s) => s.signedIn === signedIn && (!only || s.name === only))) {
            for (const [width, height] of sizes) {
              await page.setViewportSize({ width, height });
              await page.goto(`${server.url}${screen.path}`);
              await settled(page);
              const file = path.join(outDir, `${screen.name}-${variant.name}-${width}.png`);
              await page.screenshot({ path: file, fullPage: true });
              taken.push(file);
            }
          }
        } finally {
          await browser.close();
        }
      }
    }
  } finally {
    await server.stop();
  }
  console.log(`${taken.length} screenshots in ${outDir}`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
