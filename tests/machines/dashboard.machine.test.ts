// The dashboard page's machine (issue 20.8): one period for the page, handed to its widgets. Examples
// with the real audit widgets machine as the child (its loader faked): a valid period reloads the
// widgets, an inverted or incomplete one is kept and said but reaches no widget, a user without the
// audit widgets requests nothing; then every generated model path (docs/machines/dashboard.md).
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { auditWidgetsMachine, selectAuditWidgets } from '../../machines/audit-logging/audit-widgets.machine.ts';
import { statistics } from '../../machines/audit-logging/audit-widgets.model.ts';
import { dashboardMachine, selectDashboard } from '../../machines/dashboard/dashboard.machine.ts';
import { dashboardModel, week } from '../../machines/dashboard/dashboard.model.ts';
import { modelPaths, uncoveredEdges } from '../../machines/testing/model-paths.ts';
import { isValidRange } from '../../src/api/audit-statistics.ts';
import { drivePath, fakeActors, settled } from './model-driver.ts';

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

describe('dashboard model paths', () => {
  const paths = modelPaths(dashboardModel);

  it('cover every transition of the machine', () => {
    expect(uncoveredEdges(dashboardMachine, paths)).toEqual([]);
  });

  for (const modelPath of paths) {
    it(modelPath.title, async () => {
      await drivePath(dashboardMachine, ['auditWidgets'], modelPath, (expected, drive) => {
        // The widgets are started once, with the period the page opened with.
        expect(drive.fakes.calls).toEqual([
          { name: 'auditWidgets', input: { isAllowed: modelPath.input.auditAllowed, range: modelPath.input.period } },
        ]);
        // The page says whether its period is usable, and that is the period it holds.
        expect(selectDashboard(drive.actor.getSnapshot()).isPeriodValid).toBe(isValidRange(expected.context.period));
      });
    });
  }
});
