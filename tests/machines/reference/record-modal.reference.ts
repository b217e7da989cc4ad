// Reference of a modal that shows one record loaded on open, written from spec 2.6 (the audit log
// Detail modal; 'Change Details' and 'Full Change History' of an entity change). It opens at once
// and loads the record; opening another record while one loads shows that one (only the latest
// answer counts); a failure stays in the modal with retry; closing forgets the record. Plain code:
// it does not import the machine.
import type { ReferenceEvent, ReferenceRun, RuleBook } from '../reference-driver.ts';
import { Recorder } from '../reference-driver.ts';

export interface RecordModalExpectedView {
  isOpen: boolean;
  isLoading: boolean;
  hasFailed: boolean;
  request: unknown;
  record: unknown;
}

export const recordModalRules: RuleBook = {
  source: 'spec 2.6 (audit log detail, entity change modals)',
  rules: {
    open: {
      state: 'any state',
      text: 'Opening a record shows the modal at once, loading that record (another one replaces the request in flight).',
    },
    loaded: { state: 'loading', text: 'The record arrives: shown.' },
    failed: { state: 'loading', text: 'It cannot be loaded: the modal says so and offers retry.' },
    retry: { state: 'failed', text: 'Retry loads the same record again.' },
    closeLoading: { state: 'loading', text: 'Closing while it loads forgets the request.' },
    closeShown: { state: 'shown', text: 'Closing forgets the record.' },
    closeFailed: { state: 'failed', text: 'Closing after a failure forgets the request.' },
  },
  equivalentMutants: [
    {
      mutant: "the error's assign on a failed load, and its clearing on retry, emptied",
      why: 'the modal shows that the load failed, not the error itself (the view model has no error).',
    },
    {
      mutant: "reenter: true of the machine-wide 'modal.open' made false",
      why: "XState 5 exits and re-enters the targeted child `loading` either way, so a second open still starts a new load with the new request (checked: the path 'open log-1 → open log-2' passes on that mutant, and it expects the new call); only the machine's root, which has nothing to enter, would differ.",
    },
  ],
};

export function recordModalReference(): ReferenceRun<RecordModalExpectedView> {
  const recorder = new Recorder();
  let phase: 'closed' | 'loading' | 'shown' | 'failed' = 'closed';
  let request: unknown = null;
  let record: unknown = null;
  const load = () => {
    phase = 'loading';
    recorder.call('loadRecord', request);
  };
  return {
    take: () => recorder.take(),
    applied: () => recorder.applied(),
    view: () => ({ isOpen: phase !== 'closed', isLoading: phase === 'loading', hasFailed: phase === 'failed', request, record }),
    send(event: ReferenceEvent) {
      const e = event as ReferenceEvent & { actor?: string; output?: unknown; request?: unknown };
      if (e.type === 'modal.open') {
        recorder.rule('open');
        request = e.request;
        record = null;
        load();
      } else if (phase === 'loading' && e.type === 'done' && e.actor === 'loadRecord') {
        recorder.rule('loaded');
        record = e.output;
        phase = 'shown';
      } else if (phase === 'loading' && e.type === 'error' && e.actor === 'loadRecord') {
        recorder.rule('failed');
        phase = 'failed';
      } else if (phase === 'failed' && e.type === 'modal.retry') {
        recorder.rule('retry');
        load();
      } else if (phase !== 'closed' && e.type === 'modal.close') {
        recorder.rule(phase === 'loading' ? 'closeLoading' : phase === 'shown' ? 'closeShown' : 'closeFailed');
        phase = 'closed';
        request = null;
        record = null;
      }
    },
  };
}
