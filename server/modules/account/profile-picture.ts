// Profile pictures (ABP's ProfilePictureType: 0 None, 1 Gravatar, 2 Image). Rules:
// - the signed-in user sets their own picture: ?type=2 with the image bytes as the body, 0 or 1 without;
// - an image is at most 1 MiB (the parser answers 413 beyond) and must be PNG, JPEG, GIF or WebP by
//   its magic bytes (the Content-Type header is not trusted); anything else is a localized 400 and
//   the stored picture stays as it was;
// - pictures are read in the request's tenant only: another tenant's user id is 404; the Gravatar
//   URL is built from the MD5 of the trimmed, lower-cased e-mail (www.gravatar.com, allowed by CSP).
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { ProfilePictureType, type ProfilePictureSourceDto } from '../../../contract/account.ts';
import type { AppContext } from '../../context.ts';
import { userProfilePictures } from '../../db/schema/index.ts';
import { AppError, invalidField } from '../../errors.ts';
import { myUser, userOfTenant } from './account-users.ts';

export const maxPictureBytes = 1024 * 1024;

/** The image type of the bytes by magic number, or null. */
export function imageTypeOf(bytes: Buffer): string | null {
  const starts = (signature: number[], offset = 0) => signature.every((byte, i) => bytes[offset + i] === byte);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (bytes.subarray(0, 6).toString('latin1') === 'GIF87a' || bytes.subarray(0, 6).toString('latin1') === 'GIF89a') return 'image/gif';
  if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  return null;
}

export const gravatarUrl = (email: string) =>
  `https://www.gravatar.com/avatar/${createHash('md5').update(email.trim().toLowerCase()).digest('hex')}?d=mp`;

const invalidPicture = () => invalidField('imageContent', 'AbpAccount::ProfilePictureInvalidFormat');

export async function setMyProfilePicture(ctx: AppContext, request: FastifyRequest, type: number, body: unknown): Promise<void> {
  const me = await myUser(ctx.db, request);
  let content: Buffer | null = null;
  let contentType: string | null = null;
  if (type === ProfilePictureType.Image) {
    if (!Buffer.isBuffer(body) || body.length === 0) throw invalidPicture();
    contentType = imageTypeOf(body);
    if (!contentType) throw invalidPicture();
    content = body;
  }
  const values = { type, content, contentType, lastModificationTime: new Date() };
  await ctx.db
    .insert(userProfilePictures)
    .values({ userId: me.id, tenantId: me.tenantId, ...values })
    .onConflictDoUpdate({ target: userProfilePictures.userId, set: values });
}

export async function profilePictureOf(ctx: AppContext, request: FastifyRequest, userId: string): Promise<ProfilePictureSourceDto> {
  const user = await userOfTenant(ctx.db, request, userId);
  const [row] = await ctx.db.select().from(userProfilePictures).where(eq(userProfilePictures.userId, user.id)).limit(1);
  if (row?.type === ProfilePictureType.Gravatar) return { type: row.type, source: gravatarUrl(user.email), fileContent: null };
  if (row?.type === ProfilePictureType.Image && row.content) {
    return { type: row.type, source: null, fileContent: row.content.toString('base64') };
  }
  return { type: ProfilePictureType.None, source: null, fileContent: null };
}

/** The stored image of a user, or 404 when the user has none (None or Gravatar). */
export async function profilePictureFile(ctx: AppContext, request: FastifyRequest, userId: string) {
  const user = await userOfTenant(ctx.db, request, userId);
  const [row] = await ctx.db.select().from(userProfilePictures).where(eq(userProfilePictures.userId, user.id)).limit(1);
  if (row?.type !== ProfilePictureType.Image || !row.content || !row.contentType) {
    throw new AppError({
      status: 404,
      text: { key: 'AbpExceptionHandling::EntityNotFoundErrorMessage', params: ['ProfilePicture', userId] },
    });
  }
  return { content: row.content, contentType: row.contentType };
}
