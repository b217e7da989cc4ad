// The page's view model and the browser effects, fed by the real auth machine with fake actors.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { authMachine } from '../../machines/session/auth.machine.ts';
import { configuration, storedSession } from '../../machines/session/auth.model.ts';
import { selectAuthView } from '../../src/app/auth-view.ts';
import { selectAccess, selectAuthStatus } from '../../src/app/shell-view.ts';
import { connectEffects, isRightToLeft } from '../../src/app/effects.ts';
import { authErrorTexts, texts } from '../../src/i18n/fallback-texts.ts';
import { fakeActors, settled } from '../machines/model-driver.ts';

const names = ['loadUser', 'handleCallback', 'startSignIn', 'signOut', 'loadConfiguration'];

function start(location = 'https://app.example/') {
  const fakes = fakeActors(names);
  const actor = createActor(authMachine.provide({ actors: fakes.actors }), { input: { location, culture: 'en' } });
  return { fakes, actor };
}

describe('auth view model', () => {
  it('is busy while checking, then offers sign-in when signed out', async () => {
    const { fakes, actor } = start();
    actor.start();
    expect(selectAuthView(actor.getSnapshot())).toMatchObject({
      status: 'busy',
      busyText: texts.checkingSession,
      canSignIn: false,
      canSignOut: false,
    });
    fakes.settle('loadUser', { output: null });
    await settled();
    expect(selectAuthView(actor.getSnapshot())).toMatchObject({ status: 'signedOut', busyText: '', canSignIn: true, errorText: null });
    actor.send({ type: 'auth.signIn' });
    expect(selectAuthView(actor.getSnapshot())).toMatchObject({ status: 'busy', busyText: texts.openingSignIn, canSignIn: false });
  });

  it('shows the user, e-mail and tenant from the configuration when signed in', async () => {
    const { fakes, actor } = start();
    actor.start();
    fakes.settle('loadUser', { output: storedSession });
    await settled();
    const tenantConfiguration = configuration('alice');
    tenantConfiguration.currentTenant = { id: 't-1', name: 'acme', isAvailable: true };
    fakes.settle('loadConfiguration', { output: tenantConfiguration });
    await settled();
    expect(selectAuthView(actor.getSnapshot())).toMatchObject({
      status: 'signedIn',
      userName: 'alice',
      email: 'alice@abp.io',
      tenantName: 'acme',
      canSignOut: true,
    });
    // Reloading the configuration (saved settings) keeps the page signed in, showing the same user,
    // so the app does not swap the screen for the loading page; the route guard's status agrees.
    actor.send({ type: 'auth.reloadConfiguration' });
    expect(actor.getSnapshot().matches({ signedIn: 'reloading' })).toBe(true);
    expect(selectAuthView(actor.getSnapshot())).toMatchObject({ status: 'signedIn', busyText: '', userName: 'alice', canSignOut: true });
    expect(selectAuthStatus(actor.getSnapshot())).toBe('signedIn');
    expect(selectAccess(actor.getSnapshot()).isAuthenticated).toBe(true);
  });

  it('explains a failure in words, not codes', async () => {
    const { fakes, actor } = start();
    actor.start();
    fakes.settle('loadUser', { error: new Error('storage') });
    await settled();
    expect(selectAuthView(actor.getSnapshot()).errorText).toBe(authErrorTexts.loadUserFailed);
  });

  it("says a failed Logout in the user's language (the application layout shows it on every page)", async () => {
    const said: Record<string, string | null> = {};
    for (const culture of ['en', 'ar', 'fr', 'hy']) {
      const { fakes, actor } = start();
      actor.start();
      fakes.settle('loadUser', { output: storedSession });
      await settled();
      fakes.settle('loadConfiguration', { output: configuration('admin', culture) });
      await settled();
      actor.send({ type: 'auth.signOut' });
      fakes.settle('signOut', { error: new Error('offline') });
      await settled();
      expect(selectAuthView(actor.getSnapshot())).toMatchObject({ status: 'signedIn', canSignOut: true });
      said[culture] = selectAuthView(actor.getSnapshot()).errorText;
    }
    expect(said.en).toBe('Logout failed; you are still logged in. Please try again.');
    expect(said.fr).toBe('La déconnexion a échoué ; vous êtes toujours connecté. Veuillez réessayer.');
    expect(said.ar).toBe('فشل تسجيل الخروج؛ ما زلت مسجلاً الدخول. يرجى المحاولة مرة أخرى.');
    expect(said.hy).toBe('Ելքը չհաջողվեց․ դուք դեռ մուտք գործած եք։ Խնդրում ենք կրկին փորձել։');
  });
});

describe('browser effects', () => {
  it('cleans the address bar after the callback and follows the culture and direction', async () => {
    const replaced: string[] = [];
    const root = { lang: '', dir: '' };
    const win = {
      history: { state: null, replaceState: (_: unknown, __: string, url: string) => replaced.push(url) },
      document: { documentElement: root },
    };
    const { fakes, actor } = start('https://app.example/?code=c&state=s');
    const disconnect = connectEffects(actor, win as unknown as Window);
    actor.start();
    expect(root).toEqual({ lang: 'en', dir: 'ltr' });
    fakes.settle('handleCallback', { output: storedSession });
    await settled();
    expect(replaced).toEqual(['/']);
    fakes.settle('loadConfiguration', { output: configuration('admin', 'ar') });
    await settled();
    expect(root).toEqual({ lang: 'ar', dir: 'rtl' });
    disconnect();
  });

  it('takes the direction from the browser language until the server answers', async () => {
    expect([isRightToLeft('ar-EG'), isRightToLeft('he'), isRightToLeft('fa_IR'), isRightToLeft('en-US'), isRightToLeft('fr')]).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
    const root = { lang: '', dir: '' };
    const win = { history: { state: null, replaceState: () => {} }, document: { documentElement: root } };
    const fakes = fakeActors(names);
    const actor = createActor(authMachine.provide({ actors: fakes.actors }), {
      input: { location: 'https://app.example/', culture: 'ar-EG' },
    });
    connectEffects(actor, win as unknown as Window);
    actor.start();
    expect(root).toEqual({ lang: 'ar-EG', dir: 'rtl' });
    fakes.settle('loadUser', { output: storedSession });
    await settled();
    // The server's culture wins once known.
    fakes.settle('loadConfiguration', { output: configuration('admin', 'en') });
    await settled();
    expect(root).toEqual({ lang: 'en', dir: 'ltr' });
  });
});
