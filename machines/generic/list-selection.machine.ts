// Row selection and bulk actions of a list (issue 9 resource kit), the paged list's companion: the
// pagedList machine stays as it is; the list view tells this one which filters the rows were loaded
// with, and refreshes the list when this one asks. Rules:
// - Rows are selected one by one (`selection.toggle`) or a page at once (`selection.togglePage`:
//   selects the page's rows, or unselects them when all are selected already); a selection spans pages.
//   While all matching rows are selected, single rows are not toggled (they show selected) and the
//   page toggle clears the selection.
// - "Select all N matching" (`selection.selectMatching`) turns the selection into the filter itself:
//   the bulk action then runs on the server over that filter, not over ids the browser collected.
// - A change of the applied filters (`list.filtersApplied` with other filters) clears the selection,
//   so no hidden row is ever acted on; paging and sorting keep it.
// - `bulk.start` {action} with a selection asks 'Are you sure?' (spec 8; `confirming`), `bulk.confirm`
//   runs `runBulkAction` {action, target: {ids} | {filters, expectedCount}} once (one bulk action at a time), and the
//   server's report {done, skipped, failed:[{id, userName?, reason}]} is shown (`reporting`);
//   `list.refresh` is emitted so the list reloads. Closing the report clears the selection.
// - An action with a form (`bulk.start` {action, withForm: true}, e.g. lock until a date) first asks
//   for its values (`asking`; the form validates them): `bulk.submit` {values} goes on to 'Are you
//   sure?' and the run gets `values` in its input; `bulk.cancel` goes back with nothing run.
// - A failed run emits `bulk.failed` {message} and keeps the selection, so the user can try again.
import { assign, emit, fromPromise, not, type SnapshotFrom, setup } from 'xstate';
import type { ListFilters } from './paged-list.machine.ts';

export interface BulkFailure {
  id: string;
  userName?: string | null;
  reason: string;
}

export interface BulkReport {
  done: number;
  skipped: number;
  failed: BulkFailure[];
}

/** Explicit rows, or every row of the filter with the count the user saw (the server refuses a set that changed size). */
export type BulkTarget = { ids: string[] } | { filters: ListFilters; expectedCount: number };

/** What a bulk action's form answered (e.g. {lockoutEnd}). */
export type BulkValues = Readonly<Record<string, unknown>>;

export interface RunBulkInput {
  action: string;
  target: BulkTarget;
  /** The values of the action's form, when it has one. */
  values?: BulkValues;
}

export type Selection = { mode: 'ids'; ids: string[] } | { mode: 'matching'; filters: ListFilters; totalCount: number };

export interface ListSelectionContext {
  selection: Selection;
  /** The filters the list's rows were loaded with (what "all matching" means). */
  filters: ListFilters;
  action: string | null;
  /** The values the action's form answered (null: no form). */
  values: BulkValues | null;
  report: BulkReport | null;
}

export type ListSelectionEvent =
  | { type: 'selection.toggle'; id: string }
  | { type: 'selection.togglePage'; ids: string[] }
  | { type: 'selection.selectMatching'; totalCount: number }
  | { type: 'selection.clear' }
  | { type: 'list.filtersApplied'; filters: ListFilters }
  | { type: 'bulk.start'; action: string; withForm?: boolean }
  | { type: 'bulk.submit'; values: BulkValues }
  | { type: 'bulk.confirm' }
  | { type: 'bulk.cancel' }
  | { type: 'report.close' };

export type ListSelectionEmitted = { type: 'list.refresh' } | { type: 'bulk.failed'; message: string | null };

const none: Selection = { mode: 'ids', ids: [] };

function notProvided(name: string) {
  return () => Promise.reject(new Error(`actor ${name} is not provided`));
}

function sameFilters(a: ListFilters, b: ListFilters): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((key) => a[key] === b[key]);
}

function failureMessage(error: unknown): string | null {
  const message = (error as { data?: { error?: { message?: unknown } } } | null)?.data?.error?.message;
  return typeof message === 'string' && message !== '' ? message : null;
}

/** How many rows the selection holds. */
export function selectedCount(selection: Selection): number {
  return selection.mode === 'matching' ? selection.totalCount : selection.ids.length;
}

