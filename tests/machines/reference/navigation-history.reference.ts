// Reference of the in-app navigation history, written from spec 2.8 ('Go back' is shown only if
// there was a previous navigation; for 404 it re-runs the current navigation). The app's first load
// is where the user came in, not a previous navigation; from the second location on there is one.
// No browser history is read. Plain code: it does not import the machine.
import type { ReferenceEvent, ReferenceRun, RuleBook } from '../reference-driver.ts';
import { Recorder } from '../reference-driver.ts';

export interface NavigationHistoryExpectedView {
  path: string | null;
  hasPreviousNavigation: boolean;
}

export const navigationHistoryRules: RuleBook = {
  source: 'spec 2.8 (error page: Go back only after a previous navigation)',
  rules: {
    firstLoad: { state: 'starting', text: 'The first location (the app loading) is remembered; it is no previous navigation.' },
    secondPage: { state: 'firstPage', text: 'The next location means there was a previous navigation.' },
    later: { state: 'navigated', text: 'Later locations are remembered; there stays a previous navigation.' },
  },
};

export function navigationHistoryReference(): ReferenceRun<NavigationHistoryExpectedView> {
  const recorder = new Recorder();
  let path: string | null = null;
  let count = 0;
  return {
    take: () => recorder.take(),
    applied: () => recorder.applied(),
    view: () => ({ path, hasPreviousNavigation: count >= 2 }),
    send(event: ReferenceEvent) {
      if (event.type !== 'navigation.changed') return;
      recorder.rule(count === 0 ? 'firstLoad' : count === 1 ? 'secondPage' : 'later');
      path = (event as { path?: string }).path ?? null;
      count += 1;
    },
  };
}
