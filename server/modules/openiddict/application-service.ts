// OpenID applications (/api/openiddict/applications, ABP OpenIddict Pro). Rules:
// - host only (the routes' permissions are host-side); client ids are unique;
// - the flows are stored as grant types (password, client_credentials, authorization_code,
//   refresh_token) plus the extension grants LinkLogin and Impersonation; flows this server does
//   not implement (implicit, hybrid, token exchange, device authorization, pushed authorization)
//   are refused with a clear error rather than stored and ignored;
// - a confidential client has a secret: given on create, or generated when left empty; it is
//   answered once (the create, an update that sets one, PUT /{id}/client-secret) and stored as a
//   hash; a public client has none and cannot use client credentials;
// - a JSON Web Key Set holds public keys only (a private or symmetric key is refused on save); a
//   confidential client with one authenticates with private_key_jwt (identity-server/adapter.ts);
// - URIs must be absolute; the code flow needs a redirect URI (kept exactly as written: no slash
//   is added to `http://localhost:4200`); scopes must exist;
// - deleting an application ends every sign-in made through it (identity sessions, grants and
//   tokens) and its permission grants; the product's own SPA client cannot be deleted;
// - every write drops the identity server's cached copy in every instance (application-store.ts).
import { and, asc, count, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { importJWK, type JWK } from 'jose';
import {
  type ApplicationDto,
  type ApplicationTokenLifetimeDto,
  type CreateApplicationInput,
  extensionGrantNames,
  type GetApplicationListInput,
  type TokenLifetimeName,
  tokenLifetimeNames,
  type UpdateApplicationInput,
  type UpdateApplicationTokenLifetimeInput,
} from '../../../contract/openiddict.ts';
import type { PagedResult } from '../../../contract/common.ts';
import { trackEntityChange } from '../../audit/scope.ts';
import type { AppContext } from '../../context.ts';
import { applications, identitySessions, oidcPayloads, permissionGrants, scopes } from '../../db/schema/index.ts';
import { businessError, notFound, staleConcurrencyStamp, type ValidationErrorItem, validationError } from '../../errors.ts';
import { privateMembers } from '../../identity-server/adapter.ts';
import { revokeIdentitySession } from '../../identity-server/sessions.ts';
import { likePattern, orderBy, pageOf } from '../shared/paging.ts';
import { type ApplicationRow, applicationChanged, generateClientSecret, hashClientSecret } from './application-store.ts';

export const openIddictKey = (name: string) => `AbpOpenIddict::${name}`;
const newStamp = () => crypto.randomUUID().replaceAll('-', '');
const entityType = 'Volo.Abp.OpenIddict.Applications.OpenIddictApplication';

const flowGrant = {
  allowPasswordFlow: 'password',
  allowClientCredentialsFlow: 'client_credentials',
  allowAuthorizationCodeFlow: 'authorization_code',
  allowRefreshTokenFlow: 'refresh_token',
} as const;
const unsupportedFlows = [
  'allowImplicitFlow',
  'allowHybridFlow',
  'allowTokenExchangeFlow',
  'allowDeviceAuthorizationEndpoint',
  'allowPushedAuthorizationEndpoint',
  'forcePushedAuthorization',
] as const;
const knownExtensionGrants: readonly string[] = extensionGrantNames;

const uniqueList = (values: string[] | undefined) => [...new Set((values ?? []).map((v) => v.trim()).filter(Boolean))];

export function toApplicationDto(row: ApplicationRow, clientSecret: string | null = null): ApplicationDto {
  const has = (grant: string) => row.grantTypes.includes(grant);
  return {
    id: row.id,
    applicationType: row.applicationType,
    clientId: row.clientId,
    displayName: row.displayName,
    clientType: row.clientType,
    clientSecret,
    jsonWebKeySet: row.jsonWebKeySet,
    consentType: row.consentType,
    extensionGrantTypes: row.grantTypes.filter((g) => knownExtensionGrants.includes(g)),
    postLogoutRedirectUris: row.postLogoutRedirectUris,
    redirectUris: row.redirectUris,
    frontChannelLogoutUri: row.frontChannelLogoutUri,
    allowPasswordFlow: has('password'),
    allowClientCredentialsFlow: has('client_credentials'),
    allowAuthorizationCodeFlow: has('authorization_code'),
    allowRefreshTokenFlow: has('refresh_token'),
    allowHybridFlow: row.allowHybridFlow,
    allowImplicitFlow: has('implicit'),
    allowTokenExchangeFlow: has('urn:ietf:params:oauth:grant-type:token-exchange'),
    allowEndSessionEndpoint: row.allowEndSessionEndpoint,
    allowDeviceAuthorizationEndpoint: row.allowDeviceAuthorizationEndpoint,
    forcePkce: row.forcePkce,
    allowPushedAuthorizationEndpoint: row.allowPushedAuthorizationEndpoint,
    forcePushedAuthorization: row.forcePushedAuthorization,
    scopes: row.scopes,
    clientUri: row.clientUri,
    logoUri: row.logoUri,
    isFirstParty: row.isFirstParty,
    concurrencyStamp: row.concurrencyStamp,
    extraProperties: row.extraProperties ?? {},
  };
}

const sortable = {
  clientId: applications.clientId,
  displayName: applications.displayName,
  clientType: applications.clientType,
  consentType: applications.consentType,
  applicationType: applications.applicationType,
  creationTime: applications.creationTime,
};

export async function listApplications(ctx: AppContext, input: GetApplicationListInput): Promise<PagedResult<ApplicationDto>> {
  const filter = input.filter?.trim();
  const where = and(
    eq(applications.isDeleted, false),
    filter ? or(ilike(applications.clientId, likePattern(filter)), ilike(applications.displayName, likePattern(filter))) : undefined,
  );
  const order = orderBy(input.sorting, sortable, [asc(applications.clientId)], applications.id);
  const { offset, limit } = pageOf(input);
  const [total, rows] = await Promise.all([
    ctx.db.select({ value: count() }).from(applications).where(where),
    ctx.db
      .select()
      .from(applications)
      .where(where)
      .orderBy(...order)
      .offset(offset)
      .limit(limit),
  ]);
  return { totalCount: Number(total[0]?.value ?? 0), items: rows.map((row) => toApplicationDto(row)) };
}

async function findRow(ctx: AppContext, id: string): Promise<ApplicationRow> {
  const [row] = await ctx.db
    .select()
    .from(applications)
    .where(and(eq(applications.id, id), eq(applications.isDeleted, false)))
    .limit(1);
  if (!row) throw notFound('OpenIddictApplication', id);
  return row;
}

export const getApplication = async (ctx: AppContext, id: string) => toApplicationDto(await findRow(ctx, id));

function isAbsoluteUri(value: string): boolean {
  const parsed = URL.parse(value);
  return parsed !== null && /^[a-z][a-z0-9+.-]*:$/i.test(parsed.protocol) && !parsed.hash;
}

/** Checks an input and answers the columns it sets (everything except the secret). */
async function checkedFields(ctx: AppContext, input: CreateApplicationInput, existing: ApplicationRow | null) {
  const errors: ValidationErrorItem[] = [];
  const add = (member: string, key: string, ...params: Array<string | number>) =>
    errors.push({ message: { key: openIddictKey(key), params }, members: [member] });
  const flows = input as Record<string, unknown>;
  for (const name of unsupportedFlows) if (flows[name] === true) add(name, 'UnsupportedFlow', name);
  const extensionGrants = uniqueList(input.extensionGrantTypes);
  for (const grant of extensionGrants)
    if (!knownExtensionGrants.includes(grant)) add('extensionGrantTypes', 'UnsupportedExtensionGrant', grant);
  const grantTypes = [
    ...Object.entries(flowGrant)
      .filter(([flow]) => flows[flow] === true)
      .map(([, grant]) => grant),
    ...extensionGrants.filter((g) => knownExtensionGrants.includes(g)),
  ];
  if (grantTypes.length === 0) add('allowAuthorizationCodeFlow', 'FlowRequired');
  const isPublic = input.clientType === 'public';
  if (isPublic && input.allowClientCredentialsFlow) add('allowClientCredentialsFlow', 'PublicClientCredentials');
  if (isPublic && input.clientSecret) add('clientSecret', 'PublicClientSecret');
  const redirectUris = uniqueList(input.redirectUris);
  const postLogoutRedirectUris = uniqueList(input.postLogoutRedirectUris);
  for (const uri of redirectUris) if (!isAbsoluteUri(uri)) add('redirectUris', 'InvalidUri', uri);
  for (const uri of postLogoutRedirectUris) if (!isAbsoluteUri(uri)) add('postLogoutRedirectUris', 'InvalidUri', uri);
  for (const [member, value] of [
    ['clientUri', input.clientUri],
    ['logoUri', input.logoUri],
    ['frontChannelLogoutUri', input.frontChannelLogoutUri],
  ] as const) {
    if (value?.trim() && !isAbsoluteUri(value.trim())) add(member, 'InvalidUri', value.trim());
  }
  if (input.allowAuthorizationCodeFlow && redirectUris.length === 0) add('redirectUris', 'RedirectUriRequired');
  // A JWKS is what a confidential client signs its client assertions with (private_key_jwt): public
  // keys only, each one jose can use; a private or symmetric key is refused, never stored.
  if (input.jsonWebKeySet?.trim()) {
    try {
      const parsed = JSON.parse(input.jsonWebKeySet) as { keys?: unknown };
      if (!Array.isArray(parsed.keys) || parsed.keys.length === 0) throw new Error('no keys');
      for (const key of parsed.keys as Array<Record<string, unknown>>) {
        if (!key || typeof key !== 'object' || privateMembers.some((m) => m in key)) throw new Error('not a public key');
        await importJWK(key as JWK, typeof key.alg === 'string' ? key.alg : key.kty === 'EC' ? 'ES256' : 'RS256');
      }
    } catch {
      add('jsonWebKeySet', 'InvalidJsonWebKeySet');
    }
  }
  const wantedScopes = uniqueList(input.scopes);
  if (wantedScopes.length) {
    const found = await ctx.db.select({ name: scopes.name }).from(scopes).where(inArray(scopes.name, wantedScopes));
    const known = new Set(found.map((s) => s.name));
    for (const name of wantedScopes) if (!known.has(name)) add('scopes', 'UnknownScope', name);
  }
  const clientId = input.clientId.trim();
  const [other] = await ctx.db.select({ id: applications.id }).from(applications).where(eq(applications.clientId, clientId)).limit(1);
  if (other && other.id !== existing?.id) add('clientId', 'DuplicateClientId', clientId);
  if (errors.length) throw validationError(errors);
  const text = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);
  return {
    clientId,
    displayName: input.displayName.trim(),
    applicationType: input.applicationType ?? 'web',
    clientType: input.clientType,
    consentType: input.consentType ?? 'implicit',
    // Grant types this server does not know stay on the row (an older seed's), untouched.
    grantTypes: [
      ...new Set([
        ...grantTypes,
        ...(existing?.grantTypes ?? []).filter((g) => !Object.values(flowGrant).includes(g as never) && !knownExtensionGrants.includes(g)),
      ]),
    ],
    scopes: wantedScopes,
    redirectUris,
    postLogoutRedirectUris,
    frontChannelLogoutUri: text(input.frontChannelLogoutUri),
    clientUri: text(input.clientUri),
    logoUri: text(input.logoUri),
    jsonWebKeySet: text(input.jsonWebKeySet),
    forcePkce: input.forcePkce ?? true,
    allowEndSessionEndpoint: input.allowEndSessionEndpoint ?? true,
    extraProperties: input.extraProperties ?? existing?.extraProperties ?? {},
  };
}

