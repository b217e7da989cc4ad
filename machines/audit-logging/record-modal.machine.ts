// A modal that shows one record loaded on open (spec 2.6: the audit log Detail modal, the entity
// change modal for 'Change Details' and 'Full Change History'). Rules:
// - `modal.open` {request} opens the modal at once in `loading` and asks the named actor
//   `loadRecord` for the record; opening another record while one loads replaces the request (the
//   older one is stopped, so only the latest answer counts).
// - A failure stays in the modal (`failed`, with the error) so the user can `modal.retry` or close.
// - `modal.close` closes from anywhere and forgets the record; the view returns focus to the row.
import { assign, fromPromise, type SnapshotFrom, setup } from 'xstate';

export interface RecordModalContext {
  request: unknown;
  record: unknown;
  error: unknown;
}

export type RecordModalEvent = { type: 'modal.open'; request: unknown } | { type: 'modal.close' } | { type: 'modal.retry' };

const notProvided = (name: string) => () => Promise.reject(new Error(`actor ${name} is not provided`));

export const recordModalMachine = setup({
  types: {
    context: {} as RecordModalContext,
    events: {} as RecordModalEvent,
  },
  actors: {
    loadRecord: fromPromise<unknown, unknown>(notProvided('loadRecord')),
  },
  actions: {
    forget: assign({ request: null, record: null, error: null }),
  },
}).createMachine({
  id: 'recordModal',
  context: { request: null, record: null, error: null },
  on: {
    'modal.open': {
      target: '.loading',
      reenter: true,
      actions: assign({ request: ({ event }) => event.request, record: null, error: null }),
    },
  },
  initial: 'closed',
  states: {
    closed: {},
    loading: {
      invoke: {
        id: 'loadRecord',
        src: 'loadRecord',
        input: ({ context }: { context: RecordModalContext }) => context.request,
        onDone: { target: 'shown', actions: assign({ record: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => event.error }) },
      },
      on: { 'modal.close': { target: 'closed', actions: 'forget' } },
    },
    shown: {
      on: { 'modal.close': { target: 'closed', actions: 'forget' } },
    },
    failed: {
      on: {
        'modal.retry': { target: 'loading', actions: assign({ error: null }) },
        'modal.close': { target: 'closed', actions: 'forget' },
      },
    },
  },
});

export type RecordModalMachine = typeof recordModalMachine;

export function selectRecordModal<TRecord = unknown, TRequest = unknown>(snapshot: SnapshotFrom<RecordModalMachine>) {
  return {
    isOpen: !snapshot.matches('closed'),
    isLoading: snapshot.matches('loading'),
    hasFailed: snapshot.matches('failed'),
    request: snapshot.context.request as TRequest | null,
    record: snapshot.context.record as TRecord | null,
  };
}
