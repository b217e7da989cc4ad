// The dashboard page's machine (issue 20.8): one period for the page, handed to its widgets. Examples
// with the real audit widgets machine as the child (its loader faked): a valid period reloads the
// widgets, an inverted or incomplete one is kept and said but reaches no widget, a user without the
// audit widgets requests nothing; then every generated model path (docs/machines/dashboard.md), each
// step checked against reference/dashboard.reference.ts.
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { auditWidgetsMachine, selectAuditWidgets } from '../../machines/audit-logging/audit-widgets.machine.ts';
import { statistics } from '../../machines/audit-logging/audit-widgets.model.ts';
import { dashboardMachine, selectDashboard } from '../../machines/dashboard/dashboard.machine.ts';
import { dashboardModel, week } from '../../machines/dashboard/dashboard.model.ts';
import type { DateRange } from '../../src/api/audit-statistics.ts';
import { fakeActors, settled } from './model-driver.ts';
import { describeReferencePaths } from './reference-driver.ts';
import { dashboardReference, dashboardRules, type WidgetMessage } from './reference/dashboard.reference.ts';

function start(auditAllowed: boolean, period = week) {
  const fakes = fakeActors(['loadStatistics']);
  const logic = dashboardMachine.provide({ actors: { auditWidgets: auditWidgetsMachine.provide({ actors: fakes.actors }) } });
  const actor = createActor(logic, { input: { auditAllowed, period } }).start();
  const view = () => selectDashboard(actor.getSnapshot());
  const widgets = () => selectAuditWidgets(view().auditWidgets!.getSnapshot());
  return { actor, fakes, view, widgets };
}

describe('dashboard', () => {
  it('starts the audit widgets with the page period', async () => {
    const run = start(true);
    expect(run.view()).toMatchObject({ period: week, isPeriodValid: true, hasWidgets: true });
    expect(run.fakes.calls).toEqual([{ name: 'loadStatistics', input: { range: week } }]);
    run.fakes.settle('loadStatistics', { output: statistics });
    await settled();
    expect(run.widgets()).toEqual({ status: 'ready', range: week, statistics });
  });

  it('hands a new valid period to the widgets, which reload with it', () => {
    const run = start(true);
    const october = { startDate: '2026-10-01', endDate: '2026-10-31' };
    run.actor.send({ type: 'period.change', period: october });
    expect(run.view()).toMatchObject({ period: october, isPeriodValid: true });
    expect(run.widgets()).toMatchObject({ status: 'loading', range: october });
    expect(run.fakes.calls.at(-1)).toEqual({ name: 'loadStatistics', input: { range: october } });
  });

  it('keeps an inverted or incomplete period on the page, says so, and sends it to no widget', async () => {
    const run = start(true);
    run.fakes.settle('loadStatistics', { output: statistics });
    await settled();
    const inverted = { startDate: '2026-11-22', endDate: '2026-11-01' };
    run.actor.send({ type: 'period.change', period: inverted });
    expect(run.view()).toMatchObject({ period: inverted, isPeriodValid: false });
    run.actor.send({ type: 'period.change', period: { startDate: '2026-11-01', endDate: '' } });
    expect(run.view().isPeriodValid).toBe(false);
    // The widgets keep the last valid period and what it showed.
    expect(run.widgets()).toEqual({ status: 'ready', range: week, statistics });
    expect(run.fakes.calls).toHaveLength(1);
    run.actor.send({ type: 'period.change', period: week });
    expect(run.view().isPeriodValid).toBe(true);
    expect(run.fakes.calls).toHaveLength(2);
  });

  it('requests nothing for a user without the audit widgets, whatever the period', () => {
    const run = start(false);
    run.actor.send({ type: 'period.change', period: { startDate: '2026-10-01', endDate: '2026-10-31' } });
    expect(run.view().hasWidgets).toBe(false);
    expect(run.widgets().status).toBe('hidden');
    expect(run.fakes.calls).toEqual([]);
  });
});

// The paths run with a recording stand-in for the widgets, so what the page tells them is observed.
const widgetsTold: WidgetMessage[] = [];
const recordingWidgets = fromCallback<{ type: 'range.change'; range: DateRange }, { isAllowed: boolean; range: DateRange }>(
  ({ input, receive }) => {
    widgetsTold.length = 0;
    widgetsTold.push({ started: input });
    receive((event) => widgetsTold.push({ rangeChange: event.range }));
  },
);

describeReferencePaths('dashboard', {
  model: { ...dashboardModel, machine: dashboardMachine.provide({ actors: { auditWidgets: recordingWidgets as never } }) },
  actorNames: [],
  select: (snapshot) => {
    const { period, isPeriodValid, hasWidgets } = selectDashboard(snapshot as never);
    return { period, isPeriodValid, hasWidgets, widgetsTold: [...widgetsTold] };
  },
  reference: dashboardReference,
  rules: dashboardRules,
  id: 'dashboard',
});
