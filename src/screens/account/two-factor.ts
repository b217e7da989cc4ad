// The second step of a password-flow sign-in (spec 2.4, 7.9): the pending challenge the auth
// machine keeps (userId, twoFactorToken and the first step's credentials) is retried as the password
// grant with TwoFactorProvider + TwoFactorCode, or RecoveryCode (ABP Account Pro's parameters).
import type { TwoFactorChallenge } from '../../../machines/session/auth.machine.ts';
import { passwordGrant } from '../../api/account.ts';
import type { ShellSystem } from '../../app/system.ts';
import type { GrantOutcome } from './login-page.tsx';
import { scopeFor } from './scope.ts';

export async function retryWithSecondFactor(
  system: ShellSystem,
  challenge: TwoFactorChallenge,
  culture: string,
  extra: Record<string, string>,
): Promise<GrantOutcome> {
  const tokens = await passwordGrant(system.issuer, {
    clientId: system.clientId,
    scope: scopeFor(system.scope, challenge.rememberMe),
    userName: challenge.userName,
    password: challenge.password,
    tenantId: challenge.tenantId,
    culture,
    extra,
  });
  return { kind: 'tokens', tokens, receivedAt: Date.now() };
}

/** The retried grant's tokens sign in, back to where the first step was going. */
export function signInWithSecondFactor(system: ShellSystem, challenge: TwoFactorChallenge | null, outcome: GrantOutcome): void {
  if (outcome.kind === 'tokens')
    system.auth.send({
      type: 'auth.tokensReceived',
      tokens: outcome.tokens,
      receivedAt: outcome.receivedAt,
      returnUrl: challenge?.returnUrl,
    });
}
