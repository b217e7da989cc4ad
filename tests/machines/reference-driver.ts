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
// - A reference may name its rules (a RuleBook: per state, each rule in words, with the spec section
//   they come from) and say which rule each event applied (`Recorder.rule`). Then every rule must be
//   applied by some generated path: a transition a mutated machine lost (so the traversal never
//   offers its event) fails there, since paths come from the machine. The rules, in words, are what
//   the machine's page in docs/machines lists per state.
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
  /** The ids of the rules (of the suite's RuleBook) applied so far. */
  applied?(): string[];
  /** How long the named delay lasts now, by the spec (ms), when it depends on the situation. */
  duration?(delay: string): number | undefined;
}

/**
 * The rules a reference checks, in words, by rule id: the state (of the reference, named as the
 * machine's) where each applies, and where they come from. `equivalentMutants` lists the mutants
 * StrykerJS leaves alive that change nothing a user or a caller can observe, with the reason.
 */
export interface RuleBook {
  source: string;
  /**
   * `ignored`: the rule says an event changes nothing there. Paths come from the machine, so they
   * send it only where the machine reacts to it (wrongly, then the step fails); it need not be applied.
   */
  rules: Record<string, { state: string; text: string; ignored?: boolean }>;
  equivalentMutants?: Array<{ mutant: string; why: string }>;
}

/** A small base for references: records emitted events, calls and the rules applied. */
export class Recorder {
  private emittedSoFar: EventObject[] = [];
  private callsSoFar: Call[] = [];
  private rulesApplied = new Set<string>();
  emit(event: { type: string; [key: string]: unknown }): void {
    this.emittedSoFar.push(event);
  }
  call(name: string, input: unknown): void {
    this.callsSoFar.push({ name, input });
  }
  rule(id: string): void {
    this.rulesApplied.add(id);
  }
  applied(): string[] {
    return [...this.rulesApplied];
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
  /** The reference's rules: each must be applied by at least one path. */
  rules?: RuleBook;
  /**
   * The spec's durations by delay name (ms), or the reference's `duration`. An `after` step then
   * advances the clock to 1 ms before the duration (nothing may change yet), then to it; without
   * one, by the machine's own delay.
   */
  delays?: Record<string, number>;
  /** The machine's id as the design names it ("`<name>Machine` with id `<name>`"; pages and inspection recordings use it). */
  id?: string;
}

/** The rules of `book` that no path applies, when the paths are played on the reference alone. */
export function rulesNotApplied<TView>(book: RuleBook, reference: (input: unknown) => ReferenceRun<TView>, paths: ModelPath[]): string[] {
  const applied = new Set<string>();
  for (const { input, path } of paths) {
    const run = reference(input);
    for (const step of path.steps) if (step.event.type !== 'xstate.init') run.send(toReferenceEvent(step.event));
    for (const id of run.applied?.() ?? []) {
      if (!(id in book.rules)) throw new Error(`the reference applied rule '${id}', which its RuleBook does not name`);
      applied.add(id);
    }
  }
  return Object.keys(book.rules).filter((id) => !applied.has(id) && !book.rules[id]!.ignored);
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
        else if (plain.type === 'after') {
          const name = (plain as { delay: string }).delay;
          const duration = reference?.duration?.(name) ?? suite.delays?.[name];
          if (duration === undefined) clock.increment(delayOf(machine, event.type));
          else {
            const before = suite.select(actor.getSnapshot() as AnyMachineSnapshot);
            clock.increment(duration - 1);
            await settled();
            expect(suite.select(actor.getSnapshot() as AnyMachineSnapshot), `view 1 ms before ${event.type} ends`).toEqual(before);
            clock.increment(1);
          }
        } else actor.send(event);
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
    // Always there (so a mutation run knows it from the start); fails when the machine cannot be traversed.
    it('generate from the machine', () => {
      if (failure !== null) throw failure;
      if (suite.id !== undefined) expect(suite.model.machine.id).toBe(suite.id);
    });
    if (failure !== null) return;
    it('cover every transition of the machine', () => {
      expect(uncoveredEdges(suite.model.machine, paths)).toEqual([]);
    });
    const rules = suite.rules;
    if (rules)
      it('apply every rule of the reference', () => {
        expect(rulesNotApplied(rules, suite.reference, paths as ModelPath[])).toEqual([]);
      });
    for (const modelPath of paths) {
      it(modelPath.title, async () => {
        await playAgainstReference(suite, modelPath);
      });
    }
  });
}
