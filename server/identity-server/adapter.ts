// oidc-provider storage over oidc_payloads (every model: sessions, interactions, codes, tokens,
// grants), shared by all server instances. Rules:
// - `consume` is one conditional UPDATE (consumed_at is null): of N concurrent redemptions exactly
//   one wins; the others get InvalidGrant, as if the code had already been used;
// - destroying or revoking a Grant deletes the identity_sessions row whose session_id is that
//   grant id, so the API refuses the session's access tokens on the very next request;
// - a confidential client with a JSON Web Key Set authenticates with private_key_jwt against those
//   keys (its assertions' jti kept by model ReplayDetection, so each is accepted once);
// - model 'Client' is read from the applications table (no dynamic registration) through the
//   cache of application-store.ts, which every write drops in every instance; client_secret is the
//   stored hash, compared by the Client's compareClientSecret (index.ts);
// - expired rows are ignored on read and pruned by the oidc-prune job.
import { and, eq, isNull } from 'drizzle-orm';
import { findApplication, supportedGrantTypes } from '../modules/openiddict/application-store.ts';
import { errors } from 'oidc-provider';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { AppContext } from '../context.ts';
import { type applications, identitySessions, oidcPayloads } from '../db/schema/index.ts';

/**
 * The public keys of a confidential client's stored JSON Web Key Set, or null (none, unreadable, or
 * holding a private key, which application-service.ts refuses on save).
 */
export function clientPublicKeys(row: Pick<typeof applications.$inferSelect, 'clientType' | 'jsonWebKeySet'>): { keys: object[] } | null {
  if (row.clientType === 'public' || !row.jsonWebKeySet?.trim()) return null;
  try {
    const parsed = JSON.parse(row.jsonWebKeySet) as { keys?: unknown };
    const keys = Array.isArray(parsed.keys) ? (parsed.keys as Array<Record<string, unknown>>) : [];
    if (!keys.length || keys.some((key) => !key || typeof key !== 'object' || privateMembers.some((m) => m in key))) return null;
    return { keys };
  } catch {
    return null;
  }
}

/** JWK members that only a private or symmetric key has. */
export const privateMembers = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k'];

/** Client metadata for oidc-provider from an applications row. */
export function clientMetadata(row: typeof applications.$inferSelect): AdapterPayload {
  const isPublic = row.clientType === 'public';
  // A confidential client registered with a JWKS authenticates with a client assertion signed by
  // one of its keys (private_key_jwt; its secret, if any, is then not accepted).
  const jwks = clientPublicKeys(row);
  const offered = row.grantTypes.filter((g) => supportedGrantTypes.includes(g));
  const grantTypes = offered.length ? offered : ['authorization_code'];
  return {
    client_id: row.clientId,
    ...(jwks
      ? { token_endpoint_auth_method: 'private_key_jwt', jwks, ...(row.clientSecret ? { client_secret: row.clientSecret } : {}) }
      : isPublic || !row.clientSecret
        ? { token_endpoint_auth_method: 'none' }
        : { client_secret: row.clientSecret }),
    client_name: row.displayName ?? row.clientId,
    application_type: row.applicationType === 'native' ? 'native' : 'web',
    grant_types: grantTypes,
    response_types: grantTypes.includes('authorization_code') ? ['code'] : [],
    redirect_uris: row.redirectUris,
    // Without the end-session permission no sign-out may lead back to the client (provider-config.ts).
    post_logout_redirect_uris: row.allowEndSessionEndpoint ? row.postLogoutRedirectUris : [],
    allow_end_session: row.allowEndSessionEndpoint,
    // Its ID tokens carry sid, which its front-channel logout URI is called with (front-channel-logout.ts).
    front_channel_session_required: !!row.frontChannelLogoutUri && row.extraProperties?.FrontChannelLogoutSessionRequired === true,
    consent_type: row.consentType,
    scope: row.scopes.join(' '),
    force_pkce: row.forcePkce,
    token_lifetimes: row.tokenLifetimes ?? {},
  } as AdapterPayload;
}

export function createAdapterFactory(ctx: AppContext) {
  const deleteSession = (grantId: string) => ctx.db.delete(identitySessions).where(eq(identitySessions.sessionId, grantId));

  return class DrizzleAdapter implements Adapter {
    readonly model: string;

    constructor(model: string) {
      this.model = model;
    }

    private where(id: string) {
      return and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.id, id));
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      const values = {
        payload: payload as Record<string, unknown>,
        grantId: payload.grantId ?? null,
        userCode: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expiresAt: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
      };
      await ctx.db
        .insert(oidcPayloads)
        .values({ model: this.model, id, ...values })
        .onConflictDoUpdate({ target: [oidcPayloads.model, oidcPayloads.id], set: values });
    }

    private async findBy(condition: ReturnType<typeof and>): Promise<AdapterPayload | undefined> {
      const [row] = await ctx.db.select().from(oidcPayloads).where(condition).limit(1);
      if (!row || (row.expiresAt && row.expiresAt.getTime() <= Date.now())) return undefined;
      return {
        ...(row.payload as AdapterPayload),
        ...(row.consumedAt ? { consumed: Math.floor(row.consumedAt.getTime() / 1000) } : {}),
      };
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      if (this.model === 'Client') {
        const row = await findApplication(ctx, id);
        return row ? clientMetadata(row) : undefined;
      }
      return this.findBy(this.where(id));
    }

    findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      return this.findBy(and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.userCode, userCode)));
    }

    findByUid(uid: string): Promise<AdapterPayload | undefined> {
      return this.findBy(and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.uid, uid)));
    }

    async consume(id: string): Promise<void> {
      const won = await ctx.db
        .update(oidcPayloads)
        .set({ consumedAt: new Date() })
        .where(and(this.where(id), isNull(oidcPayloads.consumedAt)))
        .returning({ id: oidcPayloads.id });
      if (won.length === 0) throw new errors.InvalidGrant('grant already used');
    }

    async destroy(id: string): Promise<void> {
      await ctx.db.delete(oidcPayloads).where(this.where(id));
      if (this.model === 'Grant') await deleteSession(id);
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await ctx.db.delete(oidcPayloads).where(and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.grantId, grantId)));
      // Called once per token model when a grant is revoked; deleting the session is idempotent.
      await deleteSession(grantId);
    }
  };
}
