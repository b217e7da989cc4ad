// Helpers for the shell machines' test models: the concrete actor results a model lists, and one
// way of naming events in docs and test titles. Rules: a done event carries the actor's output, a
// failure a plain error text, so the traversal (which serializes snapshots) stays deterministic.
import type { EventObject } from 'xstate';

export const done = (id: string, output: unknown): EventObject => ({ type: `xstate.done.actor.${id}`, output }) as EventObject;
export const failed = (id: string): EventObject => ({ type: `xstate.error.actor.${id}`, error: `${id} failed` }) as EventObject;

/** "loadTheme → \"dark\"", "saveTheme fails", "after filterDebounce", or the event with its payload. */
export function describeEvent(event: EventObject): string {
  const [prefix, kind, , ...rest] = event.type.split('.');
  if (prefix === 'xstate' && kind === 'error') return `${rest.join('.')} fails`;
  if (prefix === 'xstate' && kind === 'after') return `${event.type.split('.')[2]} elapses`;
  if (prefix === 'xstate' && kind === 'done') {
    const output = (event as { output?: unknown }).output;
    return output === undefined ? `${rest.join('.')} succeeds` : `${rest.join('.')} → ${JSON.stringify(output)}`;
  }
  const { type, ...payload } = event;
  const values = Object.values(payload);
  return values.length ? `${type} ${values.map((value) => JSON.stringify(value)).join(' ')}` : type;
}
