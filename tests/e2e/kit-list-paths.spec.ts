// The resource kit's list through the real screen (issue 21; spec 3 filters, 8, 9 paging; design:
// the paged list): a covering set of the paged list's model paths (every transition the screen can
// bring about at least once) played on the claim types screen (a ResourceScreen spec) in Chromium,
// with what the user sees (the rows, loading, the empty and error states, the sorted column, the
// search box, 'Filters (n)', the pager's total, the address) and the list requests the browser
// sends checked against the spec-written reference
// (tests/machines/reference/paged-list.reference.ts), started as the screen starts the list (sorted
// by name). How each model event happens here:
// - typing a filter: the Search box is filled; applying: the Refresh button; sorting: the Name
//   header; paging: 'Next page'; retry: 'Try again'. The model's abstract filter (userName) and sort
//   (executionTime, descending) are the screen's free text and its Name column (`asPlayed`).
// - a page's answer: the model's answers are abstract (2 rows of a 12-row list, an estimated total),
//   so the browser holds each list request and answers it, when the path says, with the model's
//   answer in the API's shape (rows named by the model's ids), or with a server error. Everything
//   else (the session, the configuration, the screen) is the real server's.
import type { Page, Request, Route } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import type { EventObject } from 'xstate';
import { pagedListModel } from '../../machines/generic/paged-list.model.ts';
import type { ModelPath } from '../../machines/testing/model-paths.ts';
import { type Browser, launchBrowser } from '../kit/browser.ts';
import { acceptCookies, ensureBuilt, signIn } from '../kit/browser-session.ts';
import { startTestServer, type TestServer } from '../kit/test-server.ts';
import { type PagedListExpectedView, pagedListReference } from '../machines/reference/paged-list.reference.ts';
import { describeUiPaths } from './ui-paths.ts';

let server: TestServer;
/**
 * The file's one browser page, signed in once through the real login page; every path is played on
 * it, its list screen left and opened again by a client-side navigation (the app is not booted again).
 */
let shared: { browser: Browser; page: Page };

beforeAll(async () => {
  ensureBuilt();
  server = await startTestServer({ serveSpa: true });
  const browser = await launchBrowser();
  try {
    await acceptCookies(browser.context, server.url);
    const page = await browser.context.newPage();
    await signIn(page, server.url);
    held.set(page, []);
    await page.route(
      (url) => url.pathname === listPath,
      (route, request) => {
        const failing = retriesToFail.get(page) ?? 0;
        if (failing > 0) {
          retriesToFail.set(page, failing - 1);
          return serverError(route);
        }
        held.get(page)!.push({ route, request });
      },
    );
    shared = { browser, page };
  } catch (error) {
    await browser.close();
    throw error;
  }
});

afterAll(async () => {
  await shared?.browser.close();
  await server?.stop();
});

/** Goes to `address` as the app's links do (wouter follows history.pushState). */
const navigate = (page: Page, address: string) => page.evaluate((to) => window.history.pushState(null, '', to), address);
const heading = (page: Page) => page.getByRole('heading', { level: 1, name: 'Claim types' });

/** How the claim types screen starts its list (resource-screen.tsx: the spec's default sorting). */
const screenInput = { filters: {}, page: 1, sorting: { id: 'name', direction: 'asc' } };
const pageSize = 10;

/** The list requests the browser is holding, oldest first, per page. */
const held = new WeakMap<Page, Array<{ route: Route; request: Request }>>();
const listPath = '/api/identity/claim-types';

/** Per page: attempts of a failing request still to fail. */
const retriesToFail = new WeakMap<Page, number>();
const serverError = (route: Route) =>
  route.fulfill({ status: 500, json: { error: { code: null, message: 'An internal error occurred during your request!' } } });

const table = (page: Page) => page.getByRole('table', { name: 'Claim types' });

/** The model's state before step `index`. */
const before = (path: ModelPath, index: number) =>
  path.path.steps[index - 1]!.state as unknown as {
    context: { page: number; totalCount: number; totalCountIsEstimate: boolean; items: unknown[] };
  };

