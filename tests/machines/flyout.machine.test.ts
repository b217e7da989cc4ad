// The flyout machine (settings panel, user menu) on a SimulatedClock: examples that pin the click
// and hover triggers of spec 2.3, then every generated model path (docs/machines/flyout.md).
// Generated paths are checked step by step against the reference written from the spec
// (reference/flyout.reference.ts).
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { type FlyoutTrigger, flyoutMachine, selectFlyout } from '../../machines/shell/flyout.machine.ts';
import { flyoutModel } from '../../machines/shell/flyout.model.ts';
import { delayOf } from './model-driver.ts';
import { describeReferencePaths } from './reference-driver.ts';
import { flyoutReference, flyoutRules } from './reference/flyout.reference.ts';

const grace = delayOf(flyoutMachine, 'xstate.after.hoverCloseDelay');

function start(trigger: FlyoutTrigger) {
  const clock = new SimulatedClock();
  const actor = createActor(flyoutMachine, { input: { trigger }, clock }).start();
  return { actor, clock, isOpen: () => selectFlyout(actor.getSnapshot()).isOpen };
}

describe('flyout', () => {
  it('opens and closes on click in the side-menu layout, and ignores hovering', () => {
    const run = start('click');
    run.actor.send({ type: 'flyout.pointerEnter' });
    expect(run.isOpen()).toBe(false);
    run.actor.send({ type: 'flyout.toggle' });
    run.actor.send({ type: 'flyout.pointerLeave' });
    run.clock.increment(grace);
    expect(run.isOpen()).toBe(true);
    run.actor.send({ type: 'flyout.toggle' });
    expect(run.isOpen()).toBe(false);
  });

  it('opens on hover in the top-menu layout and closes a moment after the pointer leaves', () => {
    const run = start('hover');
    run.actor.send({ type: 'flyout.pointerEnter' });
    expect(run.isOpen()).toBe(true);
    run.actor.send({ type: 'flyout.pointerLeave' });
    run.clock.increment(grace - 1);
    expect(run.isOpen()).toBe(true);
    // Into the panel in time: it stays.
    run.actor.send({ type: 'flyout.pointerEnter' });
    run.clock.increment(grace);
    expect(run.isOpen()).toBe(true);
    run.actor.send({ type: 'flyout.pointerLeave' });
    run.clock.increment(grace);
    expect(run.isOpen()).toBe(false);
  });

  it('still opens with a click (keyboard, touch) in the hover layout, and closes at once on flyout.close', () => {
    const run = start('hover');
    run.actor.send({ type: 'flyout.toggle' });
    expect(run.isOpen()).toBe(true);
    run.actor.send({ type: 'flyout.close' });
    expect(run.isOpen()).toBe(false);
  });
});

describeReferencePaths('flyout', {
  model: flyoutModel,
  id: 'flyout',
  actorNames: [],
  select: (snapshot) => selectFlyout(snapshot as never),
  reference: flyoutReference,
  rules: flyoutRules,
});