export const listSelectionMachine = setup({
  types: {
    context: {} as ListSelectionContext,
    events: {} as ListSelectionEvent,
    emitted: {} as ListSelectionEmitted,
  },
  actors: {
    runBulkAction: fromPromise<BulkReport, RunBulkInput>(notProvided('runBulkAction')),
  },
  guards: {
    hasSelection: ({ context }) => selectedCount(context.selection) > 0,
    isMatching: ({ context }) => context.selection.mode === 'matching',
    isOtherFilter: ({ context }, filters: ListFilters) => !sameFilters(context.filters, filters),
    hasSelectionAndForm: ({ context, event }) =>
      selectedCount(context.selection) > 0 && event.type === 'bulk.start' && event.withForm === true,
  },
  actions: {
    toggle: assign({
      selection: ({ context }, id: string) => {
        const ids = context.selection.mode === 'ids' ? context.selection.ids : [];
        return { mode: 'ids' as const, ids: ids.includes(id) ? ids.filter((one) => one !== id) : [...ids, id] };
      },
    }),
    togglePage: assign({
      selection: ({ context }, page: string[]) => {
        const ids = context.selection.mode === 'ids' ? context.selection.ids : [];
        const allSelected = page.length > 0 && page.every((id) => ids.includes(id));
        return {
          mode: 'ids' as const,
          ids: allSelected ? ids.filter((id) => !page.includes(id)) : [...ids, ...page.filter((id) => !ids.includes(id))],
        };
      },
    }),
    selectMatching: assign({
      selection: ({ context }, totalCount: number) => ({ mode: 'matching' as const, filters: context.filters, totalCount }),
    }),
    clear: assign({ selection: none }),
    rememberFilters: assign({ filters: (_, filters: ListFilters) => filters }),
    forget: assign({ action: null, values: null }),
  },
}).createMachine({
  id: 'listSelection',
  context: { selection: none, filters: {}, action: null, values: null, report: null },
  initial: 'selecting',
  on: {
    'list.filtersApplied': [
      {
        guard: { type: 'isOtherFilter', params: ({ event }) => event.filters },
        actions: ['clear', { type: 'rememberFilters', params: ({ event }) => event.filters }],
      },
    ],
  },
  states: {
    selecting: {
      on: {
        'selection.toggle': { guard: not('isMatching'), actions: { type: 'toggle', params: ({ event }) => event.id } },
        'selection.togglePage': [
          { guard: 'isMatching', actions: 'clear' },
          { actions: { type: 'togglePage', params: ({ event }) => event.ids } },
        ],
        'selection.selectMatching': { actions: { type: 'selectMatching', params: ({ event }) => event.totalCount } },
        'selection.clear': { actions: 'clear' },
        'bulk.start': [
          {
            guard: 'hasSelectionAndForm',
            target: 'asking',
            actions: assign({ action: ({ event }) => event.action }),
          },
          { guard: 'hasSelection', target: 'confirming', actions: assign({ action: ({ event }) => event.action }) },
        ],
      },
    },
    asking: {
      on: {
        'bulk.submit': { target: 'confirming', actions: assign({ values: ({ event }) => event.values }) },
        'bulk.cancel': { target: 'selecting', actions: 'forget' },
      },
    },
    confirming: {
      on: {
        'bulk.confirm': 'running',
        'bulk.cancel': { target: 'selecting', actions: 'forget' },
      },
    },
    running: {
      invoke: {
        id: 'runBulkAction',
        src: 'runBulkAction',
        input: ({ context }) => ({
          action: context.action ?? '',
          target:
            context.selection.mode === 'matching'
              ? { filters: context.selection.filters, expectedCount: context.selection.totalCount }
              : { ids: [...context.selection.ids] },
          ...(context.values ? { values: context.values } : {}),
        }),
        onDone: {
          target: 'reporting',
          actions: [assign({ report: ({ event }) => event.output }), emit({ type: 'list.refresh' } as const)],
        },
        onError: {
          target: 'selecting',
          actions: ['forget', emit(({ event }) => ({ type: 'bulk.failed', message: failureMessage(event.error) }) as const)],
        },
      },
    },
    reporting: {
      on: { 'report.close': { target: 'selecting', actions: ['clear', 'forget', assign({ report: null })] } },
    },
  },
});

export type ListSelectionMachine = typeof listSelectionMachine;

export interface ListSelectionView {
  phase: 'selecting' | 'asking' | 'confirming' | 'running' | 'reporting';
  /** 'matching': every row of the filter, on every page. */
  mode: Selection['mode'];
  selectedIds: string[];
  count: number;
  /** The bulk action being asked for, confirmed, run or reported. */
  action: string | null;
  report: BulkReport | null;
  canRunBulk: boolean;
}

export function selectListSelection(snapshot: SnapshotFrom<ListSelectionMachine>): ListSelectionView {
  const { selection, action, report } = snapshot.context;
  const phase = snapshot.value as ListSelectionView['phase'];
  return {
    phase,
    mode: selection.mode,
    selectedIds: selection.mode === 'ids' ? selection.ids : [],
    count: selectedCount(selection),
    action,
    report,
    canRunBulk: phase === 'selecting' && selectedCount(selection) > 0,
  };
}
