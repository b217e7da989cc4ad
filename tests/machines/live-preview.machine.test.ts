// The live preview machine (issue 19, the text templates' editor): examples that pin the rules
// (a pause before rendering, one render at a time, the stale document kept, a refusal's message),
// then every generated model path checked against the reference written from the issue
// (reference/live-preview.reference.ts).
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { livePreviewMachine, selectLivePreview } from '../../machines/generic/live-preview.machine.ts';
import { livePreviewModel, messageRefusal, syntaxRefusal } from '../../machines/generic/live-preview.model.ts';
import { delayOf, fakeActors, settled } from './model-driver.ts';
import { describeReferencePaths } from './reference-driver.ts';
import { livePreviewReference, livePreviewRules } from './reference/live-preview.reference.ts';

const debounce = delayOf(livePreviewMachine, 'xstate.after.previewDebounce');

function start(source = '<p>a</p>') {
  const clock = new SimulatedClock();
  const fakes = fakeActors(['renderPreview']);
  const actor = createActor(livePreviewMachine.provide({ actors: fakes.actors }), { input: { source }, clock }).start();
  return { actor, clock, fakes, view: () => selectLivePreview(actor.getSnapshot()) };
}

describe('live preview', () => {
  it('renders at once, then waits for a pause in typing and keeps the stale document meanwhile', async () => {
    const run = start();
    expect(run.fakes.calls.map((c) => c.input)).toEqual([{ source: '<p>a</p>' }]);
    run.fakes.settle('renderPreview', { output: '<html>a</html>' });
    await settled();
    expect(run.view()).toEqual({ document: '<html>a</html>', error: null, isPending: false, isStale: false, canRetry: false });
    run.actor.send({ type: 'preview.change', source: '<p>ab</p>' });
    run.clock.increment(debounce - 1);
    run.actor.send({ type: 'preview.change', source: '<p>abc</p>' });
    run.clock.increment(debounce - 1);
    expect(run.fakes.calls).toHaveLength(1);
    expect(run.view()).toMatchObject({ document: '<html>a</html>', isStale: true });
    run.clock.increment(1);
    expect(run.fakes.calls.at(-1)!.input).toEqual({ source: '<p>abc</p>' });
  });

  it("shows a refusal's field message, drops the document, and retries", async () => {
    const run = start();
    run.fakes.settle('renderPreview', { error: syntaxRefusal });
    await settled();
    expect(run.view()).toEqual({
      document: null,
      error: 'The template cannot be used: line 2, column 4: tag {% if %} not closed',
      isPending: false,
      isStale: false,
      canRetry: true,
    });
    run.actor.send({ type: 'preview.retry' });
    run.fakes.settle('renderPreview', { error: messageRefusal });
    await settled();
    expect(run.view().error).toBe("There is no text template named 'Nope'.");
  });
});

describeReferencePaths('live preview', {
  model: livePreviewModel,
  id: 'livePreview',
  actorNames: ['renderPreview'],
  select: (snapshot) => selectLivePreview(snapshot as never),
  reference: livePreviewReference,
  rules: livePreviewRules,
});
