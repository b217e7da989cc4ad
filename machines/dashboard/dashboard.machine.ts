// The dashboard page (spec 2.1 '/dashboard', its widgets in 2.6, issue 20.8): one period for every
// widget on the page. Rules:
// - The period starts as the screen gives it (the last 7 days) and belongs to the page, not to a
//   widget: `period.change` keeps what the user chose, valid or not, so the fields show it.
// - A complete period that does not start after it ends goes to every widget at once (each reloads
//   with it); an incomplete or inverted one goes to none, and the page says so until it is fixed.
// - Widgets are child actors invoked here with the page's period. Today: the audit-log widgets
//   (auditWidgets), which stay hidden and request nothing without `auditAllowed`. A widget that joins
//   (the finance ones) is one more child taking `range.change`.
import { type ActorRefFrom, assign, type SnapshotFrom, sendTo, setup } from 'xstate';
import { type DateRange, isValidRange } from '../../src/api/date-range.ts';
import { type AuditWidgetsMachine, auditWidgetsMachine } from '../audit-logging/audit-widgets.machine.ts';

export interface DashboardInput {
  period: DateRange;
  /** AuditLogging.AuditLogs granted and the AuditLogging.Enable feature not 'false'. */
  auditAllowed: boolean;
}

export interface DashboardContext {
  period: DateRange;
  auditAllowed: boolean;
}

export type DashboardEvent = { type: 'period.change'; period: DateRange };

export const dashboardMachine = setup({
  types: {
    context: {} as DashboardContext,
    events: {} as DashboardEvent,
    input: {} as DashboardInput,
  },
  actors: { auditWidgets: auditWidgetsMachine },
  guards: {
    isValidPeriod: ({ event }) => isValidRange(event.period),
    hasValidPeriod: ({ context }) => isValidRange(context.period),
  },
  actions: {
    setPeriod: assign({ period: ({ event }) => event.period }),
    sendPeriodToWidgets: sendTo('auditWidgets', ({ event }) => ({ type: 'range.change' as const, range: event.period })),
  },
}).createMachine({
  id: 'dashboard',
  context: ({ input }) => ({ period: input.period, auditAllowed: input.auditAllowed }),
  invoke: {
    id: 'auditWidgets',
    src: 'auditWidgets',
    input: ({ context }) => ({ isAllowed: context.auditAllowed, range: context.period }),
  },
  initial: 'checking',
  on: {
    'period.change': [
      { guard: 'isValidPeriod', target: '.validPeriod', actions: ['setPeriod', 'sendPeriodToWidgets'] },
      { target: '.invalidPeriod', actions: 'setPeriod' },
    ],
  },
  states: {
    checking: { always: [{ guard: 'hasValidPeriod', target: 'validPeriod' }, { target: 'invalidPeriod' }] },
    validPeriod: {},
    invalidPeriod: {},
  },
});

export type DashboardMachine = typeof dashboardMachine;

export interface DashboardView {
  period: DateRange;
  isPeriodValid: boolean;
  /** Some widget may show: the period picker is worth showing. */
  hasWidgets: boolean;
  auditWidgets: ActorRefFrom<AuditWidgetsMachine> | undefined;
}

export function selectDashboard(snapshot: SnapshotFrom<DashboardMachine>): DashboardView {
  return {
    period: snapshot.context.period,
    isPeriodValid: !snapshot.matches('invalidPeriod'),
    hasWidgets: snapshot.context.auditAllowed,
    auditWidgets: snapshot.children.auditWidgets as ActorRefFrom<AuditWidgetsMachine> | undefined,
  };
}
