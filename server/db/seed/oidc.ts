// Identity server seed, idempotent (runs at every start):
// - scopes: the standard OpenID ones (openid, profile, email, phone, roles, role, address,
//   offline_access) and the API scope 'Finance' whose resource (the access-token audience) is 'Finance';
// - the SPA client (config.spaClientId, 'Finance_App'): public, first-party, implicit consent, PKCE,
//   grant types authorization_code, refresh_token, password, LinkLogin, Impersonation; redirect and
//   post-logout URIs are the issuer root and the Vite dev server. Existing rows are brought up to
//   date with what the code needs (grant types, URIs, scopes), never deleted.
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { applications, scopes } from '../schema/index.ts';

const viteDevUrl = 'http://localhost:4200/';

export const spaGrantTypes = ['authorization_code', 'refresh_token', 'password', 'LinkLogin', 'Impersonation'];

const scopeRows = (appName: string) => [
  { name: 'openid', displayName: 'OpenID', resources: [] },
  { name: 'profile', displayName: 'Profile', resources: [] },
  { name: 'email', displayName: 'Email', resources: [] },
  { name: 'phone', displayName: 'Phone', resources: [] },
  { name: 'roles', displayName: 'Roles', resources: [] },
  { name: 'role', displayName: 'Roles (alias)', resources: [] },
  { name: 'address', displayName: 'Address', resources: [] },
  { name: 'offline_access', displayName: 'Offline access', resources: [] },
  { name: appName, displayName: `${appName} API`, resources: [appName] },
];

export async function seedOidc(ctx: AppContext): Promise<void> {
  const { appName, spaClientId, issuer } = ctx.config;
  for (const scope of scopeRows(appName)) {
    await ctx.db
      .insert(scopes)
      .values({ ...scope, buildIn: scope.name !== appName })
      .onConflictDoNothing({ target: scopes.name });
  }
  const uris = [...new Set([issuer, viteDevUrl])];
  const wanted = {
    displayName: `${appName} Application`,
    applicationType: 'web',
    clientType: 'public',
    consentType: 'implicit',
    isFirstParty: true,
    grantTypes: spaGrantTypes,
    scopes: scopeRows(appName).map((s) => s.name),
    redirectUris: uris,
    postLogoutRedirectUris: uris,
    clientUri: issuer,
    forcePkce: true,
  };
  const [existing] = await ctx.db.select().from(applications).where(eq(applications.clientId, spaClientId)).limit(1);
  if (!existing) {
    await ctx.db
      .insert(applications)
      .values({ clientId: spaClientId, ...wanted })
      .onConflictDoNothing();
    return;
  }
  const merge = (have: string[], need: string[]) => [...new Set([...have, ...need])];
  await ctx.db
    .update(applications)
    .set({
      grantTypes: merge(existing.grantTypes, wanted.grantTypes),
      scopes: merge(existing.scopes, wanted.scopes),
      redirectUris: merge(existing.redirectUris, uris),
      postLogoutRedirectUris: merge(existing.postLogoutRedirectUris, uris),
    })
    .where(eq(applications.id, existing.id));
}
