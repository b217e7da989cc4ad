// Reference of the page loader and the loading bar, written from spec 1 (a loader bar always present
// in the shell), spec 2.3 ('Page loader: removed 500 ms after start') and spec 9 ('Page loader
// removed after 500 ms'). The bar shows while more navigations or requests have started than ended
// (overlapping ones show one bar until the last ends); an end without a start is ignored. Plain
// code: it does not import the machine.
import type { ReferenceEvent, ReferenceRun, RuleBook } from '../reference-driver.ts';
import { Recorder } from '../reference-driver.ts';

export interface PageLoaderExpectedView {
  isPageLoaderVisible: boolean;
  isLoadingBarVisible: boolean;
}

export const pageLoaderRules: RuleBook = {
  source: 'spec 1 (loader bar), 2.3 and 9 (page loader removed after 500 ms)',
  rules: {
    removed: { state: 'page', text: 'The page loader shows from the start and is removed 500 ms later, whatever else happens.' },
    firstStart: { state: 'bar', text: 'A navigation or request that starts shows the loading bar.' },
    moreStart: { state: 'bar', text: 'Another start while the bar shows counts one more.' },
    stopOne: { state: 'bar', text: 'An end while others are still running keeps the bar.' },
    stopLast: { state: 'bar', text: 'The end of the last one hides the bar.' },
  },
  equivalentMutants: [
    {
      mutant: 'assign({ pending: 0 }) of the last loader.stop, and the initial context { pending: 0 }, emptied',
      why: 'the count is only read in active, and entering active from idle sets it to 1, so a count left in idle is never read.',
    },
  ],
};

export function pageLoaderReference(): ReferenceRun<PageLoaderExpectedView> {
  const recorder = new Recorder();
  let pageLoader = true;
  let pending = 0;
  return {
    take: () => recorder.take(),
    applied: () => recorder.applied(),
    view: () => ({ isPageLoaderVisible: pageLoader, isLoadingBarVisible: pending > 0 }),
    send(event: ReferenceEvent) {
      const e = event as ReferenceEvent & { delay?: string };
      if (pageLoader && e.type === 'after' && e.delay === 'pageLoaderDelay') {
        recorder.rule('removed');
        pageLoader = false;
      } else if (e.type === 'loader.start') {
        recorder.rule(pending === 0 ? 'firstStart' : 'moreStart');
        pending += 1;
      } else if (e.type === 'loader.stop' && pending > 0) {
        recorder.rule(pending === 1 ? 'stopLast' : 'stopOne');
        pending -= 1;
      }
    },
  };
}
