// The auth machine, driven headless with fake actors: first examples that pin the rules, then every
// generated model path (the same ones docs/machines/auth.md lists) played against the running actor.
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { type AuthSession, authMachine, safeReturnUrl, withoutAuthorizationResponse } from '../../machines/session/auth.machine.ts';
import { authModel, configuration } from '../../machines/session/auth.model.ts';
import { modelPaths, uncoveredEdges } from '../../machines/testing/model-paths.ts';
import { delayOf, drivePath, fakeActors, settled } from './model-driver.ts';

const actorNames = ['loadUser', 'handleCallback', 'startSignIn', 'signOut', 'loadConfiguration'] as const;
const session: AuthSession = { accessToken: 'at-1', idToken: 'id-1' };

function start(location = 'https://app.example/', culture = 'en') {
  const fakes = fakeActors(actorNames);
  const clock = new SimulatedClock();
  const actor = createActor(authMachine.provide({ actors: fakes.actors }), { input: { location, culture }, clock });
  const emitted: unknown[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { actor, fakes, clock, emitted, state: () => actor.getSnapshot() };
}

async function signedIn() {
  const run = start();
  run.fakes.settle('loadUser', { output: session });
  await settled();
  run.fakes.settle('loadConfiguration', { output: configuration('admin') });
  await settled();
  expect(run.state().value).toBe('signedIn');
  return run;
}

describe('auth machine', () => {
  it('loads the stored session, then the configuration with its access token and the browser culture', async () => {
    const run = start('https://app.example/', 'fr');
    expect(run.state().value).toBe('loadingUser');
    run.fakes.settle('loadUser', { output: session });
    await settled();
    expect(run.state().value).toBe('loadingConfiguration');
    expect(run.fakes.calls.at(-1)).toEqual({ name: 'loadConfiguration', input: { accessToken: 'at-1', culture: 'fr' } });
    run.fakes.settle('loadConfiguration', { output: configuration('admin', 'ar') });
    await settled();
    expect(run.state().value).toBe('signedIn');
    expect(run.state().context.configuration?.currentUser.userName).toBe('admin');
    // From now on the culture is the one the server resolved.
    expect(run.state().context.culture).toBe('ar');
  });

  it('is signed out, without an error, when no session is stored', async () => {
    const run = start();
    run.fakes.settle('loadUser', { output: null });
    await settled();
    expect(run.state().value).toBe('signedOut');
    expect(run.state().context.error).toBeNull();
    expect(run.fakes.calls.map((c) => c.name)).toEqual(['loadUser']);
  });

  it('completes the sign-in when the address carries code and state, and clears them from the address bar', async () => {
    const location = 'https://app.example/reports?tab=2&code=abc&state=xyz&iss=https%3A%2F%2Fapp.example%2F';
    const run = start(location);
    expect(run.state().value).toBe('completingSignIn');
    expect(run.fakes.calls).toEqual([{ name: 'handleCallback', input: { location } }]);
    run.fakes.settle('handleCallback', { output: session });
    await settled();
    expect(run.emitted).toEqual([{ type: 'navigation.replace', url: '/reports?tab=2' }]);
    expect(run.state().value).toBe('loadingConfiguration');
  });

  it('carries a returnUrl through the sign-in and goes back there after the callback', async () => {
    const run = start();
    run.fakes.settle('loadUser', { output: null });
    await settled();
    run.actor.send({ type: 'auth.signIn', returnUrl: '/dashboard?tab=1' });
    expect(run.fakes.calls.at(-1)).toEqual({ name: 'startSignIn', input: { culture: 'en', returnUrl: '/dashboard?tab=1' } });
    const back = start('https://app.example/?code=abc&state=xyz');
    back.fakes.settle('handleCallback', { output: { ...session, returnUrl: '/dashboard?tab=1' } });
    await settled();
    expect(back.emitted).toEqual([
      { type: 'navigation.replace', url: '/' },
      { type: 'navigation.replace', url: '/dashboard?tab=1' },
    ]);
    expect(back.state().context.session).toEqual(session);
  });

  it('follows only same-origin paths as returnUrl (no open redirect)', async () => {
    const run = start();
    run.fakes.settle('loadUser', { output: null });
    await settled();
    run.actor.send({ type: 'auth.signIn', returnUrl: 'https://evil.example/' });
    expect(run.state().context.returnUrl).toBeNull();
    for (const url of ['//evil.example/x', '/\\evil.example', 'javascript:alert(1)', '']) expect(safeReturnUrl(url)).toBeNull();
    expect(safeReturnUrl('/identity/users?x=1')).toBe('/identity/users?x=1');
    const back = start('https://app.example/?code=abc&state=xyz');
    back.fakes.settle('handleCallback', { output: { ...session, returnUrl: '//evil.example/' } });
    await settled();
    expect(back.emitted).toEqual([{ type: 'navigation.replace', url: '/' }]);
  });

  it('clears the used code from the address bar even when the callback fails', async () => {
    const run = start('https://app.example/?code=abc&state=xyz');
    run.fakes.settle('handleCallback', { error: new Error('invalid_grant') });
    await settled();
    expect(run.state().value).toBe('signedOut');
    expect(run.state().context.error).toBe('callbackFailed');
    expect(run.emitted).toEqual([{ type: 'navigation.replace', url: '/' }]);
  });

  it('ends a session whose token the server no longer accepts (anonymous configuration)', async () => {
    const run = start();
    run.fakes.settle('loadUser', { output: session });
    await settled();
    run.fakes.settle('loadConfiguration', { output: configuration(null) });
    await settled();
    expect(run.state().value).toBe('signedOut');
    expect(run.state().context).toMatchObject({ session: null, configuration: null, error: 'notAuthenticated' });
  });

  it('redirects to the login page with the current culture, and gives up after the redirect timeout', async () => {
    const run = start('https://app.example/', 'de');
    run.fakes.settle('loadUser', { output: null });
    await settled();
    run.actor.send({ type: 'auth.signIn' });
    expect(run.state().value).toBe('redirectingToLogin');
    expect(run.fakes.calls.at(-1)).toEqual({ name: 'startSignIn', input: { culture: 'de', returnUrl: null } });
    const timeout = delayOf(authMachine, 'xstate.after.redirectTimeout');
    run.clock.increment(timeout - 1);
    expect(run.state().value).toBe('redirectingToLogin');
    run.clock.increment(1);
    expect(run.state().value).toBe('signedOut');
    expect(run.state().context.error).toBe('redirectFailed');
  });

  it('signs out with the session tokens, forgets the user and waits for the browser to leave', async () => {
    const run = await signedIn();
    run.actor.send({ type: 'auth.signOut' });
    expect(run.state().value).toBe('signingOut');
    expect(run.fakes.calls.at(-1)).toEqual({ name: 'signOut', input: { session, culture: 'en' } });
    run.fakes.settle('signOut', { output: undefined });
    await settled();
    // Not "signed out" yet: a sign-in click now would cancel the way to the end-session endpoint.
    expect(run.state().value).toBe('redirectingToLogout');
    expect(run.state().context).toMatchObject({ session: null, configuration: null, error: null });
    run.actor.send({ type: 'auth.signIn' });
    expect(run.state().value).toBe('redirectingToLogout');
    run.clock.increment(delayOf(authMachine, 'xstate.after.redirectTimeout'));
    expect(run.state().value).toBe('signedOut');
    expect(run.state().context.error).toBe('logoutRedirectFailed');
  });

  it('stays signed in, and says so, when the sign-out fails', async () => {
    const run = await signedIn();
    run.actor.send({ type: 'auth.signOut' });
    run.fakes.settle('signOut', { error: new Error('network') });
    await settled();
    expect(run.state().value).toBe('signedIn');
    expect(run.state().context.error).toBe('signOutFailed');
    expect(run.state().context.session).toEqual(session);
  });

  it('ignores sign-in while signed in and sign-out while signed out', async () => {
    const run = await signedIn();
    run.actor.send({ type: 'auth.signIn' });
    expect(run.state().value).toBe('signedIn');
    const out = start();
    out.fakes.settle('loadUser', { output: null });
    await settled();
    out.actor.send({ type: 'auth.signOut' });
    expect(out.state().value).toBe('signedOut');
  });

  it('removes only the authorization response from an address', () => {
    expect(withoutAuthorizationResponse('https://a.example/x?code=1&state=2&session_state=3&iss=4&keep=5#h')).toBe('/x?keep=5#h');
    expect(withoutAuthorizationResponse('https://a.example/?error=access_denied&state=2')).toBe('/');
  });
});

describe('auth machine model paths', () => {
  const paths = modelPaths(authModel);

  it('cover every transition of the machine', () => {
    expect(paths.length).toBeGreaterThan(0);
    expect(uncoveredEdges(authMachine, paths)).toEqual([]);
  });

  it('the coverage check notices a missing transition', () => {
    const withoutFailedSignOut = paths.filter((p) => !p.path.steps.some((step) => step.event.type === 'xstate.error.actor.signOut'));
    expect(uncoveredEdges(authMachine, withoutFailedSignOut)).toEqual([
      { source: 'auth.signingOut', target: 'auth.signedIn', eventType: 'xstate.error.actor.signOut', guard: null },
    ]);
  });

  for (const modelPath of paths) {
    it(modelPath.title, async () => {
      await drivePath(authMachine, actorNames, modelPath, (expected, { fakes, emitted }) => {
        const last = fakes.calls.at(-1);
        if (expected.matches('loadingConfiguration')) {
          expect(last).toEqual({ name: 'loadConfiguration', input: { accessToken: expected.context.session.accessToken, culture: 'en' } });
        }
        if (expected.matches('redirectingToLogin'))
          expect(last).toEqual({ name: 'startSignIn', input: { culture: expected.context.culture, returnUrl: null } });
        if (expected.matches('signingOut'))
          expect(last?.input).toEqual({ session: expected.context.session, culture: expected.context.culture });
        // The callback's address is cleaned exactly once, and only on the way back from the login page.
        const replaced = emitted.filter((e) => e.type === 'navigation.replace');
        const leftCallback = modelPath.input.location.includes('code=') && !expected.matches('completingSignIn');
        expect(replaced).toHaveLength(leftCallback ? 1 : 0);
      });
    });
  }
});
