// Tables of the sign-in area (two-factor, linked accounts, authority delegation). Rules:
// - user_authenticators: at most one authenticator key per user, sealed with the secrets key; a key
//   is usable for sign-in only once verified; last_time_step makes each TOTP code single-use;
// - recovery codes and e-mail security codes live in user_tokens (hashes only), not here;
// - user_links: a link between two users (possibly of different tenants) lets either one switch to
//   the other with the LinkLogin grant; the pair is stored once, source < target is not required;
// - user_delegations: the source user lets the target user act as them between start_time and
//   end_time (Impersonation grant with UserDelegationId); outside that window it is inactive.
import { bigint, boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { creationAudited, id, tenantId, tenantKey } from './columns.ts';
import { users } from './identity.ts';

export const userAuthenticators = pgTable('user_authenticators', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tenantId: tenantId(),
  /** AES-256-GCM ciphertext of the base32 TOTP secret. */
  sealedKey: text('sealed_key').notNull(),
  verified: boolean('verified').notNull().default(false),
  /** The TOTP time step of the last accepted code; codes of this step or earlier are refused. */
  lastTimeStep: bigint('last_time_step', { mode: 'number' }),
  creationTime: timestamp('creation_time', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  verifiedTime: timestamp('verified_time', { withTimezone: true, mode: 'date' }),
});

export const userLinks = pgTable(
  'user_links',
  {
    id: id(),
    sourceUserId: uuid('source_user_id').notNull(),
    sourceTenantId: uuid('source_tenant_id'),
    targetUserId: uuid('target_user_id').notNull(),
    targetTenantId: uuid('target_tenant_id'),
    ...creationAudited(),
  },
  (t) => [
    uniqueIndex('user_links_pair_key').on(tenantKey(t.sourceTenantId), t.sourceUserId, tenantKey(t.targetTenantId), t.targetUserId),
    index('user_links_target_idx').on(t.targetUserId),
  ],
);

export const userDelegations = pgTable(
  'user_delegations',
  {
    id: id(),
    tenantId: tenantId(),
    sourceUserId: uuid('source_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetUserId: uuid('target_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startTime: timestamp('start_time', { withTimezone: true, mode: 'date' }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true, mode: 'date' }).notNull(),
    ...creationAudited(),
  },
  (t) => [index('user_delegations_target_idx').on(t.targetUserId), index('user_delegations_source_idx').on(t.sourceUserId)],
);
