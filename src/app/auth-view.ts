// View model of the auth machine for the page: what to show, never how it was decided. Rules:
// selectors are pure functions of the snapshot and return plain values, so useSelector compares
// them cheaply (a new object each time would re-render; see authViewEqual).
import type { SnapshotFrom } from 'xstate';
import type { AuthMachine } from '../../machines/session/auth.machine.ts';
import { authErrorTexts, texts } from '../i18n/fallback-texts.ts';

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
  const busyText = snapshot.matches('redirectingToLogin')
    ? texts.openingSignIn
    : snapshot.matches('signingOut')
      ? texts.signingOut
      : texts.checkingSession;
  const status = snapshot.matches('signedIn') ? 'signedIn' : snapshot.matches('signedOut') ? 'signedOut' : 'busy';
  return {
    status,
    busyText: status === 'busy' ? busyText : '',
    errorText: error ? authErrorTexts[error] : null,
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
