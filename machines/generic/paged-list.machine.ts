// A server-paged, sortable, filterable list (spec 8, 9: page size 10), generic for every list screen.
// Rules:
// - The page comes from the named actor `fetchPage` (the screen provides it with `.provide()`); its
//   input is the filters in force, the sorting, the 1-based page and skipCount / maxResultCount; its
//   output `{ items, totalCount }`.
// - Only the latest request counts: a new request re-enters `loading`, which stops the running
//   actor (its AbortSignal fires and its late answer is never delivered).
// - Typing (`filter.change`) only edits the filters; `filter.submit` (Enter, Refresh) applies them
//   from page 1; `filter.changeAndReload` (selects) does both at once. Sorting goes back to page 1,
//   `page.change` keeps filters and sorting; `refresh` and `retry` repeat the request in force.
// - A filter whose value is '', null or undefined is left out of the request (and of the URL).
// - Each request emits `url.sync` with the applied filters, sorting and page, so a screen can keep
//   them in the URL (a shared or reloaded address restores the same view through the input).
// - `empty` is a loaded page without items; `failed` keeps the last items so the table does not jump.
// - A page past the end (an old shared address, rows deleted since) loads the last page instead.
// - A total may be an estimate (`extraProperties.totalCountIsEstimate`, the server's large lists:
//   ADR 0006): it is kept flagged so the pager says "about N", and it never decides where the list
//   ends, since it may fall short of the real count: a page with rows past it is shown as it is, and
//   an empty page is the empty state (the list ends where the rows stop).
import { assign, emit, fromPromise, type SnapshotFrom, setup } from 'xstate';

export type FilterValue = string | number | boolean | null | undefined;
export type ListFilters = Record<string, FilterValue>;
export type ListSorting = { id: string; direction: 'asc' | 'desc' } | null;

export interface FetchPageInput {
  filters: ListFilters;
  sorting: ListSorting;
  /** 1-based. */
  page: number;
  pageSize: number;
  skipCount: number;
  maxResultCount: number;
}

export interface PageResult<TItem = unknown> {
  items: TItem[];
  totalCount: number;
  /** As ABP's estimated lists answer it (contract/common.ts EstimatedPagedResultDto). */
  extraProperties?: { totalCountIsEstimate?: boolean } | null;
}

/** Whether an answer's total is an estimate rather than an exact count. */
export const isEstimate = (result: PageResult): boolean => result.extraProperties?.totalCountIsEstimate === true;

export interface PagedListInput {
  pageSize?: number;
  filters?: ListFilters;
  sorting?: ListSorting;
  page?: number;
  /** Load at start (default true); otherwise the list waits in `idle` for `refresh`. */
  autoLoad?: boolean;
}

export interface PagedListContext<TItem = unknown> {
  items: TItem[];
  totalCount: number;
  /** True when totalCount is the server's estimate (show "about N"; it does not end the list). */
  totalCountIsEstimate: boolean;
  /** 1-based page in force. */
  page: number;
  pageSize: number;
  sorting: ListSorting;
  /** The filters as edited (what the inputs show). */
  filters: ListFilters;
  /** The filters of the request in force (what the rows were loaded with). */
  appliedFilters: ListFilters;
  /** The last failure (the actor's error), null after a success. */
  error: unknown;
  autoLoad: boolean;
}

export type PagedListEvent =
  | { type: 'filter.change'; filters: ListFilters }
  | { type: 'filter.submit' }
  | { type: 'filter.changeAndReload'; filters: ListFilters }
  | { type: 'sort.change'; sorting: ListSorting }
  | { type: 'page.change'; page: number }
  | { type: 'refresh' }
  | { type: 'retry' };

export type PagedListEmitted = { type: 'url.sync'; filters: ListFilters; sorting: ListSorting; page: number };

export const defaultPageSize = 10;

/** The filters without empty values ('', null, undefined), strings trimmed. */
export function activeFilters(filters: ListFilters): ListFilters {
  const result: ListFilters = {};
  for (const [key, value] of Object.entries(filters)) {
    const clean = typeof value === 'string' ? value.trim() : value;
    if (clean === '' || clean === null || clean === undefined) continue;
    result[key] = clean;
  }
  return result;
}

export function fetchPageInput(context: PagedListContext): FetchPageInput {
  return {
    filters: context.appliedFilters,
    sorting: context.sorting,
    page: context.page,
    pageSize: context.pageSize,
    skipCount: (context.page - 1) * context.pageSize,
    maxResultCount: context.pageSize,
  };
}

const notProvided = (name: string) => () => Promise.reject(new Error(`actor ${name} is not provided`));

/** The last 1-based page of a list (1 for an empty list). */
export function lastPage(totalCount: number, pageSize: number): number {
  return Math.max(1, Math.ceil(totalCount / pageSize));
}

