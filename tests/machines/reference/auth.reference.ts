// Reference of the sign-in lifecycle, written from spec 4.1 (code flow: on load an expired token
// with a refresh token is refreshed, a failed refresh sends the user to login, after login back to
// the requested URL or '/', remember_me off and expired = logged out; password flow: refresh when a
// refresh token exists, else log out and refresh the application state; both: another client id
// clears the stored tokens, an OAuth error clears them unless an error filter matches, the
// 'Impersonation' grant exempt; logout revokes the tokens; expires_at = stored + expires_in × 1000),
// spec 8 (token refresh fails → login; generic OAuth error → tokens cleared, state refreshed; a
// guarded route → login with returnUrl), spec 2.4 (/account/login with returnUrl in the password
// flow; /account/send-security-code for two-factor; link login with handler=linkLogin, its query
// cleared, a failure toasted with the server's error_description), spec 4.5 (impersonation with the
// 'Impersonation' grant) and spec 5 (only an authenticated user with an id counts as signed in).
// Return URLs are same-origin paths only (no open redirect). Plain code: it does not import the
// machine (only the session's type, from the token rules' file).
import type { AuthSession as Session } from '../../../machines/session/tokens.ts';
import type { ReferenceEvent, ReferenceRun, RuleBook } from '../reference-driver.ts';
import { Recorder } from '../reference-driver.ts';

interface Configuration {
  currentUser: { isAuthenticated: boolean; id: string | null; userName: string | null };
  localization: { currentCulture: { cultureName: string } };
}
type Filter = { grantType?: string; error?: string };
interface Input {
  location: string;
  culture: string;
  flow?: 'code' | 'password';
  clientId?: string;
  errorFilters?: Filter[];
}

export interface AuthExpectedView {
  status: 'busy' | 'signedOut' | 'signedIn';
  error: string | null;
  userName: string | null;
  culture: string;
  accessToken: string | null;
  hasTwoFactorChallenge: boolean;
}

type Phase =
  | 'completingSignIn'
  | 'loadingUser'
  | 'linkingLogin'
  | 'endingExpiredSession'
  | 'refreshingToken'
  | 'loadingConfiguration'
  | 'signedOut'
  | 'redirectingToLogin'
  | 'ready'
  | 'renewing'
  | 'reloading'
  | 'impersonating'
  | 'signingOut'
  | 'redirectingToLogout';

