// The auth machine, driven headless with fake actors: first examples that pin the rules, then every
// generated model path (the same ones docs/machines/auth.md lists) played against the running actor
// and checked step by step against the reference written from the spec (reference/auth.reference.ts).
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import {
  type AuthSession,
  authMachine,
  loginPageUrl,
  safeReturnUrl,
  withoutAuthorizationResponse,
} from '../../machines/session/auth.machine.ts';
import {
  authModel,
  configuration,
  configurationWithoutUserId,
  expiredForgottenSession,
  expiredRememberedSession,
  expiredWithoutRefreshSession,
  otherClientSession,
  renewedSession,
} from '../../machines/session/auth.model.ts';
import { modelPaths, uncoveredEdges } from '../../machines/testing/model-paths.ts';
import { selectAuthView } from '../../src/app/auth-view.ts';
import { delayOf, fakeActors, settled } from './model-driver.ts';
import { describeReferencePaths } from './reference-driver.ts';
import { authReference, authRules } from './reference/auth.reference.ts';

const actorNames = [
  'loadUser',
  'handleCallback',
  'startSignIn',
  'signOut',
  'refreshToken',
  'loadConfiguration',
  'linkLogin',
  'impersonate',
] as const;
const session: AuthSession = { accessToken: 'at-1', idToken: 'id-1' };

function start(location = 'https://app.example/', culture = 'en', options: { flow?: 'code' | 'password' } = {}) {
  const fakes = fakeActors(actorNames);
  const clock = new SimulatedClock();
  const actor = createActor(authMachine.provide({ actors: fakes.actors }), { input: { location, culture, ...options }, clock });
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
  expect(run.state().value).toEqual({ signedIn: 'ready' });
  return run;
}

