// Download tokens of the users' import and export (ABP's DownloadTokenResultDto). A file download is
// a plain browser navigation without the bearer token, so the token is the credential. Rules:
// - stateless: an HMAC-SHA256 over purpose, user, tenant, expiry (and for the invalid-users file the
//   row it names), keyed by a sub-key of the secrets key, so every instance that shares the secrets
//   key accepts it and none needs to remember it;
// - short-lived: a download token lives 3 minutes (ABP: 30 s in a cache), an invalid-users token
//   as long as its row (30 minutes);
// - a token is bound to its purpose, so an export token cannot fetch an invalid-users file;
// - using one re-checks its user: still live, still active, still in the tenant, and still holding
//   the permission the download needs; anything else is the same 403.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { AppContext, CurrentUser } from '../../context.ts';
import { users } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { currentUserFromRow } from '../../plugins/request-context.ts';
import { liveUsers } from './user-repository.ts';

export const downloadTokenLifetimeMs = 3 * 60_000;
export const invalidUsersLifetimeMs = 30 * 60_000;

/** 'developer-docs': the cookie of the machine documentation site (modules/developer-docs). */
export type DownloadPurpose = 'download' | 'invalid-users' | 'developer-docs';

interface TokenPayload {
  /** purpose */
  p: DownloadPurpose;
  /** user id */
  u: string;
  /** tenant id, null for the host */
  t: string | null;
  /** expiry, ms since the epoch */
  e: number;
  /** the row an invalid-users token names */
  r?: string;
}

export interface DownloadGrant {
  user: CurrentUser;
  tenantId: string | null;
  rowId: string | null;
}

const keyOf = (ctx: AppContext) => ctx.secrets.derive('identity-users-download-token');
const sign = (ctx: AppContext, body: string) => createHmac('sha256', keyOf(ctx)).update(body).digest('base64url');

export const invalidDownloadToken = () =>
  new AppError({ status: 403, code: 'Volo.Abp.Identity:InvalidDownloadToken', text: { key: 'AbpIdentity::InvalidDownloadToken' } });

export function issueDownloadToken(
  ctx: AppContext,
  init: { purpose: DownloadPurpose; userId: string; tenantId: string | null; rowId?: string; lifetimeMs?: number; now?: number },
): string {
  const payload: TokenPayload = {
    p: init.purpose,
    u: init.userId,
    t: init.tenantId,
    e: (init.now ?? Date.now()) + (init.lifetimeMs ?? downloadTokenLifetimeMs),
    ...(init.rowId ? { r: init.rowId } : {}),
  };
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${sign(ctx, body)}`;
}

/** The payload of a well-signed, unexpired token of the purpose, or null. */
export function readDownloadToken(ctx: AppContext, token: string, purpose: DownloadPurpose, now = Date.now()): TokenPayload | null {
  const [body, mac, ...rest] = token.split('.');
  if (!body || !mac || rest.length) return null;
  const wanted = Buffer.from(sign(ctx, body));
  const given = Buffer.from(mac);
  if (wanted.length !== given.length || !timingSafeEqual(wanted, given)) return null;
  try {
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as TokenPayload;
    if (payload.p !== purpose || typeof payload.u !== 'string' || typeof payload.e !== 'number' || payload.e <= now) return null;
    return payload;
  } catch {
    return null;
  }
}

/** Checks a token and its user for a download that needs `permission`; a 403 otherwise. */
export async function redeemDownloadToken(
  ctx: AppContext,
  token: string,
  purpose: DownloadPurpose,
  permission: string,
): Promise<DownloadGrant> {
  const payload = readDownloadToken(ctx, token, purpose);
  if (!payload) throw invalidDownloadToken();
  const [row] = await ctx.db
    .select()
    .from(users)
    .where(and(liveUsers(payload.t), eq(users.id, payload.u)))
    .limit(1);
  const lockedOut = !!row?.lockoutEnd && row.lockoutEnd > new Date();
  if (!row?.isActive || lockedOut) throw invalidDownloadToken();
  if (payload.t && !(await ctx.tenants.findById(payload.t))?.isActive) throw invalidDownloadToken();
  const user = currentUserFromRow(row);
  if (!(await ctx.permissions.isGranted(user, payload.t, permission))) throw invalidDownloadToken();
  return { user, tenantId: payload.t, rowId: payload.r ?? null };
}
