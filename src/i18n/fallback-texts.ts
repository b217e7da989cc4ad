// Bundled English texts, shown until the server's localization resources are loaded (and when a key
// is missing there). Rules: every text the first page shows comes from here, never inline in JSX.
import type { AuthError } from '../../machines/session/auth.machine.ts';

export const texts = {
  productName: 'Finance Admin',
  signIn: 'Sign in',
  signOut: 'Sign out',
  signedOut: 'You are signed out.',
  checkingSession: 'Checking your session…',
  openingSignIn: 'Opening the sign-in page…',
  signingOut: 'Signing out…',
  userName: 'User name',
  email: 'Email',
  tenant: 'Tenant',
  host: 'Host',
  signedInAs: 'Signed in',
} as const;

export const authErrorTexts: Record<AuthError, string> = {
  callbackFailed: 'The sign-in could not be completed. Please sign in again.',
  loadUserFailed: 'Your stored session could not be read. Please sign in again.',
  configurationFailed: 'The application settings could not be loaded. Please sign in again.',
  notAuthenticated: 'Your session has ended. Please sign in again.',
  redirectFailed: 'The sign-in page could not be opened. Please try again.',
  signOutFailed: 'Signing out failed; you are still signed in. Please try again.',
  logoutRedirectFailed: 'You are signed out of this app, but the sign-in server could not be reached to end its session.',
};
