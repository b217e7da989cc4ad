// The toolbar (spec 2.3): the settings gear and the user avatar, or a login button when there is no
// user, plus the two panels they open. Render-only: which panel is open, the user, the choices and
// the menu entries come in as props. Triggers: click in the side-menu layout; hover (and click, for
// keyboard and touch) in the top-menu layout. The settings panel's body is settings-panel-view.tsx,
// loaded when it first opens (it uses the design system's controls, which the first page does not need);
// the user panel is user-panel-view.tsx, loaded when it first opens too (issue 18).
import type { CurrentUserView, Translate } from '../../app/shell-view.ts';
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
