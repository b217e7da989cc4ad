// View models the shell reads from the machines' snapshots. Rules: pure functions of snapshots,
// returning plain values or objects compared with `shallowEqual`, so useSelector re-renders only when
// what is shown changes; texts are chosen here by culture, never in components by hand.
import type { SnapshotFrom } from 'xstate';
import type { AuthMachine } from '../../machines/session/auth.machine.ts';
import type { textsFor } from '../i18n/texts.ts';
import { type Access, anonymousAccess } from './access.ts';

export type Translate = ReturnType<typeof textsFor>;

const accessCache = new WeakMap<object, Access>();

/** What the caller may see; the same object while the configuration is the same (cheap to compare). */
export function selectAccess(snapshot: SnapshotFrom<AuthMachine>): Access {
  const configuration = snapshot.context.configuration;
  if (!configuration || !snapshot.matches('signedIn')) return anonymousAccess;
  let access = accessCache.get(configuration);
  if (!access) {
    access = {
      isAuthenticated: configuration.currentUser.isAuthenticated,
      grantedPolicies: configuration.auth.grantedPolicies,
      features: configuration.features?.values ?? {},
    };
    accessCache.set(configuration, access);
  }
  return access;
}

export type AuthStatus = 'busy' | 'signedOut' | 'signedIn';

export function selectAuthStatus(snapshot: SnapshotFrom<AuthMachine>): AuthStatus {
  if (snapshot.matches('signedIn')) return 'signedIn';
  if (snapshot.matches('signedOut')) return 'signedOut';
  return 'busy';
}

export function selectCulture(snapshot: SnapshotFrom<AuthMachine>): string {
  return snapshot.context.configuration?.localization.currentCulture.cultureName ?? snapshot.context.culture;
}

export interface CurrentUserView {
  userName: string;
  email: string | null;
  tenantName: string | null;
  impersonatorUserId: string | null;
  initial: string;
}

export function selectCurrentUser(snapshot: SnapshotFrom<AuthMachine>): CurrentUserView | null {
  const configuration = snapshot.context.configuration;
  const user = configuration?.currentUser;
  if (!configuration || !user?.isAuthenticated || !snapshot.matches('signedIn')) return null;
  const userName = user.userName ?? '';
  return {
    userName,
    email: user.email,
    tenantName: configuration.currentTenant.isAvailable ? configuration.currentTenant.name : null,
    impersonatorUserId: user.impersonatorUserId ?? null,
    initial: (user.name || userName || '?').slice(0, 1).toUpperCase(),
  };
}

export function shallowEqual<T>(a: T, b: T): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const keys = Object.keys(a) as Array<keyof T>;
  return keys.length === Object.keys(b).length && keys.every((key) => Object.is(a[key], b[key]));
}