const track = (before: ApplicationRow | null, after: ApplicationRow | null) =>
  trackEntityChange(before, after, {
    entityTypeFullName: entityType,
    entityId: (after ?? before)!.id,
    entityTenantId: null,
    ignore: ['concurrencyStamp'],
    secret: ['clientSecret'],
  });

const isUniqueViolation = (error: unknown) =>
  (error as { code?: string })?.code === '23505' || (error as { cause?: { code?: string } })?.cause?.code === '23505';
const duplicateClientId = (clientId: string) =>
  validationError([{ message: { key: openIddictKey('DuplicateClientId'), params: [clientId] }, members: ['clientId'] }]);

export async function createApplication(ctx: AppContext, creatorId: string | null, input: CreateApplicationInput): Promise<ApplicationDto> {
  const fields = await checkedFields(ctx, input, null);
  const secret = fields.clientType === 'confidential' ? input.clientSecret?.trim() || generateClientSecret() : null;
  try {
    const [row] = await ctx.db
      .insert(applications)
      .values({ ...fields, clientSecret: secret ? await hashClientSecret(secret) : null, creatorId })
      .returning();
    track(null, row!);
    await applicationChanged(ctx, row!.clientId);
    return toApplicationDto(row!, secret);
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateClientId(fields.clientId);
    throw error;
  }
}

