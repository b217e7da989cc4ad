// Accounts for oidc-provider: the user row, its role names and the identity session of the grant.
// Rules:
// - a deleted or inactive user has no account (refresh and code redemption fail);
// - a refresh token whose identity session row is gone (signed out, revoked by an admin) has no
//   account: refreshing stops with the session, not at token expiry;
// - claim names are ABP's (contract 6.5/6.6); the access token's claims come from accessTokenClaims.
import { and, eq } from 'drizzle-orm';
import type { Account, KoaContextWithOIDC } from 'oidc-provider';
import type { AppContext } from '../context.ts';
import { identitySessions, roles, userRoles, users } from '../db/schema/index.ts';

export interface SessionInfo {
  sessionId: string;
  rememberMe: boolean;
  impersonator: Record<string, string>;
}

export interface FinanceAccount extends Account {
  user: typeof users.$inferSelect;
  roles: string[];
  session: SessionInfo | null;
}

export async function loadSession(ctx: AppContext, grantId: string): Promise<SessionInfo | null> {
  const [row] = await ctx.db.select().from(identitySessions).where(eq(identitySessions.sessionId, grantId)).limit(1);
  if (!row) return null;
  const impersonator: Record<string, string> = {};
  for (const key of ['impersonator_userid', 'impersonator_tenantid', 'impersonator_username', 'impersonator_tenantname']) {
    const value = row.extraProperties[key];
    if (typeof value === 'string' && value) impersonator[key] = value;
  }
  return { sessionId: row.sessionId, rememberMe: row.rememberMe, impersonator };
}

export async function loadAccount(ctx: AppContext, userId: string, grantId?: string): Promise<FinanceAccount | undefined> {
  const [user] = await ctx.db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), eq(users.isDeleted, false)))
    .limit(1);
  if (!user?.isActive) return undefined;
  const roleRows = await ctx.db
    .select({ name: roles.name })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, userId));
  const session = grantId ? await loadSession(ctx, grantId) : null;
  const roleNames = roleRows.map((r) => r.name);
  return {
    accountId: user.id,
    user,
    roles: roleNames,
    session,
    async claims() {
      return {
        sub: user.id,
        preferred_username: user.userName,
        unique_name: user.userName,
        given_name: user.name ?? undefined,
        family_name: user.surname ?? undefined,
        email: user.email,
        email_verified: user.emailConfirmed,
        phone_number: user.phoneNumber ?? undefined,
        phone_number_verified: user.phoneNumber ? user.phoneNumberConfirmed : undefined,
        role: roleNames,
        tenantid: user.tenantId ?? undefined,
      };
    },
  };
}

/** oidc-provider's findAccount: `token` is the code, refresh token or session being used. */
export function createFindAccount(ctx: AppContext) {
  return async (_koa: KoaContextWithOIDC, sub: string, token?: { kind?: string; grantId?: string }) => {
    const account = await loadAccount(ctx, sub, token?.grantId);
    if (!account) return undefined;
    if (token?.kind === 'RefreshToken' && !account.session) return undefined;
    return account;
  };
}

/** ABP's claims in the JWT access token (sub, client_id, scope, aud, iss, exp are set by oidc-provider). */
export function accessTokenClaims(account: FinanceAccount): Record<string, unknown> {
  const { user } = account;
  return {
    preferred_username: user.userName,
    unique_name: user.userName,
    email: user.email,
    email_verified: user.emailConfirmed,
    ...(user.name ? { given_name: user.name } : {}),
    ...(user.surname ? { family_name: user.surname } : {}),
    ...(user.phoneNumber ? { phone_number: user.phoneNumber, phone_number_verified: user.phoneNumberConfirmed } : {}),
    role: account.roles,
    ...(user.tenantId ? { tenantid: user.tenantId } : {}),
    ...(account.session
      ? {
          session_id: account.session.sessionId,
          remember_me: account.session.rememberMe ? 'True' : 'False',
          ...account.session.impersonator,
        }
      : {}),
  };
}
