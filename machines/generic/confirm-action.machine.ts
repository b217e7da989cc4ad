// The 'Are you sure?' confirmation (spec 8), generic for every screen that asks one. Rules:
// - One question at a time: `confirm.request` {id, message} opens it; a second request while one is
//   open is answered no at once (`confirm.answered` {id, yes: false}), so no caller waits forever.
// - `confirm.answer` {yes} closes the open question and emits `confirm.answered` with its id; an
//   answer with no open question does nothing.
// - Pure: the dialog renders the open question, src/app/effects.ts resolves the asker's promise.
import { assign, emit, type SnapshotFrom, setup } from 'xstate';

export interface ConfirmRequest {
  id: string;
  message: string;
}

export interface ConfirmActionContext {
  request: ConfirmRequest | null;
}

export type ConfirmActionEvent = ({ type: 'confirm.request' } & ConfirmRequest) | { type: 'confirm.answer'; yes: boolean };

export type ConfirmActionEmitted = { type: 'confirm.answered'; id: string; yes: boolean };

export const confirmActionMachine = setup({
  types: { context: {} as ConfirmActionContext, events: {} as ConfirmActionEvent, emitted: {} as ConfirmActionEmitted },
  actions: {
    openQuestion: assign({ request: (_, request: ConfirmRequest) => request }),
    refuseRequest: emit((_, id: string) => ({ type: 'confirm.answered', id, yes: false }) as const),
    answerQuestion: emit(({ context }, yes: boolean) => ({ type: 'confirm.answered', id: context.request?.id ?? '', yes }) as const),
    closeQuestion: assign({ request: null }),
  },
}).createMachine({
  id: 'confirmAction',
  context: { request: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'confirm.request': {
          target: 'asking',
          actions: { type: 'openQuestion', params: ({ event }) => ({ id: event.id, message: event.message }) },
        },
      },
    },
    asking: {
      on: {
        'confirm.request': { actions: { type: 'refuseRequest', params: ({ event }) => event.id } },
        'confirm.answer': {
          target: 'idle',
          actions: [{ type: 'answerQuestion', params: ({ event }) => event.yes }, 'closeQuestion'],
        },
      },
    },
  },
});

export type ConfirmActionMachine = typeof confirmActionMachine;

/** The open question for the dialog, or null (the same object while it stays open). */
export function selectConfirmAction(snapshot: SnapshotFrom<ConfirmActionMachine>): ConfirmRequest | null {
  return snapshot.context.request;
}