const rule = (state: string, text: string) => ({ state, text });
export const authRules: RuleBook = {
  source: 'spec 2.4 (account routes, link login), 4.1 (authentication), 4.5 (impersonation), 5 (signed-in user), 8 (error catalogue)',
  rules: {
    callback: rule('checking', 'Back from the login page (code and state in the address, code flow): the callback is completed.'),
    readStored: rule('checking', 'Otherwise the stored session is read.'),
    otherClient: rule('loadingUser', 'Tokens of another client id are cleared: signed out.'),
    linkLogin: rule('loadingUser', 'A page opened with handler=linkLogin and linkUserId or token performs the link login.'),
    expiredForgotten: rule('loadingUser', 'Expired with remember_me off: logged out (the session is revoked, then cleared).'),
    expiredRenewable: rule('loadingUser', 'Expired with a refresh token: the token is refreshed.'),
    expired: rule('loadingUser', 'Expired without a refresh token: cleared, signed out.'),
    stored: rule('loadingUser', 'A stored session: the configuration is loaded with its access token.'),
    none: rule('loadingUser', 'No stored session: signed out.'),
    unreadable: rule('loadingUser', 'The stored session cannot be read: signed out, saying so.'),
    linkFailedCleared: rule(
      'linkingLogin',
      "A failed link login toasts the server's error_description, clears the link parameters from the address and, unless an error filter matches the 'LinkLogin' grant, clears the tokens.",
    ),
    linkFailedKept: rule('linkingLogin', 'A filtered link-login error keeps the session: its configuration is loaded.'),
    linkFailedNoSession: rule('linkingLogin', 'A filtered link-login error without a session: signed out.'),
    revoked: rule('endingExpiredSession', 'Once revoked, the tokens are cleared: signed out.'),
    revokeFailed: rule('endingExpiredSession', 'Revoking fails: the tokens are cleared all the same, signed out.'),
    refreshed: rule('refreshingToken', 'A refreshed session is stored and the configuration loaded with it.'),
    refreshFailed: rule('refreshingToken', 'A failed refresh clears the tokens and sends the user to login for this page.'),
    callbackDone: rule(
      'completingSignIn',
      'The used code leaves the address; the session is stored; then back to the requested same-origin path, if any.',
    ),
    callbackFailed: rule('completingSignIn', 'A failed callback: the code leaves the address; signed out, saying so.'),
    signedIn: rule('loadingConfiguration', "An authenticated user with an id: signed in, in the server's culture."),
    notSignedIn: rule('loadingConfiguration', 'Anonymous, or a user without an id: the tokens are cleared, signed out.'),
    configurationFailed: rule('loadingConfiguration', 'The configuration cannot be loaded: tokens cleared, signed out, saying so.'),
    anonymous: rule('signedOut', 'Signed out, the configuration is loaded anonymously (the account pages need it).'),
    anonymousLoaded: rule('signedOut', 'The anonymous configuration arrives: still signed out.'),
    signInCode: rule('signedOut', 'Sign-in (code flow) redirects to the identity server with the same-origin returnUrl.'),
    signInPassword: rule('signedOut', 'Sign-in (password flow) goes to /account/login, with returnUrl unless it is /.'),
    tokensReceived: rule(
      'signedOut',
      "The password grant's tokens make the session (expires_at = received + expires_in × 1000, remember_me from the token) and it is stored; then back to returnUrl or '/'.",
    ),
    twoFactor: rule('signedOut', 'A two-factor challenge is kept and /account/send-security-code opens.'),
    reloadSignedOut: rule('signedOut', 'Reloading the configuration while signed out loads the anonymous one again.'),
    oauthErrorSignedOut: rule('signedOut', 'An OAuth error not matched by a filter clears the tokens (the state is refreshed).'),
    redirectFailed: rule('redirectingToLogin', 'The redirect to the identity server fails: signed out, saying so.'),
    redirectTimeout: rule('redirectingToLogin', 'The browser does not leave for the identity server in time: signed out, saying so.'),
    watch: rule('signedIn', 'Signed in, the session is watched for its expiry; the password flow goes back to its returnUrl.'),
    expiring: rule('signedIn', 'The session is about to expire: renewed with its refresh token.'),
    expiringNoRefresh: rule('signedIn', 'About to expire without a refresh token: logged out, the state refreshed.'),
    renewed: rule('signedIn', 'The renewed session is stored and watched; the screen stays.'),
    renewFailed: rule('signedIn', 'A failed renewal clears the tokens and sends the user to login for this page.'),
    reload: rule('signedIn', 'Reloading the configuration keeps the current one on screen until the new one arrives.'),
    reloaded: rule('signedIn', 'The reloaded configuration of a signed-in user replaces the current one.'),
    reloadRefused: rule('signedIn', 'The server no longer accepts the token: cleared, signed out.'),
    reloadFailed: rule('signedIn', 'The reload fails: cleared, signed out, saying so.'),
    oauthErrorSignedIn: rule('signedIn', "An OAuth error not matched by a filter clears the tokens; the 'Impersonation' grant is exempt."),
    signOut: rule('signedIn', 'Sign-out first revokes the tokens at the server.'),
    impersonate: rule('signedIn', "'Login as this user' runs the Impersonation grant with the current session."),
    impersonated: rule('impersonating', "The impersonated user's session is stored, its configuration loaded, and the app goes to '/'."),
    impersonationRefused: rule('impersonating', "A refused impersonation keeps the current session and toasts the server's description."),
    signedOutCode: rule(
      'signingOut',
      "Revoked (code flow): the tokens are forgotten and the identity server's session is ended by redirect.",
    ),
    signedOutPassword: rule('signingOut', "Revoked (password flow): the tokens are cleared and the app goes to '/'."),
    signOutFailed: rule('signingOut', 'Revoking fails: still signed in, saying so.'),
    logoutRedirectFailed: rule('redirectingToLogout', 'The browser does not leave for the end-session endpoint: signed out, saying so.'),
  },
};

function isExpired(session: Session): boolean {
  return typeof session.expiresAt === 'number' && typeof session.observedAt === 'number' && session.expiresAt <= session.observedAt;
}

function keepsTokens(error: { grantType: string; error: string }, filters: Filter[]): boolean {
  return filters.some(
    (filter) =>
      (filter.grantType !== undefined || filter.error !== undefined) &&
      (filter.grantType === undefined || filter.grantType === error.grantType) &&
      (filter.error === undefined || filter.error === error.error),
  );
}

function sameOriginPath(value: unknown): string | null {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\') ? value : null;
}

function rememberMe(accessToken: string): boolean {
  const payload = accessToken.split('.')[1];
  if (!payload) return false;
  try {
    const claim = (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { remember_me?: unknown }).remember_me;
    return claim === true || claim === 'True' || claim === 'true';
  } catch {
    return false;
  }
}

