// View model of the auth machine for the page: what to show, never how it was decided. Rules:
// selectors are pure functions of the snapshot and return plain values, so useSelector compares
// them cheaply (a new object each time would re-render; see authViewEqual).
import type { SnapshotFrom } from 'xstate';
import type { AuthMachine } from '../../machines/session/auth.machine.ts';
import { textsFor } from '../i18n/texts.ts';

export interface AuthView {
  status: 'busy' | 'signedOut' | 'signedIn';
  /** What the app is doing while busy, for the live status region. */
  busyText: string;
  errorText: string | null;
  userName: string;
  email: string | null;
  tenantName: string | null;
  canSignIn: boolean;
  canSignOut: boolean;
}

export function selectAuthView(snapshot: SnapshotFrom<AuthMachine>): AuthView {
  const { configuration, error } = snapshot.context;
  const user = configuration?.currentUser;
  // In the visitor's language (the server's culture once known, the starting one before).
  const t = textsFor(configuration?.localization.currentCulture.cultureName ?? snapshot.context.culture);
  const busyText = snapshot.matches('redirectingToLogin')
    ? t('auth.openingSignIn')
    : snapshot.matches('signingOut')
      ? t('auth.signingOut')
      : t('auth.checkingSession');
  const status = snapshot.matches('signedIn') ? 'signedIn' : snapshot.matches('signedOut') ? 'signedOut' : 'busy';
  return {
    status,
    busyText: status === 'busy' ? busyText : '',
    errorText: error ? t(`auth.error.${error}`) : null,
    userName: user?.userName ?? '',
    email: user?.email ?? null,
    tenantName: configuration?.currentTenant.isAvailable ? configuration.currentTenant.name : null,
    canSignIn: status === 'signedOut',
    canSignOut: status === 'signedIn',
  };
}

export function authViewEqual(a: AuthView, b: AuthView): boolean {
  return (Object.keys(a) as Array<keyof AuthView>).every((key) => a[key] === b[key]);
}
