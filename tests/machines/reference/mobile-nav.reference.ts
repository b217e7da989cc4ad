// Reference of the mobile navbar, written from spec 2.3 (tabs: a 'Menu' hamburger, a Settings tab
// and a Profile tab; an unauthenticated user sees a Login tab; opening a submenu toggles between the
// navbar, settings and profile menus, clicking the active one again closes it; navigating closes the
// menu and scrolls the content to the top). Escape or a tap outside closes without scrolling; the
// Login tab is a navigation, not a submenu; signing out closes an open profile menu. Plain code: it
// does not import the machine.
import type { ReferenceEvent, ReferenceRun, RuleBook } from '../reference-driver.ts';
import { Recorder } from '../reference-driver.ts';

type Tab = 'menu' | 'settings' | 'profile';

export interface MobileNavExpectedView {
  open: Tab | null;
  isOpen: boolean;
  showsLoginTab: boolean;
}

export const mobileNavRules: RuleBook = {
  source: 'spec 2.3 (mobile navbar)',
  rules: {
    open: { state: 'closed', text: 'A tab opens its submenu (Profile only for a signed-in user).' },
    switch: { state: 'open', text: 'Another tab while one is open switches to it.' },
    closeActive: { state: 'open', text: 'The active tab again closes it.' },
    close: { state: 'open', text: 'Escape or a tap outside closes it; the page stays where it is.' },
    navigated: { state: 'any state', text: 'A navigation closes whatever is open and scrolls the content to the top.' },
    auth: {
      state: 'any state',
      text: 'Signing in or out switches between the Profile and the Login tab; signing out closes an open profile menu.',
    },
    loginTab: { state: 'any state', text: 'Without a user the Profile tab is the Login tab: it opens no submenu.', ignored: true },
  },
  equivalentMutants: [
    {
      mutant: "isProfileTab's tab === 'profile' made true",
      why: 'the toggles test menu and settings first, so the profile guard is only asked about the profile tab.',
    },
  ],
};

export function mobileNavReference(rawInput: unknown): ReferenceRun<MobileNavExpectedView> {
  let signedIn = (rawInput as { isAuthenticated: boolean }).isAuthenticated;
  const recorder = new Recorder();
  let open: Tab | null = null;
  return {
    take: () => recorder.take(),
    applied: () => recorder.applied(),
    view: () => ({ open, isOpen: open !== null, showsLoginTab: !signedIn }),
    send(event: ReferenceEvent) {
      const e = event as ReferenceEvent & { tab?: Tab; isAuthenticated?: boolean };
      if (e.type === 'nav.toggle') {
        if (e.tab === 'profile' && !signedIn) recorder.rule('loginTab');
        else if (open === null) {
          recorder.rule('open');
          open = e.tab ?? null;
        } else if (open === e.tab) {
          recorder.rule('closeActive');
          open = null;
        } else {
          recorder.rule('switch');
          open = e.tab ?? null;
        }
      } else if (e.type === 'nav.close' && open !== null) {
        recorder.rule('close');
        open = null;
      } else if (e.type === 'nav.navigated') {
        recorder.rule('navigated');
        open = null;
        recorder.emit({ type: 'scrollToTop' });
      } else if (e.type === 'nav.authChanged') {
        recorder.rule('auth');
        signedIn = e.isAuthenticated === true;
        if (!signedIn && open === 'profile') open = null;
      }
    },
  };
}