export async function updateApplication(
  ctx: AppContext,
  modifierId: string | null,
  id: string,
  input: UpdateApplicationInput,
): Promise<ApplicationDto> {
  const existing = await findRow(ctx, id);
  if (input.concurrencyStamp && input.concurrencyStamp !== existing.concurrencyStamp) throw staleConcurrencyStamp();
  const fields = await checkedFields(ctx, input, existing);
  const newSecret = fields.clientType === 'confidential' ? input.clientSecret?.trim() || null : null;
  // A confidential client keeps its secret unless a new one is given; one that was public gets one now.
  const generated = fields.clientType === 'confidential' && !newSecret && !existing.clientSecret ? generateClientSecret() : null;
  const shown = newSecret ?? generated;
  const clientSecret = fields.clientType === 'public' ? null : shown ? await hashClientSecret(shown) : existing.clientSecret;
  try {
    const [row] = await ctx.db
      .update(applications)
      .set({
        ...fields,
        clientSecret,
        concurrencyStamp: newStamp(),
        lastModificationTime: new Date(),
        lastModifierId: modifierId,
      })
      .where(and(eq(applications.id, id), eq(applications.concurrencyStamp, existing.concurrencyStamp)))
      .returning();
    if (!row) throw staleConcurrencyStamp();
    track(existing, row);
    await applicationChanged(ctx, existing.clientId);
    if (row.clientId !== existing.clientId) await applicationChanged(ctx, row.clientId);
    return toApplicationDto(row, shown);
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateClientId(fields.clientId);
    throw error;
  }
}

