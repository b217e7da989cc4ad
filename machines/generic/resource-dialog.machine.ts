// Which dialog of a resource screen is open (issue 9 resource kit): the create/edit form, the
// permission modal, or one of the screen's own row dialogs (claims, set password, lock, …), for which
// record. Rules:
// - `dialog.open` {dialog, id} opens one dialog (id null: create); while one is open another open is
//   ignored (one modal at a time, no stacked forms).
// - `dialog.closed` (the dialog ended without a change) closes it and nothing else happens.
// - `dialog.saved` (the dialog changed the record) closes it and emits `dialog.saved` {dialog, id}:
//   the screen shows 'Saved successfully' and refreshes its list.
// - `dialog.openedAt` counts the openings so a dialog reopened for the same record starts afresh
//   (the view mounts a new dialog, and with it a new machine, per opening).
import { assign, emit, type SnapshotFrom, setup } from 'xstate';

export interface ResourceDialogContext {
  dialog: string | null;
  id: string | null;
  openings: number;
}

export type ResourceDialogEvent =
  | { type: 'dialog.open'; dialog: string; id: string | null }
  | { type: 'dialog.closed' }
  | { type: 'dialog.saved' };

export type ResourceDialogEmitted = { type: 'dialog.saved'; dialog: string; id: string | null };

export const resourceDialogMachine = setup({
  types: {
    context: {} as ResourceDialogContext,
    events: {} as ResourceDialogEvent,
    emitted: {} as ResourceDialogEmitted,
  },
  actions: {
    forget: assign({ dialog: null, id: null }),
    reportSaved: emit(({ context }) => ({ type: 'dialog.saved', dialog: context.dialog ?? '', id: context.id }) as const),
  },
}).createMachine({
  id: 'resourceDialog',
  context: { dialog: null, id: null, openings: 0 },
  initial: 'closed',
  states: {
    closed: {
      on: {
        'dialog.open': {
          target: 'open',
          actions: assign(({ context, event }) => ({ dialog: event.dialog, id: event.id, openings: context.openings + 1 })),
        },
      },
    },
    open: {
      on: {
        'dialog.closed': { target: 'closed', actions: 'forget' },
        'dialog.saved': { target: 'closed', actions: ['reportSaved', 'forget'] },
      },
    },
  },
});

export type ResourceDialogMachine = typeof resourceDialogMachine;

export interface ResourceDialogView {
  /** The open dialog's name ('form', 'permissions' or a row dialog's id), null when none is open. */
  dialog: string | null;
  id: string | null;
  /** A key that changes with each opening (mount a fresh dialog per opening). */
  key: string;
}

export function selectResourceDialog(snapshot: SnapshotFrom<ResourceDialogMachine>): ResourceDialogView {
  const { dialog, id, openings } = snapshot.context;
  return { dialog, id, key: `${dialog ?? ''}:${id ?? 'new'}:${openings}` };
}
