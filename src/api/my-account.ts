// The signed-in user's own account (spec 7.9, 7.10; ABP wire contract 7.3): my profile, password,
// time zones, two-factor, authenticator, profile picture, my security logs and my sessions.
// Rules: every call takes the session's client (bearer token, culture) and an AbortSignal where a
// machine may replace it; list queries carry only filters with a value; void actions answer 204.
// The shapes are the wire contract's (contract/account.ts, contract/account-sign-in.ts).
import type { AuthenticatorInfoDto, ProfileDto, ProfilePictureSourceDto, UpdateProfileDto } from '../../contract/account.ts';
import type {
  GetMySecurityLogsInput,
  GetMySessionsInput,
  IdentitySecurityLogDto,
  IdentitySessionDto,
  RevokeOtherSessionsResult,
} from '../../contract/account-sign-in.ts';
import type { Http } from './http.ts';

export type { AuthenticatorInfoDto, ProfileDto, ProfilePictureSourceDto, UpdateProfileDto };
export type SecurityLogDto = IdentitySecurityLogDto;
export type SessionDto = IdentitySessionDto;
export type SecurityLogQuery = GetMySecurityLogsInput;
export type SessionQuery = GetMySessionsInput;

export interface NameValue {
  name: string;
  value: string;
}

/** ABP's ProfilePictureType. */
export const profilePictureType = { none: 0, gravatar: 1, image: 2 } as const;
export type ProfilePictureType = (typeof profilePictureType)[keyof typeof profilePictureType];

export interface PagedResult<T> {
  totalCount: number;
  items: T[];
}

type Query = Record<string, string | number | boolean>;

const account = '/api/account';
const profile = `${account}/my-profile`;

export const getMyProfile = (http: Http, signal?: AbortSignal) => http<ProfileDto>(profile, { signal });

export const updateMyProfile = (http: Http, body: UpdateProfileDto) => http<ProfileDto>(profile, { method: 'PUT', body });

export const changePassword = (http: Http, body: { currentPassword: string | null; newPassword: string }) =>
  http<void>(`${profile}/change-password`, { method: 'POST', body });

export const getTimezones = (http: Http, signal?: AbortSignal) => http<NameValue[]>(`${profile}/timezones`, { signal });

export const canEnableTwoFactor = (http: Http, signal?: AbortSignal) => http<boolean>(`${profile}/can-enable-two-factor`, { signal });

export const getTwoFactorEnabled = (http: Http, signal?: AbortSignal) => http<boolean>(`${profile}/two-factor-enabled`, { signal });

export const setTwoFactorEnabled = (http: Http, enabled: boolean) =>
  http<void>(`${profile}/set-two-factor-enabled`, { method: 'POST', query: { enabled } });

export const hasAuthenticatorKey = (http: Http, signal?: AbortSignal) => http<boolean>(`${account}/has-authenticator-key`, { signal });

export const getAuthenticatorInfo = (http: Http, signal?: AbortSignal) =>
  http<AuthenticatorInfoDto>(`${account}/authenticator-info`, { signal });

export const verifyAuthenticatorCode = (http: Http, code: string) =>
  http<{ recoveryCodes: string[] }>(`${account}/verify-authenticator-code`, { method: 'POST', body: { code } });

export const resetAuthenticator = (http: Http) => http<void>(`${account}/reset-authenticator`, { method: 'POST' });

export const getProfilePicture = (http: Http, userId: string, signal?: AbortSignal) =>
  http<ProfilePictureSourceDto>(`${account}/profile-picture/${encodeURIComponent(userId)}`, { signal });

/** Sets the picture type; an image travels as the raw request body with its own content type. */
export const setProfilePicture = (http: Http, type: ProfilePictureType, image: Blob | null) =>
  http<void>(`${account}/profile-picture`, {
    method: 'POST',
    query: { type },
    ...(image ? { body: image, headers: { 'Content-Type': image.type || 'application/octet-stream' } } : {}),
  });

export const getMySecurityLogs = (http: Http, query: SecurityLogQuery, signal?: AbortSignal) =>
  http<PagedResult<SecurityLogDto>>(`${account}/security-logs`, { query: query as Query, signal });

export const getMySessions = (http: Http, query: SessionQuery, signal?: AbortSignal) =>
  http<PagedResult<SessionDto>>(`${account}/sessions`, { query: query as Query, signal });

export const revokeSession = (http: Http, id: string) => http<void>(`${account}/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });
/** Ends every session of mine but this one (our extension of ABP's account sessions). */
export const revokeOtherSessions = (http: Http) => http<RevokeOtherSessionsResult>(`${account}/sessions/revoke-others`, { method: 'POST' });

/** The ABP error envelope of a failed call: its message and the invalid fields (camelCase member names). */
export function abpError(error: unknown): { message: string | null; fields: Record<string, string> } {
  const envelope = (error as { data?: { error?: { message?: unknown; validationErrors?: unknown } } } | null)?.data?.error;
  const fields: Record<string, string> = {};
  if (Array.isArray(envelope?.validationErrors)) {
    for (const entry of envelope.validationErrors as Array<{ message?: unknown; members?: unknown }>) {
      const members = Array.isArray(entry.members) ? entry.members : [];
      for (const member of members) {
        if (typeof member !== 'string' || typeof entry.message !== 'string') continue;
        const name = member.charAt(0).toLowerCase() + member.slice(1);
        fields[name] ??= entry.message;
      }
    }
  }
  return { message: typeof envelope?.message === 'string' ? envelope.message : null, fields };
}
