// The inspection recording format and the redaction every recorded value goes through. Rules:
// - Framework-free and JSON-only: a recording is what the app saves and what the replay script reads.
// - Secrets never enter a recording: any key matching `secretKey` becomes '[redacted]', and the
//   authorization response in an address (`code`, `state`, tokens in a query or fragment) keeps its
//   parameter names but loses its values, so guards that look for them still hold on replay.
// - Values are copied to plain JSON with a depth limit; cycles, functions and actor references
//   become short markers instead of failing the recording.
import type { StateValue } from 'xstate';

export const recordingFormat = 'finance-admin.inspection';
export const recordingFormatVersion = 1;
export const redacted = '[redacted]';

export const secretKey = /token|password|secret|code_verifier|authorization/i;
const secretParameter = /([?&#](?:code|state|session_state|code_verifier|[a-z_]*token|password|secret)=)[^&#\s"]*/gi;

/** One event a machine actor processed, with the state it led to. */
export interface RecordedEvent {
  /** Global order across all actors of the recording. */
  seq: number;
  /** Milliseconds since the recording started. */
  offset: number;
  /** Who sent it: 'external' (actor.send from outside), 'self', 'parent', or the sender's actor id. */
  source: string;
  /** The event, redacted: `type` plus its payload. */
  event: { type: string; [key: string]: unknown };
  /** The state value after the event. */
  state: StateValue;
  /** The actor's status after the event when it is not 'active'. */
  status?: 'done' | 'error' | 'stopped';
  /**
   * The top-level context entries this event changed, redacted, with their new values (all of
   * them for an actor's first recorded event); an entry whose JSON passes 2,000 characters is
   * `'[too large: N characters]'`. Absent when nothing changed.
   */
  contextChanges?: Record<string, unknown>;
}

/** A machine actor and the events it processed that are still in the recording. */
export interface RecordedActor {
  /** Recording-local key (a1, a2, ...): unique even across separate actor systems. */
  key: string;
  /** The actor's id (the invoke id for an invoked machine) and its system id, when any. */
  id: string;
  systemId: string | null;
  machineId: string;
  /** Key of the parent actor when it is recorded too. */
  parent: string | null;
  /**
   * When older events were dropped by the ring buffer: the state (and redacted context) the actor
   * was in before its first recorded event, so a replay can start from there.
   */
  baseline?: { value: StateValue; context: unknown };
  events: RecordedEvent[];
}

export interface Recording {
  format: typeof recordingFormat;
  formatVersion: typeof recordingFormatVersion;
  appVersion: string;
  startedAt: string;
  endedAt: string;
  /** Ids of the machines the recorded actors run, sorted. */
  machines: string[];
  /** Ring buffer capacity, and how many events it dropped (oldest first). */
  maxEvents: number;
  dropped: number;
  actors: RecordedActor[];
}

function scrubString(value: string): string {
  return value.includes('=') ? value.replace(secretParameter, `$1${redacted}`) : value;
}

function isActorRef(value: object): value is { id: string; sessionId: string } {
  return 'sessionId' in value && 'send' in value && typeof (value as { send: unknown }).send === 'function';
}

/** A plain JSON copy of `value` with secrets redacted. */
export function redact(value: unknown, depth = 10, seen = new WeakSet<object>()): unknown {
  if (value === null || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value === 'string') return scrubString(value);
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'undefined') return undefined;
  if (typeof value === 'function') return '[function]';
  if (typeof value === 'symbol') return value.toString();
  if (value instanceof Error) return { name: value.name, message: scrubString(value.message) };
  if (value instanceof Date) return value.toISOString();
  if (seen.has(value)) return '[circular]';
  if (isActorRef(value)) return `[actor ${value.id}]`;
  if (depth <= 0) return '[too deep]';
  seen.add(value);
  try {
    if (Array.isArray(value)) return value.map((item) => redact(item, depth - 1, seen) ?? null);
    if (value instanceof Map) return redact(Object.fromEntries(value), depth, seen);
    if (value instanceof Set) return redact([...value], depth, seen);
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      const clean = secretKey.test(key) ? redacted : redact(item, depth - 1, seen);
      if (clean !== undefined) copy[key] = clean;
    }
    return copy;
  } finally {
    seen.delete(value);
  }
}

/** Reads and checks a recording (the replay script's input). */
export function parseRecording(text: string): Recording {
  const data = JSON.parse(text) as Partial<Recording>;
  if (data.format !== recordingFormat) throw new Error(`not an inspection recording (format ${JSON.stringify(data.format)})`);
  if (data.formatVersion !== recordingFormatVersion) {
    throw new Error(`unsupported recording format version ${data.formatVersion} (this replay reads ${recordingFormatVersion})`);
  }
  if (!Array.isArray(data.actors)) throw new Error('recording has no actors');
  return data as Recording;
}
