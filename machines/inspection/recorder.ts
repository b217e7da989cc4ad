// Records what the machine actors of the app do, from XState's inspection API, into a bounded ring
// buffer that `save()` turns into a JSON recording (see recording.ts) for scripts/replay-inspection.ts.
// Rules:
// - Pass `inspect` to createActor; every actor of that system is then seen. Only machine actors are
//   recorded: what a promise or callback actor did reaches its parent as a done/error event, and
//   that event is recorded.
// - One entry per event a machine actor processed ('@xstate.snapshot' carries the event and the
//   snapshot it led to); '@xstate.event' only tells who sent it.
// - Bounded memory: at most `maxEvents` entries; the oldest go first, and each actor keeps the
//   state it was in before its oldest kept event (its baseline) so a truncated recording still
//   replays. Actors whose events all left the buffer leave the recording too.
// - Events are redacted when they are recorded, so secrets never sit in the buffer.
// - Each event also keeps the top-level context entries it changed (redacted, each capped), for the
//   replay viewer's context diff; unchanged entries are found by reference, so nothing is copied.
// - An actor already running when recording starts (a support session started from the user menu)
//   gets the snapshot it had before its first recorded event as its baseline, so it replays too.
import type { AnyActorRef, AnyStateMachine, InspectionEvent, MachineSnapshot, StateValue } from 'xstate';
import { type RecordedActor, type RecordedEvent, type Recording, recordingFormat, recordingFormatVersion, redact } from './recording.ts';

export interface RecorderOptions {
  /** Ring buffer capacity (events across all actors). Default 2000. */
  maxEvents?: number;
  /** Written into the recording so a replay can tell which build produced it. */
  appVersion?: string;
  /** Clock in epoch milliseconds; tests pass their own. */
  now?: () => number;
  /** When the recording started (epoch ms), if before the recorder was created. Default: now(). */
  startedAt?: number;
}

export interface Recorder {
  /** The inspection callback for `createActor(logic, { inspect })`. */
  inspect: (event: InspectionEvent) => void;
  /** Same as `inspect` for an event observed earlier at `time` (epoch ms), e.g. queued before the recorder loaded. */
  record: (event: InspectionEvent, time: number) => void;
  /** The recording so far (the recorder keeps recording). */
  save: () => Recording;
  /** How many events the buffer holds now. */
  readonly size: number;
}

interface ActorMeta {
  key: string;
  ref: AnyActorRef;
  machineId: string;
  /** Events of this actor still in the buffer. */
  retained: number;
  /**
   * Snapshot after the last event that left the buffer, or, for an actor that was already running
   * when recording started, the snapshot it had before the first event recorded.
   */
  baseline: MachineSnapshot<never, never, never, never, never, never, never, never> | null;
  /** Whether any event of this actor was recorded (its start, or the first one seen). */
  seen: boolean;
  /** The context after its last recorded event (a reference: XState replaces what changes). */
  lastContext: Record<string, unknown> | null;
}

const maxChangeLength = 2000;

/**
 * The top-level context entries that differ from `before` (by reference: an assign replaces what
 * it changes), redacted, each capped so the ring buffer's memory stays bounded.
 */
function contextChanges(before: Record<string, unknown> | null, after: unknown): Record<string, unknown> | undefined {
  if (typeof after !== 'object' || after === null) return undefined;
  const changes: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(after)) {
    if (before && Object.is(before[key], value)) continue;
    const safe = redact({ [key]: value }) as Record<string, unknown>;
    const text = JSON.stringify(safe[key]) ?? 'undefined';
    changes[key] = text.length > maxChangeLength ? `[too large: ${text.length} characters]` : safe[key];
  }
  return Object.keys(changes).length ? changes : undefined;
}

interface Entry extends RecordedEvent {
  actor: ActorMeta;
  snapshot: ActorMeta['baseline'];
}

function machineOf(ref: AnyActorRef): AnyStateMachine | null {
  const logic = (ref as { logic?: unknown }).logic;
  if (typeof logic !== 'object' || logic === null) return null;
  return 'root' in logic && 'implementations' in logic && typeof (logic as { id?: unknown }).id === 'string'
    ? (logic as AnyStateMachine)
    : null;
}

const copyValue = (value: StateValue): StateValue => redact(value) as StateValue;