async function answerLatest(page: Page, answer: (route: Route) => Promise<void>): Promise<void> {
  await expect.poll(() => held.get(page)!.length, { message: 'a list request to answer' }).toBeGreaterThan(0);
  const requests = held.get(page)!.splice(0);
  // Only the latest counts: the list aborted the others; they are let go.
  for (const earlier of requests.slice(0, -1)) await earlier.route.abort().catch(() => {});
  await answer(requests.at(-1)!.route);
}

const dto = (item: { id: string }) => ({
  id: item.id,
  name: item.id,
  required: false,
  isStatic: false,
  regex: null,
  regexDescription: null,
  description: null,
  valueType: 0,
  valueTypeAsString: 'String',
  concurrencyStamp: 'stamp',
});

const columnOfHeader: Record<string, string> = { Name: 'name', 'Value type': 'valueType' };

describeUiPaths<PagedListExpectedView>('kit list (claim types)', {
  model: pagedListModel,
  scenarios: ['loads at once'],
  notInTheProduct: {
    'restored, waits': 'a ResourceScreen list always loads at once (resource-screen.tsx); waiting for a refresh is the audit logs screen',
    'odd address':
      "the kit reads the address defensively (list-url.ts readKitListState): an unusable page or page size never reaches the list's input",
  },
  sample: 'covering',
  reference: () => pagedListReference(screenInput),
  automaticActors: [],
  notPlayable: {
    'filter.changeAndReload': 'the claim types screen has no select filter (its only filter is the free text)',
    refresh: "on this screen a refresh follows a record saved in the form dialog (the Refresh button applies the filters: 'filter.submit')",
  },
  unproducible(event, path, index) {
    if (event.type !== 'page.change') return undefined;
    const { page, totalCount, totalCountIsEstimate, items } = before(path, index).context;
    const hasNext = totalCountIsEstimate ? items.length === pageSize : page < Math.ceil(totalCount / pageSize);
    if (page !== 1 || !hasNext) return "the pager offers 'Next page' to page 2 only from page 1 of a list longer than a page";
    return undefined;
  },
  asPlayed(event) {
    if (event.type === 'filter.change') return [{ type: 'filter.change', filters: { filter: 'adm' } }];
    if (event.type === 'sort.change') return [{ type: 'sort.change', sorting: { id: 'name', direction: 'desc' } }];
    return [event];
  },
  page: async () => ({ page: shared.page, done: async () => {} }),
  async open(page) {
    // What the last path left: the screen is left (its list stops), its held requests let go.
    await navigate(page, '/');
    await heading(page).waitFor({ state: 'detached' });
    for (const { route } of held.get(page)!.splice(0)) await route.abort().catch(() => {});
    retriesToFail.delete(page);
    await navigate(page, '/identity/claim-types');
    await heading(page).waitFor();
  },
  async act(page, event: EventObject) {
    switch (event.type) {
      case 'xstate.done.actor.fetchPage': {
        const output = (event as unknown as { output: { items: Array<{ id: string }>; totalCount: number; extraProperties?: object } })
          .output;
        return answerLatest(page, (route) =>
          route.fulfill({ json: { items: output.items.map(dto), totalCount: output.totalCount, extraProperties: output.extraProperties } }),
        );
      }
      case 'xstate.error.actor.fetchPage':
        // The client tries a GET once more after a 5xx (ofetch's default): that attempt fails too.
        retriesToFail.set(page, 1);
        return answerLatest(page, serverError);
      case 'filter.change':
        return page.getByRole('searchbox', { name: 'Search' }).fill('adm');
      case 'filter.submit':
        return page.getByRole('button', { name: 'Refresh' }).click();
      case 'sort.change':
        return table(page).getByRole('button', { name: 'Name' }).click();
      case 'page.change':
        return page.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name: 'Next page' }).click();
      case 'retry':
        return page.getByRole('button', { name: 'Try again' }).click();
      default:
        throw new Error(`no user action plays ${event.type}`);
    }
  },
  async read(page) {
    const list = table(page);
    const sorted = await list.locator('th[aria-sort]:not([aria-sort="none"])').all();
    const sorting = await Promise.all(
      sorted.map(async (header) => ({
        id: columnOfHeader[(await header.textContent())?.trim() ?? ''] ?? (await header.textContent()),
        direction: (await header.getAttribute('aria-sort')) === 'ascending' ? 'asc' : 'desc',
      })),
    );
    const range = (await page.getByRole('navigation', { name: 'Pages' }).textContent()) ?? '';
    const total = /of (about )?([\d,.]+)/.exec(range);
    const error = (await page.getByText('The list could not be loaded.').count()) > 0;
    return {
      status: error ? 'error' : (await list.getAttribute('aria-busy')) === 'true' ? 'loading' : 'ready',
      rows: (await list.locator('tbody th[scope="row"]').allTextContents()).map((name) => name.trim()),
      isEmpty: (await page.getByText('No records found').count()) > 0,
      sorting: sorting.length === 1 ? sorting[0] : sorting,
      search: await page.getByRole('searchbox', { name: 'Search' }).inputValue(),
      filtersInForce: (await page.getByRole('form', { name: 'Filters' }).locator('summary').textContent())?.trim(),
      total: total ? { count: Number(total[2]!.replace(/[,.]/g, '')), isEstimate: total[1] !== undefined } : range,
    };
  },
  seen: (view) => ({
    status: view.status,
    // The table shows no rows over its error state (table.tsx), the page's rows otherwise.
    rows: view.status === 'error' ? [] : (view.items as Array<{ id: string }>).map((item) => item.id),
    isEmpty: view.isEmpty,
    sorting: view.sorting,
    search: typeof view.filters.filter === 'string' ? view.filters.filter : '',
    filtersInForce: `Filters (${Object.keys(view.appliedFilters).length})`,
    total: { count: view.totalCount, isEstimate: view.totalCountIsEstimate },
  }),
  async checkCalls(page, calls) {
    // Each request the reference says is made, as the browser sent it (the latest is still held).
    const fetches = calls.filter((call) => call.name === 'fetchPage');
    if (fetches.length === 0) return;
    const expected = fetches.at(-1)!.input as {
      filters: Record<string, string>;
      sorting: { id: string; direction: string } | null;
      skipCount: number;
      maxResultCount: number;
    };
    const query = (request: Request) => Object.fromEntries(new URL(request.url()).searchParams);
    await expect
      .poll(
        () =>
          held
            .get(page)!
            .map(({ request }) => query(request))
            .at(-1),
        { message: 'the list request sent' },
      )
      .toEqual({
        skipCount: String(expected.skipCount),
        maxResultCount: String(expected.maxResultCount),
        ...(expected.sorting ? { sorting: `${expected.sorting.id} ${expected.sorting.direction}` } : {}),
        ...expected.filters,
      });
  },
  async checkEmitted(page, emitted) {
    // The applied filters, sorting and page are in the address (a reload or a shared link restores them).
    const sync = emitted.filter((event) => event.type === 'url.sync').at(-1) as
      | { filters: Record<string, string>; sorting: { id: string; direction: string } | null; page: number }
      | undefined;
    if (!sync) return;
    const expected = {
      ...sync.filters,
      ...(sync.sorting ? { sorting: `${sync.sorting.id} ${sync.sorting.direction}` } : {}),
      ...(sync.page > 1 ? { page: String(sync.page) } : {}),
    };
    // The first request's announcement comes before the screen listens (the list starts with the
    // screen), so the address the screen was opened with stands for its starting view.
    const isStart = JSON.stringify(expected) === JSON.stringify({ sorting: 'name asc' });
    await expect
      .poll(() => Object.fromEntries(new URL(page.url()).searchParams), { message: 'the address' })
      .toEqual(isStart && new URL(page.url()).search === '' ? {} : expected);
  },
});
