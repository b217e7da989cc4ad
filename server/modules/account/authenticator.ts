// Authenticator-app setup for the signed-in user, on top of the two-factor core (two-factor.ts).
// Rules:
// - authenticator-info creates a pending key on first call and answers it grouped for manual entry
//   (ASP.NET's format: lower case, groups of four) with the otpauth:// URI for the QR code; once the
//   key is verified it is a secret and never leaves again (403: reset to set up a new one);
// - has-authenticator-key is true once a key is verified (set up), not while it is pending;
// - a right code verifies the key, turns two-factor on and answers 10 recovery codes, shown once;
//   a wrong one answers 403 and changes nothing; refused while the behaviour is Disabled;
// - reset removes the key and the recovery codes and turns two-factor off.
import type { FastifyRequest } from 'fastify';
import type { AuthenticatorInfoDto } from '../../../contract/account.ts';
import type { AppContext } from '../../context.ts';
import { businessError } from '../../errors.ts';
import { AccountLogActions, logAccountAction, myUser } from './account-users.ts';
import {
  authenticatorKey,
  authenticatorUri,
  confirmAuthenticator,
  hasAuthenticator,
  resetAuthenticator,
  twoFactorBehaviour,
} from './two-factor.ts';

/** ASP.NET Identity's FormatKey: "abcd efgh ...". */
export const formatKeyForManualEntry = (key: string) =>
  key
    .toLowerCase()
    .replace(/(.{4})/g, '$1 ')
    .trim();

export async function authenticatorInfo(ctx: AppContext, request: FastifyRequest): Promise<AuthenticatorInfoDto> {
  const me = await myUser(ctx.db, request);
  const { key, verified } = await authenticatorKey(ctx, me);
  if (verified) throw businessError('Volo.Account:AuthenticatorAlreadySetUp', 'AbpAccount::AuthenticatorAlreadySetUp');
  return { key: formatKeyForManualEntry(key), uri: await authenticatorUri(ctx, me) };
}

export async function hasAuthenticatorKey(ctx: AppContext, request: FastifyRequest): Promise<boolean> {
  return hasAuthenticator(ctx, (await myUser(ctx.db, request)).id);
}

export async function verifyAuthenticator(ctx: AppContext, request: FastifyRequest, code: string): Promise<{ recoveryCodes: string[] }> {
  const me = await myUser(ctx.db, request);
  if ((await twoFactorBehaviour(ctx, me.tenantId)) === 'Disabled') {
    throw businessError('Volo.Abp.Identity:CanNotChangeTwoFactor', 'AbpIdentity::Volo.Abp.Identity:CanNotChangeTwoFactor');
  }
  const recoveryCodes = await confirmAuthenticator(ctx, me, code);
  if (!recoveryCodes) throw businessError('Volo.Account:InvalidAuthenticatorCode', 'AbpAccount::InvalidAuthenticatorCode');
  if (!me.twoFactorEnabled) await logAccountAction(ctx, request, me, AccountLogActions.TwoFactorEnabled, { provider: 'Authenticator' });
  return { recoveryCodes };
}

export async function resetMyAuthenticator(ctx: AppContext, request: FastifyRequest): Promise<void> {
  const me = await myUser(ctx.db, request);
  await resetAuthenticator(ctx, me);
  await logAccountAction(ctx, request, me, AccountLogActions.AuthenticatorReset);
  if (me.twoFactorEnabled) await logAccountAction(ctx, request, me, AccountLogActions.TwoFactorDisabled);
}
