// Link login on any page (spec 2.4, 4.7), run by the auth machine as a child when the page opens
// with handler=linkLogin and linkUserId or token. Rules:
// - `token` (the JSON token answer another tenant's domain sent here) is stored as it is, no grant;
// - linkUserId performs the 'LinkLogin' grant with the current access token (LinkUserId, optional
//   LinkTenantId); without a current access token there is nothing to link from: it fails;
// - an answer with tenant_domain sends the browser to that domain with handler=linkLogin and the
//   token as JSON; otherwise the tokens are stored, the link parameters leave the query and the page
//   reloads (both leave the page: the machine waits there);
// - any failure ends the machine with the server's error_description (the parent toasts it and
//   applies the OAuth error rule).
import { assign, fromPromise, setup } from 'xstate';
import type { LinkLoginRequest, TokenResponse } from '../session/tokens.ts';

export interface LinkLoginInput {
  request: LinkLoginRequest;
  accessToken: string | null;
  /** The page address the link parameters are removed from before the reload. */
  location: string;
}

export interface LinkLoginContext extends LinkLoginInput {
  tokens: TokenResponse | null;
  error: string | null;
  description: string | null;
}

/** How a link login ended when it did not leave the page. */
export interface LinkLoginOutput {
  error: string;
  description: string | null;
}

/** A rejected grant: the OAuth error code and the server's description. */
export interface OAuthFailure {
  error: string;
  error_description?: string;
}

function parseTokenAnswer(json: string | null): TokenResponse | null {
  try {
    const value = JSON.parse(json ?? '') as Partial<TokenResponse> | null;
    return value && typeof value.access_token === 'string' ? (value as TokenResponse) : null;
  } catch {
    return null;
  }
}

function failureOf(error: unknown): { error: string; description: string | null } {
  const failure = error as Partial<OAuthFailure> | null;
  return {
    error: typeof failure?.error === 'string' ? failure.error : 'request_failed',
    description: typeof failure?.error_description === 'string' ? failure.error_description : null,
  };
}

const notProvided = (name: string) => () => Promise.reject(new Error(`actor ${name} is not provided`));

export const linkLoginMachine = setup({
  types: {
    context: {} as LinkLoginContext,
    input: {} as LinkLoginInput,
    output: {} as LinkLoginOutput,
  },
  actors: {
    linkLoginGrant: fromPromise<TokenResponse, { accessToken: string; linkUserId: string; linkTenantId: string | null }>(
      notProvided('linkLoginGrant'),
    ),
    redirectToTenantDomain: fromPromise<void, { tenantDomain: string; tokens: TokenResponse }>(notProvided('redirectToTenantDomain')),
    storeAndReload: fromPromise<void, { tokens: TokenResponse; location: string }>(notProvided('storeAndReload')),
  },
  guards: {
    hasTokenAnswer: ({ context }) => parseTokenAnswer(context.request.token) !== null,
    canGrant: ({ context }) => Boolean(context.request.linkUserId && context.accessToken),
    hasTenantDomain: (_, tokens: TokenResponse) => Boolean(tokens.tenant_domain),
  },
  actions: {
    fail: assign((_, params: { error: string; description: string | null }) => params),
  },
}).createMachine({
  id: 'linkLogin',
  context: ({ input }) => ({ ...input, tokens: null, error: null, description: null }),
  initial: 'deciding',
  states: {
    deciding: {
      always: [
        {
          guard: 'hasTokenAnswer',
          target: 'reloading',
          actions: assign({ tokens: ({ context }) => parseTokenAnswer(context.request.token) }),
        },
        { guard: 'canGrant', target: 'granting' },
        { target: 'failed', actions: { type: 'fail', params: { error: 'invalid_request', description: null } } },
      ],
    },
    granting: {
      invoke: {
        id: 'linkLoginGrant',
        src: 'linkLoginGrant',
        input: ({ context }) => ({
          accessToken: context.accessToken ?? '',
          linkUserId: context.request.linkUserId ?? '',
          linkTenantId: context.request.linkTenantId,
        }),
        onDone: [
          {
            guard: { type: 'hasTenantDomain', params: ({ event }) => event.output },
            target: 'redirectingToTenantDomain',
            actions: assign({ tokens: ({ event }) => event.output }),
          },
          { target: 'reloading', actions: assign({ tokens: ({ event }) => event.output }) },
        ],
        onError: { target: 'failed', actions: { type: 'fail', params: ({ event }) => failureOf(event.error) } },
      },
    },
    redirectingToTenantDomain: {
      invoke: {
        id: 'redirectToTenantDomain',
        src: 'redirectToTenantDomain',
        input: ({ context }) => ({ tenantDomain: context.tokens?.tenant_domain ?? '', tokens: context.tokens as TokenResponse }),
        onError: { target: 'failed', actions: { type: 'fail', params: ({ event }) => failureOf(event.error) } },
      },
    },
    reloading: {
      invoke: {
        id: 'storeAndReload',
        src: 'storeAndReload',
        input: ({ context }) => ({ tokens: context.tokens as TokenResponse, location: context.location }),
        onError: { target: 'failed', actions: { type: 'fail', params: ({ event }) => failureOf(event.error) } },
      },
    },
    failed: {
      type: 'final',
    },
  },
  output: ({ context }) => ({ error: context.error ?? 'invalid_request', description: context.description }),
});

export type LinkLoginMachine = typeof linkLoginMachine;
