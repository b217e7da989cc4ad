// The application layout (side-menu by default, top-menu by configuration): binds the shell's
// machines to the render-only views of src/views/shell. Rules: components read view models with
// useSelector and send events; the menu is the registry filtered by the caller's access and the
// Filter Menu text; one panel (mobile menu, settings or user menu) is open at a time.
import { useSelector } from '@xstate/react';
import { type ReactNode, useMemo } from 'react';
import { Link, useLocation } from 'wouter';
import { selectTheme } from '../../machines/shell/theme.machine.ts';
import { bundledLanguages } from '../i18n/texts.ts';
import { BreadcrumbView } from '../views/shell/breadcrumb-view.tsx';
import { MobileNavbarView } from '../views/shell/mobile-navbar-view.tsx';
import { SideMenuView } from '../views/shell/side-menu-view.tsx';
import { SettingsPanelView, ToolbarView, UserPanelView } from '../views/shell/toolbar-view.tsx';
import { filterMenu, menuTrail, visibleMenu } from './menu.ts';
import { selectAccess, selectCulture, selectCurrentUser, shallowEqual } from './shell-view.ts';
import { useSystem } from './system-context.ts';
import { useTexts } from './use-texts.ts';
import { userMenuGroups } from './user-menu.ts';

export function ApplicationLayout({ children }: { children: ReactNode }) {
  const system = useSystem();
  const { auth, shell, theme, config } = system;
  const t = useTexts();
  const [location] = useLocation();
  const access = useSelector(auth, selectAccess);
  const user = useSelector(auth, selectCurrentUser, shallowEqual);
  const culture = useSelector(auth, selectCulture);
  const panel = useSelector(shell, (snapshot) => snapshot.context.panel);
  const filter = useSelector(shell, (snapshot) => snapshot.context.filter);
  const userExpanded = useSelector(shell, (snapshot) => snapshot.context.expanded);
  const width = useSelector(shell, (snapshot) => snapshot.context.width);
  const themeView = useSelector(theme, selectTheme, shallowEqual);
  const topMenu = config.layout === 'top-menu';

  const menu = useMemo(() => visibleMenu(access), [access]);
  const trail = useMemo(() => menuTrail(location, menu), [location, menu]);
  const filtered = useMemo(() => filterMenu(menu, filter, (entry) => t(entry.label)), [menu, filter, t]);
  const expanded = useMemo(
    () => new Set([...filtered.expanded, ...userExpanded, ...trail.slice(0, -1).map((entry) => entry.id)]),
    [filtered, userExpanded, trail],
  );
  const signIn = () => auth.send({ type: 'auth.signIn' });
  const themeLabels: Record<string, string> = {
    light: t('shell.themeLight'),
    dim: t('shell.themeDim'),
    dark: t('shell.themeDark'),
    system: t('shell.themeSystem'),
  };
  const language = culture.split(/[-_]/)[0]!.toLowerCase();
  const menuView = (
    <SideMenuView
      t={t}
      entries={filtered.entries}
      expanded={expanded}
      activePath={location}
      filter={filter}
      horizontal={topMenu}
      onFilter={(text) => shell.send({ type: 'filter.change', text })}
      onClear={() => shell.send({ type: 'filter.clear' })}
      onToggle={(id) => shell.send({ type: 'menu.toggle', id })}
    />
  );

  return (
    <div className={`app-shell ${topMenu ? 'layout-top' : 'layout-side'}`} data-panel={panel}>
      <a className="skip-link" href="#main-content">
        {t('app.skipToContent')}
      </a>
      <header className="topbar">
        <Link href="/" className="brand">
          {t('app.name')}
        </Link>
        {topMenu && menuView}
        <ToolbarView
          t={t}
          hover={topMenu}
          open={panel}
          user={user}
          onToggle={(next) => shell.send({ type: 'panel.toggle', panel: next })}
          onOpen={(next) => shell.send({ type: 'panel.open', panel: next })}
          onClose={() => shell.send({ type: 'panel.close' })}
          onLogin={signIn}
        />
      </header>
      {!topMenu && (
        <aside id="sidebar" className="sidebar">
          {menuView}
        </aside>
      )}
      {topMenu && panel === 'menu' && (
        <aside id="sidebar" className="sidebar sidebar-mobile">
          <SideMenuView
            {...{ t, entries: filtered.entries, expanded, activePath: location, filter }}
            onFilter={(text) => shell.send({ type: 'filter.change', text })}
            onClear={() => shell.send({ type: 'filter.clear' })}
            onToggle={(id) => shell.send({ type: 'menu.toggle', id })}
          />
        </aside>
      )}
      {panel === 'settings' && (
        <SettingsPanelView
          t={t}
          themes={themeView.options.map((option) => ({ value: option.styleName, label: themeLabels[option.styleName] ?? option.label }))}
          theme={themeView.style}
          themeError={themeView.error}
          widths={[
            { value: 'boxed', label: t('shell.widthBoxed') },
            { value: 'full', label: t('shell.widthFull') },
            { value: 'fixed', label: t('shell.widthFluid') },
          ]}
          width={width}
          languages={bundledLanguages.map((entry) => ({ value: entry.cultureName, label: entry.displayName }))}
          language={language}
          onTheme={(style) => theme.send({ type: 'theme.select', style: style as 'light' })}
          onWidth={(value) => shell.send({ type: 'width.select', width: value as 'full' })}
          onLanguage={(value) => shell.send({ type: 'language.select', culture: value, current: language })}
        />
      )}
      {panel === 'profile' && user && (
        <UserPanelView
          t={t}
          user={user}
          groups={userMenuGroups({
            flow: config.authFlow,
            issuer: system.issuer,
            currentUrl: window.location.href,
            impersonatorUserId: user.impersonatorUserId,
            linkedAccountsAvailable: config.linkedAccountsAvailable,
          })}
          onLogout={() => auth.send({ type: 'auth.signOut' })}
          onNavigate={() => shell.send({ type: 'panel.close' })}
        />
      )}
      <div className="content">
        <BreadcrumbView t={t} trail={trail} />
        <main id="main-content" className="container" tabIndex={-1}>
          {children}
        </main>
        <footer className="footer">{t('app.footer')}</footer>
      </div>
      <MobileNavbarView
        t={t}
        open={panel}
        signedIn={user !== null}
        onToggle={(next) => shell.send({ type: 'panel.toggle', panel: next })}
        onLogin={signIn}
      />
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
