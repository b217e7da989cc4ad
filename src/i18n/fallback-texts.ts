// English texts of the auth view, kept under their old names for callers and tests; the source of
// every shell text is src/i18n/texts-*.ts (en, ar, fr, hy), which these read.
import type { AuthError } from '../../machines/session/auth.machine.ts';
import { en } from './texts-en.ts';

export const texts = {
  productName: en['app.name'],
  signIn: en['home.signIn'],
  signOut: en['user.logout'],
  checkingSession: en['auth.checkingSession'],
  openingSignIn: en['auth.openingSignIn'],
  signingOut: en['auth.signingOut'],
  userName: en['home.userName'],
  email: en['home.email'],
  tenant: en['home.tenant'],
  host: en['user.host'],
} as const;

export const authErrorTexts: Record<AuthError, string> = {
  callbackFailed: en['auth.error.callbackFailed'],
  loadUserFailed: en['auth.error.loadUserFailed'],
  configurationFailed: en['auth.error.configurationFailed'],
  notAuthenticated: en['auth.error.notAuthenticated'],
  redirectFailed: en['auth.error.redirectFailed'],
  signOutFailed: en['auth.error.signOutFailed'],
  logoutRedirectFailed: en['auth.error.logoutRedirectFailed'],
};
