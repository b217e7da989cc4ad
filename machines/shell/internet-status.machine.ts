// Internet connection status of the shell. Rules:
// - The starting status is the browser's own (input isOnline, navigator.onLine); from then on
//   `watchConnection` reports `connection.online` / `connection.offline` (browser events, and the
//   current status again when the tab becomes visible: a background tab may have slept through one).
// - Going offline shows at once (a request may be failing right now); coming back shows a short
//   'back online' notice for `backOnlineNotice`, then the status hides. Offline again during the
//   notice drops it.
// - Reports of the status already shown change nothing.
import { fromCallback, type SnapshotFrom, setup } from 'xstate';

export interface InternetStatusInput {
  isOnline: boolean;
}

export type InternetStatusEvent = { type: 'connection.online' } | { type: 'connection.offline' };

export const internetStatusMachine = setup({
  types: {
    context: {} as InternetStatusInput,
    events: {} as InternetStatusEvent,
    input: {} as InternetStatusInput,
  },
  actors: {
    watchConnection: fromCallback<InternetStatusEvent>(() => {}),
  },
  guards: {
    isOnline: ({ context }) => context.isOnline,
  },
  delays: {
    // Long enough to be read, short enough not to linger over the page.
    backOnlineNotice: 3_000,
  },
}).createMachine({
  id: 'internetStatus',
  // The context keeps only the starting status; the state is the truth afterwards.
  context: ({ input }) => ({ isOnline: input.isOnline }),
  invoke: { id: 'watchConnection', src: 'watchConnection' },
  initial: 'checking',
  states: {
    checking: {
      always: [{ guard: 'isOnline', target: 'online' }, { target: 'offline' }],
    },
    online: {
      on: { 'connection.offline': 'offline' },
    },
    offline: {
      on: { 'connection.online': 'backOnline' },
    },
    backOnline: {
      after: { backOnlineNotice: 'online' },
      on: { 'connection.offline': 'offline' },
    },
  },
});

export type InternetStatusMachine = typeof internetStatusMachine;

/** The view model of the status bar. */
export function selectInternetStatus(snapshot: SnapshotFrom<InternetStatusMachine>) {
  return { isOffline: snapshot.matches('offline'), isBackOnline: snapshot.matches('backOnline') };
}
