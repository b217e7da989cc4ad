// Sign-in lifecycle of the SPA for the authorization-code flow (foundation version: refresh, idle
// countdown and the password flow arrive as their own machines later). Rules:
// - The machine decides, the named actors act: it never touches the URL bar, storage or the network.
// - On start it either completes a sign-in (the address carries `code` and `state`) or loads the
//   stored session; then the application configuration is loaded with the access token, and only a
//   configuration that says the caller is authenticated counts as signed in.
// - A redirect to the identity server that has not left the page after `redirectTimeout` (the user
//   came back through the back/forward cache, or the browser blocked it) falls back to signed out.
//   Until then the machine waits: showing "signed out" while the browser is still leaving would
//   invite a click that cancels the navigation (the end of the server session above all).
// - A failed sign-out keeps the user signed in and says so: pretending the session ended while its
//   tokens still work is worse than an honest error.
// - The authorization response is removed from the address bar (emitted `navigation.replace`), so a
//   reload never replays a used code.
// - A sign-in may carry a returnUrl (a guarded route sent the user to login); it travels with the
//   authorization request and, after the callback, the app goes back there. Only same-origin paths
//   are followed (an absolute or protocol-relative URL would be an open redirect).
import { assign, emit, enqueueActions, fromPromise, setup } from 'xstate';
import type { ApplicationConfiguration } from '../../src/api/application-configuration.ts';

/** What the machine keeps of the signed-in user's tokens. */
export interface AuthSession {
  accessToken: string;
  idToken: string | null;
}

export type AuthError =
  | 'callbackFailed'
  | 'loadUserFailed'
  | 'configurationFailed'
  | 'notAuthenticated'
  | 'redirectFailed'
  | 'signOutFailed'
  | 'logoutRedirectFailed';

export interface AuthInput {
  /** The page address when the app starts (the callback carries code and state). */
  location: string;
  /** The UI culture before the configuration has been read (the browser's language). */
  culture: string;
}

export interface AuthContext {
  location: string;
  culture: string;
  session: AuthSession | null;
  configuration: ApplicationConfiguration | null;
  error: AuthError | null;
  /** Where the pending sign-in should come back to (a same-origin path), if anywhere. */
  returnUrl: string | null;
}

export type AuthEvent = { type: 'auth.signIn'; returnUrl?: string } | { type: 'auth.signOut' };

/** What the callback gives back: the session and the returnUrl the sign-in started with. */
export type CallbackResult = AuthSession & { returnUrl?: string | null };

export type AuthEmitted = { type: 'navigation.replace'; url: string };

/** The address without the authorization response parameters, keeping everything else. */
export function withoutAuthorizationResponse(location: string): string {
  const url = new URL(location);
  for (const name of ['code', 'state', 'session_state', 'iss', 'error', 'error_description']) url.searchParams.delete(name);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** A same-origin path ('/dashboard?x=1'), or null for anything else. */
export function safeReturnUrl(value: string | null | undefined): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}

function hasCodeAndState(location: string): boolean {
  const { searchParams } = new URL(location);
  return searchParams.has('code') && searchParams.has('state');
}

// Placeholders: the real effects are supplied in src/app/system.ts and fakes in the tests.
const notProvided = (name: string) => () => Promise.reject(new Error(`actor ${name} is not provided`));

