// The test model of a row action: a delete that asks first (confirmed, cancelled) on the middle,
// last and only row, an action that runs at once, a second request while one is open, success and
// failure with the server's message or without one (network failure, empty or non-text message).
import type { EventObject } from 'xstate';
import { describeEvent, done } from '../shell/model-events.ts';
import type { MachineModel } from '../testing/model-paths.ts';
import { type RowActionEvent, rowActionMachine } from './row-action.machine.ts';

export const actionRefusal = { data: { error: { message: 'A static claim type cannot be deleted.' } } };

const events: Array<RowActionEvent | EventObject> = [
  { type: 'action.request', action: 'delete', id: 'b', confirm: true, removesRow: true, rowIds: ['a', 'b', 'c'] },
  { type: 'action.request', action: 'delete', id: 'c', confirm: true, removesRow: true, rowIds: ['a', 'b', 'c'] },
  { type: 'action.request', action: 'delete', id: 'a', confirm: true, removesRow: true, rowIds: ['a'] },
  { type: 'action.request', action: 'unlock', id: 'a', confirm: false, removesRow: false, rowIds: ['a', 'b'] },
  // A row no longer on the page (the list refreshed meanwhile): the focus goes to the heading.
  { type: 'action.request', action: 'delete', id: 'z', confirm: false, removesRow: true, rowIds: ['a', 'b'] },
  { type: 'action.confirm' },
  { type: 'action.cancel' },
  done('runAction', undefined),
  { type: 'xstate.error.actor.runAction', error: actionRefusal } as EventObject,
  // No message to show: the network failed, or the envelope's message is empty or not text.
  { type: 'xstate.error.actor.runAction', error: new TypeError('Failed to fetch') } as EventObject,
  { type: 'xstate.error.actor.runAction', error: { data: { error: { message: '' } } } } as EventObject,
  { type: 'xstate.error.actor.runAction', error: { data: { error: { message: 42 } } } } as EventObject,
  { type: 'xstate.error.actor.runAction', error: null } as EventObject,
];

export const rowActionModel: MachineModel<typeof rowActionMachine> = {
  machine: rowActionMachine,
  scenarios: [{ name: 'list', input: undefined }],
  events,
  // Where the focus goes after a delete depends on the row it ran on: each request gets its own paths.
  pathPerSourceContext: true,
  describeEvent(event) {
    if (event.type === 'action.request') {
      const request = event as unknown as { action: string; id: string; rowIds: string[] };
      return `${request.action} ${request.id} of [${request.rowIds.join(',')}]`;
    }
    if (event.type === 'xstate.error.actor.runAction') {
      const error = (event as { error?: unknown }).error;
      if (error === actionRefusal) return 'runAction refused';
      return `runAction fails (${error instanceof Error ? error.message : JSON.stringify(error)})`;
    }
    return describeEvent(event);
  },
};
