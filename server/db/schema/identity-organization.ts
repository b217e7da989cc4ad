// Organization units, their members and roles, claim types and role claims (Identity Pro). Rules:
// - an organization unit belongs to a tenant (null = host); its code is the dotted path of 5-digit
//   numbers from the root ("00001.00002"), unique per tenant among live units, so a subtree is every
//   unit whose code starts with "<code>.";
// - units are soft-deleted as ABP does (FullAudited); deleting one removes its memberships and role
//   links, which are plain link rows;
// - claim types are host-wide (ABP's IdentityClaimType is not multi-tenant): one name, one
//   definition, read by every tenant for its users' and roles' claims;
// - role claims follow their role (cascade), like user_claims follow their user.
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { concurrencyStamp, creationAudited, extraProperties, fullAudited, id, tenantId, tenantKey } from './columns.ts';
import { roles, users } from './identity.ts';

export const organizationUnits = pgTable(
  'organization_units',
  {
    id: id(),
    tenantId: tenantId(),
    parentId: uuid('parent_id').references((): AnyPgColumn => organizationUnits.id),
    /** Dotted path of 5-digit numbers: "00001", "00001.00003", ... (ABP's OrganizationUnit.Code). */
    code: varchar('code', { length: 95 }).notNull(),
    displayName: varchar('display_name', { length: 128 }).notNull(),
    entityVersion: integer('entity_version').notNull().default(0),
    ...fullAudited(),
    concurrencyStamp: concurrencyStamp(),
    extraProperties: extraProperties(),
  },
  (t) => [
    index('organization_units_tenant_idx').on(t.tenantId),
    index('organization_units_parent_idx').on(t.parentId),
    uniqueIndex('organization_units_tenant_code_key').on(tenantKey(t.tenantId), t.code).where(sql`${t.isDeleted} = false`),
  ],
);

export const userOrganizationUnits = pgTable(
  'user_organization_units',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationUnitId: uuid('organization_unit_id')
      .notNull()
      .references(() => organizationUnits.id, { onDelete: 'cascade' }),
    tenantId: tenantId(),
    ...creationAudited(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.organizationUnitId] }), index('user_organization_units_unit_idx').on(t.organizationUnitId)],
);

export const organizationUnitRoles = pgTable(
  'organization_unit_roles',
  {
    organizationUnitId: uuid('organization_unit_id')
      .notNull()
      .references(() => organizationUnits.id, { onDelete: 'cascade' }),
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    tenantId: tenantId(),
    ...creationAudited(),
  },
  (t) => [primaryKey({ columns: [t.organizationUnitId, t.roleId] }), index('organization_unit_roles_role_idx').on(t.roleId)],
);

export const claimTypes = pgTable(
  'claim_types',
  {
    id: id(),
    name: varchar('name', { length: 256 }).notNull(),
    normalizedName: varchar('normalized_name', { length: 256 }).notNull(),
    required: boolean('required').notNull().default(false),
    isStatic: boolean('is_static').notNull().default(false),
    regex: varchar('regex', { length: 512 }),
    regexDescription: varchar('regex_description', { length: 128 }),
    description: varchar('description', { length: 256 }),
    /** 0 String, 1 Int, 2 Boolean, 3 DateTime (ABP's IdentityClaimValueType). */
    valueType: integer('value_type').notNull().default(0),
    ...creationAudited(),
    concurrencyStamp: concurrencyStamp(),
    extraProperties: extraProperties(),
  },
  (t) => [uniqueIndex('claim_types_normalized_name_key').on(t.normalizedName)],
);

export const roleClaims = pgTable(
  'role_claims',
  {
    id: id(),
    tenantId: tenantId(),
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    claimType: varchar('claim_type', { length: 256 }).notNull(),
    claimValue: text('claim_value'),
  },
  (t) => [index('role_claims_role_idx').on(t.roleId)],
);
