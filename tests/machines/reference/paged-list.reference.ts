// Reference of a server-paged list, written from spec 9 (lists page with skipCount/maxResultCount,
// page size 10 by default; audit logs: maxResultCount 10, skipCount 0), spec 3 Filters (empty
// filters are left out of the query), the design's paged list ("debounce, resetting to page 1 when a
// filter changes, dropping stale responses, retry, empty and error states, sorting and page size")
// and issue 9 (filters and page in the URL). Typing edits the filters only; applying them, a select
// that applies at once, or sorting go back to page 1; every request is announced for the URL; a page
// past the end of the list loads the last page instead; a failure keeps the rows shown. An estimated
// total (ADR 0006: the answer's extraProperties.totalCountIsEstimate, issue 22) is shown as an
// estimate and never ends the list, since it may fall short of the real count. Plain code:
// it does not import the machine.
import type { ReferenceEvent, ReferenceRun, RuleBook } from '../reference-driver.ts';
import { Recorder } from '../reference-driver.ts';

type Filters = Record<string, unknown>;
type Sorting = { id: string; direction: 'asc' | 'desc' } | null;
type Phase = 'idle' | 'loading' | 'loaded' | 'empty' | 'failed';

export interface PagedListExpectedView {
  items: unknown[];
  totalCount: number;
  totalCountIsEstimate: boolean;
  page: number;
  pageIndex: number;
  pageSize: number;
  sorting: Sorting;
  filters: Filters;
  appliedFilters: Filters;
  error: unknown;
  status: 'loading' | 'error' | 'ready';
  isLoading: boolean;
  isEmpty: boolean;
}

interface Input {
  pageSize?: number;
  filters?: Filters;
  sorting?: Sorting;
  page?: number;
  autoLoad?: boolean;
}

export const pagedListRules: RuleBook = {
  source: 'spec 3 (filters), 9 (page size, skipCount/maxResultCount); design: the paged list; issue 9 (filters in the URL)',
  rules: {
    start: {
      state: 'idle',
      text: 'Starts from the given (restored) filters, sorting, page (a whole number from 1, else 1) and page size (else 10) and loads at once, unless told to wait.',
    },
    wait: { state: 'idle', text: 'A list told to wait shows nothing loading until a refresh.' },
    type: { state: 'any state', text: 'Typing in a filter edits it without a request; the rows stay those of the applied filters.' },
    submit: { state: 'any state', text: 'Applying the filters (Enter, Refresh) requests page 1 with the non-empty, trimmed filters.' },
    select: { state: 'any state', text: 'A select applies at once: edit and apply, page 1.' },
    sort: { state: 'any state', text: 'Sorting requests page 1 with the new sorting.' },
    page: { state: 'any state', text: 'Paging keeps filters and sorting and requests that page.' },
    refresh: { state: 'any state', text: 'Refresh repeats the request in force; a request replaces the one in flight.' },
    request: {
      state: 'loading',
      text: 'Every request asks for filters, sorting, page, pageSize, skipCount = (page - 1) × pageSize and maxResultCount = pageSize, and is announced for the URL (filters, sorting, page).',
    },
    rows: { state: 'loading', text: 'A page with rows shows them and the total; no error.' },
    empty: { state: 'loading', text: 'A page without rows is the empty state: no rows (the old ones go), the total, no error.' },
    pastEnd: { state: 'loading', text: 'A page past the end of a non-empty list loads the last page instead.' },
    estimate: {
      state: 'loading',
      text: 'A total the answer flags as an estimate is shown flagged and ends nothing: a page past it with rows shows them, an empty one is the empty state (no last page is guessed from it).',
    },
    failed: { state: 'loading', text: 'A failure shows the error state with the error, keeping the rows shown.' },
    retry: { state: 'failed', text: 'Retry repeats the failed request.' },
  },
  equivalentMutants: [
    {
      mutant:
        'reenter: true → false on the machine-wide requests (filter.submit, filter.changeAndReload, sort.change, page.change, refresh)',
      why: 'they target the child `.loading` from the root: XState 5 exits and enters a targeted child either way (only the root itself is not re-entered), so the request in flight is replaced the same.',
    },
  ],
};

