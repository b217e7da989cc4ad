// The internet status machine on a SimulatedClock: examples, then every generated model path (the
// ones docs/machines/internetStatus.md lists), checked step by step against the reference written
// from the spec (reference/internet-status.reference.ts).
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { internetStatusMachine, selectInternetStatus } from '../../machines/shell/internet-status.machine.ts';
import { internetStatusModel } from '../../machines/shell/internet-status.model.ts';
import { delayOf } from './model-driver.ts';
import { describeReferencePaths } from './reference-driver.ts';
import { internetStatusReference, internetStatusRules } from './reference/internet-status.reference.ts';

const notice = delayOf(internetStatusMachine, 'xstate.after.backOnlineNotice');

function start(isOnline: boolean) {
  const clock = new SimulatedClock();
  const actor = createActor(internetStatusMachine, { input: { isOnline }, clock }).start();
  return { actor, clock, view: () => selectInternetStatus(actor.getSnapshot()) };
}

describe('internet status', () => {
  it('starts from the browser status', () => {
    expect(start(true).view()).toEqual({ isOffline: false, isBackOnline: false });
    expect(start(false).view()).toEqual({ isOffline: true, isBackOnline: false });
  });

  it('shows offline at once, and a back-online notice for a short while', () => {
    const run = start(true);
    run.actor.send({ type: 'connection.offline' });
    expect(run.view().isOffline).toBe(true);
    run.actor.send({ type: 'connection.online' });
    expect(run.view()).toEqual({ isOffline: false, isBackOnline: true });
    run.clock.increment(notice - 1);
    expect(run.view().isBackOnline).toBe(true);
    run.clock.increment(1);
    expect(run.view()).toEqual({ isOffline: false, isBackOnline: false });
  });

  it('drops the notice when the connection goes again, and ignores repeated reports', () => {
    const run = start(false);
    run.actor.send({ type: 'connection.offline' });
    run.actor.send({ type: 'connection.online' });
    run.actor.send({ type: 'connection.online' });
    run.clock.increment(notice / 2);
    run.actor.send({ type: 'connection.offline' });
    expect(run.view().isOffline).toBe(true);
    run.clock.increment(notice);
    expect(run.view().isOffline).toBe(true);
  });
});

describeReferencePaths('internet status', {
  model: internetStatusModel,
  id: 'internetStatus',
  actorNames: ['watchConnection'],
  select: (snapshot) => selectInternetStatus(snapshot as never),
  reference: internetStatusReference,
  rules: internetStatusRules,
  delays: { backOnlineNotice: 3_000 },
});