const wholePage = (page: unknown) => (typeof page === 'number' && Number.isInteger(page) && page >= 1 ? page : 1);

export const pagedListMachine = setup({
  types: {
    context: {} as PagedListContext,
    events: {} as PagedListEvent,
    input: {} as PagedListInput,
    emitted: {} as PagedListEmitted,
  },
  actors: {
    fetchPage: fromPromise<PageResult, FetchPageInput>(notProvided('fetchPage')),
  },
  guards: {
    autoLoad: ({ context }) => context.autoLoad,
    hasItems: (_, result: PageResult) => result.items.length > 0,
    isPastEnd: ({ context }, result: PageResult) =>
      !isEstimate(result) && result.totalCount > 0 && context.page > lastPage(result.totalCount, context.pageSize),
  },
  actions: {
    editFilters: assign({ filters: ({ context }, filters: ListFilters) => ({ ...context.filters, ...filters }) }),
    applyFilters: assign({ appliedFilters: ({ context }) => activeFilters(context.filters), page: 1 }),
    setSorting: assign({ sorting: (_, sorting: ListSorting) => sorting, page: 1 }),
    setPage: assign({ page: (_, page: number) => wholePage(page) }),
    syncUrl: emit(({ context }) => ({
      type: 'url.sync' as const,
      filters: context.appliedFilters,
      sorting: context.sorting,
      page: context.page,
    })),
    storePage: assign({
      items: (_, result: PageResult) => result.items,
      totalCount: (_, result: PageResult) => result.totalCount,
      totalCountIsEstimate: (_, result: PageResult) => isEstimate(result),
      error: null,
    }),
  },
}).createMachine({
  id: 'pagedList',
  context: ({ input }) => {
    const filters = { ...(input.filters ?? {}) };
    return {
      items: [],
      totalCount: 0,
      totalCountIsEstimate: false,
      page: wholePage(input.page),
      pageSize: input.pageSize && input.pageSize > 0 ? Math.floor(input.pageSize) : defaultPageSize,
      sorting: input.sorting ?? null,
      filters,
      appliedFilters: activeFilters(filters),
      error: null,
      autoLoad: input.autoLoad ?? true,
    };
  },
  // Anywhere: editing never reloads; every other request (re)enters `loading`, which cancels the
  // request in flight.
  on: {
    'filter.change': { actions: { type: 'editFilters', params: ({ event }) => event.filters } },
    'filter.submit': { target: '.loading', reenter: true, actions: 'applyFilters' },
    'filter.changeAndReload': {
      target: '.loading',
      reenter: true,
      actions: [{ type: 'editFilters', params: ({ event }) => event.filters }, 'applyFilters'],
    },
    'sort.change': { target: '.loading', reenter: true, actions: { type: 'setSorting', params: ({ event }) => event.sorting } },
    'page.change': { target: '.loading', reenter: true, actions: { type: 'setPage', params: ({ event }) => event.page } },
    refresh: { target: '.loading', reenter: true },
  },
  initial: 'idle',
  states: {
    idle: {
      always: { guard: 'autoLoad', target: 'loading' },
    },
    loading: {
      entry: 'syncUrl',
      invoke: {
        id: 'fetchPage',
        src: 'fetchPage',
        input: ({ context }) => fetchPageInput(context),
        onDone: [
          {
            guard: { type: 'isPastEnd', params: ({ event }) => event.output },
            target: 'loading',
            reenter: true,
            actions: assign({
              page: ({ context, event }) => lastPage(event.output.totalCount, context.pageSize),
              totalCount: ({ event }) => event.output.totalCount,
              totalCountIsEstimate: false,
            }),
          },
          {
            guard: { type: 'hasItems', params: ({ event }) => event.output },
            target: 'loaded',
            actions: { type: 'storePage', params: ({ event }) => event.output },
          },
          { target: 'empty', actions: { type: 'storePage', params: ({ event }) => event.output } },
        ],
        onError: { target: 'failed', actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    loaded: {},
    empty: {},
    failed: {
      on: { retry: { target: 'loading' } },
    },
  },
});

export type PagedListMachine = typeof pagedListMachine;

/** The view model of a list: rows, the table's status, the pager's zero-based index. */
export function selectPagedList<TItem = unknown>(snapshot: SnapshotFrom<PagedListMachine>) {
  const { items, totalCount, totalCountIsEstimate, page, pageSize, sorting, filters, appliedFilters, error } = snapshot.context;
  return {
    items: items as TItem[],
    totalCount,
    totalCountIsEstimate,
    page,
    pageIndex: page - 1,
    pageSize,
    sorting,
    filters,
    appliedFilters,
    error,
    status: snapshot.matches('failed') ? ('error' as const) : snapshot.matches('loading') ? ('loading' as const) : ('ready' as const),
    isLoading: snapshot.matches('loading'),
    isEmpty: snapshot.matches('empty'),
  };
}
