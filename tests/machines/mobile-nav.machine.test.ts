// The mobile navbar machine: examples that pin spec 2.3, then every generated model path (the ones
// docs/machines/mobileNav.md lists).
// Generated paths are checked step by step against the reference written from the spec
// (reference/mobile-nav.reference.ts).
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { mobileNavMachine, selectMobileNav } from '../../machines/shell/mobile-nav.machine.ts';
import { mobileNavModel } from '../../machines/shell/mobile-nav.model.ts';
import { describeReferencePaths } from './reference-driver.ts';
import { mobileNavReference, mobileNavRules } from './reference/mobile-nav.reference.ts';

function start(isAuthenticated = true) {
  const actor = createActor(mobileNavMachine, { input: { isAuthenticated } });
  const emitted: unknown[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { actor, emitted, view: () => selectMobileNav(actor.getSnapshot()) };
}

describe('mobile navbar', () => {
  it('toggles between the submenus; toggling the active one closes it', () => {
    const run = start();
    expect(run.view()).toEqual({ open: null, isOpen: false, showsLoginTab: false });
    run.actor.send({ type: 'nav.toggle', tab: 'menu' });
    expect(run.view().open).toBe('menu');
    run.actor.send({ type: 'nav.toggle', tab: 'settings' });
    expect(run.view().open).toBe('settings');
    run.actor.send({ type: 'nav.toggle', tab: 'profile' });
    expect(run.view().open).toBe('profile');
    run.actor.send({ type: 'nav.toggle', tab: 'profile' });
    expect(run.view().open).toBeNull();
  });

  it('closes on navigation and scrolls the content to the top', () => {
    const run = start();
    run.actor.send({ type: 'nav.toggle', tab: 'menu' });
    run.actor.send({ type: 'nav.navigated' });
    expect(run.view().open).toBeNull();
    expect(run.emitted).toEqual([{ type: 'scrollToTop' }]);
    run.actor.send({ type: 'nav.navigated' });
    expect(run.emitted).toHaveLength(2);
  });

  it('closes on Escape or a tap outside without scrolling the page', () => {
    const run = start();
    for (const tab of ['menu', 'settings', 'profile'] as const) {
      run.actor.send({ type: 'nav.toggle', tab });
      run.actor.send({ type: 'nav.close' });
      expect(run.view().open).toBeNull();
    }
    run.actor.send({ type: 'nav.close' });
    expect(run.view().open).toBeNull();
    expect(run.emitted).toEqual([]);
  });

  it('has no profile menu for an anonymous user, who sees the Login tab instead', () => {
    const run = start(false);
    expect(run.view().showsLoginTab).toBe(true);
    run.actor.send({ type: 'nav.toggle', tab: 'profile' });
    expect(run.view().open).toBeNull();
    run.actor.send({ type: 'nav.authChanged', isAuthenticated: true });
    run.actor.send({ type: 'nav.toggle', tab: 'profile' });
    expect(run.view()).toMatchObject({ open: 'profile', showsLoginTab: false });
  });

  it('closes the profile menu on sign-out, and keeps the others open', () => {
    const run = start();
    run.actor.send({ type: 'nav.toggle', tab: 'profile' });
    run.actor.send({ type: 'nav.authChanged', isAuthenticated: false });
    expect(run.view()).toEqual({ open: null, isOpen: false, showsLoginTab: true });
    run.actor.send({ type: 'nav.authChanged', isAuthenticated: true });
    run.actor.send({ type: 'nav.toggle', tab: 'settings' });
    run.actor.send({ type: 'nav.authChanged', isAuthenticated: false });
    expect(run.view().open).toBe('settings');
  });
});

describeReferencePaths('mobile nav', {
  model: mobileNavModel,
  id: 'mobileNav',
  actorNames: [],
  select: (snapshot) => selectMobileNav(snapshot as never),
  reference: mobileNavReference,
  rules: mobileNavRules,
});
