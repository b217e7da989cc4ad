// The page loader and the loading bar of the shell (spec 2.3, 9). Rules:
// - The full-page loader is visible at start and removed `pageLoaderDelay` (500 ms) after start,
//   whatever else happens: it covers the first paint, not the requests.
// - The loading bar counts navigation and request starts and ends (`loader.start` / `loader.stop`)
//   and is visible while more have started than ended, so overlapping requests show one bar that
//   stays until the last one ends. A stop without a start (a request that began before the machine)
//   is ignored: the count never goes below zero.
import { assign, type SnapshotFrom, setup } from 'xstate';

export interface PageLoaderContext {
  /** Started and not yet ended. */
  pending: number;
}

export type PageLoaderEvent = { type: 'loader.start' } | { type: 'loader.stop' };

export const pageLoaderMachine = setup({
  types: {
    context: {} as PageLoaderContext,
    events: {} as PageLoaderEvent,
  },
  guards: {
    isLastPending: ({ context }) => context.pending <= 1,
  },
  delays: {
    pageLoaderDelay: 500,
  },
}).createMachine({
  id: 'pageLoader',
  context: { pending: 0 },
  type: 'parallel',
  states: {
    page: {
      initial: 'visible',
      states: {
        visible: { after: { pageLoaderDelay: 'removed' } },
        removed: {},
      },
    },
    bar: {
      initial: 'idle',
      states: {
        idle: {
          on: { 'loader.start': { target: 'active', actions: assign({ pending: 1 }) } },
        },
        active: {
          on: {
            'loader.start': { actions: assign({ pending: ({ context }) => context.pending + 1 }) },
            'loader.stop': [
              { guard: 'isLastPending', target: 'idle', actions: assign({ pending: 0 }) },
              { actions: assign({ pending: ({ context }) => context.pending - 1 }) },
            ],
          },
        },
      },
    },
  },
});

export type PageLoaderMachine = typeof pageLoaderMachine;

/** The view model: whether the page loader and the loading bar show. */
export function selectPageLoader(snapshot: SnapshotFrom<PageLoaderMachine>) {
  return { isPageLoaderVisible: snapshot.matches({ page: 'visible' }), isLoadingBarVisible: snapshot.matches({ bar: 'active' }) };
}
