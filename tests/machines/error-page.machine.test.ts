// The error page machine: examples that pin spec 2.8 and 8, then every generated model path (the
// ones docs/machines/errorPage.md lists), checking what each click emits.
// Generated paths are checked step by step against the reference written from the spec
// (reference/error-page.reference.ts).
import { describe, expect, it } from 'vitest';
import { createActor, type EventObject } from 'xstate';
import { type ErrorPageInput, errorPageMachine, errorStatus, selectErrorPage } from '../../machines/shell/error-page.machine.ts';
import { errorPageModel } from '../../machines/shell/error-page.model.ts';
import { describeReferencePaths } from './reference-driver.ts';
import { errorPageReference, errorPageRules } from './reference/error-page.reference.ts';

function start(input: ErrorPageInput) {
  const actor = createActor(errorPageMachine, { input });
  const emitted: EventObject[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { actor, emitted, view: () => selectErrorPage(actor.getSnapshot()) };
}

describe('error page', () => {
  it('shows 401, 403, 404 and 500 with their texts, anything else as 500', () => {
    expect(start({ status: '404', hasPreviousNavigation: true }).view()).toEqual({
      code: 404,
      statusTextKey: 'error.404.title',
      detailTextKey: 'error.404.detail',
      canGoBack: true,
    });
    expect([401, '403', ' 500 ', '502', 'abc', '', null, undefined, 200].map(errorStatus)).toEqual([
      401, 403, 500, 500, 500, 500, 500, 500, 500,
    ]);
  });

  it('offers Go back only after a previous navigation and never for 403', () => {
    expect(start({ status: '401', hasPreviousNavigation: true }).view().canGoBack).toBe(true);
    expect(start({ status: '403', hasPreviousNavigation: true }).view().canGoBack).toBe(false);
    expect(start({ status: '500', hasPreviousNavigation: false }).view().canGoBack).toBe(false);
  });

  it('Go back re-runs the navigation for 404 and goes back otherwise', () => {
    const notFound = start({ status: '404', hasPreviousNavigation: true });
    notFound.actor.send({ type: 'errorPage.goBack' });
    notFound.actor.send({ type: 'errorPage.goBack' });
    expect(notFound.emitted).toEqual([{ type: 'retryNavigation' }, { type: 'retryNavigation' }]);
    const failed = start({ status: '500', hasPreviousNavigation: true });
    failed.actor.send({ type: 'errorPage.goBack' });
    expect(failed.emitted).toEqual([{ type: 'navigateBack' }]);
  });

  it('Go back does nothing where it is not offered', () => {
    const forbidden = start({ status: '403', hasPreviousNavigation: true });
    forbidden.actor.send({ type: 'errorPage.goBack' });
    const first = start({ status: '404', hasPreviousNavigation: false });
    first.actor.send({ type: 'errorPage.goBack' });
    expect([...forbidden.emitted, ...first.emitted]).toEqual([]);
  });

  it("Go to home page navigates to '/'", () => {
    const run = start({ status: '403', hasPreviousNavigation: false });
    run.actor.send({ type: 'errorPage.goHome' });
    expect(run.emitted).toEqual([{ type: 'navigate', url: '/' }]);
  });
});

describeReferencePaths('error page', {
  model: errorPageModel,
  id: 'errorPage',
  actorNames: [],
  select: (snapshot) => selectErrorPage(snapshot as never),
  reference: errorPageReference,
  rules: errorPageRules,
});
