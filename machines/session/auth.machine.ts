// Sign-in lifecycle of the SPA, for both flows (spec 4.1, 5, 8): the authorization-code flow with
// PKCE (`flow: 'code'`, the default) and the password flow (in-app /account/login). Rules:
// - The machine decides, the named actors act: it never touches the URL bar, storage or the network;
//   tokens are stored and cleared through emitted `tokens.store` / `tokens.clear`.
// - On start: a code-flow callback (code and state in the address) is completed; otherwise the stored
//   session is read. Tokens of another client id are cleared. A page opened with handler=linkLogin
//   runs the link-login child machine. An expired access token: remember_me off → the session is
//   revoked and cleared (logged out); else a refresh token → refreshed; else cleared. A failed refresh
//   clears the tokens and sends the user to login.
// - The configuration is loaded with the access token; only an authenticated user with an id counts
//   as signed in; otherwise the stored tokens are cleared (spec 5). Signed out, the configuration is
//   loaded anonymously (the account pages need tenancy, languages and settings).
// - Signed in, the session is renewed shortly before it expires when a refresh token exists; without
//   one it ends at expiry. A failed renewal clears the tokens and sends the user to login.
// - Signed in, `auth.reloadConfiguration` (saved settings, a 401 under the page) reloads the
//   configuration inside signedIn (signedIn.reloading): the current one stays on screen until the new
//   one arrives, so the app never blanks; a refused token or a failure then signs out as on start.
// - Any OAuth error (`auth.oauthError`, a failed link login) clears the tokens unless an error filter
//   matches; the 'Impersonation' grant is exempt by default.
// - Signed in, `auth.impersonate` {userId} ("Login as this user", AbpIdentity.Users.Impersonation;
//   userId null goes back to the impersonator) runs the Impersonation grant with the current token
//   (`impersonate`): its session replaces the stored one, the configuration is loaded for the new
//   user and the app goes to '/'; a refusal keeps the current session (the grant is exempt from the
//   OAuth error rule) and toasts the server's description.
// - Sign-in: the code flow redirects to the identity server (waiting up to `redirectTimeout`); the
//   password flow goes to /account/login?returnUrl=…, whose form posts the grant and hands the answer
//   over with `auth.tokensReceived`; a two-factor challenge is kept for /account/send-security-code.
//   After sign-in the app goes to returnUrl or '/' (same-origin paths only: no open redirect).
// - Sign-out revokes the tokens at the server first (a failure keeps the user signed in and says so),
//   then clears them; in the code flow the same actor then ends the identity server's session by
//   redirect, and the machine waits for the browser to leave (up to `redirectTimeout`).
//
// Size: the chart alone (the guidance's ~250 lines is exceeded by the two flows' states); its types
// and address rules live in auth.types.ts, link login is a child machine (link-login.machine.ts) and
// the login forms' submit lifecycle is the generic form-submit machine.
import { assign, emit, enqueueActions, fromCallback, fromPromise, raise, setup } from 'xstate';
import type { ApplicationConfiguration } from '../../src/api/application-configuration.ts';
import { type LinkLoginOutput, linkLoginMachine } from '../account/link-login.machine.ts';
import {
  type AuthSession,
  defaultOAuthErrorFilters,
  hasRefreshToken,
  isExpired,
  isOtherClient,
  linkLoginRequestOf,
  matchesErrorFilter,
  type OAuthErrorInfo,
  sessionFromTokens,
  withoutLinkLoginQuery,
} from './tokens.ts';

import type { AuthContext, AuthEmitted, AuthEvent, AuthInput, CallbackResult, ImpersonateInput } from './auth.types.ts';
import { loginPageUrl, pathOf, safeReturnUrl, withoutAuthorizationResponse } from './auth.types.ts';

export * from './auth.types.ts';

// Placeholders: the real effects are supplied in src/app/system.ts and fakes in the tests.
const notProvided = (name: string) => () => Promise.reject(new Error(`actor ${name} is not provided`));
const clearSession = { session: null, configuration: null } as const;

/** The server's error_description of a refused grant, if it sent one. */
function oauthDescription(error: unknown): string | null {
  const description = (error as { error_description?: unknown } | null)?.error_description;
  return typeof description === 'string' && description !== '' ? description : null;
}

