// A row's mutation (delete, or any other server action on one record) in a list (issue 9 resource
// kit; spec 8), generic for every list screen. The screen's spec decides which actions a row offers
// and with which permission; this machine runs the chosen one. Rules:
// - One mutation at a time: `action.request` while one is being confirmed or run is ignored.
// - An action that asks first (`confirm`) waits in `confirming` for 'Are you sure?' (`action.confirm`
//   / `action.cancel`); others run at once through `runAction` {action, id}.
// - Success emits `action.succeeded` {action, id} (the view shows the spec's toast, e.g.
//   'Successfully deleted'), `list.refresh`, then `focus.after` naming where the keyboard focus goes:
//   after a delete the next row, else the previous one, else the list heading (null), so a keyboard
//   user is never dropped at the top of the page; after another action the same row.
// - A failure emits `action.failed` {action, message} with the server's message when it sent one.
import { assign, emit, fromPromise, type SnapshotFrom, setup } from 'xstate';

export interface RowActionRequest {
  action: string;
  id: string;
  /** Asks 'Are you sure?' first. */
  confirm: boolean;
  /** A delete: the row goes away, so focus moves (see the rules). */
  removesRow: boolean;
  /** The ids of the rows shown, in order (for the focus after a delete). */
  rowIds: string[];
}

export interface RowActionContext {
  request: RowActionRequest | null;
}

export type RowActionEvent = ({ type: 'action.request' } & RowActionRequest) | { type: 'action.confirm' } | { type: 'action.cancel' };

export type RowActionEmitted =
  | { type: 'action.succeeded'; action: string; id: string }
  | { type: 'action.failed'; action: string; message: string | null }
  | { type: 'list.refresh' }
  | { type: 'focus.after'; id: string | null };

function notProvided(name: string) {
  return () => Promise.reject(new Error(`actor ${name} is not provided`));
}

/** The row that takes the focus when `id` goes away: the next, else the previous, else none (the heading). */
export function focusAfterRemoval(rowIds: readonly string[], id: string): string | null {
  const index = rowIds.indexOf(id);
  if (index === -1) return null;
  return rowIds[index + 1] ?? rowIds[index - 1] ?? null;
}

function failureMessage(error: unknown): string | null {
  const message = (error as { data?: { error?: { message?: unknown } } } | null)?.data?.error?.message;
  return typeof message === 'string' && message !== '' ? message : null;
}

export const rowActionMachine = setup({
  types: { context: {} as RowActionContext, events: {} as RowActionEvent, emitted: {} as RowActionEmitted },
  actors: {
    runAction: fromPromise<unknown, { action: string; id: string }>(notProvided('runAction')),
  },
  guards: {
    asksFirst: (_, request: RowActionRequest) => request.confirm,
  },
  actions: {
    remember: assign({ request: (_, request: RowActionRequest) => request }),
    forget: assign({ request: null }),
  },
}).createMachine({
  id: 'rowAction',
  context: { request: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'action.request': [
          {
            guard: { type: 'asksFirst', params: ({ event }) => event },
            target: 'confirming',
            actions: { type: 'remember', params: ({ event }) => requestOf(event) },
          },
          { target: 'running', actions: { type: 'remember', params: ({ event }) => requestOf(event) } },
        ],
      },
    },
    confirming: {
      on: { 'action.confirm': 'running', 'action.cancel': { target: 'idle', actions: 'forget' } },
    },
    running: {
      invoke: {
        id: 'runAction',
        src: 'runAction',
        input: ({ context }) => ({ action: context.request?.action ?? '', id: context.request?.id ?? '' }),
        onDone: {
          target: 'idle',
          actions: [
            emit(
              ({ context }) =>
                ({ type: 'action.succeeded', action: context.request?.action ?? '', id: context.request?.id ?? '' }) as const,
            ),
            emit({ type: 'list.refresh' } as const),
            emit(({ context }) =>
              context.request?.removesRow
                ? ({ type: 'focus.after', id: focusAfterRemoval(context.request.rowIds, context.request.id) } as const)
                : ({ type: 'focus.after', id: context.request?.id ?? null } as const),
            ),
            'forget',
          ],
        },
        onError: {
          target: 'idle',
          actions: [
            emit(
              ({ context, event }) =>
                ({ type: 'action.failed', action: context.request?.action ?? '', message: failureMessage(event.error) }) as const,
            ),
            'forget',
          ],
        },
      },
    },
  },
});

function requestOf(event: { type: 'action.request' } & RowActionRequest): RowActionRequest {
  return { action: event.action, id: event.id, confirm: event.confirm, removesRow: event.removesRow, rowIds: event.rowIds };
}

export type RowActionMachine = typeof rowActionMachine;

export interface RowActionView {
  phase: 'idle' | 'confirming' | 'running';
  /** The action being confirmed or run, and on which row. */
  pending: { action: string; id: string } | null;
  /** Row actions are offered (none while one is in flight). */
  canAct: boolean;
}

export function selectRowAction(snapshot: SnapshotFrom<RowActionMachine>): RowActionView {
  const request = snapshot.context.request;
  const phase = snapshot.value as RowActionView['phase'];
  return { phase, pending: request ? { action: request.action, id: request.id } : null, canAct: phase === 'idle' };
}
