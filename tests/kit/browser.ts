// Debian's Chromium driven by playwright-core, for the end-to-end specs. Rules: one Chromium process
// per test worker, launched on first use and shared by every spec and every launchBrowser() call in
// that worker; each call gets its own browser context (its own cookies, storage and cache, like a
// fresh profile), closed by close(), so no state leaks between specs. The flags keep Chromium quiet
// and offline apart from the server under test. axe-core is injected through the DevTools protocol,
// which the page's strict CSP does not govern, so the page is checked with its real CSP.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { type BrowserContext, type Browser as ChromiumBrowser, chromium, type Page } from 'playwright-core';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Headless, and quiet and offline apart from the server under test (the specs' and the benchmarks' Chromium). */
export const chromiumFlags: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Browser {
  context: BrowserContext;
  close(): Promise<void>;
}

let shared: Promise<ChromiumBrowser> | undefined;
/** The worker's Chromium; it ends with the worker (its pipe to this process closes). */
function sharedChromium(): Promise<ChromiumBrowser> {
  shared ??= chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [...chromiumFlags],
  });
  return shared;
}

export async function launchBrowser(options: { locale?: string } = {}): Promise<Browser> {
  const context = await (await sharedChromium()).newContext({ locale: options.locale ?? 'en-US' });
  return {
    context,
    async close() {
      await context.close();
    },
  };
}

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

interface AxeResult {
  violations: Array<{ id: string; impact?: string | null; help: string; nodes: Array<{ target: unknown[] }> }>;
}

/** Runs axe on the page as it is now; answers the serious and critical violations only. */
export async function seriousAxeViolations(page: Page): Promise<AxeViolation[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const injected = await cdp.send('Runtime.evaluate', { expression: axeSource });
    if (injected.exceptionDetails) throw new Error(`axe-core could not be injected: ${injected.exceptionDetails.text}`);
  } finally {
    await cdp.detach();
  }
  const result = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<AxeResult> } }).axe;
    return axe.run(document, { resultTypes: ['violations'] });
  });
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? '',
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
}
