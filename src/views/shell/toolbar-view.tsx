// The toolbar (spec 2.3): the settings gear and the user avatar, or a login button when there is no
// user, plus the two panels they open. Render-only: which panel is open, the user, the choices and
// the menu entries come in as props. Triggers: click in the side-menu layout; hover (and click, for
// keyboard and touch) in the top-menu layout. The settings panel's body is settings-panel-view.tsx,
// loaded when it first opens (it uses the design system's controls, which the first page does not need).
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { CurrentUserView, Translate } from '../../app/shell-view.ts';
import type { UserMenuItem } from '../../app/user-menu.ts';
import { Icon } from './icon-view.tsx';

export type ToolbarPanel = 'settings' | 'profile';

export interface Choice<T extends string> {
  value: T;
  label: string;
}

export interface SettingsProps {
  t: Translate;
  themes: ReadonlyArray<Choice<string>>;
  theme: string | null;
  themeError: string | null;
  widths: ReadonlyArray<Choice<string>>;
  width: string;
  menuLayouts: ReadonlyArray<Choice<string>>;
  menuLayout: string;
  languages: ReadonlyArray<Choice<string>>;
  language: string;
  onTheme(value: string): void;
  onWidth(value: string): void;
  onMenuLayout(value: string): void;
  onLanguage(value: string): void;
  /** Escape closes the panel. */
  onClose(): void;
}

/** Pointer handlers of a flyout's trigger and panel (the machine decides what hover does). */
export interface PointerHandlers {
  onPointerEnter(): void;
  onPointerLeave(): void;
}

export interface ToolbarProps {
  t: Translate;
  settingsOpen: boolean;
  userOpen: boolean;
  user: CurrentUserView | null;
  onToggle(panel: ToolbarPanel): void;
  pointer(panel: ToolbarPanel): PointerHandlers;
  onLogin(): void;
}

export function ToolbarView(props: ToolbarProps) {
  const { t, user } = props;
  return (
    <div className="toolbar" role="toolbar" aria-label={t('shell.toolbar')}>
      <button
        type="button"
        className="icon-button"
        aria-label={t('shell.settings')}
        aria-expanded={props.settingsOpen}
        aria-controls="settings-panel"
        onClick={() => props.onToggle('settings')}
        {...props.pointer('settings')}
      >
        <Icon name="gear" />
      </button>
      {user ? (
        <button
          type="button"
          className="avatar-button"
          aria-label={t('shell.userMenu')}
          aria-expanded={props.userOpen}
          aria-controls="user-panel"
          onClick={() => props.onToggle('profile')}
          {...props.pointer('profile')}
        >
          <span className="avatar" aria-hidden="true">
            {user.initial}
          </span>
        </button>
      ) : (
        <button type="button" className="icon-button" aria-label={t('shell.login')} onClick={props.onLogin}>
          <Icon name="login" />
        </button>
      )}
    </div>
  );
}

export interface UserPanelProps {
  t: Translate;
  user: CurrentUserView;
  groups: UserMenuItem[][];
  onLogout(): void;
  /** Ends an impersonation: back to the impersonator's own account. */
  onEndImpersonation(): void;
  /** 'Record a support session' and 'Save recording' (issue 12). */
  onRecordSession?(): void;
  onSaveRecording?(): void;
  onNavigate(): void;
  /** Escape closes the panel. */
  onClose(): void;
  pointer?: PointerHandlers;
}

export function UserPanelView({
  t,
  user,
  groups,
  onLogout,
  onEndImpersonation,
  onRecordSession,
  onSaveRecording,
  onNavigate,
  onClose,
  pointer,
}: UserPanelProps) {
  const item = (entry: UserMenuItem): ReactNode => {
    const label = t(entry.label);
    const icon = entry.icon ? <Icon name={entry.icon} /> : null;
    if (entry.action.kind === 'logout' || entry.action.kind === 'endImpersonation')
      return (
        <button type="button" className="menu-link" onClick={entry.action.kind === 'logout' ? onLogout : onEndImpersonation}>
          {label}
        </button>
      );
    if (entry.action.kind === 'recordSession' || entry.action.kind === 'saveRecording') {
      const act = entry.action.kind === 'recordSession' ? onRecordSession : onSaveRecording;
      return (
        <button
          type="button"
          className="menu-link"
          onClick={() => {
            act?.();
            onNavigate();
          }}
        >
          {label}
        </button>
      );
    }
    if (entry.action.kind === 'newTab')
      return (
        <a className="menu-link" href={entry.action.href} target="_blank" rel="noopener noreferrer">
          {icon}
          <span>{label}</span>
          <span className="visually-hidden"> {t('user.opensInNewTab')}</span>
        </a>
      );
    return (
      <Link className="menu-link" href={entry.action.path} onClick={onNavigate}>
        {icon}
        <span>{label}</span>
      </Link>
    );
  };
  return (
    <section
      id="user-panel"
      className="panel user-panel"
      aria-label={t('shell.userMenu')}
      onKeyDown={(event) => event.key === 'Escape' && onClose()}
      {...pointer}
    >
      <div className="user-header">
        <span className="avatar avatar-large" aria-hidden="true">
          {user.initial}
        </span>
        <div>
          <p className="user-name">{user.userName}</p>
          {user.tenantName && <p className="user-tenant">{user.tenantName}</p>}
          {user.email && <p className="user-email">{user.email}</p>}
        </div>
      </div>
      {groups.map((group, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the two groups are fixed and never reorder
        <ul key={index} className="user-actions">
          {group.map((entry) => (
            <li key={entry.id}>{item(entry)}</li>
          ))}
        </ul>
      ))}
    </section>
  );
}