/** A new secret for a confidential client, answered once; the old one stops working at once. */
export async function regenerateClientSecret(ctx: AppContext, id: string): Promise<{ clientSecret: string }> {
  const existing = await findRow(ctx, id);
  if (existing.clientType !== 'confidential')
    throw validationError([{ message: { key: openIddictKey('PublicClientSecret') }, members: ['clientSecret'] }]);
  const secret = generateClientSecret();
  const [row] = await ctx.db
    .update(applications)
    .set({ clientSecret: await hashClientSecret(secret), concurrencyStamp: newStamp(), lastModificationTime: new Date() })
    .where(eq(applications.id, id))
    .returning();
  track(existing, row!);
  await applicationChanged(ctx, existing.clientId);
  return { clientSecret: secret };
}

export async function deleteApplication(ctx: AppContext, id: string): Promise<void> {
  const existing = await findRow(ctx, id);
  if (existing.clientId === ctx.config.spaClientId)
    throw businessError('Volo.Abp.OpenIddict:ApplicationCannotBeDeleted', openIddictKey('ApplicationCannotBeDeleted'), existing.clientId);
  const sessions = await ctx.db
    .select({ sessionId: identitySessions.sessionId })
    .from(identitySessions)
    .where(eq(identitySessions.clientId, existing.clientId));
  await ctx.db.transaction(async (tx) => {
    await tx.delete(applications).where(eq(applications.id, id));
    await tx
      .delete(permissionGrants)
      .where(and(eq(permissionGrants.providerName, 'C'), eq(permissionGrants.providerKey, existing.clientId)));
    // Codes, refresh tokens and grants issued to this client.
    await tx.delete(oidcPayloads).where(sql`${oidcPayloads.payload}->>'clientId' = ${existing.clientId}`);
  });
  track(existing, null);
  await applicationChanged(ctx, existing.clientId);
  // Every sign-in through this client ends: the API refuses its access tokens on the next request.
  for (const { sessionId } of sessions) await revokeIdentitySession(ctx, sessionId);
}

export async function getTokenLifetime(ctx: AppContext, id: string): Promise<ApplicationTokenLifetimeDto> {
  const row = await findRow(ctx, id);
  return Object.fromEntries(tokenLifetimeNames.map((n) => [n, row.tokenLifetimes[n] ?? null])) as ApplicationTokenLifetimeDto;
}

export async function setTokenLifetime(
  ctx: AppContext,
  id: string,
  input: UpdateApplicationTokenLifetimeInput,
): Promise<ApplicationTokenLifetimeDto> {
  const existing = await findRow(ctx, id);
  const lifetimes: Partial<Record<TokenLifetimeName, number | null>> = {};
  for (const name of tokenLifetimeNames) lifetimes[name] = input[name] ?? null;
  const [row] = await ctx.db
    .update(applications)
    .set({ tokenLifetimes: lifetimes, concurrencyStamp: newStamp(), lastModificationTime: new Date() })
    .where(eq(applications.id, id))
    .returning();
  track(existing, row!);
  await applicationChanged(ctx, existing.clientId);
  return getTokenLifetime(ctx, id);
}