export function createRecorder(options: RecorderOptions = {}): Recorder {
  const maxEvents = Math.max(1, Math.floor(options.maxEvents ?? 2000));
  const now = options.now ?? Date.now;
  const startedAt = options.startedAt ?? now();
  const ring: Array<Entry | undefined> = new Array(maxEvents);
  let head = 0; // index of the oldest entry
  let size = 0;
  let seq = 0;
  let dropped = 0;
  let nextKey = 1;
  const metas = new WeakMap<AnyActorRef, ActorMeta | null>();
  const live = new Map<string, ActorMeta>(); // actors with events in the buffer, in first-seen order
  const sources = new WeakMap<object, string>();

  function metaOf(ref: AnyActorRef): ActorMeta | null {
    let meta = metas.get(ref);
    if (meta === undefined) {
      const machine = machineOf(ref);
      meta = machine
        ? { key: `a${nextKey++}`, ref, machineId: machine.id, retained: 0, baseline: null, seen: false, lastContext: null }
        : null;
      metas.set(ref, meta);
    }
    return meta;
  }

  function describeSource(source: AnyActorRef | undefined, target: AnyActorRef): string {
    if (!source) return 'external';
    if (source === target) return 'self';
    if (source === target._parent) return 'parent';
    return source.id;
  }

  function push(entry: Entry): void {
    if (size === maxEvents) {
      const oldest = ring[head]!;
      oldest.actor.baseline = oldest.snapshot;
      oldest.actor.retained -= 1;
      if (oldest.actor.retained === 0) live.delete(oldest.actor.key);
      ring[head] = entry;
      head = (head + 1) % maxEvents;
      dropped += 1;
    } else {
      ring[(head + size) % maxEvents] = entry;
      size += 1;
    }
    entry.actor.retained += 1;
    entry.actor.seen = true;
    if (!live.has(entry.actor.key)) live.set(entry.actor.key, entry.actor);
  }

  function record(inspection: InspectionEvent, time: number): void {
    if (inspection.type === '@xstate.event') {
      const target = inspection.actorRef as AnyActorRef;
      const meta = metaOf(target);
      if (!meta) return;
      sources.set(inspection.event, describeSource(inspection.sourceRef as AnyActorRef | undefined, target));
      // Recording started while this actor was running (a support session started from the menu):
      // the state it is in now, before this event, is where a replay starts.
      if (!meta.seen && inspection.event.type !== 'xstate.init') {
        meta.baseline = target.getSnapshot() as ActorMeta['baseline'];
        meta.lastContext = (meta.baseline?.context ?? null) as Record<string, unknown> | null;
      }
      return;
    }
    if (inspection.type !== '@xstate.snapshot') return;
    const ref = inspection.actorRef as AnyActorRef;
    const actor = metaOf(ref);
    if (!actor) return;
    const snapshot = inspection.snapshot as Entry['snapshot'] & {};
    const status = inspection.event.type === 'xstate.stop' ? 'stopped' : snapshot.status;
    seq += 1;
    const changes = contextChanges(actor.lastContext, snapshot.context);
    actor.lastContext = (snapshot.context ?? null) as Record<string, unknown> | null;
    push({
      seq,
      offset: Math.max(0, time - startedAt),
      source: sources.get(inspection.event) ?? 'external',
      event: redact(inspection.event) as RecordedEvent['event'],
      state: copyValue(snapshot.value),
      ...(status === 'active' ? {} : { status }),
      ...(changes ? { contextChanges: changes } : {}),
      actor,
      snapshot,
    });
  }

  function save(): Recording {
    const events = new Map<string, RecordedEvent[]>();
    for (let i = 0; i < size; i += 1) {
      const { actor, snapshot: _snapshot, ...event } = ring[(head + i) % maxEvents]!;
      const list = events.get(actor.key) ?? [];
      list.push(event);
      events.set(actor.key, list);
    }
    const actors: RecordedActor[] = [...live.values()].map((meta) => ({
      key: meta.key,
      id: meta.ref.id,
      systemId: (meta.ref as { systemId?: string }).systemId ?? null,
      machineId: meta.machineId,
      parent: meta.ref._parent ? (metas.get(meta.ref._parent)?.key ?? null) : null,
      ...(meta.baseline ? { baseline: { value: copyValue(meta.baseline.value), context: redact(meta.baseline.context) } } : {}),
      events: events.get(meta.key) ?? [],
    }));
    return {
      format: recordingFormat,
      formatVersion: recordingFormatVersion,
      appVersion: options.appVersion ?? 'unknown',
      startedAt: new Date(startedAt).toISOString(),
      endedAt: new Date(now()).toISOString(),
      machines: [...new Set(actors.map((actor) => actor.machineId))].sort(),
      maxEvents,
      dropped,
      actors,
    };
  }

  return {
    inspect: (event) => record(event, now()),
    record,
    save,
    get size() {
      return size;
    },
  };
}
