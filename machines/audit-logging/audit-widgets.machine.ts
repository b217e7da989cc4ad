// The dashboard's audit-log widgets (spec 2.6, 6, 9): average execution duration per day and error
// rate over a date range. Rules:
// - Without the AuditLogging.AuditLogs policy or with the AuditLogging.Enable feature 'false' the
//   widgets stay hidden and nothing is requested, ever (input `isAllowed`).
// - The range starts as the screen gives it (the last 7 days); `range.change` reloads with the new
//   range; a change while loading restarts the load, so a stale answer never lands.
// - A range that is incomplete or starts after it ends is not sent: the widgets say so and wait.
// - A failed load offers `widgets.retry`. `loadStatistics` answers both series at once.
import { and, assign, fromPromise, type SnapshotFrom, setup } from 'xstate';
import type { AuditStatistics } from '../../src/api/audit-statistics.ts';
import { type DateRange, isValidRange } from '../../src/api/date-range.ts';

export interface AuditWidgetsInput {
  isAllowed: boolean;
  range: DateRange;
}

export interface AuditWidgetsContext {
  isAllowed: boolean;
  range: DateRange;
  statistics: AuditStatistics | null;
}

export type AuditWidgetsEvent = { type: 'range.change'; range: DateRange } | { type: 'widgets.retry' };

function notProvided(name: string) {
  return () => Promise.reject(new Error(`actor ${name} is not provided`));
}

const rangeChange = [
  { guard: 'isValidRange', target: '#auditWidgets.loading', reenter: true, actions: 'setRange' },
  { target: '#auditWidgets.invalidRange', actions: 'setRange' },
] as const;

export const auditWidgetsMachine = setup({
  types: {
    context: {} as AuditWidgetsContext,
    events: {} as AuditWidgetsEvent,
    input: {} as AuditWidgetsInput,
  },
  actors: {
    loadStatistics: fromPromise<AuditStatistics, { range: DateRange }>(notProvided('loadStatistics')),
  },
  guards: {
    isAllowed: ({ context }) => context.isAllowed,
    isValidRange: ({ event }) => event.type === 'range.change' && isValidRange(event.range),
    hasValidRange: ({ context }) => isValidRange(context.range),
  },
  actions: {
    setRange: assign({ range: ({ context, event }) => (event.type === 'range.change' ? event.range : context.range) }),
  },
}).createMachine({
  id: 'auditWidgets',
  context: ({ input }) => ({ isAllowed: input.isAllowed, range: input.range, statistics: null }),
  initial: 'checking',
  states: {
    checking: {
      always: [
        { guard: and(['isAllowed', 'hasValidRange']), target: 'loading' },
        { guard: 'isAllowed', target: 'invalidRange' },
        { target: 'hidden' },
      ],
    },
    hidden: {},
    loading: {
      invoke: {
        id: 'loadStatistics',
        src: 'loadStatistics',
        input: ({ context }) => ({ range: context.range }),
        onDone: { target: 'ready', actions: assign({ statistics: ({ event }) => event.output }) },
        onError: 'failed',
      },
      on: { 'range.change': [...rangeChange] },
    },
    ready: { on: { 'range.change': [...rangeChange] } },
    failed: { on: { 'range.change': [...rangeChange], 'widgets.retry': 'loading' } },
    invalidRange: { on: { 'range.change': [...rangeChange] } },
  },
});

export type AuditWidgetsMachine = typeof auditWidgetsMachine;

export interface AuditWidgetsView {
  status: 'hidden' | 'loading' | 'ready' | 'failed' | 'invalidRange';
  range: DateRange;
  statistics: AuditStatistics | null;
}

export function selectAuditWidgets(snapshot: SnapshotFrom<AuditWidgetsMachine>): AuditWidgetsView {
  const value = snapshot.value as string;
  const status = (value === 'checking' ? 'loading' : value) as AuditWidgetsView['status'];
  return { status, range: snapshot.context.range, statistics: snapshot.context.statistics };
}
