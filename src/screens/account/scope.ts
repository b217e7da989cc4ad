// The scope of a password-flow sign-in: without offline_access when the user is not to be
// remembered, so no refresh token is issued and the session ends with its access token (the
// server reads remember_me from offline_access).
export function scopeFor(scope: string, rememberMe: boolean): string {
  return rememberMe
    ? scope
    : scope
        .split(' ')
        .filter((name) => name !== 'offline_access')
        .join(' ');
}
