// The user panel (spec 2.3): the signed-in user and the user menu's entries, opened by the toolbar's
// avatar or the mobile navbar's profile tab. Render-only: the entries come in as props. Loaded when it
// first opens (user-panel.tsx), not with the first paint (issue 18).
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { CurrentUserView, Translate } from '../../app/shell-view.ts';
import type { UserMenuItem } from '../../app/user-menu.ts';
import { Icon } from './icon-view.tsx';
import type { PointerHandlers } from './toolbar-view.tsx';

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
