// The user menu of the toolbar (spec 2.3): entries, orders 100–106, their conditions and targets.
// Rules:
// - Two groups: everything but Logout, then Logout alone.
// - With the code flow, My Account, My Security Logs and Sessions open the identity server's pages
//   ({issuer}Account/Manage?returnUrl=<current url>, …/SecurityLogs, …/Sessions) in a new tab; with the
//   password flow they are in-app routes, still in a new tab.
// - External Logins only with the code flow; Linked Accounts only when that module is present;
//   Authority Delegation only when the user is not impersonated; while impersonated, 'Back to my
//   account' (ends the impersonation: the Impersonation grant without a user id) stands before Logout.
// - 'Machine docs' (the machine documentation site, issue 12) only with Finance.Developer.Docs.
// - 'Record a support session' (issue 12) with Finance.Developer.Docs or the inspect flag
//   (?inspect=1, development); while a session records, 'Save recording' stands in its place.
import type { TextKey } from '../i18n/texts.ts';

export type UserMenuAction =
  | { kind: 'route'; path: string }
  | { kind: 'newTab'; href: string }
  | { kind: 'endImpersonation' }
  | { kind: 'recordSession' }
  | { kind: 'saveRecording' }
  | { kind: 'logout' };

export interface UserMenuItem {
  id: string;
  label: TextKey;
  order: number;
  icon?: 'lock';
  action: UserMenuAction;
}

export interface UserMenuInput {
  flow: 'code' | 'password';
  /** The identity server's issuer, ending with '/'. */
  issuer: string;
  /** The full address of the page the menu is opened on. */
  currentUrl: string;
  impersonatorUserId: string | null;
  linkedAccountsAvailable: boolean;
  /** Whether the user holds Finance.Developer.Docs. */
  developerDocs?: boolean;
  /** Whether a support session may be recorded (Finance.Developer.Docs or the inspect flag). */
  recordingOffered?: boolean;
  /** Whether a support session records now. */
  recording?: boolean;
}

export function userMenuGroups(input: UserMenuInput): UserMenuItem[][] {
  const code = input.flow === 'code';
  const external = (path: string, inApp: string): UserMenuAction =>
    code ? { kind: 'newTab', href: `${input.issuer}${path}` } : { kind: 'newTab', href: inApp };
  const items: Array<UserMenuItem | false> = [
    { id: 'personalData', label: 'user.personalData', order: 100, icon: 'lock', action: { kind: 'route', path: '/gdpr' } },
    { id: 'sessions', label: 'user.sessions', order: 100, action: external('Account/Sessions', '/account/sessions') },
    code && { id: 'externalLogins', label: 'user.externalLogins', order: 101, action: { kind: 'route', path: '/account/external-logins' } },
    input.linkedAccountsAvailable && {
      id: 'linkedAccounts',
      label: 'user.linkedAccounts',
      order: 102,
      action: { kind: 'route', path: '/account/linked-accounts' },
    },
    input.impersonatorUserId === null && {
      id: 'authorityDelegation',
      label: 'user.authorityDelegation',
      order: 103,
      action: { kind: 'route', path: '/account/authority-delegation' },
    },
    {
      id: 'myAccount',
      label: 'user.myAccount',
      order: 104,
      action: external(`Account/Manage?returnUrl=${encodeURIComponent(input.currentUrl)}`, '/account/manage'),
    },
    { id: 'mySecurityLogs', label: 'user.mySecurityLogs', order: 105, action: external('Account/SecurityLogs', '/account/security-logs') },
    input.developerDocs === true && {
      id: 'machineDocs',
      label: 'user.machineDocs',
      order: 105,
      action: { kind: 'route', path: '/docs/open' },
    },
    input.recording === true
      ? { id: 'saveRecording', label: 'user.saveRecording', order: 105, action: { kind: 'saveRecording' } }
      : input.recordingOffered === true && {
          id: 'recordSession',
          label: 'user.recordSession',
          order: 105,
          action: { kind: 'recordSession' },
        },
    input.impersonatorUserId !== null && {
      id: 'backToImpersonator',
      label: 'user.backToImpersonator',
      order: 106,
      action: { kind: 'endImpersonation' },
    },
    { id: 'logout', label: 'user.logout', order: 106, action: { kind: 'logout' } },
  ];
  const visible = items.filter((item): item is UserMenuItem => item !== false).sort((a, b) => a.order - b.order);
  const last = (item: UserMenuItem) => item.id === 'logout' || item.id === 'backToImpersonator';
  return [visible.filter((item) => !last(item)), visible.filter(last)];
}