export const authMachine = setup({
  types: { context: {} as AuthContext, events: {} as AuthEvent, input: {} as AuthInput, emitted: {} as AuthEmitted },
  actors: {
    loadUser: fromPromise<AuthSession | null>(notProvided('loadUser')),
    handleCallback: fromPromise<CallbackResult, { location: string }>(notProvided('handleCallback')),
    startSignIn: fromPromise<void, { culture: string; returnUrl: string | null }>(notProvided('startSignIn')),
    signOut: fromPromise<void, { session: AuthSession; culture: string }>(notProvided('signOut')),
    refreshToken: fromPromise<AuthSession, { session: AuthSession }>(notProvided('refreshToken')),
    loadConfiguration: fromPromise<ApplicationConfiguration, { accessToken: string; culture: string }>(notProvided('loadConfiguration')),
    watchTokenExpiry: fromCallback<AuthEvent, { session: AuthSession }>(() => {}),
    linkLogin: linkLoginMachine,
    impersonate: fromPromise<AuthSession, ImpersonateInput>(notProvided('impersonate')),
  },
  guards: {
    isCodeFlow: ({ context }) => context.flow === 'code',
    hasAuthorizationResponse: ({ context }) => {
      const { searchParams } = new URL(context.location);
      return context.flow === 'code' && searchParams.has('code') && searchParams.has('state');
    },
    hasLinkLoginRequest: ({ context }) => linkLoginRequestOf(context.location) !== null,
    hasSession: (_, session: AuthSession | null) => session !== null,
    isOtherClient: ({ context }, session: AuthSession | null) => session !== null && isOtherClient(session, context.clientId),
    isExpiredForgotten: (_, session: AuthSession | null) => session !== null && isExpired(session) && session.rememberMe === false,
    isExpiredRenewable: (_, session: AuthSession | null) => session !== null && isExpired(session) && hasRefreshToken(session),
    isExpired: (_, session: AuthSession | null) => session !== null && isExpired(session),
    hasRefreshToken: ({ context }) => hasRefreshToken(context.session),
    isSignedInUser: (_, configuration: ApplicationConfiguration) =>
      configuration.currentUser.isAuthenticated && Boolean(configuration.currentUser.id),
    clearsTokens: ({ context }, error: OAuthErrorInfo) => !matchesErrorFilter(error, context.errorFilters),
  },
  actions: {
    clearTokens: enqueueActions(({ enqueue }) => {
      enqueue.assign(clearSession);
      enqueue.emit({ type: 'tokens.clear' });
    }),
    storeSession: enqueueActions(({ enqueue }, session: AuthSession) => {
      enqueue.assign({ session });
      enqueue.emit({ type: 'tokens.store', session });
    }),
    reportLinkLoginFailure: enqueueActions(({ enqueue, context, event }) => {
      const clean = withoutLinkLoginQuery(context.location);
      enqueue.emit({ type: 'toast.error', description: (event as unknown as { output: LinkLoginOutput }).output.description });
      enqueue.emit({ type: 'navigation.replace', url: clean });
      enqueue.assign({ location: new URL(clean, context.location).href });
    }),
    // "Sent to login": the guarded-route rule, for the page the user is on.
    requestSignIn: raise(({ context }) => ({ type: 'auth.signIn', returnUrl: pathOf(context.location) }) as const),
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
    flow: input.flow ?? 'code',
    clientId: input.clientId ?? 'Finance_App',
    errorFilters: input.errorFilters ?? defaultOAuthErrorFilters,
    session: null,
    configuration: null,
    error: null,
    returnUrl: null,
    twoFactor: null,
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
          { guard: { type: 'isOtherClient', params: ({ event }) => event.output }, target: 'signedOut', actions: 'clearTokens' },
          {
            guard: 'hasLinkLoginRequest',
            target: 'linkingLogin',
            actions: assign({ session: ({ event }) => event.output }),
          },
          {
            guard: { type: 'isExpiredForgotten', params: ({ event }) => event.output },
            target: 'endingExpiredSession',
            actions: assign({ session: ({ event }) => event.output }),
          },
          {
            guard: { type: 'isExpiredRenewable', params: ({ event }) => event.output },
            target: 'refreshingToken',
            actions: assign({ session: ({ event }) => event.output }),
          },
          { guard: { type: 'isExpired', params: ({ event }) => event.output }, target: 'signedOut', actions: 'clearTokens' },
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
    linkingLogin: {
      invoke: {
        id: 'linkLogin',
        src: 'linkLogin',
        input: ({ context }) => ({
          request: linkLoginRequestOf(context.location) ?? { linkUserId: null, linkTenantId: null, token: null },
          accessToken: context.session?.accessToken ?? null,
          location: context.location,
        }),
        // Done means failed: success leaves the page (reload or the tenant's domain). The server's
        // error_description is toasted, the link parameters leave the address, the OAuth error rule applies.
        onDone: [
          {
            guard: { type: 'clearsTokens', params: ({ event }) => ({ grantType: 'LinkLogin', error: event.output.error }) },
            target: 'signedOut',
            actions: ['reportLinkLoginFailure', 'clearTokens', assign({ error: 'notAuthenticated' })],
          },
          {
            guard: { type: 'hasSession', params: ({ context }) => context.session },
            target: 'loadingConfiguration',
            actions: 'reportLinkLoginFailure',
          },
          { target: 'signedOut', actions: 'reportLinkLoginFailure' },
        ],
      },
    },
    endingExpiredSession: {
      // remember_me off and the token expired: logged out (revoked at the server, then forgotten).
      invoke: {
        id: 'signOut',
        src: 'signOut',
        input: ({ context }) => ({ session: context.session as AuthSession, culture: context.culture }),
        onDone: { target: 'signedOut', actions: 'clearTokens' },
        onError: { target: 'signedOut', actions: 'clearTokens' },
      },
    },
    refreshingToken: {
      invoke: {
        id: 'refreshToken',
        src: 'refreshToken',
        input: ({ context }) => ({ session: context.session as AuthSession }),
        onDone: { target: 'loadingConfiguration', actions: { type: 'storeSession', params: ({ event }) => event.output } },
        onError: { target: 'signedOut', actions: ['clearTokens', assign({ error: 'notAuthenticated' }), 'requestSignIn'] },
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
            enqueueActions(({ enqueue, event }) => {
              const { returnUrl, ...session } = event.output;
              enqueue({ type: 'storeSession', params: session });
            }),
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
            guard: { type: 'isSignedInUser', params: ({ event }) => event.output },
            target: 'signedIn',
            actions: assign({
              configuration: ({ event }) => event.output,
              culture: ({ event }) => event.output.localization.currentCulture.cultureName,
              error: null,
            }),
          },
          // The server refused the stored token (revoked, expired), or its user has no id: cleared.
          { target: 'signedOut', actions: ['clearTokens', assign({ error: 'notAuthenticated' })] },
        ],
        onError: { target: 'signedOut', actions: ['clearTokens', assign({ error: 'configurationFailed' })] },
      },
    },
    signedOut: {
      entry: assign(clearSession),
      // The account pages need the anonymous configuration (tenancy, languages, settings).
      invoke: {
        id: 'loadConfiguration',
        src: 'loadConfiguration',
        input: ({ context }) => ({ accessToken: '', culture: context.culture }),
        onDone: { actions: assign({ configuration: ({ event }) => event.output }) },
      },
      on: {
        'auth.signIn': [
          {
            guard: 'isCodeFlow',
            target: 'redirectingToLogin',
            actions: assign({ error: null, returnUrl: ({ event }) => safeReturnUrl(event.returnUrl) }),
          },
          { actions: emit(({ event }) => ({ type: 'navigation.replace', url: loginPageUrl(safeReturnUrl(event.returnUrl)) }) as const) },
        ],
        'auth.tokensReceived': {
          target: 'loadingConfiguration',
          actions: [
            { type: 'storeSession', params: ({ event, context }) => sessionFromTokens(event.tokens, event.receivedAt, context.clientId) },
            assign({ error: null, twoFactor: null, returnUrl: ({ event }) => safeReturnUrl(event.returnUrl) ?? '/' }),
          ],
        },
        'auth.twoFactorRequired': {
          actions: [
            assign({ twoFactor: ({ event }) => event.challenge }),
            emit({ type: 'navigation.push', url: '/account/send-security-code' } as const),
          ],
        },
        'auth.reloadConfiguration': { target: 'signedOut', reenter: true },
        'auth.oauthError': {
          guard: { type: 'clearsTokens', params: ({ event }) => event.error },
          target: 'signedOut',
          reenter: true,
          actions: ['clearTokens', assign({ error: 'notAuthenticated' })],
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
      // The password flow's login (or two-factor page) goes back to its returnUrl once signed in.
      entry: enqueueActions(({ enqueue, context }) => {
        if (context.flow === 'password' && context.returnUrl) enqueue.emit({ type: 'navigation.replace', url: context.returnUrl });
        enqueue.assign({ returnUrl: null });
      }),
      // Renewing the token and reloading the configuration happen inside signedIn: the screen stays
      // mounted (no loading page, no lost form edits) while they run.
      initial: 'ready',
      states: {
        ready: {
          // Watches the current session: entering ready again (after a renewal) watches the new one.
          invoke: {
            id: 'watchTokenExpiry',
            src: 'watchTokenExpiry',
            input: ({ context }) => ({ session: context.session as AuthSession }),
          },
          on: {
            'auth.reloadConfiguration': { target: 'reloading' },
            'session.expiring': [
              { guard: 'hasRefreshToken', target: 'renewing' },
              // No refresh token: the session ends with its access token (logged out, state refreshed).
              { target: '#auth.signedOut', actions: ['clearTokens', assign({ error: 'notAuthenticated' })] },
            ],
          },
        },
        renewing: {
          invoke: {
            id: 'refreshToken',
            src: 'refreshToken',
            input: ({ context }) => ({ session: context.session as AuthSession }),
            onDone: { target: 'ready', actions: { type: 'storeSession', params: ({ event }) => event.output } },
            onError: { target: '#auth.signedOut', actions: ['clearTokens', assign({ error: 'notAuthenticated' }), 'requestSignIn'] },
          },
        },
        reloading: {
          // A second reload request while one runs is the same request: it is not restarted.
          invoke: {
            id: 'loadConfiguration',
            src: 'loadConfiguration',
            input: ({ context }) => ({ accessToken: context.session?.accessToken ?? '', culture: context.culture }),
            onDone: [
              {
                guard: { type: 'isSignedInUser', params: ({ event }) => event.output },
                target: 'ready',
                actions: assign({
                  configuration: ({ event }) => event.output,
                  culture: ({ event }) => event.output.localization.currentCulture.cultureName,
                  error: null,
                }),
              },
              // The server no longer accepts the token (revoked from another browser): cleared.
              { target: '#auth.signedOut', actions: ['clearTokens', assign({ error: 'notAuthenticated' })] },
            ],
            onError: { target: '#auth.signedOut', actions: ['clearTokens', assign({ error: 'configurationFailed' })] },
          },
        },
      },
      on: {
        'auth.signOut': { target: 'signingOut', actions: assign({ error: null }) },
        'auth.impersonate': { target: 'impersonating', actions: assign({ error: null }) },
        'auth.oauthError': {
          guard: { type: 'clearsTokens', params: ({ event }) => event.error },
          target: 'signedOut',
          actions: ['clearTokens', assign({ error: 'notAuthenticated' })],
        },
      },
    },
    impersonating: {
      invoke: {
        id: 'impersonate',
        src: 'impersonate',
        input: ({ context, event }) => {
          const request = event as Extract<AuthEvent, { type: 'auth.impersonate' }>;
          return { session: context.session as AuthSession, userId: request.userId ?? null, tenantId: request.tenantId ?? null };
        },
        onDone: {
          target: 'loadingConfiguration',
          actions: [{ type: 'storeSession', params: ({ event }) => event.output }, emit({ type: 'navigation.push', url: '/' } as const)],
        },
        onError: {
          target: 'signedIn',
          actions: emit(({ event }) => ({ type: 'toast.error', description: oauthDescription(event.error) }) as const),
        },
      },
    },
    signingOut: {
      // Revoke first: the tokens must stop working at once, not when they expire (quality bar).
      invoke: {
        id: 'signOut',
        src: 'signOut',
        input: ({ context }) => ({ session: context.session as AuthSession, culture: context.culture }),
        onDone: [
          {
            guard: 'isCodeFlow',
            target: 'redirectingToLogout',
            actions: emit({ type: 'tokens.clear' } as const),
          },
          {
            target: 'signedOut',
            actions: ['clearTokens', emit({ type: 'navigation.replace', url: '/' } as const)],
          },
        ],
        onError: { target: 'signedIn', actions: assign({ error: 'signOutFailed' }) },
      },
    },
    redirectingToLogout: {
      // The tokens are revoked and forgotten; the browser is on its way to the end-session endpoint.
      entry: assign(clearSession),
      after: { redirectTimeout: { target: 'signedOut', actions: assign({ error: 'logoutRedirectFailed' }) } },
    },
  },
});

export type AuthMachine = typeof authMachine;
