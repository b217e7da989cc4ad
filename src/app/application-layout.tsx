// The application layout (side-menu by default, top-menu by the user's choice): binds the shell's
// machines to the render-only views of src/views/shell. Rules: components read view models with
// useSelector and send events; the menu is the registry filtered by the caller's access and the
// Filter Menu text; one panel (mobile menu, settings or user menu) is open at a time; the auth
// machine's error (a failed Logout from the user menu, spec 8) is shown at the top of the content on
// every page of this layout, home included, wherever the user is when it happens.
import { useSelector } from '@xstate/react';
import { lazy, type ReactNode, Suspense, useEffect, useMemo, useSyncExternalStore } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { type LayoutClass, selectContainerWidth } from '../../machines/shell/container-width.machine.ts';
import { selectLanguage } from '../../machines/shell/language.machine.ts';
import { type MenuFilterItem, selectMenuFilter } from '../../machines/shell/menu-filter.machine.ts';
import { selectMenuGroups } from '../../machines/shell/menu-groups.machine.ts';
import { type MenuLayout, selectMenuLayout } from '../../machines/shell/menu-layout.machine.ts';
import { selectFlyout } from '../../machines/shell/flyout.machine.ts';
import { selectMobileNav } from '../../machines/shell/mobile-nav.machine.ts';
import { selectTheme, type ThemeStyleName } from '../../machines/shell/theme.machine.ts';
import { BreadcrumbView } from '../views/shell/breadcrumb-view.tsx';
import { MobileNavbarView } from '../views/shell/mobile-navbar-view.tsx';
import { SideMenuView } from '../views/shell/side-menu-view.tsx';
import { type ToolbarPanel, ToolbarView } from '../views/shell/toolbar-view.tsx';
import { flattenMenu, type MenuEntry, menuTrail, visibleMenu } from './menu.ts';
import { isGranted } from './access.ts';
import { inspectionFlagOn, onRecordingChange, recordingActive, saveRecording, startRecording } from './inspection.ts';
import { selectAuthView } from './auth-view.ts';
import { matchRoute } from './routes.ts';
import { selectAccess, selectCurrentUser, shallowEqual } from './shell-view.ts';
import { useSystem } from './system-context.ts';
import { useTexts } from './use-texts.ts';

