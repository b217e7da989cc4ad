// Replays a recording through the real machines, headless: each recorded machine actor is started
// again (from its recorded input, or from its baseline state when the ring buffer dropped its start)
// and receives its recorded events in order; after each one the state must be the recorded one.
// Rules:
// - No effect runs: every named actor of the machine is replaced by a stub that never settles on its
//   own; a recorded `xstate.done.actor.<id>` / `xstate.error.actor.<id>` settles the pending stub
//   with the recorded output or error (so invoke ids and async wiring are the real ones), or is sent
//   as is when no such stub is pending.
// - Time does not pass: the clock is simulated, so delays fire only when their recorded
//   `xstate.after.*` event is replayed.
// - The first state that differs from the recording stops that actor's replay: "diverged at step N".
import { type AnyActorRef, type AnyStateMachine, createActor, fromPromise, SimulatedClock, type StateValue } from 'xstate';
import type { RecordedActor, RecordedEvent, Recording } from './recording.ts';

export interface ReplayStep {
  step: number;
  offset: number;
  source: string;
  eventType: string;
  before: StateValue | null;
  after: StateValue;
  expected: StateValue;
  diverged: boolean;
}

export interface ActorReplay {
  actor: RecordedActor;
  /** Null when the machine is not in the registry (the actor was not replayed). */
  machineFound: boolean;
  fromBaseline: boolean;
  steps: ReplayStep[];
  divergence: { step: number; eventType: string; expected: StateValue; actual: StateValue } | null;
  /** A replay that could not run to the end for another reason (an exception, a missing start). */
  error: string | null;
}

export interface ReplayResult {
  actors: ActorReplay[];
  ok: boolean;
}

/** A state value as one line: `loadingUser`, `{"signedIn":"idle"}`. */
export function formatState(value: StateValue | null): string {
  if (value === null) return '(none)';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function sameState(a: StateValue, b: StateValue): boolean {
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}

function canonical(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, item]) => [key, canonical(item)]),
  );
}

const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

interface Stubs {
  actors: Record<string, ReturnType<typeof fromPromise<unknown, unknown>>>;
  pending: Map<string, { resolve(value: unknown): void; reject(error: unknown): void }>;
}

function stubActors(machine: AnyStateMachine): Stubs {
  const pending: Stubs['pending'] = new Map();
  const names = Object.keys((machine.implementations.actors ?? {}) as Record<string, unknown>);
  const actors = Object.fromEntries(
    names.map((name) => [
      name,
      fromPromise<unknown, unknown>(({ self }) => new Promise((resolve, reject) => pending.set(self.id, { resolve, reject }))),
    ]),
  );
  return { actors, pending };
}

const settleKind = /^xstate\.(done|error)\.actor\.(.+)$/;

async function deliver(actor: AnyActorRef, stubs: Stubs, event: RecordedEvent['event']): Promise<void> {
  const match = settleKind.exec(event.type);
  const stub = match ? stubs.pending.get(match[2]!) : undefined;
  if (match && stub) {
    stubs.pending.delete(match[2]!);
    if (match[1] === 'done') stub.resolve(event.output);
    else stub.reject(event.error);
    // The promise settles, the child relays its done/error event, the parent processes it.
    await tick();
    await tick();
    return;
  }
  actor.send(event);
  await tick();
}

async function replayActor(machine: AnyStateMachine, recorded: RecordedActor): Promise<ActorReplay> {
  const result: ActorReplay = { actor: recorded, machineFound: true, fromBaseline: false, steps: [], divergence: null, error: null };
  const stubs = stubActors(machine);
  const logic = machine.provide({ actors: stubs.actors } as never);
  const clock = new SimulatedClock();
  const events = [...recorded.events];
  let actor: AnyActorRef;
  let before: StateValue | null = null;
  let step = 0;

  const check = (event: RecordedEvent, after: StateValue): boolean => {
    step += 1;
    const diverged = !sameState(event.state, after);
    result.steps.push({
      step,
      offset: event.offset,
      source: event.source,
      eventType: event.event.type,
      before,
      after,
      expected: event.state,
      diverged,
    });
    if (diverged) result.divergence = { step, eventType: event.event.type, expected: event.state, actual: after };
    before = after;
    return !diverged;
  };

  try {
    if (events[0]?.event.type === 'xstate.init') {
      const init = events.shift()!;
      actor = createActor(logic, { input: init.event.input, clock } as never);
      actor.start();
      await tick();
      if (!check(init, actor.getSnapshot().value)) return finish();
    } else if (recorded.baseline) {
      result.fromBaseline = true;
      const snapshot = logic.resolveState({ value: recorded.baseline.value, context: recorded.baseline.context as never });
      actor = createActor(logic, { snapshot, clock } as never);
      actor.start();
      before = actor.getSnapshot().value;
    } else {
      result.error = 'the recording has neither the start of this actor (xstate.init) nor a baseline state';
      return result;
    }
    for (const event of events) {
      if (event.event.type === 'xstate.stop') break;
      await deliver(actor, stubs, event.event);
      if (!check(event, actor.getSnapshot().value)) break;
    }
  } catch (error) {
    result.error = error instanceof Error ? error.message : String(error);
  }
  return finish();

  function finish(): ActorReplay {
    actor?.stop();
    return result;
  }
}