function without(location: string, names: string[]): string {
  const url = new URL(location);
  for (const name of names) url.searchParams.delete(name);
  return `${url.pathname}${url.search}${url.hash}`;
}

export function authReference(rawInput: unknown): ReferenceRun<AuthExpectedView> {
  const input = rawInput as Input;
  const recorder = new Recorder();
  const flow = input.flow ?? 'code';
  const clientId = input.clientId ?? 'Finance_App';
  const filters = input.errorFilters ?? [{ grantType: 'Impersonation' }];
  let location = input.location;
  let culture = input.culture;
  let phase: Phase = 'loadingUser';
  let session: Session | null = null;
  let configuration: Configuration | null = null;
  let error: string | null = null;
  let returnUrl: string | null = null;
  let twoFactor: unknown = null;

  const query = () => new URL(location).searchParams;
  const linkRequest = () => {
    const q = query();
    const request = { linkUserId: q.get('linkUserId'), linkTenantId: q.get('linkTenantId'), token: q.get('token') };
    return q.get('handler') === 'linkLogin' && (request.linkUserId || request.token) ? request : null;
  };
  const loadConfiguration = () => {
    phase = 'loadingConfiguration';
    recorder.call('loadConfiguration', { accessToken: session?.accessToken ?? '', culture });
  };
  const store = (next: Session) => {
    session = next;
    recorder.emit({ type: 'tokens.store', session: next });
  };
  const clear = () => {
    session = null;
    configuration = null;
    recorder.emit({ type: 'tokens.clear' });
  };
  const signedOut = () => {
    recorder.rule('anonymous');
    phase = 'signedOut';
    session = null;
    configuration = null;
    recorder.call('loadConfiguration', { accessToken: '', culture });
  };
  const signIn = (requested: unknown) => {
    const path = sameOriginPath(requested);
    if (flow === 'code') {
      recorder.rule('signInCode');
      phase = 'redirectingToLogin';
      error = null;
      returnUrl = path;
      recorder.call('startSignIn', { culture, returnUrl });
    } else {
      recorder.rule('signInPassword');
      recorder.emit({
        type: 'navigation.replace',
        url: path && path !== '/' ? `/account/login?returnUrl=${encodeURIComponent(path)}` : '/account/login',
      });
    }
  };
  // Sent to login for the page the user is on; the code flow leaves at once (no anonymous load).
  const toLogin = () => {
    clear();
    error = 'notAuthenticated';
    if (flow === 'password') signedOut();
    else {
      phase = 'signedOut';
      session = null;
      configuration = null;
    }
    const url = new URL(location);
    signIn(`${url.pathname}${url.search}`);
  };
  const ready = () => {
    phase = 'ready';
    recorder.call('watchTokenExpiry', { session });
  };
  const enterSignedIn = () => {
    recorder.rule('watch');
    if (flow === 'password' && returnUrl) recorder.emit({ type: 'navigation.replace', url: returnUrl });
    returnUrl = null;
    ready();
  };
  const takeConfiguration = (config: Configuration) => {
    configuration = config;
    culture = config.localization.currentCulture.cultureName;
    error = null;
  };
  const isSignedInUser = (config: Configuration) => config.currentUser.isAuthenticated && Boolean(config.currentUser.id);

  const q = query();
  if (flow === 'code' && q.has('code') && q.has('state')) {
    recorder.rule('callback');
    phase = 'completingSignIn';
    recorder.call('handleCallback', { location });
  } else {
    recorder.rule('readStored');
    recorder.call('loadUser', undefined);
  }

  return {
    take: () => recorder.take(),
    applied: () => recorder.applied(),
    view: () => ({
      status:
        phase === 'ready' || phase === 'renewing' || phase === 'reloading' ? 'signedIn' : phase === 'signedOut' ? 'signedOut' : 'busy',
      error,
      userName: configuration?.currentUser.userName ?? null,
      culture,
      accessToken: session?.accessToken ?? null,
      hasTwoFactorChallenge: twoFactor !== null,
    }),
    send(event: ReferenceEvent) {
      const e = event as ReferenceEvent & Record<string, unknown> & { actor?: string; output?: unknown; error?: unknown };
      const done = (actor: string) => e.type === 'done' && e.actor === actor;
      const failed = (actor: string) => e.type === 'error' && e.actor === actor;
      const signedInPhase = phase === 'ready' || phase === 'renewing' || phase === 'reloading';
      if (phase === 'loadingUser' && done('loadUser')) {
        const found = e.output as Session | null;
        if (found && found.clientId !== undefined && found.clientId !== clientId) {
          recorder.rule('otherClient');
          clear();
          signedOut();
        } else if (linkRequest()) {
          recorder.rule('linkLogin');
          session = found;
          phase = 'linkingLogin';
          recorder.call('linkLogin', { request: linkRequest(), accessToken: found?.accessToken ?? null, location });
        } else if (found && isExpired(found) && found.rememberMe === false) {
          recorder.rule('expiredForgotten');
          session = found;
          phase = 'endingExpiredSession';
          recorder.call('signOut', { session: found, culture });
        } else if (found && isExpired(found) && found.refreshToken) {
          recorder.rule('expiredRenewable');
          session = found;
          phase = 'refreshingToken';
          recorder.call('refreshToken', { session: found });
        } else if (found && isExpired(found)) {
          recorder.rule('expired');
          clear();
          signedOut();
        } else if (found) {
          recorder.rule('stored');
          session = found;
          loadConfiguration();
        } else {
          recorder.rule('none');
          signedOut();
        }
      } else if (phase === 'loadingUser' && failed('loadUser')) {
        recorder.rule('unreadable');
        error = 'loadUserFailed';
        signedOut();
      } else if (phase === 'linkingLogin' && done('linkLogin')) {
        const output = e.output as { error: string; description: string | null };
        const clean = without(location, ['handler', 'linkUserId', 'linkTenantId', 'token']);
        recorder.emit({ type: 'toast.error', description: output.description });
        recorder.emit({ type: 'navigation.replace', url: clean });
        location = new URL(clean, location).href;
        if (!keepsTokens({ grantType: 'LinkLogin', error: output.error }, filters)) {
          recorder.rule('linkFailedCleared');
          clear();
          error = 'notAuthenticated';
          signedOut();
        } else if (session) {
          recorder.rule('linkFailedKept');
          loadConfiguration();
        } else {
          recorder.rule('linkFailedNoSession');
          signedOut();
        }
      } else if (phase === 'endingExpiredSession' && (done('signOut') || failed('signOut'))) {
        recorder.rule(done('signOut') ? 'revoked' : 'revokeFailed');
        clear();
        signedOut();
      } else if (phase === 'refreshingToken' && done('refreshToken')) {
        recorder.rule('refreshed');
        store(e.output as Session);
        loadConfiguration();
      } else if (phase === 'refreshingToken' && failed('refreshToken')) {
        recorder.rule('refreshFailed');
        toLogin();
      } else if (phase === 'completingSignIn' && (done('handleCallback') || failed('handleCallback'))) {
        recorder.emit({
          type: 'navigation.replace',
          url: without(location, ['code', 'state', 'session_state', 'iss', 'error', 'error_description']),
        });
        if (failed('handleCallback')) {
          recorder.rule('callbackFailed');
          error = 'callbackFailed';
          signedOut();
        } else {
          recorder.rule('callbackDone');
          const { returnUrl: requested, ...answer } = e.output as Session & { returnUrl?: string | null };
          store(answer);
          const back = sameOriginPath(requested);
          if (back) recorder.emit({ type: 'navigation.replace', url: back });
          loadConfiguration();
        }
      } else if (phase === 'loadingConfiguration' && done('loadConfiguration')) {
        const config = e.output as Configuration;
        if (isSignedInUser(config)) {
          recorder.rule('signedIn');
          takeConfiguration(config);
          enterSignedIn();
        } else {
          recorder.rule('notSignedIn');
          clear();
          error = 'notAuthenticated';
          signedOut();
        }
      } else if (phase === 'loadingConfiguration' && failed('loadConfiguration')) {
        recorder.rule('configurationFailed');
        clear();
        error = 'configurationFailed';
        signedOut();
      } else if (phase === 'signedOut' && done('loadConfiguration')) {
        recorder.rule('anonymousLoaded');
        configuration = e.output as Configuration;
      } else if (phase === 'signedOut' && e.type === 'auth.signIn') signIn(e.returnUrl);
      else if (phase === 'signedOut' && e.type === 'auth.tokensReceived') {
        recorder.rule('tokensReceived');
        const tokens = e.tokens as { access_token: string; refresh_token?: string; id_token?: string; expires_in?: number };
        const receivedAt = e.receivedAt as number;
        store({
          accessToken: tokens.access_token,
          idToken: tokens.id_token ?? null,
          refreshToken: tokens.refresh_token ?? null,
          storedAt: receivedAt,
          expiresAt:
            typeof tokens.expires_in === 'number' && Number.isFinite(tokens.expires_in) ? receivedAt + tokens.expires_in * 1000 : null,
          rememberMe: rememberMe(tokens.access_token),
          clientId,
          observedAt: receivedAt,
        });
        error = null;
        twoFactor = null;
        returnUrl = sameOriginPath(e.returnUrl) ?? '/';
        loadConfiguration();
      } else if (phase === 'signedOut' && e.type === 'auth.twoFactorRequired') {
        recorder.rule('twoFactor');
        twoFactor = e.challenge;
        recorder.emit({ type: 'navigation.push', url: '/account/send-security-code' });
      } else if (phase === 'signedOut' && e.type === 'auth.reloadConfiguration') {
        recorder.rule('reloadSignedOut');
        signedOut();
      } else if ((phase === 'signedOut' || signedInPhase) && e.type === 'auth.oauthError') {
        if (keepsTokens(e.error as { grantType: string; error: string }, filters)) return;
        recorder.rule(phase === 'signedOut' ? 'oauthErrorSignedOut' : 'oauthErrorSignedIn');
        clear();
        error = 'notAuthenticated';
        signedOut();
      } else if (phase === 'redirectingToLogin' && (failed('startSignIn') || (e.type === 'after' && e.delay === 'redirectTimeout'))) {
        recorder.rule(e.type === 'after' ? 'redirectTimeout' : 'redirectFailed');
        error = 'redirectFailed';
        signedOut();
      } else if (signedInPhase && e.type === 'auth.signOut') {
        recorder.rule('signOut');
        error = null;
        phase = 'signingOut';
        recorder.call('signOut', { session, culture });
      } else if (signedInPhase && e.type === 'auth.impersonate') {
        recorder.rule('impersonate');
        error = null;
        phase = 'impersonating';
        recorder.call('impersonate', { session, userId: e.userId ?? null, tenantId: e.tenantId ?? null });
      } else if (phase === 'ready' && e.type === 'auth.reloadConfiguration') {
        recorder.rule('reload');
        phase = 'reloading';
        recorder.call('loadConfiguration', { accessToken: session?.accessToken ?? '', culture });
      } else if (phase === 'ready' && e.type === 'session.expiring') {
        if (session?.refreshToken) {
          recorder.rule('expiring');
          phase = 'renewing';
          recorder.call('refreshToken', { session });
        } else {
          recorder.rule('expiringNoRefresh');
          clear();
          error = 'notAuthenticated';
          signedOut();
        }
      } else if (phase === 'renewing' && done('refreshToken')) {
        recorder.rule('renewed');
        store(e.output as Session);
        ready();
      } else if (phase === 'renewing' && failed('refreshToken')) {
        recorder.rule('renewFailed');
        toLogin();
      } else if (phase === 'reloading' && done('loadConfiguration')) {
        const config = e.output as Configuration;
        if (isSignedInUser(config)) {
          recorder.rule('reloaded');
          takeConfiguration(config);
          ready();
        } else {
          recorder.rule('reloadRefused');
          clear();
          error = 'notAuthenticated';
          signedOut();
        }
      } else if (phase === 'reloading' && failed('loadConfiguration')) {
        recorder.rule('reloadFailed');
        clear();
        error = 'configurationFailed';
        signedOut();
      } else if (phase === 'impersonating' && done('impersonate')) {
        recorder.rule('impersonated');
        store(e.output as Session);
        recorder.emit({ type: 'navigation.push', url: '/' });
        loadConfiguration();
      } else if (phase === 'impersonating' && failed('impersonate')) {
        recorder.rule('impersonationRefused');
        const description = (e.error as { error_description?: unknown } | null)?.error_description;
        recorder.emit({ type: 'toast.error', description: typeof description === 'string' && description !== '' ? description : null });
        enterSignedIn();
      } else if (phase === 'signingOut' && done('signOut')) {
        if (flow === 'code') {
          recorder.rule('signedOutCode');
          recorder.emit({ type: 'tokens.clear' });
          phase = 'redirectingToLogout';
          session = null;
          configuration = null;
        } else {
          recorder.rule('signedOutPassword');
          clear();
          recorder.emit({ type: 'navigation.replace', url: '/' });
          signedOut();
        }
      } else if (phase === 'signingOut' && failed('signOut')) {
        recorder.rule('signOutFailed');
        error = 'signOutFailed';
        enterSignedIn();
      } else if (phase === 'redirectingToLogout' && e.type === 'after' && e.delay === 'redirectTimeout') {
        recorder.rule('logoutRedirectFailed');
        error = 'logoutRedirectFailed';
        signedOut();
      }
    },
  };
}
