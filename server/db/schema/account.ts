// Tables of the account area. Rules:
// - user_profile_pictures: at most one row per user (the user id is the key); type 0 None,
//   1 Gravatar, 2 Image (ABP's ProfilePictureType); content and content_type are set only for
//   Image, whose bytes were checked by magic number (PNG, JPEG, GIF, WebP) and are at most 1 MiB;
// - a user without a row has type None.
import { pgTable, smallint, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { bytea, tenantId } from './columns.ts';
import { users } from './identity.ts';

export const userProfilePictures = pgTable('user_profile_pictures', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tenantId: tenantId(),
  type: smallint('type').notNull(),
  content: bytea('content'),
  contentType: varchar('content_type', { length: 32 }),
  lastModificationTime: timestamp('last_modification_time', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
