// The mobile navbar (spec 2.3): a 'Menu' hamburger, a Settings tab and a Profile tab. Rules:
// - At most one submenu is open: opening one while another is open switches to it; toggling the
//   active one closes it.
// - The Profile tab belongs to a signed-in user; unauthenticated, the view shows a Login tab in its
//   place (a navigation, not a submenu), so `nav.toggle` for profile does nothing then, and signing
//   out (`nav.authChanged`) closes an open profile menu.
// - `nav.navigated` closes whatever is open and emits `scrollToTop`, so the new page starts at its top.
// - `nav.close` (Escape, or a tap on the backdrop outside the open panel) closes whatever is open and
//   leaves the page where it is.
import { assign, emit, type SnapshotFrom, setup } from 'xstate';

export type MobileNavTab = 'menu' | 'settings' | 'profile';

export interface MobileNavInput {
  isAuthenticated: boolean;
}

export interface MobileNavContext {
  isAuthenticated: boolean;
}

export type MobileNavEvent =
  | { type: 'nav.toggle'; tab: MobileNavTab }
  | { type: 'nav.navigated' }
  | { type: 'nav.close' }
  | { type: 'nav.authChanged'; isAuthenticated: boolean };

export type MobileNavEmitted = { type: 'scrollToTop' };

/** The toggles of an open tab: itself closes, the others switch. */
function toggles(active: MobileNavTab | null) {
  const tabs: MobileNavTab[] = ['menu', 'settings', 'profile'];
  const guards = { menu: 'isMenuTab', settings: 'isSettingsTab', profile: 'isProfileTab' } as const;
  return tabs.map((tab) => ({
    guard: { type: guards[tab], params: ({ event }: { event: { tab: MobileNavTab } }) => event.tab },
    target: tab === active ? '#mobileNav.closed' : `#mobileNav.${tab}`,
  }));
}

export const mobileNavMachine = setup({
  types: {
    context: {} as MobileNavContext,
    events: {} as MobileNavEvent,
    input: {} as MobileNavInput,
    emitted: {} as MobileNavEmitted,
  },
  guards: {
    isMenuTab: (_, tab: MobileNavTab) => tab === 'menu',
    isSettingsTab: (_, tab: MobileNavTab) => tab === 'settings',
    // Only a signed-in user has a profile menu.
    isProfileTab: ({ context }, tab: MobileNavTab) => tab === 'profile' && context.isAuthenticated,
    isSignedOut: (_, isAuthenticated: boolean) => !isAuthenticated,
  },
}).createMachine({
  id: 'mobileNav',
  context: ({ input }) => ({ isAuthenticated: input.isAuthenticated }),
  on: {
    'nav.navigated': { target: '.closed', actions: emit({ type: 'scrollToTop' }) },
    'nav.authChanged': { actions: assign({ isAuthenticated: ({ event }) => event.isAuthenticated }) },
  },
  initial: 'closed',
  states: {
    closed: { on: { 'nav.toggle': toggles(null) } },
    menu: { on: { 'nav.toggle': toggles('menu'), 'nav.close': '#mobileNav.closed' } },
    settings: { on: { 'nav.toggle': toggles('settings'), 'nav.close': '#mobileNav.closed' } },
    profile: {
      on: {
        'nav.toggle': toggles('profile'),
        'nav.close': '#mobileNav.closed',
        'nav.authChanged': {
          guard: { type: 'isSignedOut', params: ({ event }) => event.isAuthenticated },
          target: 'closed',
          actions: assign({ isAuthenticated: false }),
        },
      },
    },
  },
});

export type MobileNavMachine = typeof mobileNavMachine;

/** The view model of the navbar: which submenu is open, and whether the Login tab replaces Profile. */
export function selectMobileNav(snapshot: SnapshotFrom<MobileNavMachine>) {
  const open = snapshot.matches('closed') ? null : (snapshot.value as MobileNavTab);
  return { open, isOpen: open !== null, showsLoginTab: !snapshot.context.isAuthenticated };
}
