// The toolbar (spec 2.3): the settings gear and the user avatar, or a login button when there is no
// user, plus the two panels they open. Render-only: which panel is open, the user, the choices and
// the menu entries come in as props. Triggers: click in the side-menu layout; hover (and click, for
// keyboard and touch) in the top-menu layout.
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

function RadioGroup(props: {
  legend: string;
  name: string;
  choices: ReadonlyArray<Choice<string>>;
  value: string | null;
  onChange(value: string): void;
}) {
  return (
    <fieldset className="choice-group">
      <legend>{props.legend}</legend>
      {props.choices.map((choice) => (
        <label key={choice.value} className="choice">
          <input
            type="radio"
            name={props.name}
            value={choice.value}
            checked={props.value === choice.value}
            onChange={() => props.onChange(choice.value)}
          />
          <span>{choice.label}</span>
        </label>
      ))}
    </fieldset>
  );
}

export function SettingsPanelView(props: SettingsProps & { id?: string; pointer?: PointerHandlers }) {
  const { t } = props;
  return (
    <section
      id={props.id ?? 'settings-panel'}
      className="panel settings-panel"
      aria-label={t('shell.settings')}
      onKeyDown={(event) => event.key === 'Escape' && props.onClose()}
      {...props.pointer}
    >
      <RadioGroup legend={t('shell.appearance')} name="theme" choices={props.themes} value={props.theme} onChange={props.onTheme} />
      {props.themeError && (
        <p role="alert" className="error">
          {props.themeError}
        </p>
      )}
      <RadioGroup
        legend={t('shell.containerWidth')}
        name="container-width"
        choices={props.widths}
        value={props.width}
        onChange={props.onWidth}
      />
      <RadioGroup
        legend={t('shell.menuLayout')}
        name="menu-layout"
        choices={props.menuLayouts}
        value={props.menuLayout}
        onChange={props.onMenuLayout}
      />
      <div className="choice-group">
        <label htmlFor="language-select">{t('shell.language')}</label>
        <select id="language-select" value={props.language} onChange={(event) => props.onLanguage(event.currentTarget.value)}>
          {props.languages.map((language) => (
            <option key={language.value} value={language.value}>
              {language.label}
            </option>
          ))}
        </select>
      </div>
    </section>
  );
}

export interface UserPanelProps {
  t: Translate;
  user: CurrentUserView;
  groups: UserMenuItem[][];
  onLogout(): void;
  /** Ends an impersonation: back to the impersonator's own account. */
  onEndImpersonation(): void;
  onNavigate(): void;
  /** Escape closes the panel. */
  onClose(): void;
  pointer?: PointerHandlers;
}

export function UserPanelView({ t, user, groups, onLogout, onEndImpersonation, onNavigate, onClose, pointer }: UserPanelProps) {
  const item = (entry: UserMenuItem): ReactNode => {
    const label = t(entry.label);
    const icon = entry.icon ? <Icon name={entry.icon} /> : null;
    if (entry.action.kind === 'logout' || entry.action.kind === 'endImpersonation')
      return (
        <button type="button" className="menu-link" onClick={entry.action.kind === 'logout' ? onLogout : onEndImpersonation}>
          {label}
        </button>
      );
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
