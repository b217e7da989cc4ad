// The in-app navigations (spec 2.8): the error page offers Go back only when there was a previous
// navigation inside the app. Rules:
// - Every location change is reported as `navigation.changed` with its path, the app's first load
//   included; that first one is where the user came in, not a previous navigation.
// - From the second report on there is a previous navigation, for the rest of the session.
// - Pure: no browser history is read (the browser's history may hold other sites' pages).
import { assign, type SnapshotFrom, setup } from 'xstate';

export interface NavigationHistoryContext {
  /** The path of the latest navigation (null before the first load is reported). */
  path: string | null;
}

export type NavigationHistoryEvent = { type: 'navigation.changed'; path: string };

export const navigationHistoryMachine = setup({
  types: { context: {} as NavigationHistoryContext, events: {} as NavigationHistoryEvent },
  actions: {
    rememberPath: assign({ path: (_, path: string) => path }),
  },
}).createMachine({
  id: 'navigationHistory',
  context: { path: null },
  initial: 'starting',
  states: {
    starting: {
      on: { 'navigation.changed': { target: 'firstPage', actions: { type: 'rememberPath', params: ({ event }) => event.path } } },
    },
    firstPage: {
      on: { 'navigation.changed': { target: 'navigated', actions: { type: 'rememberPath', params: ({ event }) => event.path } } },
    },
    navigated: {
      on: { 'navigation.changed': { actions: { type: 'rememberPath', params: ({ event }) => event.path } } },
    },
  },
});

export type NavigationHistoryMachine = typeof navigationHistoryMachine;

/** The view model: whether the user navigated inside the app before the current page. */
export function selectNavigationHistory(snapshot: SnapshotFrom<NavigationHistoryMachine>) {
  return { path: snapshot.context.path, hasPreviousNavigation: snapshot.matches('navigated') };
}
