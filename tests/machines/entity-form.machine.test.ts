// The entity form (issue 9 resource kit): hand-written examples of the key rules (a 409 offers
// reload and keeps nothing stale, server field errors with spec 5 parameters, no double submit, the
// dirty check before closing), then every generated model path checked step by step against the
// reference written from the spec (reference/entity-form.reference.ts).
import { describe, expect, it } from 'vitest';
import { createActor, type EventObject } from 'xstate';
import { entityFormMachine, type EntityFormInput, selectEntityForm } from '../../machines/generic/entity-form.machine.ts';
import { conflictError, entityFormModel, loaded, refusal, requireName } from '../../machines/generic/entity-form.model.ts';
import { fakeActors, settled } from './model-driver.ts';
import { describeReferencePaths } from './reference-driver.ts';
import { entityFormReference } from './reference/entity-form.reference.ts';

function start(input: EntityFormInput) {
  const fakes = fakeActors(['loadEntity', 'saveEntity']);
  const actor = createActor(entityFormMachine.provide({ actors: fakes.actors }), { input });
  const emitted: EventObject[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { actor, fakes, emitted, view: () => selectEntityForm(actor.getSnapshot()) };
}

describe('entity form', () => {
  it('edits a loaded record and saves it with its concurrency stamp, once', async () => {
    const run = start({ id: 'ct-1', validate: requireName });
    expect(run.view()).toMatchObject({ phase: 'loading', isBusy: true, canSave: false });
    run.fakes.settle('loadEntity', { output: loaded });
    await settled();
    run.actor.send({ type: 'form.change', values: { name: 'Age' } });
    run.actor.send({ type: 'form.submit' });
    run.actor.send({ type: 'form.submit' });
    expect(run.fakes.calls.filter((call) => call.name === 'saveEntity')).toEqual([
      { name: 'saveEntity', input: { id: 'ct-1', values: { name: 'Age', valueType: 0 }, concurrencyStamp: 'stamp-1' } },
    ]);
    run.fakes.settle('saveEntity', { output: { id: 'ct-1' } });
    await settled();
    expect(run.view().phase).toBe('saved');
    expect(run.emitted).toEqual([{ type: 'entity.saved', entity: { id: 'ct-1' } }]);
  });

  it('a 409 offers reload, which drops the stale values and stamp and loads the record again', async () => {
    const run = start({ id: 'ct-1', validate: requireName });
    run.fakes.settle('loadEntity', { output: loaded });
    await settled();
    run.actor.send({ type: 'form.change', values: { name: 'Mine' } });
    run.actor.send({ type: 'form.submit' });
    run.fakes.settle('saveEntity', { error: conflictError });
    await settled();
    expect(run.view().phase).toBe('conflict');
    run.actor.send({ type: 'form.reload' });
    expect(run.view()).toMatchObject({ phase: 'loading', values: {} });
    run.fakes.settle('loadEntity', { output: { values: { name: 'Theirs' }, concurrencyStamp: 'stamp-2' } });
    await settled();
    run.actor.send({ type: 'form.submit' });
    expect(run.fakes.calls.at(-1)?.input).toEqual({ id: 'ct-1', values: { name: 'Theirs' }, concurrencyStamp: 'stamp-2' });
  });

  it('maps the server validation errors onto fields with their [a,b] parameters, values kept', async () => {
    const run = start({ initialValues: { name: '' }, validate: requireName });
    run.actor.send({ type: 'form.change', values: { name: 'x'.repeat(300) } });
    run.actor.send({ type: 'form.submit' });
    run.fakes.settle('saveEntity', { error: refusal });
    await settled();
    expect(run.view()).toMatchObject({
      phase: 'editing',
      values: { name: 'x'.repeat(300) },
      fieldErrors: { name: 'The field Name must be at most 256 characters.' },
      formError: 'Your request is not valid!',
    });
    // A 409 on a create is not a conflict (there is no record to reload).
    run.actor.send({ type: 'form.submit' });
    run.fakes.settle('saveEntity', { error: conflictError });
    await settled();
    expect(run.view().phase).toBe('editing');
  });

  it('client validation sends nothing; typing clears that field error', () => {
    const run = start({ initialValues: { name: '' }, validate: requireName });
    run.actor.send({ type: 'form.submit' });
    expect(run.fakes.calls).toEqual([]);
    expect(run.view().fieldErrors).toEqual({ name: 'The Name field is required.' });
    run.actor.send({ type: 'form.change', values: { name: 'A' } });
    expect(run.view().fieldErrors).toEqual({});
  });

  it('closing a changed form asks first; a clean one closes at once', () => {
    const run = start({ initialValues: { name: '' } });
    run.actor.send({ type: 'form.change', values: { name: 'A' } });
    run.actor.send({ type: 'form.close' });
    expect(run.view().phase).toBe('confirmingDiscard');
    run.actor.send({ type: 'form.keepEditing' });
    run.actor.send({ type: 'form.change', values: { name: '' } });
    run.actor.send({ type: 'form.close' });
    expect(run.view().phase).toBe('closed');
    expect(run.emitted).toEqual([{ type: 'form.closed' }]);
  });
});

describeReferencePaths('entity form', {
  model: entityFormModel,
  actorNames: ['loadEntity', 'saveEntity'],
  select: (snapshot) => selectEntityForm(snapshot as never),
  reference: entityFormReference,
});
