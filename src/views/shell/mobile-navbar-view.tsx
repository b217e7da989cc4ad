// The mobile navbar (spec 2.3), shown at 768 px and below by CSS: Menu, Settings and Profile tabs,
// or a Login tab when nobody is signed in. Render-only: the open tab comes in, toggles go out (the
// machine closes the active one when it is chosen again).
import type { Translate } from '../../app/shell-view.ts';
import { Icon } from './icon-view.tsx';

export interface MobileNavbarProps {
  t: Translate;
  open: 'none' | 'menu' | 'settings' | 'profile';
  signedIn: boolean;
  onToggle(panel: 'menu' | 'settings' | 'profile'): void;
  onLogin(): void;
}

export function MobileNavbarView({ t, open, signedIn, onToggle, onLogin }: MobileNavbarProps) {
  const tab = (panel: 'menu' | 'settings' | 'profile', label: string, icon: 'menu' | 'gear' | 'user', controls: string) => (
    <li>
      <button type="button" aria-expanded={open === panel} aria-controls={controls} onClick={() => onToggle(panel)}>
        <Icon name={icon} />
        <span>{label}</span>
      </button>
    </li>
  );
  return (
    <nav className="mobile-navbar" aria-label={t('shell.mobileNav')}>
      <ul>
        {tab('menu', t('shell.menu'), 'menu', 'sidebar')}
        {tab('settings', t('shell.settings'), 'gear', 'settings-panel')}
        {signedIn ? (
          tab('profile', t('shell.profile'), 'user', 'user-panel')
        ) : (
          <li>
            <button type="button" onClick={onLogin}>
              <Icon name="login" />
              <span>{t('shell.login')}</span>
            </button>
          </li>
        )}
      </ul>
    </nav>
  );
}
