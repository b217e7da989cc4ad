// Reference of My account's 'Authenticator app' tab, written from spec 2.4 (/account/manage tabs:
// Authenticator app) and spec 7.9 (the account calls: has-authenticator, authenticator info, verify
// the code, reset). Without an authenticator the setup key and otpauth URI show; a typed code (spaces
// ignored) is verified, a wrong one keeps the setup with the server's message; success shows the
// recovery codes once; a reset (after the screen's 'Are you sure?') starts a new setup, a failed one
// keeps the authenticator; success and reset are announced. Plain code: it does not import the
// machine.
import type { ReferenceEvent, ReferenceRun, RuleBook } from '../reference-driver.ts';
import { Recorder } from '../reference-driver.ts';
import { type Failure, failureOf } from './my-account-form.reference.ts';

type Step = 'checking' | 'loadingInfo' | 'failed' | 'setup' | 'verifying' | 'recoveryCodes' | 'enabled' | 'resetting';

export interface MyAccountAuthenticatorExpectedView {
  step: Step;
  info: unknown;
  code: string;
  recoveryCodes: string[];
  failure: Failure;
  canVerify: boolean;
}

export const myAccountAuthenticatorRules: RuleBook = {
  source: 'spec 2.4 (My account: Authenticator app), 7.9 (account calls)',
  rules: {
    check: { state: 'checking', text: 'The tab first asks whether the user has an authenticator.' },
    hasOne: { state: 'checking', text: 'With one: the tab offers a reset.' },
    none: { state: 'checking', text: 'Without: the setup key and otpauth URI are loaded.' },
    checkFailed: { state: 'checking', text: 'A failed call says why; retry starts over.' },
    info: { state: 'loadingInfo', text: 'The key and URI show for the QR code and manual entry; no code typed yet.' },
    infoFailed: { state: 'loadingInfo', text: 'A failed call says why; retry starts over.' },
    retry: { state: 'failed', text: 'Retry starts over.' },
    type: { state: 'setup', text: "Typing the code clears the server's message; Verify needs a non-blank code." },
    verify: { state: 'setup', text: 'Verify sends the code without its spaces.' },
    verified: { state: 'verifying', text: 'Verified: the recovery codes show once, the setup is cleared, and the change is announced.' },
    wrongCode: { state: 'verifying', text: "A wrong code keeps the setup and the typed code, with the server's message." },
    codesDone: { state: 'recoveryCodes', text: 'Done: the recovery codes are forgotten; the authenticator is on.' },
    reset: { state: 'enabled', text: 'Reset (confirmed by the screen) resets the key at the server.' },
    resetDone: { state: 'resetting', text: 'Reset: the change is announced and a new setup loads.' },
    resetFailed: { state: 'resetting', text: 'A failed reset keeps the authenticator, saying why.' },
  },
  equivalentMutants: [
    {
      mutant: "the code's /\\s+/g (spaces removed before verifying) made /\\s/g",
      why: 'removing every whitespace character one at a time or in runs gives the same code.',
    },
  ],
};

export function myAccountAuthenticatorReference(): ReferenceRun<MyAccountAuthenticatorExpectedView> {
  const recorder = new Recorder();
  let step: Step = 'checking';
  let info: unknown = null;
  let code = '';
  let recoveryCodes: string[] = [];
  let failure: Failure = null;
  const check = () => {
    recorder.rule('check');
    step = 'checking';
    recorder.call('hasAuthenticatorKey', undefined);
  };
  const loadInfo = () => {
    step = 'loadingInfo';
    recorder.call('loadAuthenticatorInfo', undefined);
  };
  const fail = (rule: string, error: unknown) => {
    recorder.rule(rule);
    failure = failureOf(error);
    step = 'failed';
  };
  check();
  return {
    take: () => recorder.take(),
    applied: () => recorder.applied(),
    view: () => ({ step, info, code, recoveryCodes, failure, canVerify: step === 'setup' && code.trim() !== '' }),
    send(event: ReferenceEvent) {
      const e = event as ReferenceEvent & { actor?: string; output?: unknown; error?: unknown; code?: string };
      const done = (actor: string) => e.type === 'done' && e.actor === actor;
      const failed = (actor: string) => e.type === 'error' && e.actor === actor;
      if (step === 'checking' && done('hasAuthenticatorKey')) {
        if (e.output === true) {
          recorder.rule('hasOne');
          step = 'enabled';
        } else {
          recorder.rule('none');
          loadInfo();
        }
      } else if (step === 'checking' && failed('hasAuthenticatorKey')) fail('checkFailed', e.error);
      else if (step === 'loadingInfo' && done('loadAuthenticatorInfo')) {
        recorder.rule('info');
        info = e.output;
        code = '';
        failure = null;
        step = 'setup';
      } else if (step === 'loadingInfo' && failed('loadAuthenticatorInfo')) fail('infoFailed', e.error);
      else if (step === 'failed' && e.type === 'retry') {
        recorder.rule('retry');
        failure = null;
        check();
      } else if (step === 'setup' && e.type === 'code.change') {
        recorder.rule('type');
        code = e.code ?? '';
        failure = null;
      } else if (step === 'setup' && e.type === 'code.submit' && code.trim() !== '') {
        recorder.rule('verify');
        step = 'verifying';
        recorder.call('verifyCode', { code: code.replace(/\s+/g, '') });
      } else if (step === 'verifying' && done('verifyCode')) {
        recorder.rule('verified');
        info = null;
        code = '';
        failure = null;
        recoveryCodes = e.output as string[];
        step = 'recoveryCodes';
        recorder.emit({ type: 'authenticator.changed', enabled: true });
      } else if (step === 'verifying' && failed('verifyCode')) {
        recorder.rule('wrongCode');
        failure = failureOf(e.error);
        step = 'setup';
      } else if (step === 'recoveryCodes' && e.type === 'codes.done') {
        recorder.rule('codesDone');
        recoveryCodes = [];
        step = 'enabled';
      } else if (step === 'enabled' && e.type === 'authenticator.reset') {
        recorder.rule('reset');
        failure = null;
        step = 'resetting';
        recorder.call('resetAuthenticator', undefined);
      } else if (step === 'resetting' && done('resetAuthenticator')) {
        recorder.rule('resetDone');
        recorder.emit({ type: 'authenticator.changed', enabled: false });
        loadInfo();
      } else if (step === 'resetting' && failed('resetAuthenticator')) {
        recorder.rule('resetFailed');
        failure = failureOf(e.error);
        step = 'enabled';
      }
    },
  };
}
