// Model paths checked against a reference (issue 21): the paths come from the machine's model
// (machines/testing/model-paths.ts), but what every step must show comes from a reference written
// from the spec in plain code that does not import the machine (tests/machines/reference/). Rules:
// - Each step plays the event on the real actor (fake actors settled by done/error steps, delays on
//   a SimulatedClock) and on the reference; then the view selector's output, the events emitted
//   during the step and the actor calls started during the step (with their inputs) must equal what
//   the reference says. Nothing is compared with the machine's own traversal or helpers.
// - The reference sees plain events: `{type: 'done', actor, output}`, `{type: 'error', actor, error}`,
//   `{type: 'after', delay}`, or the machine event as it is.
// - Paths are generated inside the suite: a generation error fails that suite's tests only, never
//   the file's hand-written examples.
import { describe, expect, it } from 'vitest';
import { type AnyMachineSnapshot, type AnyStateMachine, createActor, type EventObject, SimulatedClock } from 'xstate';
import { type MachineModel, type ModelPath, modelPaths, uncoveredEdges } from '../../machines/testing/model-paths.ts';
import { delayOf, fakeActors, settled } from './model-driver.ts';

export interface Call {
  name: string;
  input: unknown;
}

export type ReferenceEvent =
  | { type: 'done'; actor: string; output: unknown }
  | { type: 'error'; actor: string; error: unknown }
  | { type: 'after'; delay: string }
  | EventObject;

/** One run of the reference: what the user sees now, and what happened since the last `take`. */
export interface ReferenceRun<TView> {
  view(): TView;
  send(event: ReferenceEvent): void;
  /** The events emitted and the calls started since the last take (then forgotten). */
  take(): { emitted: EventObject[]; calls: Call[] };
}

/** A small base for references: records emitted events and calls. */
export class Recorder {
  private emittedSoFar: EventObject[] = [];
  private callsSoFar: Call[] = [];
  emit(event: { type: string; [key: string]: unknown }): void {
    this.emittedSoFar.push(event);
  }
  call(name: string, input: unknown): void {
    this.callsSoFar.push({ name, input });
  }
  take(): { emitted: EventObject[]; calls: Call[] } {
    const result = { emitted: this.emittedSoFar, calls: this.callsSoFar };
    this.emittedSoFar = [];
    this.callsSoFar = [];
    return result;
  }
}

export function toReferenceEvent(event: EventObject): ReferenceEvent {
  const [prefix, kind, detail, ...rest] = event.type.split('.');
  if (prefix === 'xstate' && kind === 'done' && detail === 'actor') {
    return { type: 'done', actor: rest.join('.'), output: (event as { output?: unknown }).output };
  }
  if (prefix === 'xstate' && kind === 'error' && detail === 'actor') {
    return { type: 'error', actor: rest.join('.'), error: (event as { error?: unknown }).error };
  }
  if (prefix === 'xstate' && kind === 'after') return { type: 'after', delay: detail ?? '' };
  return event;
}

export interface ReferenceSuite<TMachine extends AnyStateMachine, TView> {
  model: MachineModel<TMachine>;
  actorNames: readonly string[];
  select: (snapshot: AnyMachineSnapshot) => TView;
  reference: (input: unknown) => ReferenceRun<TView>;
}

export async function playAgainstReference<TMachine extends AnyStateMachine, TView>(
  suite: ReferenceSuite<TMachine, TView>,
  modelPath: ModelPath<TMachine>,
): Promise<void> {
  const machine = suite.model.machine;
  const fakes = fakeActors(suite.actorNames);
  const clock = new SimulatedClock();
  const actor = createActor(machine.provide({ actors: fakes.actors }), { input: modelPath.input, clock });
  const emitted: EventObject[] = [];
  actor.on('*', (event: EventObject) => emitted.push(event));
  let reference: ReferenceRun<TView> | null = null;
  try {
    for (const [index, step] of modelPath.path.steps.entries()) {
      const callsBefore = fakes.calls.length;
      const emittedBefore = emitted.length;
      const event = step.event;
      if (event.type === 'xstate.init') {
        actor.start();
        reference = suite.reference(modelPath.input);
      } else {
        const plain = toReferenceEvent(event);
        if (plain.type === 'done') fakes.settle((plain as { actor: string }).actor, { output: (plain as { output: unknown }).output });
        else if (plain.type === 'error') fakes.settle((plain as { actor: string }).actor, { error: (plain as { error: unknown }).error });
        else if (plain.type === 'after') clock.increment(delayOf(machine, event.type));
        else actor.send(event);
        reference?.send(plain);
      }
      await settled();
      const expected = reference!.take();
      const where = `step ${index} (${event.type})`;
      expect(fakes.calls.slice(callsBefore), `calls at ${where}`).toEqual(expected.calls);
      expect(emitted.slice(emittedBefore), `emitted at ${where}`).toEqual(expected.emitted);
      expect(suite.select(actor.getSnapshot() as AnyMachineSnapshot), `view at ${where}`).toEqual(reference!.view());
    }
  } finally {
    actor.stop();
  }
}

/** The suite of generated paths, each checked against the reference (see the rules above). */
export function describeReferencePaths<TMachine extends AnyStateMachine, TView>(
  name: string,
  suite: ReferenceSuite<TMachine, TView>,
): void {
  describe(`${name} model paths, checked against the reference`, () => {
    let paths: Array<ModelPath<TMachine>> = [];
    let failure: unknown = null;
    try {
      paths = modelPaths(suite.model);
    } catch (error) {
      failure = error;
    }
    if (failure !== null) {
      it('generates its paths', () => {
        throw failure;
      });
      return;
    }
    it('cover every transition of the machine', () => {
      expect(uncoveredEdges(suite.model.machine, paths)).toEqual([]);
    });
    for (const modelPath of paths) {
      it(modelPath.title, async () => {
        await playAgainstReference(suite, modelPath);
      });
    }
  });
}
