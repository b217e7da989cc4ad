// Issue 19, the texts answer is cacheable, in Chromium against the real server and a real build: the
// SPA's application-localization request before the first render is answered 200 with an ETag and
// Cache-Control no-cache on the first load; on the next load the browser revalidates it by itself
// (If-None-Match) and the server answers 304 with no body; after an override of a text the SPA reads
// changes, the next load gets 200 with a new ETag, and the load after that 304 on the new one. What
// the server answered is read on the wire through CDP (a revalidated answer reaches the page as 200).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, passwordToken } from '../kit/auth.ts';
import { type Browser, launchBrowser } from '../kit/browser.ts';
import { startTestServer, type TestServer } from '../kit/test-server.ts';
import { acceptCookies, ensureBuilt } from './shell-helpers.ts';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  ensureBuilt();
  server = await startTestServer({ serveSpa: true });
  browser = await launchBrowser();
  await acceptCookies(browser.context, server.url);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const header = (headers: Record<string, string>, name: string) => Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];

/** Records, on the wire (CDP), what the server answered: a revalidated answer reaches the page as the cached 200. */
async function watch(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  cdp.on('Network.requestWillBeSent', (event) => {
    if (event.request.url.includes('/api/abp/application-localization')) wire.texts.add(event.requestId);
  });
  cdp.on('Network.requestWillBeSentExtraInfo', (event) => {
    wire.sent.set(event.requestId, header(event.headers as Record<string, string>, 'if-none-match'));
  });
  cdp.on('Network.responseReceivedExtraInfo', (event) => {
    const headers = event.headers as Record<string, string>;
    wire.received.set(event.requestId, {
      status: event.statusCode,
      etag: header(headers, 'etag'),
      cacheControl: header(headers, 'cache-control'),
    });
  });
}

const wire = {
  texts: new Set<string>(),
  sent: new Map<string, string | undefined>(),
  received: new Map<string, { status: number; etag: string | undefined; cacheControl: string | undefined }>(),
};

/** The application-localization exchanges since the last call, in order. */
function takeAnswered() {
  const result = [...wire.texts].map((id) => {
    const received = wire.received.get(id);
    expect(received?.cacheControl).toBe('no-cache');
    return { status: received?.status, ifNoneMatch: wire.sent.get(id), etag: received?.etag };
  });
  wire.texts.clear();
  return result;
}

/** Loads the SPA and waits until its requests are answered; answers the page's text. */
async function load(page: Page): Promise<string> {
  await page.goto(`${server.url}/`);
  await page.waitForLoadState('networkidle');
  return (await page.locator('body').textContent()) ?? '';
}

describe('the texts answer in the browser', () => {
  it('is revalidated by the browser on the next load (304) and fetched again after an override', async () => {
    const page = await browser.context.newPage();
    await page.addInitScript(() => localStorage.setItem('Abp.SelectedLanguage', 'fr'));
    await watch(page);
    expect((await load(page)).length).toBeGreaterThan(0);
    const [first, ...more] = takeAnswered();
    expect(more).toEqual([]);
    expect(first).toMatchObject({ status: 200, ifNoneMatch: undefined });
    expect(first?.etag).toMatch(/^"[\w-]+"$/);

    expect((await load(page)).length).toBeGreaterThan(0);
    expect(takeAnswered()).toEqual([{ status: 304, ifNoneMatch: first!.etag, etag: first!.etag }]);

    // An override of a text the SPA reads (the French Dashboard menu entry): the next load gets the
    // answer in full, with a new tag.
    const admin = authHeaders((await passwordToken(server, { userName: 'admin', password: '1q2w3E*' })).access_token);
    const edit = `${server.url}/api/language-management/language-texts/Finance.Shell/fr/menu.dashboard`;
    expect((await fetch(`${edit}?value=${encodeURIComponent('Mon tableau')}`, { method: 'PUT', headers: admin })).status).toBe(204);
    try {
      await load(page);
      const [changed, ...others] = takeAnswered();
      expect(others).toEqual([]);
      expect(changed).toMatchObject({ status: 200, ifNoneMatch: first!.etag });
      expect(changed?.etag).not.toBe(first!.etag);
      await load(page);
      expect(takeAnswered()).toEqual([{ status: 304, ifNoneMatch: changed!.etag, etag: changed!.etag }]);
    } finally {
      expect((await fetch(`${edit}/restore`, { method: 'PUT', headers: admin })).status).toBe(204);
    }
    await page.close();
  });
});