function nonEmpty(filters: Filters): Filters {
  const result: Filters = {};
  for (const [key, raw] of Object.entries(filters)) {
    const value = typeof raw === 'string' ? raw.trim() : raw;
    if (value !== '' && value !== null && value !== undefined) result[key] = value;
  }
  return result;
}

const wholePage = (page: unknown) => (typeof page === 'number' && Number.isInteger(page) && page >= 1 ? page : 1);

export function pagedListReference(rawInput: unknown): ReferenceRun<PagedListExpectedView> {
  const input = (rawInput ?? {}) as Input;
  const recorder = new Recorder();
  const pageSize = input.pageSize && input.pageSize > 0 ? Math.floor(input.pageSize) : 10;
  let filters: Filters = { ...(input.filters ?? {}) };
  let applied = nonEmpty(filters);
  let sorting: Sorting = input.sorting ?? null;
  let page = wholePage(input.page);
  let items: unknown[] = [];
  let totalCount = 0;
  let totalCountIsEstimate = false;
  let error: unknown = null;
  let phase: Phase = 'idle';

  const load = () => {
    recorder.rule('request');
    phase = 'loading';
    recorder.emit({ type: 'url.sync', filters: applied, sorting, page });
    recorder.call('fetchPage', { filters: applied, sorting, page, pageSize, skipCount: (page - 1) * pageSize, maxResultCount: pageSize });
  };
  recorder.rule('start');
  if (input.autoLoad === false) recorder.rule('wait');
  else load();

  return {
    take: () => recorder.take(),
    applied: () => recorder.applied(),
    view: () => ({
      items,
      totalCount,
      totalCountIsEstimate,
      page,
      pageIndex: page - 1,
      pageSize,
      sorting,
      filters,
      appliedFilters: applied,
      error,
      status: phase === 'failed' ? 'error' : phase === 'loading' ? 'loading' : 'ready',
      isLoading: phase === 'loading',
      isEmpty: phase === 'empty',
    }),
    send(event: ReferenceEvent) {
      const e = event as ReferenceEvent & {
        actor?: string;
        output?: unknown;
        error?: unknown;
        filters?: Filters;
        sorting?: Sorting;
        page?: number;
      };
      if (e.type === 'filter.change') {
        recorder.rule('type');
        filters = { ...filters, ...e.filters };
      } else if (e.type === 'filter.submit' || e.type === 'filter.changeAndReload') {
        recorder.rule(e.type === 'filter.submit' ? 'submit' : 'select');
        if (e.type === 'filter.changeAndReload') filters = { ...filters, ...e.filters };
        applied = nonEmpty(filters);
        page = 1;
        load();
      } else if (e.type === 'sort.change') {
        recorder.rule('sort');
        sorting = e.sorting ?? null;
        page = 1;
        load();
      } else if (e.type === 'page.change') {
        recorder.rule('page');
        page = wholePage(e.page);
        load();
      } else if (e.type === 'refresh') {
        recorder.rule('refresh');
        load();
      } else if (phase === 'failed' && e.type === 'retry') {
        recorder.rule('retry');
        load();
      } else if (phase === 'loading' && e.type === 'done' && e.actor === 'fetchPage') {
        const result = e.output as { items: unknown[]; totalCount: number; extraProperties?: { totalCountIsEstimate?: boolean } };
        const estimated = result.extraProperties?.totalCountIsEstimate === true;
        const last = Math.max(1, Math.ceil(result.totalCount / pageSize));
        if (!estimated && result.totalCount > 0 && page > last) {
          recorder.rule('pastEnd');
          page = last;
          totalCount = result.totalCount;
          totalCountIsEstimate = false;
          load();
        } else {
          if (estimated) recorder.rule('estimate');
          recorder.rule(result.items.length > 0 ? 'rows' : 'empty');
          items = result.items;
          totalCount = result.totalCount;
          totalCountIsEstimate = estimated;
          error = null;
          phase = result.items.length > 0 ? 'loaded' : 'empty';
        }
      } else if (phase === 'loading' && e.type === 'error' && e.actor === 'fetchPage') {
        recorder.rule('failed');
        error = e.error;
        phase = 'failed';
      }
    },
  };
}
