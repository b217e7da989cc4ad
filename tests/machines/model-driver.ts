// Drives a real machine actor along a generated model path, with controllable fake actors and a
// SimulatedClock. Rules: a `xstate.done.actor.<id>` step resolves the pending fake `<id>` with the
// step's output, `xstate.error.actor.<id>` rejects it, `xstate.after.<delay>...` advances the clock
// by the machine's own delay, any other event is sent; after each step the running actor must be in
// the state and hold the context the model predicts (so invoke ids, inputs and async wiring are real).
import { expect } from 'vitest';
import {
  type AnyActorRef,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  createActor,
  type EventObject,
  fromPromise,
  SimulatedClock,
} from 'xstate';
import type { ModelPath } from '../../machines/testing/model-paths.ts';

export interface FakeActors {
  actors: Record<string, ReturnType<typeof fromPromise<unknown, unknown>>>;
  /** Every invocation, in order, with the input the machine gave it. */
  calls: Array<{ name: string; input: unknown }>;
  settle(name: string, outcome: { output: unknown } | { error: unknown }): void;
}

export function fakeActors(names: readonly string[]): FakeActors {
  const pending = new Map<string, { resolve(value: unknown): void; reject(error: unknown): void }>();
  const calls: FakeActors['calls'] = [];
  const actors = Object.fromEntries(
    names.map((name) => [
      name,
      fromPromise<unknown, unknown>(
        ({ input }) =>
          new Promise((resolve, reject) => {
            calls.push({ name, input });
            pending.set(name, { resolve, reject });
          }),
      ),
    ]),
  );
  return {
    actors,
    calls,
    settle(name, outcome) {
      const deferred = pending.get(name);
      if (!deferred) throw new Error(`actor ${name} is not running`);
      pending.delete(name);
      if ('output' in outcome) deferred.resolve(outcome.output);
      else deferred.reject(outcome.error);
    },
  };
}

/** Lets settled promises reach the actor. */
export const settled = () => new Promise<void>((resolve) => setImmediate(resolve));

export function delayOf(machine: AnyStateMachine, eventType: string): number {
  const name = eventType.split('.')[2] ?? '';
  const delay = (machine.implementations.delays as Record<string, unknown>)[name] ?? Number(name);
  if (typeof delay !== 'number' || Number.isNaN(delay)) throw new Error(`unknown delay in ${eventType}`);
  return delay;
}

export interface Drive {
  actor: AnyActorRef;
  fakes: FakeActors;
  clock: SimulatedClock;
  emitted: EventObject[];
}

/**
 * Plays one path; `check` runs after every step with the state the model predicts, for the
 * suite's own observations (what the fakes received, what was emitted).
 */
export async function drivePath(
  machine: AnyStateMachine,
  actorNames: readonly string[],
  modelPath: ModelPath,
  check: (expected: AnyMachineSnapshot, drive: Drive) => void | Promise<void> = () => {},
): Promise<void> {
  const fakes = fakeActors(actorNames);
  const clock = new SimulatedClock();
  const actor = createActor(machine.provide({ actors: fakes.actors }), { input: modelPath.input, clock });
  const emitted: EventObject[] = [];
  actor.on('*', (event: EventObject) => emitted.push(event));
  const drive: Drive = { actor, fakes, clock, emitted };
  const execute = async ({ event }: { event: EventObject }) => {
    const [prefix, kind, kindDetail, ...rest] = event.type.split('.');
    if (event.type === 'xstate.init') actor.start();
    else if (prefix === 'xstate' && kind === 'done' && kindDetail === 'actor')
      fakes.settle(rest.join('.'), { output: (event as { output?: unknown }).output });
    else if (prefix === 'xstate' && kind === 'error' && kindDetail === 'actor')
      fakes.settle(rest.join('.'), { error: (event as { error?: unknown }).error });
    else if (prefix === 'xstate' && kind === 'after') clock.increment(delayOf(machine, event.type));
    else actor.send(event);
    await settled();
  };
  const eventTypes = [...new Set(modelPath.path.steps.map((step) => step.event.type))];
  try {
    await modelPath.path.test({
      events: Object.fromEntries(eventTypes.map((type) => [type, execute])),
      states: {
        '*': async (expected) => {
          const snapshot = actor.getSnapshot() as AnyMachineSnapshot;
          expect(snapshot.value).toEqual(expected.value);
          expect(snapshot.context).toEqual(expected.context);
          await check(expected, drive);
        },
      },
    });
  } finally {
    actor.stop();
  }
}
