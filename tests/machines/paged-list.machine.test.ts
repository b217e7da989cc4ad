// The generic paged list: examples that pin spec 8 / 9 list behaviour (page size 10, filters applied
// on submit, selects at once, only the latest answer counts), then every generated model path (the
// ones docs/machines/pagedList.md lists), checked step by step against the reference written from the
// spec (reference/paged-list.reference.ts): the rows, the fetch actor's input and the URL sync come
// from the reference, never from the machine's own fetchPageInput.
import { describe, expect, it } from 'vitest';
import { createActor, type EventObject, fromPromise } from 'xstate';
import {
  activeFilters,
  lastPage,
  type FetchPageInput,
  type PagedListInput,
  type PageResult,
  pagedListMachine,
  selectPagedList,
} from '../../machines/generic/paged-list.machine.ts';
import { pagedListModel } from '../../machines/generic/paged-list.model.ts';
import { settled } from './model-driver.ts';
import { describeReferencePaths } from './reference-driver.ts';
import { pagedListReference, pagedListRules } from './reference/paged-list.reference.ts';

interface Request {
  input: FetchPageInput;
  signal: AbortSignal;
  resolve(result: PageResult): void;
  reject(error: unknown): void;
}

function start(input: PagedListInput = {}) {
  const requests: Request[] = [];
  const fetchPage = fromPromise<PageResult, FetchPageInput>(
    ({ input, signal }) => new Promise((resolve, reject) => requests.push({ input, signal, resolve, reject })),
  );
  const actor = createActor(pagedListMachine.provide({ actors: { fetchPage } }), { input });
  const emitted: EventObject[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { actor, requests, emitted, view: () => selectPagedList(actor.getSnapshot()) };
}

const page = (count: number, totalCount = count): PageResult => ({
  items: Array.from({ length: count }, (_, i) => ({ id: `row${i}` })),
  totalCount,
});

describe('paged list', () => {
  it('loads the first page of 10 at once and reports the URL state', async () => {
    const run = start({ sorting: { id: 'executionTime', direction: 'desc' } });
    expect(run.view()).toMatchObject({ status: 'loading', page: 1, pageIndex: 0, pageSize: 10 });
    expect(run.requests.map((r) => r.input)).toEqual([
      { filters: {}, sorting: { id: 'executionTime', direction: 'desc' }, page: 1, pageSize: 10, skipCount: 0, maxResultCount: 10 },
    ]);
    expect(run.emitted).toEqual([{ type: 'url.sync', filters: {}, sorting: { id: 'executionTime', direction: 'desc' }, page: 1 }]);
    run.requests[0]!.resolve(page(10, 42));
    await settled();
    expect(run.actor.getSnapshot().value).toBe('loaded');
    expect(run.view()).toMatchObject({ status: 'ready', totalCount: 42, isEmpty: false });
    expect(run.view().items).toHaveLength(10);
  });

  it('typing edits the filters without a request; submit applies them (trimmed, empties left out) from page 1', async () => {
    const run = start({ page: 3 });
    expect(run.requests[0]!.input.skipCount).toBe(20);
    run.requests[0]!.resolve(page(2, 22));
    await settled();
    run.actor.send({ type: 'filter.change', filters: { userName: ' admin ', url: '', minExecutionDuration: null } });
    run.actor.send({ type: 'filter.change', filters: { hasException: false } });
    expect(run.requests).toHaveLength(1);
    expect(run.view().filters).toEqual({ userName: ' admin ', url: '', minExecutionDuration: null, hasException: false });
    run.actor.send({ type: 'filter.submit' });
    expect(run.requests[1]!.input).toMatchObject({ filters: { userName: 'admin', hasException: false }, page: 1, skipCount: 0 });
    expect(run.emitted.at(-1)).toEqual({ type: 'url.sync', filters: { userName: 'admin', hasException: false }, sorting: null, page: 1 });
  });

  it('a select changes and reloads at once; sorting goes back to page 1, paging keeps filters and sorting', async () => {
    const run = start();
    run.actor.send({ type: 'page.change', page: 4 });
    expect(run.requests.at(-1)!.input).toMatchObject({ page: 4, skipCount: 30 });
    run.actor.send({ type: 'filter.changeAndReload', filters: { httpMethod: 'POST' } });
    expect(run.requests.at(-1)!.input).toMatchObject({ filters: { httpMethod: 'POST' }, page: 1 });
    run.actor.send({ type: 'page.change', page: 2 });
    run.actor.send({ type: 'sort.change', sorting: { id: 'url', direction: 'asc' } });
    expect(run.requests.at(-1)!.input).toMatchObject({
      filters: { httpMethod: 'POST' },
      sorting: { id: 'url', direction: 'asc' },
      page: 1,
    });
    run.actor.send({ type: 'page.change', page: 3 });
    expect(run.requests.at(-1)!.input).toMatchObject({
      filters: { httpMethod: 'POST' },
      sorting: { id: 'url', direction: 'asc' },
      page: 3,
    });
    run.actor.send({ type: 'page.change', page: 0 });
    expect(run.requests.at(-1)!.input.page).toBe(1);
  });

  it('only the latest answer counts: a newer request aborts the older one and its late answer is ignored', async () => {
    const run = start();
    run.actor.send({ type: 'filter.changeAndReload', filters: { httpStatusCode: 404 } });
    const [first, second] = run.requests;
    expect(first!.signal.aborted).toBe(true);
    expect(second!.signal.aborted).toBe(false);
    first!.resolve(page(10, 99));
    await settled();
    expect(run.actor.getSnapshot().value).toBe('loading');
    second!.resolve(page(1));
    await settled();
    expect(run.view()).toMatchObject({ status: 'ready', totalCount: 1, appliedFilters: { httpStatusCode: 404 } });
  });

  it('an empty page is `empty`; a failure keeps the rows and retry repeats the same request', async () => {
    const run = start();
    run.requests[0]!.resolve(page(0));
    await settled();
    expect(run.actor.getSnapshot().value).toBe('empty');
    expect(run.view().isEmpty).toBe(true);
    run.actor.send({ type: 'refresh' });
    run.requests[1]!.resolve(page(3));
    await settled();
    run.actor.send({ type: 'page.change', page: 2 });
    run.requests[2]!.reject(new Error('offline'));
    await settled();
    expect(run.view()).toMatchObject({ status: 'error', page: 2 });
    expect(run.view().items).toHaveLength(3);
    expect((run.view().error as Error).message).toBe('offline');
    run.actor.send({ type: 'retry' });
    expect(run.requests[3]!.input).toEqual(run.requests[2]!.input);
    run.requests[3]!.resolve(page(1, 11));
    await settled();
    expect(run.view()).toMatchObject({ status: 'ready', error: null, totalCount: 11 });
  });

  it('a page past the end (a stale shared address) loads the last page instead', async () => {
    const run = start({ page: 5 });
    run.requests[0]!.resolve(page(0, 22));
    await settled();
    expect(run.requests[1]!.input).toMatchObject({ page: 3, skipCount: 20 });
    expect(run.emitted.at(-1)).toEqual({ type: 'url.sync', filters: {}, sorting: null, page: 3 });
    run.requests[1]!.resolve(page(2, 22));
    await settled();
    expect(run.view()).toMatchObject({ status: 'ready', page: 3, totalCount: 22 });
    // An empty list is simply empty, whatever the page.
    const none = start({ page: 4 });
    none.requests[0]!.resolve(page(0, 0));
    await settled();
    expect(none.actor.getSnapshot().value).toBe('empty');
    expect(none.requests).toHaveLength(1);
  });

  it('an estimated total (ADR 0006) is flagged and ends nothing: rows past it are shown, an empty page is empty', async () => {
    const estimated = (count: number, totalCount: number): PageResult => ({
      ...page(count, totalCount),
      extraProperties: { totalCountIsEstimate: true },
    });
    // The estimate says 12,000 rows; page 1,500 (rows 14,991-15,000) still has rows: shown as they are.
    const run = start({ page: 1500 });
    run.requests[0]!.resolve(estimated(10, 15_000));
    await settled();
    expect(run.view()).toMatchObject({ status: 'ready', page: 1500, totalCount: 15_000, totalCountIsEstimate: true });
    run.actor.send({ type: 'page.change', page: 2000 });
    run.requests[1]!.resolve(estimated(10, 12_000));
    await settled();
    expect(run.view()).toMatchObject({ page: 2000, totalCountIsEstimate: true });
    expect(run.requests).toHaveLength(2);
    // Past the real end: the empty state, no last page guessed from the estimate, no further request.
    run.actor.send({ type: 'page.change', page: 2600 });
    run.requests[2]!.resolve(estimated(0, 26_000));
    await settled();
    expect(run.actor.getSnapshot().value).toBe('empty');
    expect(run.view()).toMatchObject({ page: 2600, totalCountIsEstimate: true, items: [] });
    expect(run.requests).toHaveLength(3);
    // An exact answer clears the flag.
    run.actor.send({ type: 'page.change', page: 1 });
    run.requests[3]!.resolve(page(3, 3));
    await settled();
    expect(run.view()).toMatchObject({ page: 1, totalCount: 3, totalCountIsEstimate: false });
  });

  it('a restored list that does not load at once waits for refresh', () => {
    const run = start({ autoLoad: false, pageSize: 0, filters: { url: '/api' } });
    expect(run.actor.getSnapshot().value).toBe('idle');
    expect(run.requests).toHaveLength(0);
    run.actor.send({ type: 'refresh' });
    expect(run.requests[0]!.input).toMatchObject({ filters: { url: '/api' }, pageSize: 10 });
  });

  it('lastPage is 1 for an empty list', () => {
    expect([lastPage(0, 10), lastPage(10, 10), lastPage(11, 10), lastPage(12, 25)]).toEqual([1, 1, 2, 1]);
  });

  it('activeFilters keeps false and 0 but drops blanks', () => {
    expect(activeFilters({ a: '', b: '  ', c: null, d: undefined, e: 0, f: false, g: ' x ' })).toEqual({ e: 0, f: false, g: 'x' });
  });
});

describeReferencePaths('paged list', {
  model: pagedListModel,
  id: 'pagedList',
  actorNames: ['fetchPage'],
  select: (snapshot) => selectPagedList(snapshot as never),
  reference: pagedListReference,
  rules: pagedListRules,
});