export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
    input: {} as AuthInput,
    emitted: {} as AuthEmitted,
  },
  actors: {
    loadUser: fromPromise<AuthSession | null>(notProvided('loadUser')),
    handleCallback: fromPromise<CallbackResult, { location: string }>(notProvided('handleCallback')),
    startSignIn: fromPromise<void, { culture: string; returnUrl: string | null }>(notProvided('startSignIn')),
    signOut: fromPromise<void, { session: AuthSession; culture: string }>(notProvided('signOut')),
    loadConfiguration: fromPromise<ApplicationConfiguration, { accessToken: string; culture: string }>(notProvided('loadConfiguration')),
  },
  guards: {
    hasAuthorizationResponse: ({ context }) => hasCodeAndState(context.location),
    hasSession: (_, session: AuthSession | null) => session !== null,
    isAuthenticated: (_, configuration: ApplicationConfiguration) => configuration.currentUser.isAuthenticated,
  },
  delays: {
    // Long enough for a slow identity server to answer the redirect, short enough for a user to wait.
    redirectTimeout: 15_000,
  },
}).createMachine({
  id: 'auth',
  context: ({ input }) => ({
    location: input.location,
    culture: input.culture,
    session: null,
    configuration: null,
    error: null,
    returnUrl: null,
  }),
  initial: 'checking',
  states: {
    checking: {
      always: [{ guard: 'hasAuthorizationResponse', target: 'completingSignIn' }, { target: 'loadingUser' }],
    },
    loadingUser: {
      invoke: {
        id: 'loadUser',
        src: 'loadUser',
        onDone: [
          {
            guard: { type: 'hasSession', params: ({ event }) => event.output },
            target: 'loadingConfiguration',
            actions: assign({ session: ({ event }) => event.output }),
          },
          { target: 'signedOut' },
        ],
        onError: { target: 'signedOut', actions: assign({ error: 'loadUserFailed' }) },
      },
    },
    completingSignIn: {
      // Whatever the outcome, the used code leaves the address bar.
      exit: emit(({ context }) => ({ type: 'navigation.replace', url: withoutAuthorizationResponse(context.location) }) as const),
      invoke: {
        id: 'handleCallback',
        src: 'handleCallback',
        input: ({ context }) => ({ location: context.location }),
        onDone: {
          target: 'loadingConfiguration',
          actions: [
            assign({ session: ({ event }) => ({ accessToken: event.output.accessToken, idToken: event.output.idToken }) }),
            // After the exit's clean address: back to where the guarded route was asked for.
            enqueueActions(({ enqueue, event }) => {
              const url = safeReturnUrl(event.output.returnUrl);
              if (url) enqueue.emit({ type: 'navigation.replace', url });
            }),
          ],
        },
        onError: { target: 'signedOut', actions: assign({ error: 'callbackFailed' }) },
      },
    },
    loadingConfiguration: {
      invoke: {
        id: 'loadConfiguration',
        src: 'loadConfiguration',
        input: ({ context }) => ({ accessToken: context.session?.accessToken ?? '', culture: context.culture }),
        onDone: [
          {
            guard: { type: 'isAuthenticated', params: ({ event }) => event.output },
            target: 'signedIn',
            actions: assign({
              configuration: ({ event }) => event.output,
              culture: ({ event }) => event.output.localization.currentCulture.cultureName,
              error: null,
            }),
          },
          // The server refused the stored token (revoked, expired): the session is over.
          { target: 'signedOut', actions: assign({ session: null, error: 'notAuthenticated' }) },
        ],
        onError: { target: 'signedOut', actions: assign({ session: null, error: 'configurationFailed' }) },
      },
    },
    signedOut: {
      entry: assign({ session: null, configuration: null }),
      on: {
        'auth.signIn': {
          target: 'redirectingToLogin',
          actions: assign({ error: null, returnUrl: ({ event }) => safeReturnUrl(event.returnUrl) }),
        },
      },
    },
    redirectingToLogin: {
      invoke: {
        id: 'startSignIn',
        src: 'startSignIn',
        input: ({ context }) => ({ culture: context.culture, returnUrl: context.returnUrl }),
        onError: { target: 'signedOut', actions: assign({ error: 'redirectFailed' }) },
      },
      after: { redirectTimeout: { target: 'signedOut', actions: assign({ error: 'redirectFailed' }) } },
    },
    signedIn: {
      on: { 'auth.signOut': { target: 'signingOut', actions: assign({ error: null }) } },
    },
    signingOut: {
      invoke: {
        id: 'signOut',
        src: 'signOut',
        input: ({ context }) => ({ session: context.session as AuthSession, culture: context.culture }),
        onDone: { target: 'redirectingToLogout' },
        onError: { target: 'signedIn', actions: assign({ error: 'signOutFailed' }) },
      },
    },
    redirectingToLogout: {
      // The tokens are revoked and forgotten; the browser is on its way to the end-session endpoint.
      entry: assign({ session: null, configuration: null }),
      after: { redirectTimeout: { target: 'signedOut', actions: assign({ error: 'logoutRedirectFailed' }) } },
    },
  },
});

export type AuthMachine = typeof authMachine;