/** Replays every recorded machine actor; `machines` maps machine id to machine. */
export async function replayRecording(recording: Recording, machines: ReadonlyMap<string, AnyStateMachine>): Promise<ReplayResult> {
  const actors: ActorReplay[] = [];
  for (const recorded of recording.actors) {
    const machine = machines.get(recorded.machineId);
    if (!machine) {
      actors.push({ actor: recorded, machineFound: false, fromBaseline: false, steps: [], divergence: null, error: null });
      continue;
    }
    actors.push(await replayActor(machine, recorded));
  }
  return { actors, ok: actors.every((a) => a.machineFound && !a.divergence && !a.error) };
}

/** The replay as the lines the script prints. */
export function formatReplay(recording: Recording, result: ReplayResult): string[] {
  const lines = [
    `recording ${recording.appVersion}, ${recording.startedAt} to ${recording.endedAt}, ` +
      `${recording.actors.length} actor(s), ${recording.dropped} event(s) dropped by the ring buffer`,
  ];
  for (const replay of result.actors) {
    const { actor } = replay;
    const name = `${actor.machineId} (${actor.key}, id ${actor.id}${actor.systemId ? `, system id ${actor.systemId}` : ''})`;
    lines.push('', `actor ${name}`);
    if (!replay.machineFound) {
      lines.push(`  machine "${actor.machineId}" is not in the registry: not replayed`);
      continue;
    }
    if (replay.fromBaseline && actor.baseline) lines.push(`  starts from the baseline state ${formatState(actor.baseline.value)}`);
    for (const step of replay.steps) {
      const offset = `+${step.offset}ms`.padStart(9);
      const source = step.source === 'external' ? '' : `  (from ${step.source})`;
      lines.push(
        `  ${String(step.step).padStart(3)} ${offset}  ${step.eventType}${source}: ${formatState(step.before)} → ${formatState(step.after)}`,
      );
    }
    if (replay.divergence) {
      const { step, eventType, expected, actual } = replay.divergence;
      lines.push(`  diverged at step ${step} (${eventType}): expected ${formatState(expected)} got ${formatState(actual)}`);
    } else if (replay.error) {
      lines.push(`  replay failed: ${replay.error}`);
    } else {
      lines.push(`  ok: ${replay.steps.length} step(s) match the recording`);
    }
  }
  const diverged = result.actors.filter((a) => a.divergence).length;
  const missing = result.actors.filter((a) => !a.machineFound).length;
  const failed = result.actors.filter((a) => a.error).length;
  lines.push('', result.ok ? 'replay: ok' : `replay: ${diverged} diverged, ${missing} machine(s) missing, ${failed} failed`);
  return lines;
}

/**
 * The recording plus, per actor key whose replay diverged, where and how: what the replay viewer
 * marks "diverged here" (`npm run replay -- <file> --annotate`, or the viewer itself with the
 * machines bundled beside it, docs/site/replay-machines.js).
 */
export function annotateRecording(recording: Recording, result: ReplayResult): Recording & { replay: Record<string, unknown> } {
  const replay: Record<string, unknown> = {};
  for (const actor of result.actors)
    if (actor.divergence)
      replay[actor.actor.key] = {
        divergedAtStep: actor.divergence.step,
        eventType: actor.divergence.eventType,
        expected: actor.divergence.expected,
        actual: actor.divergence.actual,
      };
  return { ...recording, replay };
}
