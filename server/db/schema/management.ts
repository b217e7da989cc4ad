// Permission grants, feature values and setting values: the three "provider" stores of ABP.
// A row names its provider (R role / U user / C client for permissions; D, E edition, T tenant for
// features; G global, T tenant, U user for settings) and the provider key. Permission grants are
// tenant-owned; feature and setting values are keyed by their provider alone.
import { index, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { id, tenantId, tenantKey } from './columns.ts';

export const permissionGrants = pgTable(
  'permission_grants',
  {
    id: id(),
    tenantId: tenantId(),
    name: varchar('name', { length: 128 }).notNull(),
    providerName: varchar('provider_name', { length: 64 }).notNull(),
    providerKey: varchar('provider_key', { length: 256 }).notNull(),
  },
  (t) => [
    uniqueIndex('permission_grants_key').on(tenantKey(t.tenantId), t.name, t.providerName, t.providerKey),
    index('permission_grants_provider_idx').on(t.tenantId, t.providerName, t.providerKey),
  ],
);

export const featureValues = pgTable(
  'feature_values',
  {
    id: id(),
    name: varchar('name', { length: 128 }).notNull(),
    value: varchar('value', { length: 128 }).notNull(),
    providerName: varchar('provider_name', { length: 64 }).notNull(),
    /** Edition id for E, tenant id for T; an empty key under T holds the host's own values. */
    providerKey: varchar('provider_key', { length: 64 }).notNull().default(''),
  },
  (t) => [uniqueIndex('feature_values_key').on(t.name, t.providerName, t.providerKey)],
);

export const settings = pgTable(
  'settings',
  {
    id: id(),
    name: varchar('name', { length: 128 }).notNull(),
    /** Encrypted (AES-256-GCM, key outside the database) when the definition says so. */
    value: text('value').notNull(),
    providerName: varchar('provider_name', { length: 64 }).notNull(),
    providerKey: varchar('provider_key', { length: 64 }).notNull().default(''),
  },
  (t) => [uniqueIndex('settings_key').on(t.name, t.providerName, t.providerKey)],
);
