// My account's Authenticator app tab (spec 2.4, 7.9): examples with controllable actors (setup,
// verification refused then accepted, recovery codes shown once, reset), then every generated model
// path (the ones docs/machines/myAccountAuthenticator.md lists).
// Generated paths are checked step by step against the reference written from the spec
// (reference/my-account-authenticator.reference.ts).
import { describe, expect, it } from 'vitest';
import { createActor, type EventObject } from 'xstate';
import { myAccountAuthenticatorMachine, selectMyAccountAuthenticator } from '../../machines/account/my-account-authenticator.machine.ts';
import { myAccountAuthenticatorModel } from '../../machines/account/my-account-authenticator.model.ts';
import { fakeActors, settled } from './model-driver.ts';
import { describeReferencePaths } from './reference-driver.ts';
import { myAccountAuthenticatorReference, myAccountAuthenticatorRules } from './reference/my-account-authenticator.reference.ts';

const actorNames = ['hasAuthenticatorKey', 'loadAuthenticatorInfo', 'verifyCode', 'resetAuthenticator'];
const info = { key: 'ABCD EFGH', uri: 'otpauth://totp/Finance:admin?secret=ABCDEFGH' };

function start() {
  const fakes = fakeActors(actorNames);
  const actor = createActor(myAccountAuthenticatorMachine.provide({ actors: fakes.actors as never }));
  const emitted: EventObject[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { actor, fakes, emitted, view: () => selectMyAccountAuthenticator(actor.getSnapshot()) };
}

describe('my account authenticator', () => {
  it('sets up: key and URI, a refused code, then the recovery codes once', async () => {
    const run = start();
    run.fakes.settle('hasAuthenticatorKey', { output: false });
    await settled();
    expect(run.view().step).toBe('loadingInfo');
    run.fakes.settle('loadAuthenticatorInfo', { output: info });
    await settled();
    expect(run.view()).toMatchObject({ step: 'setup', info, canVerify: false });
    run.actor.send({ type: 'code.submit' });
    expect(run.view().step).toBe('setup');
    run.actor.send({ type: 'code.change', code: '123 456' });
    run.actor.send({ type: 'code.submit' });
    expect(run.fakes.calls.at(-1)).toEqual({ name: 'verifyCode', input: { code: '123456' } });
    run.fakes.settle('verifyCode', { error: { message: 'Invalid authenticator code.', fields: {} } });
    await settled();
    expect(run.view()).toMatchObject({ step: 'setup', info, failure: { message: 'Invalid authenticator code.' } });
    run.actor.send({ type: 'code.change', code: '654321' });
    expect(run.view().failure).toBeNull();
    run.actor.send({ type: 'code.submit' });
    run.fakes.settle('verifyCode', { output: ['a1', 'b2'] });
    await settled();
    expect(run.view()).toMatchObject({ step: 'recoveryCodes', recoveryCodes: ['a1', 'b2'], info: null, code: '' });
    expect(run.emitted).toEqual([{ type: 'authenticator.changed', enabled: true }]);
    run.actor.send({ type: 'codes.done' });
    expect(run.view()).toMatchObject({ step: 'enabled', recoveryCodes: [] });
  });

  it('resets an existing authenticator and starts a new setup', async () => {
    const run = start();
    run.fakes.settle('hasAuthenticatorKey', { output: true });
    await settled();
    expect(run.view().step).toBe('enabled');
    run.actor.send({ type: 'authenticator.reset' });
    run.fakes.settle('resetAuthenticator', { error: { message: 'No', fields: {} } });
    await settled();
    expect(run.view()).toMatchObject({ step: 'enabled', failure: { message: 'No' } });
    run.actor.send({ type: 'authenticator.reset' });
    run.fakes.settle('resetAuthenticator', { output: undefined });
    await settled();
    expect(run.view().step).toBe('loadingInfo');
    expect(run.emitted).toEqual([{ type: 'authenticator.changed', enabled: false }]);
  });
});

describeReferencePaths('my account authenticator', {
  model: myAccountAuthenticatorModel,
  id: 'myAccountAuthenticator',
  actorNames: ['hasAuthenticatorKey', 'loadAuthenticatorInfo', 'verifyCode', 'resetAuthenticator'],
  select: (snapshot) => selectMyAccountAuthenticator(snapshot as never),
  reference: myAccountAuthenticatorReference,
  rules: myAccountAuthenticatorRules,
});
