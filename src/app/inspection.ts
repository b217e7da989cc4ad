// Development inspection of the machines: every actor created with `...inspectOptions()` in its
// createActor options is recorded (machines/inspection/recorder.ts), and Ctrl+Alt+Shift+S downloads
// the recording as inspection-<timestamp>.json for `npm run replay -- <file>` (docs/inspection.md).
// Rules:
// - On in development (`import.meta.env.DEV`); in a production build only when the page was opened
//   with `?inspect=1` once (remembered in localStorage until `?inspect=0`). Otherwise nothing is
//   recorded or loaded until a support session is started (below).
// - The recorder itself is imported lazily, so a production bundle carries only this small shim;
//   the events seen before it has loaded are queued (bounded) with their time and recorded after.
// - One recorder for the page: every actor system that spreads inspectOptions() (or is passed to
//   inspectActor() before it starts) shares it.
// - A support session (issue 12): 'Record a support session' in the user menu (offered with
//   Finance.Developer.Docs or when the flag above is on) calls startRecording(); 'Save recording'
//   calls saveRecording(), which downloads the file and ends the session. So that actors created
//   before the session are recorded too, inspectOptions() always hands out a forwarder (one call per
//   event, dropped while no session runs); the recorder gives such actors their current state as
//   the baseline. recordingActive()/onRecordingChange() drive the recording indicator.
import type { AnyActorRef, InspectionEvent } from 'xstate';
import type { Recorder } from '../../machines/inspection/recorder.ts';
import type { Recording } from '../../machines/inspection/recording.ts';

export const inspectFlagKey = 'finance-admin.inspect';
const maxEvents = 5000;

interface FlagSources {
  dev: boolean;
  search: string;
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
}

/** Whether this page records: always in development, else per the `inspect` query flag or the stored one. */
export function inspectionEnabled({ dev, search, storage }: FlagSources): boolean {
  if (dev) return true;
  const query = new URLSearchParams(search).get('inspect');
  try {
    if (query === '1') storage?.setItem(inspectFlagKey, '1');
    if (query === '0') storage?.removeItem(inspectFlagKey);
    return query === '1' || (query !== '0' && storage?.getItem(inspectFlagKey) === '1');
  } catch {
    // Storage can be unavailable (privacy mode): the query flag alone decides.
    return query === '1';
  }
}

/** inspection-2026-11-22T04-05-06Z.json: sortable, and valid on every file system. */
export function recordingFileName(date: Date): string {
  return `inspection-${date
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-')}.json`;
}

/** The Ctrl+Alt+Shift+S shortcut (by key position, so layouts and Alt-modified characters do not matter). */
export function isSaveShortcut(event: Pick<KeyboardEvent, 'ctrlKey' | 'altKey' | 'shiftKey' | 'metaKey' | 'code'>): boolean {
  return event.ctrlKey && event.altKey && event.shiftKey && !event.metaKey && event.code === 'KeyS';
}

interface Session {
  inspect: (event: InspectionEvent) => void;
  recorder: Promise<Recorder>;
}

let session: Session | null = null;
let shortcutListening = false;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

function startSession(): Session {
  const startedAt = Date.now();
  const queue: Array<[InspectionEvent, number]> = [];
  let loaded: Recorder | null = null;
  const inspect = (event: InspectionEvent) => {
    if (loaded) return loaded.inspect(event);
    if (queue.length >= maxEvents) queue.shift();
    queue.push([event, Date.now()]);
  };
  // Only the `version` key of package.json, loaded lazily (Vite's glob import; a JSON import
  // attribute would be refused by the browser in development).
  const loadVersion = Object.values(import.meta.glob<string>('../../package.json', { import: 'version' }))[0];
  const packageVersion = loadVersion ? loadVersion() : Promise.resolve('unknown');
  const recorder = Promise.all([import('../../machines/inspection/recorder.ts'), packageVersion]).then(([{ createRecorder }, version]) => {
    loaded = createRecorder({ maxEvents, startedAt, appVersion: `${version}${import.meta.env.DEV ? '-dev' : ''}` });
    for (const [event, time] of queue) loaded.record(event, time);
    queue.length = 0;
    return loaded;
  });
  if (!shortcutListening) {
    shortcutListening = true;
    window.addEventListener('keydown', (event) => {
      if (!isSaveShortcut(event)) return;
      event.preventDefault();
      void saveInspection();
    });
  }
  console.info('[inspection] recording machine events; Ctrl+Alt+Shift+S saves them (docs/inspection.md)');
  return { inspect, recorder };
}

/** Every actor gets this: it passes events on to the session while one runs. */
const forward = (event: InspectionEvent) => session?.inspect(event);
let flagChecked = false;

/** Whether the inspect flag (development, or ?inspect=1 remembered) is on for this page. */
export function inspectionFlagOn(): boolean {
  if (typeof window === 'undefined') return false;
  let storage: Storage | null = null;
  try {
    storage = window.localStorage;
  } catch {
    storage = null;
  }
  return inspectionEnabled({ dev: import.meta.env.DEV, search: window.location.search, storage });
}

/**
 * Options to spread into createActor: `createActor(logic, { ...inspectOptions(), input })`.
 * Empty where there is no page; else a forwarder that records while a session runs (from page load
 * when the flag is on, or from 'Record a support session').
 */
export function inspectOptions(): { inspect?: (event: InspectionEvent) => void } {
  if (typeof window === 'undefined') return {};
  if (!flagChecked) {
    flagChecked = true;
    if (inspectionFlagOn()) session = startSession();
  }
  return { inspect: forward };
}

/** Starts a support session (the user menu's 'Record a support session'); no-op when one runs. */
export function startRecording(): void {
  if (typeof window === 'undefined' || session) return;
  session = startSession();
  notify();
}

/** Whether a session is recording now (the recording indicator). */
export function recordingActive(): boolean {
  return session !== null;
}

/** Calls `listener` when a session starts or ends; returns the unsubscribe. */
export function onRecordingChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** 'Save recording': downloads the session's recording and ends the session. */
export async function saveRecording(): Promise<Recording | null> {
  const recording = await saveInspection();
  session = null;
  notify();
  return recording;
}

/**
 * The same for an actor that is already created but not yet started (call it before `.start()`, or
 * the start is missed): its whole actor system is recorded from now on.
 */
export function inspectActor(actor: AnyActorRef): void {
  const { inspect } = inspectOptions();
  if (inspect) actor.system.inspect(inspect);
}

/** Downloads the recording so far (for the shortcut or a debug menu); null when inspection is off. */
export async function saveInspection(): Promise<Recording | null> {
  if (!session) return null;
  const recording = (await session.recorder).save();
  const url = URL.createObjectURL(new Blob([JSON.stringify(recording, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = recordingFileName(new Date(recording.endedAt));
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  console.info(`[inspection] saved ${link.download}: ${recording.actors.length} actor(s), ${recording.dropped} event(s) dropped`);
  return recording;
}
