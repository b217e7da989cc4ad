// The dashboard widgets' machine with a fake loader: examples that pin spec 2.6 and 6 (no request
// without the permission, the last 7 days by default, a new range reloads, stale answers dropped),
// the statistics client's pure parts, then every generated model path (docs/machines/auditWidgets.md).
// Generated paths are checked step by step against the reference written from the spec
// (reference/audit-widgets.reference.ts).
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { auditWidgetsMachine, selectAuditWidgets } from '../../machines/audit-logging/audit-widgets.machine.ts';
import { auditWidgetsModel, statistics, week } from '../../machines/audit-logging/audit-widgets.model.ts';
import { isValidRange, lastSevenDays, rangeQuery, toPoints } from '../../src/api/audit-statistics.ts';
import { fakeActors, settled } from './model-driver.ts';
import { describeReferencePaths } from './reference-driver.ts';
import { auditWidgetsReference, auditWidgetsRules } from './reference/audit-widgets.reference.ts';

function start(isAllowed: boolean, range = week) {
  const fakes = fakeActors(['loadStatistics']);
  const actor = createActor(auditWidgetsMachine.provide({ actors: fakes.actors }), { input: { isAllowed, range } }).start();
  return { actor, fakes, view: () => selectAuditWidgets(actor.getSnapshot()) };
}

describe('audit widgets', () => {
  it('requests nothing without the permission, whatever happens', () => {
    const run = start(false);
    run.actor.send({ type: 'range.change', range: { startDate: '2026-11-01', endDate: '2026-11-07' } });
    run.actor.send({ type: 'widgets.retry' });
    expect(run.view().status).toBe('hidden');
    expect(run.fakes.calls).toEqual([]);
  });

  it('loads the given range, then reloads on a new one', async () => {
    const run = start(true);
    expect(run.fakes.calls).toEqual([{ name: 'loadStatistics', input: { range: week } }]);
    run.fakes.settle('loadStatistics', { output: statistics });
    await settled();
    expect(run.view()).toEqual({ status: 'ready', range: week, statistics });
    const next = { startDate: '2026-10-01', endDate: '2026-10-31' };
    run.actor.send({ type: 'range.change', range: next });
    expect(run.view()).toMatchObject({ status: 'loading', range: next, statistics });
    expect(run.fakes.calls.at(-1)).toEqual({ name: 'loadStatistics', input: { range: next } });
  });

  it('drops the answer of a range that was replaced while loading', async () => {
    const run = start(true);
    const next = { startDate: '2026-10-01', endDate: '2026-10-31' };
    run.actor.send({ type: 'range.change', range: next });
    // The first load was stopped; only the second is pending and answers.
    expect(run.fakes.calls.map((call) => call.input)).toEqual([{ range: week }, { range: next }]);
    run.fakes.settle('loadStatistics', { output: statistics });
    await settled();
    expect(run.view()).toMatchObject({ status: 'ready', range: next });
  });

  it('does not send an incomplete or inverted range, and offers retry after a failure', async () => {
    const run = start(true);
    run.fakes.settle('loadStatistics', { error: new Error('offline') });
    await settled();
    expect(run.view().status).toBe('failed');
    run.actor.send({ type: 'range.change', range: { startDate: '2026-11-22', endDate: '2026-11-01' } });
    expect(run.view().status).toBe('invalidRange');
    run.actor.send({ type: 'range.change', range: { startDate: '2026-11-01', endDate: '' } });
    expect(run.view().status).toBe('invalidRange');
    expect(run.fakes.calls).toHaveLength(1);
    run.actor.send({ type: 'range.change', range: week });
    expect(run.fakes.calls).toHaveLength(2);
  });
});

describe('statistics client', () => {
  it('defaults to the last 7 days, today included', () => {
    expect(lastSevenDays(new Date(2026, 10, 22, 18))).toEqual({ startDate: '2026-11-16', endDate: '2026-11-22' });
    expect(lastSevenDays(new Date(2026, 0, 3))).toEqual({ startDate: '2025-12-28', endDate: '2026-01-03' });
  });

  it('validates ranges and sends whole local days', () => {
    expect(isValidRange(week)).toBe(true);
    expect(isValidRange({ startDate: '2026-11-22', endDate: '2026-11-22' })).toBe(true);
    expect(isValidRange({ startDate: '2026-11-23', endDate: '2026-11-22' })).toBe(false);
    expect(isValidRange({ startDate: '2026-02-30', endDate: '2026-03-01' })).toBe(false);
    expect(isValidRange({ startDate: '', endDate: '2026-03-01' })).toBe(false);
    const query = rangeQuery(week);
    expect(new Date(query.startDate).getTime()).toBe(new Date(2026, 10, 16).getTime());
    expect(new Date(query.endDate).getTime()).toBe(new Date(2026, 10, 22, 23, 59, 59, 999).getTime());
  });

  it('reads {data: {label: value}} in the server order', () => {
    expect(toPoints({ data: { Fault: 2, Success: 40, bad: 'x' } })).toEqual([
      { label: 'Fault', value: 2 },
      { label: 'Success', value: 40 },
    ]);
    expect(toPoints({})).toEqual([]);
    expect(toPoints(null)).toEqual([]);
  });
});

describeReferencePaths('audit widgets', {
  model: auditWidgetsModel,
  id: 'auditWidgets',
  actorNames: ['loadStatistics'],
  select: (snapshot) => selectAuditWidgets(snapshot as never),
  reference: auditWidgetsReference,
  rules: auditWidgetsRules,
});