describe('auth machine', () => {
  it('logs in as another user: the Impersonation grant with the current session, its session stored, the new configuration, home', async () => {
    const run = await signedIn();
    run.emitted.length = 0;
    run.actor.send({ type: 'auth.impersonate', userId: 'u-2' });
    expect(run.fakes.calls.at(-1)).toEqual({ name: 'impersonate', input: { session, userId: 'u-2', tenantId: null } });
    const other: AuthSession = { accessToken: 'at-u2', idToken: null };
    run.fakes.settle('impersonate', { output: other });
    await settled();
    expect(run.emitted).toEqual([
      { type: 'tokens.store', session: other },
      { type: 'navigation.push', url: '/' },
    ]);
    expect(run.fakes.calls.at(-1)).toEqual({ name: 'loadConfiguration', input: { accessToken: 'at-u2', culture: 'en' } });
    run.fakes.settle('loadConfiguration', { output: configuration('u2') });
    await settled();
    expect(run.state().matches('signedIn')).toBe(true);
    expect(run.state().context.session).toEqual(other);
  });

  it('a refused impersonation keeps the session and says why', async () => {
    const run = await signedIn();
    run.emitted.length = 0;
    run.actor.send({ type: 'auth.impersonate', userId: 'u-2' });
    run.fakes.settle('impersonate', { error: { error: 'invalid_grant', error_description: 'Not allowed.' } });
    await settled();
    expect(run.state().value).toEqual({ signedIn: 'ready' });
    expect(run.state().context.session).toEqual(session);
    expect(run.emitted).toEqual([{ type: 'toast.error', description: 'Not allowed.' }]);
  });

  it('reloads the configuration while staying signed in: the current one stays until the new one arrives', async () => {
    const run = await signedIn();
    const before = run.state().context.configuration;
    run.actor.send({ type: 'auth.reloadConfiguration' });
    // Still signed in (the app keeps the screen), with the configuration it had.
    expect(run.state().value).toEqual({ signedIn: 'reloading' });
    expect(run.state().matches('signedIn')).toBe(true);
    expect(run.state().context.configuration).toBe(before);
    expect(run.fakes.calls.at(-1)).toEqual({ name: 'loadConfiguration', input: { accessToken: 'at-1', culture: 'en' } });
    // A second request while one runs is the same request.
    run.actor.send({ type: 'auth.reloadConfiguration' });
    expect(run.fakes.calls.filter((call) => call.name === 'loadConfiguration')).toHaveLength(2);
    run.fakes.settle('loadConfiguration', { output: configuration('admin', 'fr') });
    await settled();
    expect(run.state().value).toEqual({ signedIn: 'ready' });
    expect(run.state().context.configuration?.localization.currentCulture.cultureName).toBe('fr');
    expect(run.state().context.culture).toBe('fr');
    expect(run.emitted).not.toContainEqual({ type: 'tokens.clear' });
  });

  it('signs out when the reloaded configuration no longer knows the user (revoked token) or fails', async () => {
    const revoked = await signedIn();
    revoked.actor.send({ type: 'auth.reloadConfiguration' });
    revoked.fakes.settle('loadConfiguration', { output: configuration(null) });
    await settled();
    expect(revoked.state().matches('signedOut')).toBe(true);
    expect(revoked.state().context.error).toBe('notAuthenticated');
    expect(revoked.emitted).toContainEqual({ type: 'tokens.clear' });

    const failing = await signedIn();
    failing.actor.send({ type: 'auth.reloadConfiguration' });
    failing.fakes.settle('loadConfiguration', { error: new Error('offline') });
    await settled();
    expect(failing.state().matches('signedOut')).toBe(true);
    expect(failing.state().context.error).toBe('configurationFailed');
  });

  it('loads the stored session, then the configuration with its access token and the browser culture', async () => {
    const run = start('https://app.example/', 'fr');
    expect(run.state().value).toBe('loadingUser');
    run.fakes.settle('loadUser', { output: session });
    await settled();
    expect(run.state().value).toBe('loadingConfiguration');
    expect(run.fakes.calls.at(-1)).toEqual({ name: 'loadConfiguration', input: { accessToken: 'at-1', culture: 'fr' } });
    run.fakes.settle('loadConfiguration', { output: configuration('admin', 'ar') });
    await settled();
    expect(run.state().value).toEqual({ signedIn: 'ready' });
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
    // Signed out, the configuration is read anonymously (the account pages need it).
    expect(run.fakes.calls).toEqual([
      { name: 'loadUser', input: undefined },
      { name: 'loadConfiguration', input: { accessToken: '', culture: 'en' } },
    ]);
    run.fakes.settle('loadConfiguration', { output: configuration(null) });
    await settled();
    expect(run.state().value).toBe('signedOut');
    expect(run.state().context.configuration?.currentUser.isAuthenticated).toBe(false);
  });

  it('completes the sign-in when the address carries code and state, and clears them from the address bar', async () => {
    const location = 'https://app.example/reports?tab=2&code=abc&state=xyz&iss=https%3A%2F%2Fapp.example%2F';
    const run = start(location);
    expect(run.state().value).toBe('completingSignIn');
    expect(run.fakes.calls).toEqual([{ name: 'handleCallback', input: { location } }]);
    run.fakes.settle('handleCallback', { output: session });
    await settled();
    expect(run.emitted).toEqual([
      { type: 'navigation.replace', url: '/reports?tab=2' },
      { type: 'tokens.store', session },
    ]);
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
      { type: 'tokens.store', session },
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
    expect(back.emitted.filter((e) => (e as { type: string }).type === 'navigation.replace')).toEqual([
      { type: 'navigation.replace', url: '/' },
    ]);
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
    expect(run.emitted).toEqual([{ type: 'tokens.clear' }]);
  });

  it('clears the tokens of a user the server knows without an id (spec 5)', async () => {
    const run = start();
    run.fakes.settle('loadUser', { output: session });
    await settled();
    run.fakes.settle('loadConfiguration', { output: configurationWithoutUserId });
    await settled();
    expect(run.state().value).toBe('signedOut');
    expect(run.emitted).toEqual([{ type: 'tokens.clear' }]);
  });

  it("clears another client id's stored tokens without using them", async () => {
    const run = start();
    run.fakes.settle('loadUser', { output: otherClientSession });
    await settled();
    expect(run.state().value).toBe('signedOut');
    expect(run.emitted).toEqual([{ type: 'tokens.clear' }]);
    expect(run.fakes.calls.map((c) => c.name)).toEqual(['loadUser', 'loadConfiguration']);
    expect(run.fakes.calls[1]!.input).toEqual({ accessToken: '', culture: 'en' });
  });

  it('refreshes an expired remembered token on load, stores the new one and goes on with it', async () => {
    const run = start();
    run.fakes.settle('loadUser', { output: expiredRememberedSession });
    await settled();
    expect(run.state().value).toBe('refreshingToken');
    expect(run.fakes.calls.at(-1)).toEqual({ name: 'refreshToken', input: { session: expiredRememberedSession } });
    run.fakes.settle('refreshToken', { output: renewedSession });
    await settled();
    expect(run.emitted).toEqual([{ type: 'tokens.store', session: renewedSession }]);
    expect(run.fakes.calls.at(-1)).toEqual({ name: 'loadConfiguration', input: { accessToken: 'renewed-access-token', culture: 'en' } });
  });

  it('sends the user to login when the refresh fails, with the page as returnUrl', async () => {
    const run = start('https://app.example/identity/users?page=2');
    run.fakes.settle('loadUser', { output: expiredRememberedSession });
    await settled();
    run.fakes.settle('refreshToken', { error: { error: 'invalid_grant' } });
    await settled();
    expect(run.state().value).toBe('redirectingToLogin');
    expect(run.emitted).toEqual([{ type: 'tokens.clear' }]);
    expect(run.fakes.calls.at(-1)).toEqual({ name: 'startSignIn', input: { culture: 'en', returnUrl: '/identity/users?page=2' } });
  });

  it('logs out an expired session whose remember_me is off: revoked at the server, then cleared', async () => {
    const run = start();
    run.fakes.settle('loadUser', { output: expiredForgottenSession });
    await settled();
    expect(run.state().value).toBe('endingExpiredSession');
    expect(run.fakes.calls.at(-1)).toEqual({ name: 'signOut', input: { session: expiredForgottenSession, culture: 'en' } });
    run.fakes.settle('signOut', { error: new Error('offline') });
    await settled();
    expect(run.state().value).toBe('signedOut');
    expect(run.emitted).toEqual([{ type: 'tokens.clear' }]);
  });

  it('clears an expired session that has no refresh token', async () => {
    const run = start();
    run.fakes.settle('loadUser', { output: expiredWithoutRefreshSession });
    await settled();
    expect(run.state().value).toBe('signedOut');
    expect(run.emitted).toEqual([{ type: 'tokens.clear' }]);
  });

  it('renews the session before it expires while signed in, and ends it when it cannot be renewed', async () => {
    const run = start();
    run.fakes.settle('loadUser', { output: renewedSession });
    await settled();
    run.fakes.settle('loadConfiguration', { output: configuration('admin') });
    await settled();
    run.actor.send({ type: 'session.expiring' });
    expect(run.state().value).toEqual({ signedIn: 'renewing' });
    // Still signed in while renewing: the screen stays mounted (no loading page, no lost form edits).
    expect(run.state().matches('signedIn')).toBe(true);
    const next = { ...renewedSession, accessToken: 'third-access-token' };
    run.fakes.settle('refreshToken', { output: next });
    await settled();
    expect(run.state().value).toEqual({ signedIn: 'ready' });
    expect(run.state().context.session).toEqual(next);
    run.actor.send({ type: 'session.expiring' });
    run.fakes.settle('refreshToken', { error: { error: 'invalid_grant' } });
    await settled();
    expect(run.state().value).toBe('redirectingToLogin');
    const without = await signedIn();
    without.actor.send({ type: 'session.expiring' });
    expect(without.state().value).toBe('signedOut');
    expect(without.emitted).toEqual([{ type: 'tokens.clear' }]);
  });

  it('clears the tokens on an OAuth error, except a filtered one (the Impersonation grant)', async () => {
    const run = await signedIn();
    run.actor.send({ type: 'auth.oauthError', error: { grantType: 'Impersonation', error: 'invalid_grant' } });
    expect(run.state().value).toEqual({ signedIn: 'ready' });
    run.actor.send({ type: 'auth.oauthError', error: { grantType: 'LinkLogin', error: 'invalid_grant' } });
    expect(run.state().value).toBe('signedOut');
    expect(run.emitted).toEqual([{ type: 'tokens.clear' }]);
  });

  it('password flow: sign-in goes to the in-app login page with returnUrl, tokens sign in and go back there', async () => {
    const run = start('https://app.example/', 'en', { flow: 'password' });
    run.fakes.settle('loadUser', { output: null });
    await settled();
    run.actor.send({ type: 'auth.signIn', returnUrl: '/identity/users' });
    expect(run.state().value).toBe('signedOut');
    expect(run.emitted).toEqual([{ type: 'navigation.replace', url: '/account/login?returnUrl=%2Fidentity%2Fusers' }]);
    const receivedAt = 1_800_000_000_000;
    const payload = btoa(JSON.stringify({ sub: 'u', remember_me: 'True' })).replace(/=+$/, '');
    const tokens = { access_token: `h.${payload}.s`, refresh_token: 'r', expires_in: 3600 };
    run.actor.send({ type: 'auth.tokensReceived', tokens, receivedAt, returnUrl: '/identity/users' });
    expect(run.state().value).toBe('loadingConfiguration');
    const stored = {
      accessToken: tokens.access_token,
      idToken: null,
      refreshToken: 'r',
      storedAt: receivedAt,
      expiresAt: receivedAt + 3_600_000,
      rememberMe: true,
      clientId: 'Finance_App',
      observedAt: receivedAt,
    };
    expect(run.emitted.at(-1)).toEqual({ type: 'tokens.store', session: stored });
    run.fakes.settle('loadConfiguration', { output: configuration('admin') });
    await settled();
    expect(run.state().value).toEqual({ signedIn: 'ready' });
    expect(run.emitted.at(-1)).toEqual({ type: 'navigation.replace', url: '/identity/users' });
    expect(loginPageUrl(null)).toBe('/account/login');
  });

  it('password flow: after login without returnUrl the app goes to /; sign-out revokes, clears and goes home', async () => {
    const run = start('https://app.example/account/login', 'en', { flow: 'password' });
    run.fakes.settle('loadUser', { output: null });
    await settled();
    run.actor.send({ type: 'auth.tokensReceived', tokens: { access_token: 'a', expires_in: 60 }, receivedAt: 1 });
    run.fakes.settle('loadConfiguration', { output: configuration('admin') });
    await settled();
    expect(run.emitted.at(-1)).toEqual({ type: 'navigation.replace', url: '/' });
    run.actor.send({ type: 'auth.signOut' });
    run.fakes.settle('signOut', { output: undefined });
    await settled();
    expect(run.state().value).toBe('signedOut');
    expect(run.emitted.slice(-2)).toEqual([{ type: 'tokens.clear' }, { type: 'navigation.replace', url: '/' }]);
  });

  it('password flow: a two-factor challenge is kept for the security code page', async () => {
    const run = start('https://app.example/account/login', 'en', { flow: 'password' });
    run.fakes.settle('loadUser', { output: null });
    await settled();
    const challenge = {
      userId: 'u',
      twoFactorToken: 't',
      userName: 'admin',
      password: 'p',
      rememberMe: true,
      tenantId: null,
      returnUrl: '/x',
    };
    run.actor.send({ type: 'auth.twoFactorRequired', challenge });
    expect(run.state().context.twoFactor).toEqual(challenge);
    expect(run.emitted).toEqual([{ type: 'navigation.push', url: '/account/send-security-code' }]);
  });

  it('link login: a failure is toasted with the server description, the query cleaned, the tokens cleared', async () => {
    const run = start('https://app.example/identity?handler=linkLogin&linkUserId=u-2&linkTenantId=t&keep=1');
    run.fakes.settle('loadUser', { output: session });
    await settled();
    expect(run.state().value).toBe('linkingLogin');
    expect(run.fakes.calls.at(-1)).toEqual({
      name: 'linkLogin',
      input: {
        request: { linkUserId: 'u-2', linkTenantId: 't', token: null },
        accessToken: 'at-1',
        location: 'https://app.example/identity?handler=linkLogin&linkUserId=u-2&linkTenantId=t&keep=1',
      },
    });
    run.fakes.settle('linkLogin', { output: { error: 'invalid_grant', description: 'Not linked.' } });
    await settled();
    expect(run.state().value).toBe('signedOut');
    expect(run.emitted).toEqual([
      { type: 'toast.error', description: 'Not linked.' },
      { type: 'navigation.replace', url: '/identity?keep=1' },
      { type: 'tokens.clear' },
    ]);
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
    expect(run.emitted).toEqual([{ type: 'tokens.clear' }]);
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
    expect(run.state().value).toEqual({ signedIn: 'ready' });
    expect(run.state().context.error).toBe('signOutFailed');
    expect(run.state().context.session).toEqual(session);
  });

  it('ignores sign-in while signed in and sign-out while signed out', async () => {
    const run = await signedIn();
    run.actor.send({ type: 'auth.signIn' });
    expect(run.state().value).toEqual({ signedIn: 'ready' });
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

describeReferencePaths('auth machine', {
  model: authModel,
  id: 'auth',
  actorNames: [...actorNames, 'watchTokenExpiry'],
  // What the page shows (the real view's status) and what the session holds.
  select: (snapshot) => ({
    status: selectAuthView(snapshot as never).status,
    error: snapshot.context.error,
    userName: snapshot.context.configuration?.currentUser.userName ?? null,
    culture: snapshot.context.culture,
    accessToken: snapshot.context.session?.accessToken ?? null,
    hasTwoFactorChallenge: snapshot.context.twoFactor !== null,
  }),
  reference: authReference,
  rules: authRules,
});

describe('auth machine coverage check', () => {
  it('notices a missing transition', () => {
    const paths = modelPaths(authModel);
    const withoutFailedSignOut = paths.filter((p) => !p.path.steps.some((step) => step.event.type === 'xstate.error.actor.signOut'));
    expect(uncoveredEdges(authMachine, withoutFailedSignOut)).toEqual([
      { source: 'auth.endingExpiredSession', target: 'auth.signedOut', eventType: 'xstate.error.actor.signOut', guard: null },
      { source: 'auth.signingOut', target: 'auth.signedIn', eventType: 'xstate.error.actor.signOut', guard: null },
    ]);
  });
});
