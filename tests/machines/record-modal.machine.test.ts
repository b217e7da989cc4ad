// The record modal (audit log Detail, entity change modals): examples for opening, replacing a
// request, failure and retry, then every generated model path (docs/machines/recordModal.md),
// checking that each load asks for the request in force.
// Generated paths are checked step by step against the reference written from the spec
// (reference/record-modal.reference.ts).
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { recordModalMachine, selectRecordModal } from '../../machines/audit-logging/record-modal.machine.ts';
import { recordModalModel } from '../../machines/audit-logging/record-modal.model.ts';
import { settled } from './model-driver.ts';
import { describeReferencePaths } from './reference-driver.ts';
import { recordModalReference, recordModalRules } from './reference/record-modal.reference.ts';

function start() {
  const loads: Array<{ input: unknown; signal: AbortSignal; resolve(v: unknown): void; reject(e: unknown): void }> = [];
  const loadRecord = fromPromise<unknown, unknown>(
    ({ input, signal }) => new Promise((resolve, reject) => loads.push({ input, signal, resolve, reject })),
  );
  const actor = createActor(recordModalMachine.provide({ actors: { loadRecord } })).start();
  return { actor, loads, view: () => selectRecordModal(actor.getSnapshot()) };
}

describe('record modal', () => {
  it('opens at once while loading, then shows the record', async () => {
    const run = start();
    expect(run.view().isOpen).toBe(false);
    run.actor.send({ type: 'modal.open', request: { id: 'a' } });
    expect(run.view()).toMatchObject({ isOpen: true, isLoading: true, request: { id: 'a' }, record: null });
    expect(run.loads[0]!.input).toEqual({ id: 'a' });
    run.loads[0]!.resolve({ id: 'a', url: '/x' });
    await settled();
    expect(run.view()).toMatchObject({ isOpen: true, isLoading: false, record: { id: 'a', url: '/x' } });
  });

  it('a second open replaces the first request; the first answer is ignored', async () => {
    const run = start();
    run.actor.send({ type: 'modal.open', request: { id: 'a' } });
    run.actor.send({ type: 'modal.open', request: { id: 'b' } });
    expect(run.loads[0]!.signal.aborted).toBe(true);
    run.loads[0]!.resolve({ id: 'a' });
    await settled();
    expect(run.view().isLoading).toBe(true);
    run.loads[1]!.resolve({ id: 'b' });
    await settled();
    expect(run.view().record).toEqual({ id: 'b' });
  });

  it('a failure stays open for retry; close forgets everything', async () => {
    const run = start();
    run.actor.send({ type: 'modal.open', request: { id: 'a' } });
    run.loads[0]!.reject(new Error('404'));
    await settled();
    expect(run.view()).toMatchObject({ isOpen: true, hasFailed: true });
    run.actor.send({ type: 'modal.retry' });
    expect(run.loads[1]!.input).toEqual({ id: 'a' });
    run.actor.send({ type: 'modal.close' });
    expect(run.loads[1]!.signal.aborted).toBe(true);
    expect(run.actor.getSnapshot().context).toEqual({ request: null, record: null, error: null });
    expect(run.view().isOpen).toBe(false);
  });
});

describeReferencePaths('record modal', {
  model: recordModalModel,
  id: 'recordModal',
  actorNames: ['loadRecord'],
  select: (snapshot) => selectRecordModal(snapshot as never),
  reference: recordModalReference,
  rules: recordModalRules,
});
