// The test model of the paged list: a page with rows, an empty page, a page past the end, pages whose
// total is an estimate (rows past it, none) and a failure; typing a filter,
// applying it, a select that applies at once, sorting, paging, refresh and retry. Inputs: a list that
// loads at once (the usual screen), one restored from a URL that waits for `refresh`, and one from an
// address with an unusable page, page size and filters.
import { describeEvent, done, failed } from '../shell/model-events.ts';
import type { MachineModel } from '../testing/model-paths.ts';
import { type PagedListEvent, pagedListMachine } from './paged-list.machine.ts';

export const rows = [{ id: 'a' }, { id: 'b' }];

const events: PagedListEvent[] = [
  { type: 'filter.change', filters: { userName: 'adm' } },
  { type: 'filter.submit' },
  { type: 'filter.changeAndReload', filters: { httpMethod: 'GET' } },
  { type: 'sort.change', sorting: { id: 'executionTime', direction: 'desc' } },
  { type: 'page.change', page: 2 },
  { type: 'refresh' },
  { type: 'retry' },
];

export const pagedListModel: MachineModel<typeof pagedListMachine> = {
  machine: pagedListMachine,
  scenarios: [
    { name: 'loads at once', input: {} },
    {
      name: 'restored, waits',
      input: { autoLoad: false, pageSize: 25, page: 3, filters: { userName: 'admin', url: ' ' }, sorting: { id: 'url', direction: 'asc' } },
    },
    {
      // An address edited by hand: no usable page or page size, blank and null filters, a false one kept.
      name: 'odd address',
      input: { pageSize: -5, page: 2.5, filters: { userName: null, url: '', hasException: false, minDuration: 0 } },
    },
  ],
  events: [
    done('fetchPage', { items: rows, totalCount: 12 }),
    done('fetchPage', { items: [], totalCount: 0 }),
    // Past the end of a list of 12 (the restored page 3 of 25): the last page loads instead.
    done('fetchPage', { items: [], totalCount: 12 }),
    // An estimated total (ADR 0006) past which the page still has rows, and an empty page of one.
    done('fetchPage', { items: rows, totalCount: 12, extraProperties: { totalCountIsEstimate: true } }),
    done('fetchPage', { items: [], totalCount: 12, extraProperties: { totalCountIsEstimate: true } }),
    failed('fetchPage'),
    ...events,
  ],
  describeEvent,
  // Bounds the traversal: each event's effect is a separate dimension of the context (edited
  // filters, sorting, page); past one of them, every further combination repeats transitions
  // already covered (the states themselves come from the actor's answers).
  stopWhen: ({ context }) =>
    [
      context.filters.userName === 'adm',
      context.filters.httpMethod === 'GET',
      context.sorting?.id === 'executionTime',
      context.page === 2,
    ].some(Boolean),
};
