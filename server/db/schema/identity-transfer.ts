// What an import of users leaves behind for the invalid-users download. Rules:
// - one row per import that had failed rows: the failed rows with their reason (jsonb), the file
//   type to answer them in, who imported them and in which tenant (null = host);
// - the download token names the row and is signed; the row is read only in the token's tenant and
//   for the token's user, and not after expires_at (rows past it are pruned by the next import);
// - a database row rather than process memory, so any server instance can answer the download.
import { index, jsonb, pgTable, smallint, timestamp, uuid } from 'drizzle-orm/pg-core';
import { id, tenantId } from './columns.ts';

export interface InvalidImportedUser {
  userName: string;
  emailAddress: string;
  name: string;
  surname: string;
  phoneNumber: string;
  password: string;
  assignedRoleNames: string;
  errorReason: string;
}

export const userImportFailures = pgTable(
  'user_import_failures',
  {
    id: id(),
    tenantId: tenantId(),
    userId: uuid('user_id').notNull(),
    fileType: smallint('file_type').notNull(),
    rows: jsonb('rows').$type<InvalidImportedUser[]>().notNull(),
    creationTime: timestamp('creation_time', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('user_import_failures_expires_idx').on(t.expiresAt)],
);
