// Reference of the dashboard's audit-log widgets, written from spec 2.6 (average execution duration
// per day and error rate over a date range), spec 6 (the AuditLogging.AuditLogs policy; the
// AuditLogging.Enable feature) and spec 9 (the widgets' size). Without the policy or the feature the
// widgets stay hidden and nothing is requested; a range that is incomplete or starts after it ends is
// not sent (the widgets say so); a new range reloads, replacing a load in flight; a failure offers
// retry. Plain code: it does not import the machine.
import type { ReferenceEvent, ReferenceRun, RuleBook } from '../reference-driver.ts';
import { Recorder } from '../reference-driver.ts';

type Range = { startDate: string; endDate: string };
type Status = 'hidden' | 'loading' | 'ready' | 'failed' | 'invalidRange';

export interface AuditWidgetsExpectedView {
  status: Status;
  range: Range;
  statistics: unknown;
}

export const auditWidgetsRules: RuleBook = {
  source: 'spec 2.6 (dashboard widgets), 6 (AuditLogging.AuditLogs, AuditLogging.Enable), 9',
  rules: {
    hidden: { state: 'checking', text: 'Not allowed (policy or feature): hidden, nothing requested, ever.' },
    load: { state: 'checking', text: 'Allowed with a complete range (start not after end): the statistics of that range load.' },
    invalid: { state: 'checking', text: 'Allowed with an incomplete or inverted range: nothing sent, the widgets say so.' },
    loaded: { state: 'loading', text: 'Both series arrive and show.' },
    failed: { state: 'loading', text: 'A failed load says so and offers retry.' },
    retry: { state: 'failed', text: 'Retry loads the same range again.' },
    rangeLoading: { state: 'loading', text: 'A new range while loading replaces the load in flight (or waits, saying so, when invalid).' },
    rangeReady: { state: 'ready', text: 'A new valid range loads it; an invalid one waits, saying so.' },
    rangeFailed: { state: 'failed', text: 'A new range after a failure loads it (or waits when invalid).' },
    rangeInvalid: { state: 'invalidRange', text: 'A range made valid loads at once.' },
  },
  equivalentMutants: [
    {
      mutant: "event.type === 'range.change' → true (the isValidRange guard and setRange)",
      why: 'both are only used on range.change transitions.',
    },
  ],
};

const day = (value: string) => (/^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null);
const isValid = (range: Range) => day(range.startDate) !== null && day(range.endDate) !== null && range.startDate <= range.endDate;

export function auditWidgetsReference(rawInput: unknown): ReferenceRun<AuditWidgetsExpectedView> {
  const input = rawInput as { isAllowed: boolean; range: Range };
  const recorder = new Recorder();
  let range = input.range;
  let statistics: unknown = null;
  let status: Status = 'hidden';
  const load = () => {
    status = 'loading';
    recorder.call('loadStatistics', { range });
  };
  if (!input.isAllowed) recorder.rule('hidden');
  else if (isValid(range)) {
    recorder.rule('load');
    load();
  } else {
    recorder.rule('invalid');
    status = 'invalidRange';
  }
  return {
    take: () => recorder.take(),
    applied: () => recorder.applied(),
    view: () => ({ status, range, statistics }),
    send(event: ReferenceEvent) {
      const e = event as ReferenceEvent & { actor?: string; output?: unknown; range?: Range };
      if (status !== 'hidden' && e.type === 'range.change') {
        recorder.rule(
          status === 'loading' ? 'rangeLoading' : status === 'ready' ? 'rangeReady' : status === 'failed' ? 'rangeFailed' : 'rangeInvalid',
        );
        range = e.range ?? range;
        if (isValid(range)) load();
        else status = 'invalidRange';
      } else if (status === 'loading' && e.type === 'done' && e.actor === 'loadStatistics') {
        recorder.rule('loaded');
        statistics = e.output;
        status = 'ready';
      } else if (status === 'loading' && e.type === 'error' && e.actor === 'loadStatistics') {
        recorder.rule('failed');
        status = 'failed';
      } else if (status === 'failed' && e.type === 'widgets.retry') {
        recorder.rule('retry');
        load();
      }
    },
  };
}
