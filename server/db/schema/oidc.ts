// Storage of the identity server. oidc_payloads holds every oidc-provider model (codes, tokens,
// sessions, grants, interactions) keyed by model name and id; consumed_at is set atomically so an
// authorization code can be redeemed once. signing_keys holds the private JWKs, encrypted with the
// secrets key. applications and scopes are the OpenIddict-style client and scope registry.
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { concurrencyStamp, extraProperties, fullAudited, id } from './columns.ts';

export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    model: varchar('model', { length: 64 }).notNull(),
    id: varchar('id', { length: 256 }).notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    grantId: varchar('grant_id', { length: 256 }),
    userCode: varchar('user_code', { length: 256 }),
    uid: varchar('uid', { length: 256 }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    consumedAt: timestamp('consumed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    primaryKey({ columns: [t.model, t.id] }),
    index('oidc_payloads_grant_id_idx').on(t.grantId),
    index('oidc_payloads_uid_idx').on(t.uid),
    index('oidc_payloads_user_code_idx').on(t.userCode),
    index('oidc_payloads_expires_at_idx').on(t.expiresAt),
  ],
);

export const signingKeys = pgTable('signing_keys', {
  kid: varchar('kid', { length: 128 }).primaryKey(),
  /** AES-256-GCM ciphertext of the private JWK. */
  privateJwk: text('private_jwk').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  retiredAt: timestamp('retired_at', { withTimezone: true, mode: 'date' }),
});

export const applications = pgTable(
  'applications',
  {
    id: id(),
    clientId: varchar('client_id', { length: 100 }).notNull(),
    /** scrypt hash of the client secret (application-store.ts; never readable again); null for public clients. */
    clientSecret: text('client_secret'),
    displayName: varchar('display_name', { length: 256 }),
    applicationType: varchar('application_type', { length: 50 }).notNull().default('web'),
    /** 'public' or 'confidential' */
    clientType: varchar('client_type', { length: 50 }).notNull(),
    consentType: varchar('consent_type', { length: 50 }).notNull().default('implicit'),
    /** Trusted first-party client: may use the password grant. */
    isFirstParty: boolean('is_first_party').notNull().default(false),
    grantTypes: jsonb('grant_types').$type<string[]>().notNull().default([]),
    scopes: jsonb('scopes').$type<string[]>().notNull().default([]),
    redirectUris: jsonb('redirect_uris').$type<string[]>().notNull().default([]),
    postLogoutRedirectUris: jsonb('post_logout_redirect_uris').$type<string[]>().notNull().default([]),
    frontChannelLogoutUri: text('front_channel_logout_uri'),
    clientUri: text('client_uri'),
    logoUri: text('logo_uri'),
    forcePkce: boolean('force_pkce').notNull().default(true),
    accessTokenLifetime: integer('access_token_lifetime'),
    refreshTokenLifetime: integer('refresh_token_lifetime'),
    jsonWebKeySet: text('json_web_key_set'),
    allowHybridFlow: boolean('allow_hybrid_flow').notNull().default(false),
    allowEndSessionEndpoint: boolean('allow_end_session_endpoint').notNull().default(true),
    allowDeviceAuthorizationEndpoint: boolean('allow_device_authorization_endpoint').notNull().default(false),
    allowPushedAuthorizationEndpoint: boolean('allow_pushed_authorization_endpoint').notNull().default(false),
    forcePushedAuthorization: boolean('force_pushed_authorization').notNull().default(false),
    /** ABP's token lifetimes in seconds (accessTokenLifetime, …, issuedTokenLifetime); absent = the server's default. */
    tokenLifetimes: jsonb('token_lifetimes').$type<Record<string, number | null>>().notNull().default({}),
    ...fullAudited(),
    concurrencyStamp: concurrencyStamp(),
    extraProperties: extraProperties(),
  },
  (t) => [uniqueIndex('applications_client_id_key').on(t.clientId)],
);

export const scopes = pgTable(
  'scopes',
  {
    id: id(),
    name: varchar('name', { length: 200 }).notNull(),
    displayName: varchar('display_name', { length: 256 }),
    description: text('description'),
    /** Audiences of access tokens that carry this scope. */
    resources: jsonb('resources').$type<string[]>().notNull().default([]),
    buildIn: boolean('build_in').notNull().default(false),
    ...fullAudited(),
    concurrencyStamp: concurrencyStamp(),
    extraProperties: extraProperties(),
  },
  (t) => [uniqueIndex('scopes_name_key').on(t.name)],
);

/** Attempts per key (ip:…, account:…) in a fixed window; shared by every server instance. */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: varchar('key', { length: 300 }).notNull(),
    windowStart: timestamp('window_start', { withTimezone: true, mode: 'date' }).notNull(),
    hits: integer('hits').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);
