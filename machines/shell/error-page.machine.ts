// The full-page HTTP error screen (spec 2.8, 8): code, status text and detail text. Rules:
// - The status comes from the `status` query parameter (input, as given). 401, 403, 404 and 500
//   are shown as such; anything else (missing, not a number, 400, 502...) is shown as 500: the page
//   has texts for those four only, and "something went wrong" is true of any failure, whereas 404
//   would claim the address does not exist.
// - 'Go back' is offered only after a previous navigation and never for 403 (going back to a page
//   the user may not see would only fail again). For 404 it emits `retryNavigation` (re-run the
//   current navigation: the page may exist by now); otherwise `navigateBack`.
// - 'Go to home page' emits `navigate` to '/'.
// - The machine only decides; the router performs the emitted navigation. It stays on the page, so
//   a retried 404 that fails again is still answerable.
import { emit, type SnapshotFrom, setup } from 'xstate';

export type ErrorStatus = 401 | 403 | 404 | 500;

export interface ErrorPageInput {
  /** The `status` query parameter as read (string), or a status the caller knows (number). */
  status: string | number | null | undefined;
  hasPreviousNavigation: boolean;
}

export interface ErrorPageContext {
  status: ErrorStatus;
  hasPreviousNavigation: boolean;
}

export type ErrorPageEvent = { type: 'errorPage.goBack' } | { type: 'errorPage.goHome' };

export type ErrorPageEmitted = { type: 'retryNavigation' } | { type: 'navigateBack' } | { type: 'navigate'; url: string };

const shownStatuses: readonly ErrorStatus[] = [401, 403, 404, 500];

/** The status the page shows for a query parameter value. */
export function errorStatus(value: string | number | null | undefined): ErrorStatus {
  const status = typeof value === 'number' ? value : Number(value?.trim() || Number.NaN);
  return (shownStatuses as readonly number[]).includes(status) ? (status as ErrorStatus) : 500;
}

function hasWayBack(context: ErrorPageContext): boolean {
  return context.hasPreviousNavigation && context.status !== 403;
}

export const errorPageMachine = setup({
  types: {
    context: {} as ErrorPageContext,
    events: {} as ErrorPageEvent,
    input: {} as ErrorPageInput,
    emitted: {} as ErrorPageEmitted,
  },
  guards: {
    isRetryable: ({ context }) => hasWayBack(context) && context.status === 404,
    hasWayBack: ({ context }) => hasWayBack(context),
  },
}).createMachine({
  id: 'errorPage',
  context: ({ input }) => ({ status: errorStatus(input.status), hasPreviousNavigation: input.hasPreviousNavigation }),
  initial: 'shown',
  states: {
    shown: {
      on: {
        'errorPage.goBack': [
          { guard: 'isRetryable', actions: emit({ type: 'retryNavigation' }) },
          { guard: 'hasWayBack', actions: emit({ type: 'navigateBack' }) },
        ],
        'errorPage.goHome': { actions: emit({ type: 'navigate', url: '/' }) },
      },
    },
  },
});

export type ErrorPageMachine = typeof errorPageMachine;

/** The view model of the error page (text keys of src/i18n: error.{code}.title / .detail). */
export function selectErrorPage(snapshot: SnapshotFrom<ErrorPageMachine>) {
  const { status } = snapshot.context;
  return {
    code: status,
    statusTextKey: `error.${status}.title` as const,
    detailTextKey: `error.${status}.detail` as const,
    canGoBack: hasWayBack(snapshot.context),
  };
}
