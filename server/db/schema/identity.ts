// Users, roles and their links, identity sessions and security logs. Every row belongs to a tenant
// (null = host). User and role names are unique per tenant among rows that are not soft-deleted.
// A session row exists while a sign-in is valid: revoking it (or signing out) deletes it, and the
// API refuses any token whose session_id no longer has a row.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { concurrencyStamp, creationAudited, extraProperties, fullAudited, id, tenantId, tenantKey } from './columns.ts';

export const users = pgTable(
  'users',
  {
    id: id(),
    tenantId: tenantId(),
    userName: varchar('user_name', { length: 256 }).notNull(),
    normalizedUserName: varchar('normalized_user_name', { length: 256 }).notNull(),
    name: varchar('name', { length: 64 }),
    surname: varchar('surname', { length: 64 }),
    email: varchar('email', { length: 256 }).notNull(),
    normalizedEmail: varchar('normalized_email', { length: 256 }).notNull(),
    emailConfirmed: boolean('email_confirmed').notNull().default(false),
    passwordHash: varchar('password_hash', { length: 256 }),
    securityStamp: varchar('security_stamp', { length: 256 })
      .notNull()
      .$defaultFn(() => crypto.randomUUID()),
    isExternal: boolean('is_external').notNull().default(false),
    phoneNumber: varchar('phone_number', { length: 16 }),
    phoneNumberConfirmed: boolean('phone_number_confirmed').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    lockoutEnd: timestamp('lockout_end', { withTimezone: true, mode: 'date' }),
    lockoutEnabled: boolean('lockout_enabled').notNull().default(true),
    accessFailedCount: integer('access_failed_count').notNull().default(0),
    shouldChangePasswordOnNextLogin: boolean('should_change_password_on_next_login').notNull().default(false),
    lastPasswordChangeTime: timestamp('last_password_change_time', { withTimezone: true, mode: 'date' }),
    entityVersion: integer('entity_version').notNull().default(0),
    ...fullAudited(),
    concurrencyStamp: concurrencyStamp(),
    extraProperties: extraProperties(),
  },
  (t) => [
    uniqueIndex('users_tenant_user_name_key').on(tenantKey(t.tenantId), t.normalizedUserName).where(sql`${t.isDeleted} = false`),
    index('users_tenant_email_idx').on(t.tenantId, t.normalizedEmail),
    // Self-registration and profile edits race on e-mail as on user name: the database has the last word.
    uniqueIndex('users_tenant_email_key').on(tenantKey(t.tenantId), t.normalizedEmail).where(sql`${t.isDeleted} = false`),
    index('users_tenant_creation_idx').on(t.tenantId, t.creationTime),
    // The user list's default order (user name, then id): a first page reads ten index entries
    // instead of sorting the tenant. Its 'contains' filters have trigram indexes (migration 0015).
    index('users_tenant_user_name_idx').on(t.tenantId, t.userName, t.id),
    index('users_tenant_email_order_idx').on(t.tenantId, t.email, t.id),
    index('users_tenant_modification_idx').on(t.tenantId, t.lastModificationTime),
    // The rare states an administrator filters by: counted off small partial indexes, not the tenant.
    index('users_tenant_inactive_idx').on(t.tenantId).where(sql`${t.isActive} = false`),
    index('users_tenant_external_idx').on(t.tenantId).where(sql`${t.isExternal} = true`),
    index('users_tenant_lockout_idx').on(t.tenantId, t.lockoutEnd).where(sql`${t.lockoutEnd} is not null`),
    // The soft-deleted users, few: an organization unit's members are counted from its memberships
    // minus these (user-repository.ts membersCount), not by probing every user of the tenant.
    index('users_deleted_idx').on(t.id).where(sql`${t.isDeleted} = true`),
  ],
);

export const roles = pgTable(
  'roles',
  {
    id: id(),
    tenantId: tenantId(),
    name: varchar('name', { length: 256 }).notNull(),
    normalizedName: varchar('normalized_name', { length: 256 }).notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    isStatic: boolean('is_static').notNull().default(false),
    isPublic: boolean('is_public').notNull().default(false),
    entityVersion: integer('entity_version').notNull().default(0),
    ...creationAudited(),
    concurrencyStamp: concurrencyStamp(),
    extraProperties: extraProperties(),
  },
  (t) => [uniqueIndex('roles_tenant_name_key').on(tenantKey(t.tenantId), t.normalizedName)],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    tenantId: tenantId(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('user_roles_role_id_idx').on(t.roleId)],
);

export const identitySessions = pgTable(
  'identity_sessions',
  {
    id: id(),
    /** The value of the session_id claim carried by every token of this sign-in. */
    sessionId: varchar('session_id', { length: 128 }).notNull(),
    tenantId: tenantId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    device: varchar('device', { length: 64 }).notNull(),
    deviceInfo: varchar('device_info', { length: 512 }),
    clientId: varchar('client_id', { length: 128 }),
    ipAddresses: varchar('ip_addresses', { length: 2048 }),
    signedIn: timestamp('signed_in', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastAccessed: timestamp('last_accessed', { withTimezone: true, mode: 'date' }),
    rememberMe: boolean('remember_me').notNull().default(false),
    extraProperties: extraProperties(),
  },
  (t) => [
    uniqueIndex('identity_sessions_session_id_key').on(t.sessionId),
    index('identity_sessions_tenant_user_idx').on(t.tenantId, t.userId),
  ],
);

export const securityLogs = pgTable(
  'security_logs',
  {
    id: id(),
    tenantId: tenantId(),
    applicationName: varchar('application_name', { length: 96 }),
    identity: varchar('identity', { length: 96 }),
    action: varchar('action', { length: 96 }),
    userId: uuid('user_id'),
    userName: varchar('user_name', { length: 256 }),
    tenantName: varchar('tenant_name', { length: 64 }),
    clientId: varchar('client_id', { length: 64 }),
    correlationId: varchar('correlation_id', { length: 64 }),
    clientIpAddress: varchar('client_ip_address', { length: 64 }),
    browserInfo: varchar('browser_info', { length: 512 }),
    creationTime: timestamp('creation_time', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    extraProperties: extraProperties(),
  },
  (t) => [
    index('security_logs_tenant_time_idx').on(t.tenantId, t.creationTime),
    index('security_logs_tenant_user_time_idx').on(t.tenantId, t.userId, t.creationTime),
  ],
);

/** One-time tokens for e-mail confirmation, password reset, two-factor codes (hashes only). */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: id(),
    tenantId: tenantId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: varchar('purpose', { length: 64 }).notNull(),
    tokenHash: varchar('token_hash', { length: 128 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true, mode: 'date' }),
    data: jsonb('data').$type<Record<string, unknown>>(),
    ...creationAudited(),
  },
  (t) => [index('user_tokens_user_purpose_idx').on(t.userId, t.purpose)],
);

/** Free-form user claims (Identity Pro); kept here so users stay one module. */
export const userClaims = pgTable(
  'user_claims',
  {
    id: id(),
    tenantId: tenantId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    claimType: varchar('claim_type', { length: 256 }).notNull(),
    claimValue: text('claim_value'),
  },
  (t) => [index('user_claims_user_idx').on(t.userId)],
);
