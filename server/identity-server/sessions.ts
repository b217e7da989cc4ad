// Identity sessions: one row per successful sign-in, keyed by the oidc-provider grant id, which is
// also the session_id claim of every token of that sign-in. Rules:
// - created before the first token is issued (interactive login and password grant alike);
// - deleted when the grant is revoked or destroyed (adapter.ts), which ends API access at once, or
//   when the user revokes it (revokeIdentitySession: grant, tokens and browser session go too);
// - the device is a coarse class from the user agent (ABP: Web, Mobile, OAuth for non-browsers).
import type { AppContext } from '../context.ts';
import { and, eq, or, sql } from 'drizzle-orm';
import { identitySessions, oidcPayloads } from '../db/schema/index.ts';

export function deviceOf(userAgent: string | null | undefined): string {
  if (!userAgent) return 'OAuth';
  if (/Mobi|Android|iPhone|iPad|iPod|Windows Phone/i.test(userAgent)) return 'Mobile';
  if (/Mozilla\/|Opera\//.test(userAgent)) return 'Web';
  return 'OAuth';
}

export async function createIdentitySession(
  ctx: AppContext,
  init: {
    sessionId: string;
    userId: string;
    tenantId: string | null;
    clientId: string | null;
    ip: string | null;
    userAgent: string | null;
    rememberMe: boolean;
    extraProperties?: Record<string, unknown>;
  },
): Promise<void> {
  await ctx.db
    .insert(identitySessions)
    .values({
      sessionId: init.sessionId,
      userId: init.userId,
      tenantId: init.tenantId,
      clientId: init.clientId,
      device: deviceOf(init.userAgent),
      deviceInfo: init.userAgent?.slice(0, 512) ?? null,
      ipAddresses: init.ip,
      rememberMe: init.rememberMe,
      lastAccessed: new Date(),
      extraProperties: init.extraProperties ?? {},
    })
    .onConflictDoNothing();
}

/**
 * Ends one sign-in everywhere: the identity session row (API access stops on the next request), the
 * oidc-provider grant with every token issued under it (refresh stops), and the provider's browser
 * session that holds it (the browser must sign in again instead of being re-authorized silently).
 */
export async function revokeIdentitySession(ctx: AppContext, sessionId: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await tx.delete(identitySessions).where(eq(identitySessions.sessionId, sessionId));
    await tx
      .delete(oidcPayloads)
      .where(or(eq(oidcPayloads.grantId, sessionId), and(eq(oidcPayloads.model, 'Grant'), eq(oidcPayloads.id, sessionId))));
    await tx
      .delete(oidcPayloads)
      .where(
        and(
          eq(oidcPayloads.model, 'Session'),
          sql`jsonb_path_exists(${oidcPayloads.payload}, '$.authorizations.*.grantId ? (@ == $g)', jsonb_build_object('g', ${sessionId}::text))`,
        ),
      );
  });
}
