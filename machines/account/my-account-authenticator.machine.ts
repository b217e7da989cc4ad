// My account's 'Authenticator app' tab (spec 2.4, 7.9). Rules:
// - It first asks whether the user has an authenticator (`hasAuthenticatorKey`). With one, the tab
//   offers a reset; without, it loads the setup key and otpauth URI (`loadAuthenticatorInfo`) for the
//   QR code and manual entry.
// - `code.submit` verifies the typed code (`verifyCode`) only when one is typed; a wrong code keeps
//   the setup on screen with the server's message. Success shows the recovery codes once: they leave
//   the context when the user says done, and are never loaded again.
// - `authenticator.reset` (after the screen's 'Are you sure?') resets the key at the server
//   (`resetAuthenticator`) and starts a new setup; a failed reset keeps the authenticator.
// - Success and reset emit `authenticator.changed` (the screen's toast; the two-factor tab reloads).
import { assign, emit, fromPromise, type SnapshotFrom, setup } from 'xstate';
import { type FormFailure, toFailure } from './my-account-form.machine.ts';

export interface AuthenticatorInfo {
  key: string;
  uri: string;
}

export interface MyAccountAuthenticatorContext {
  info: AuthenticatorInfo | null;
  code: string;
  recoveryCodes: string[];
  failure: FormFailure | null;
}

export type MyAccountAuthenticatorEvent =
  | { type: 'code.change'; code: string }
  | { type: 'code.submit' }
  | { type: 'codes.done' }
  | { type: 'authenticator.reset' }
  | { type: 'retry' };

export type MyAccountAuthenticatorEmitted = { type: 'authenticator.changed'; enabled: boolean };

const notProvided = (name: string) => () => Promise.reject(new Error(`actor ${name} is not provided`));

export const myAccountAuthenticatorMachine = setup({
  types: {
    context: {} as MyAccountAuthenticatorContext,
    events: {} as MyAccountAuthenticatorEvent,
    emitted: {} as MyAccountAuthenticatorEmitted,
  },
  actors: {
    hasAuthenticatorKey: fromPromise<boolean>(notProvided('hasAuthenticatorKey')),
    loadAuthenticatorInfo: fromPromise<AuthenticatorInfo>(notProvided('loadAuthenticatorInfo')),
    verifyCode: fromPromise<string[], { code: string }>(notProvided('verifyCode')),
    resetAuthenticator: fromPromise<void>(notProvided('resetAuthenticator')),
  },
  guards: {
    hasKey: (_, hasKey: boolean) => hasKey,
    hasCode: ({ context }) => context.code.trim() !== '',
  },
  actions: {
    clearSetup: assign({ info: null, code: '', failure: null }),
  },
}).createMachine({
  id: 'myAccountAuthenticator',
  context: { info: null, code: '', recoveryCodes: [], failure: null },
  initial: 'checking',
  states: {
    checking: {
      invoke: {
        id: 'hasAuthenticatorKey',
        src: 'hasAuthenticatorKey',
        onDone: [{ guard: { type: 'hasKey', params: ({ event }) => event.output }, target: 'enabled' }, { target: 'loadingInfo' }],
        onError: { target: 'failed', actions: assign({ failure: ({ event }) => toFailure(event.error) }) },
      },
    },
    loadingInfo: {
      invoke: {
        id: 'loadAuthenticatorInfo',
        src: 'loadAuthenticatorInfo',
        onDone: { target: 'setup', actions: assign({ info: ({ event }) => event.output, code: '', failure: null }) },
        onError: { target: 'failed', actions: assign({ failure: ({ event }) => toFailure(event.error) }) },
      },
    },
    failed: {
      on: { retry: { target: 'checking', actions: assign({ failure: null }) } },
    },
    setup: {
      on: {
        'code.change': { actions: assign({ code: ({ event }) => event.code, failure: null }) },
        'code.submit': { guard: 'hasCode', target: 'verifying' },
      },
    },
    verifying: {
      invoke: {
        id: 'verifyCode',
        src: 'verifyCode',
        input: ({ context }) => ({ code: context.code.replace(/\s+/g, '') }),
        onDone: {
          target: 'recoveryCodes',
          actions: [
            'clearSetup',
            assign({ recoveryCodes: ({ event }) => event.output }),
            emit({ type: 'authenticator.changed', enabled: true }),
          ],
        },
        onError: { target: 'setup', actions: assign({ failure: ({ event }) => toFailure(event.error) }) },
      },
    },
    recoveryCodes: {
      // Shown once: they leave memory with the user's acknowledgement.
      on: { 'codes.done': { target: 'enabled', actions: assign({ recoveryCodes: [] }) } },
    },
    enabled: {
      on: { 'authenticator.reset': { target: 'resetting', actions: assign({ failure: null }) } },
    },
    resetting: {
      invoke: {
        id: 'resetAuthenticator',
        src: 'resetAuthenticator',
        onDone: { target: 'loadingInfo', actions: emit({ type: 'authenticator.changed', enabled: false }) },
        onError: { target: 'enabled', actions: assign({ failure: ({ event }) => toFailure(event.error) }) },
      },
    },
  },
});

export type MyAccountAuthenticatorMachine = typeof myAccountAuthenticatorMachine;

export function selectMyAccountAuthenticator(snapshot: SnapshotFrom<MyAccountAuthenticatorMachine>) {
  const { info, code, recoveryCodes, failure } = snapshot.context;
  return {
    step: snapshot.value as 'checking' | 'loadingInfo' | 'failed' | 'setup' | 'verifying' | 'recoveryCodes' | 'enabled' | 'resetting',
    info,
    code,
    recoveryCodes,
    failure,
    canVerify: snapshot.matches('setup') && code.trim() !== '',
  };
}
