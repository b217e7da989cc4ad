// Reference of the HTTP error page, written from spec 2.8 (a full page for 401, 403, 404 and 500
// that reads the query parameter status and shows its code, status text and detail; 'Go back' only
// after a previous navigation and never for 403; for 404 it re-runs the current navigation,
// otherwise it goes to the previous one; 'Go to home page' navigates to '/') and spec 8 (HTTP 401,
// 403, 404, 500: full-page error screen; no Go back for 403). A status the page has no texts for
// (missing, not a number, another code) is shown as 500. Plain code: it does not import the machine.
import type { ReferenceEvent, ReferenceRun, RuleBook } from '../reference-driver.ts';
import { Recorder } from '../reference-driver.ts';

export interface ErrorPageExpectedView {
  code: number;
  statusTextKey: string;
  detailTextKey: string;
  canGoBack: boolean;
}

export const errorPageRules: RuleBook = {
  source: 'spec 2.8 (error page), 8 (HTTP 401, 403, 404, 500)',
  rules: {
    shown: {
      state: 'shown',
      text: "The page shows 401, 403, 404 or 500 from the status parameter; anything else as 500, with that code's texts.",
    },
    retry: { state: 'shown', text: "'Go back' on a 404 after a previous navigation re-runs the current navigation." },
    back: { state: 'shown', text: "'Go back' on 401 or 500 after a previous navigation goes to the previous one." },
    noWayBack: { state: 'shown', text: "No 'Go back' for 403, nor on the first page: it does nothing.", ignored: true },
    home: { state: 'shown', text: "'Go to home page' navigates to '/'." },
  },
  equivalentMutants: [
    {
      mutant: "errorStatus's value?.trim() made value",
      why: 'Number() ignores surrounding blanks itself, and a blank value gives 0 instead of NaN, neither of them a shown status, so both are shown as 500.',
    },
  ],
};

export function errorPageReference(rawInput: unknown): ReferenceRun<ErrorPageExpectedView> {
  const input = rawInput as { status: unknown; hasPreviousNavigation: boolean };
  const parsed =
    typeof input.status === 'number'
      ? input.status
      : typeof input.status === 'string' && input.status.trim() !== ''
        ? Number(input.status.trim())
        : Number.NaN;
  const code = [401, 403, 404, 500].includes(parsed) ? parsed : 500;
  const canGoBack = input.hasPreviousNavigation && code !== 403;
  const recorder = new Recorder();
  recorder.rule('shown');
  return {
    take: () => recorder.take(),
    applied: () => recorder.applied(),
    view: () => ({ code, statusTextKey: `error.${code}.title`, detailTextKey: `error.${code}.detail`, canGoBack }),
    send(event: ReferenceEvent) {
      if (event.type === 'errorPage.goHome') {
        recorder.rule('home');
        recorder.emit({ type: 'navigate', url: '/' });
      } else if (event.type === 'errorPage.goBack') {
        if (!canGoBack) recorder.rule('noWayBack');
        else if (code === 404) {
          recorder.rule('retry');
          recorder.emit({ type: 'retryNavigation' });
        } else {
          recorder.rule('back');
          recorder.emit({ type: 'navigateBack' });
        }
      }
    },
  };
}