// The settings panel's body uses the design system's controls: loaded when it first opens. The user
// panel and its menu entries too (issue 18: neither is part of the first paint).
const SettingsPanelView = lazy(() => import('../views/shell/settings-panel-view.tsx'));
const UserPanel = lazy(() => import('./user-panel.tsx'));
export function ApplicationLayout({ children }: { children: ReactNode }) {
  const system = useSystem();
  const { auth, menuGroups, theme, containerWidth, menuLayout, language, menuFilter, mobileNav, settingsFlyout, userFlyout, config } =
    system;
  const t = useTexts();
  const [location] = useLocation();
  const search = useSearch();
  const access = useSelector(auth, selectAccess);
  const user = useSelector(auth, selectCurrentUser, shallowEqual);
  const authError = useSelector(auth, (snapshot) => selectAuthView(snapshot).errorText);
  const panel = useSelector(mobileNav, (snapshot) => selectMobileNav(snapshot).open ?? 'none');
  const settingsOpen = useSelector(settingsFlyout, (snapshot) => selectFlyout(snapshot).isOpen) || panel === 'settings';
  const userOpen = useSelector(userFlyout, (snapshot) => selectFlyout(snapshot).isOpen) || panel === 'profile';
  const filter = useSelector(menuFilter, selectMenuFilter, shallowEqual);
  const userExpanded = useSelector(menuGroups, selectMenuGroups);
  const width = useSelector(containerWidth, (snapshot) => selectContainerWidth(snapshot).layout);
  const languageView = useSelector(language, selectLanguage, shallowEqual);
  const themeView = useSelector(theme, selectTheme, shallowEqual);
  const topMenu = useSelector(menuLayout, (snapshot) => selectMenuLayout(snapshot).isTopMenu);

  const menu = useMemo(() => visibleMenu(access), [access]);
  const byId = useMemo(() => new Map(flattenMenu(menu).map((entry) => [entry.id, entry])), [menu]);
  const trail = useMemo(() => {
    const fromMenu = menuTrail(location, menu);
    if (fromMenu.length > 0) return fromMenu;
    // A page outside the main menu (the user menu's) names its own trail on its route.
    return (matchRoute(location)?.breadcrumb ?? []).map(
      (entry, index): MenuEntry => ({
        id: `route.${index}`,
        label: entry.label,
        order: index,
        ...(entry.path ? { path: entry.path } : {}),
      }),
    );
  }, [location, menu]);
  // The filter machine works on ids and texts; the menu it filters is the caller's, in their language.
  useEffect(() => {
    const toItems = (entries: readonly MenuEntry[]): MenuFilterItem[] =>
      entries.map((entry) => ({ id: entry.id, text: t(entry.label), children: entry.children && toItems(entry.children) }));
    menuFilter.send({ type: 'menu.itemsChanged', items: toItems(menu) });
  }, [menuFilter, menu, t]);
  const entries = useMemo(() => {
    const toEntries = (items: readonly MenuFilterItem[]): MenuEntry[] =>
      items.flatMap((item) => {
        const entry = byId.get(item.id);
        return entry ? [{ ...entry, children: item.children && toEntries(item.children) }] : [];
      });
    return toEntries(filter.items);
  }, [filter.items, byId]);
  const expanded = useMemo(
    () => new Set([...filter.expandedIds, ...userExpanded, ...trail.slice(0, -1).map((entry) => entry.id)]),
    [filter.expandedIds, userExpanded, trail],
  );
  // A panel of the mobile navbar closes on Escape, focus going back to the tab that opened it (a tap
  // on the backdrop closes it too, below).
  useEffect(() => {
    if (panel === 'none') return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      mobileNav.send({ type: 'nav.close' });
      document.querySelector<HTMLElement>(`.mobile-navbar [aria-controls][aria-expanded="true"]`)?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [panel, mobileNav]);
  const signIn = () => auth.send({ type: 'auth.signIn' });
  const toggle = (tab: 'menu' | 'settings' | 'profile') => mobileNav.send({ type: 'nav.toggle', tab });
  const flyouts = { settings: settingsFlyout, profile: userFlyout } as const;
  const other = (which: ToolbarPanel) => flyouts[which === 'settings' ? 'profile' : 'settings'];
  const closePanel = (which: ToolbarPanel) => {
    flyouts[which].send({ type: 'flyout.close' });
    if (panel === which) toggle(which);
  };
  const pointer = (which: ToolbarPanel) => ({
    onPointerEnter: () => {
      if (topMenu) other(which).send({ type: 'flyout.close' });
      flyouts[which].send({ type: 'flyout.pointerEnter' });
    },
    onPointerLeave: () => flyouts[which].send({ type: 'flyout.pointerLeave' }),
  });
  const themeLabels: Record<string, string> = {
    light: t('shell.themeLight'),
    dim: t('shell.themeDim'),
    dark: t('shell.themeDark'),
    system: t('shell.themeSystem'),
  };
  const widthLabels: Record<string, string> = { boxed: t('shell.widthBoxed'), full: t('shell.widthFull'), fixed: t('shell.widthFluid') };
  const menuProps = {
    t,
    entries,
    expanded,
    activePath: location,
    filter: filter.text,
    onFilter: (text: string) => menuFilter.send({ type: 'filter.change', text }),
    onClear: () => menuFilter.send({ type: 'filter.clear' }),
    onToggle: (id: string) => menuGroups.send({ type: 'menu.toggle', id }),
  };

  // A support session (issue 12): the user menu starts and saves it; the indicator shows it runs.
  const recording = useSyncExternalStore(onRecordingChange, recordingActive, () => false);
  return (
    <div className={`app-shell ${topMenu ? 'layout-top' : 'layout-side'}`} data-panel={panel}>
      <a className="skip-link" href="#main-content">
        {t('app.skipToContent')}
      </a>
      <header className="topbar">
        <Link href="/" className="brand">
          {t('app.name')}
        </Link>
        {topMenu && <SideMenuView {...menuProps} horizontal />}
        <ToolbarView
          t={t}
          settingsOpen={settingsOpen}
          userOpen={userOpen}
          user={user}
          onToggle={(which) => {
            other(which).send({ type: 'flyout.close' });
            flyouts[which].send({ type: 'flyout.toggle' });
          }}
          pointer={pointer}
          onLogin={signIn}
        />
      </header>
      {panel !== 'none' && <div className="drawer-backdrop" aria-hidden="true" onClick={() => mobileNav.send({ type: 'nav.close' })} />}
      {(!topMenu || panel === 'menu') && (
        <aside id="sidebar" className={topMenu ? 'sidebar sidebar-mobile' : 'sidebar'}>
          <SideMenuView {...menuProps} />
        </aside>
      )}
      {settingsOpen && (
        <Suspense fallback={null}>
          <SettingsPanelView
            pointer={pointer('settings')}
            t={t}
            themes={themeView.options.map((option) => ({ value: option.styleName, label: themeLabels[option.styleName] ?? option.label }))}
            theme={themeView.style}
            themeError={themeView.error}
            widths={(['boxed', 'full', 'fixed'] as const).map((value) => ({ value, label: widthLabels[value] ?? value }))}
            width={width ?? 'full'}
            menuLayouts={[
              { value: 'side-menu', label: t('shell.menuLayoutSide') },
              { value: 'top-menu', label: t('shell.menuLayoutTop') },
            ]}
            menuLayout={topMenu ? 'top-menu' : 'side-menu'}
            languages={languageView.languages.map((entry) => ({ value: entry.cultureName, label: entry.displayName }))}
            language={languageView.pending ?? languageView.culture}
            onTheme={(style) => theme.send({ type: 'theme.select', style: style as ThemeStyleName })}
            onWidth={(value) => containerWidth.send({ type: 'layout.select', layout: value as LayoutClass })}
            onMenuLayout={(value) => menuLayout.send({ type: 'menuLayout.select', layout: value as MenuLayout })}
            onLanguage={(cultureName) => language.send({ type: 'language.select', cultureName })}
            onClose={() => closePanel('settings')}
          />
        </Suspense>
      )}
      {userOpen && user && (
        <Suspense fallback={null}>
          <UserPanel
            pointer={pointer('profile')}
            t={t}
            user={user}
            menu={{
              flow: config.authFlow,
              issuer: system.issuer,
              currentUrl: `${system.issuer.slice(0, -1)}${search ? `${location}?${search}` : location}`,
              impersonatorUserId: user.impersonatorUserId,
              linkedAccountsAvailable: config.linkedAccountsAvailable,
              developerDocs: isGranted(access, 'Finance.Developer.Docs'),
              recordingOffered: isGranted(access, 'Finance.Developer.Docs') || inspectionFlagOn(),
              recording,
            }}
            onRecordSession={startRecording}
            onSaveRecording={() => void saveRecording()}
            onLogout={() => auth.send({ type: 'auth.signOut' })}
            onEndImpersonation={() => auth.send({ type: 'auth.impersonate', userId: null })}
            onNavigate={() => closePanel('profile')}
            onClose={() => closePanel('profile')}
          />
        </Suspense>
      )}
      <div className="content">
        {recording && (
          <p className="recording-indicator" role="status" style={{ margin: 0, padding: '0.25rem 1rem', fontWeight: 600 }}>
            <span aria-hidden="true" style={{ color: '#b00020' }}>
              ●{' '}
            </span>
            {t('user.recording')}
          </p>
        )}
        <BreadcrumbView t={t} trail={trail} />
        <main id="main-content" className="container" tabIndex={-1}>
          {authError && (
            <p role="alert" className="error">
              {authError}
            </p>
          )}
          {children}
        </main>
        <footer className="footer">{t('app.footer')}</footer>
      </div>
      <MobileNavbarView t={t} open={panel} signedIn={user !== null} onToggle={toggle} onLogin={signIn} />
    </div>
  );
}

/** The account pages' layout: a centred card, no menu (spec 2.4). */
export function AccountLayout({ children }: { children: ReactNode }) {
  return (
    <div className="account-layout">
      <main id="main-content" className="account-card">
        {children}
      </main>
    </div>
  );
}

/** The error page's layout: nothing but the page (spec 2.8: a full page, no close icon). */
export function EmptyLayout({ children }: { children: ReactNode }) {
  return (
    <main id="main-content" className="empty-layout">
      {children}
    </main>
  );
}
