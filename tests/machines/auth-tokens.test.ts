// The session's token rules (machines/session/tokens.ts) and the token store under ABP's keys
// (src/app/auth-actors.ts), against a real Storage-shaped map.
import { describe, expect, it } from 'vitest';
import {
  expiresAtOf,
  isExpired,
  isOtherClient,
  linkLoginRequestOf,
  matchesErrorFilter,
  defaultOAuthErrorFilters,
  rememberMeOf,
  renewalDelay,
  sessionFromTokens,
} from '../../machines/session/tokens.ts';
import { memoryStorage } from '../kit/memory-storage.ts';
import { createTokenStore } from '../../src/app/auth-actors.ts';

const jwt = (payload: object) => `h.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.s`;

describe('token rules', () => {
  it('expires_at is the time stored plus expires_in × 1000', () => {
    expect(expiresAtOf(1_000, 3600)).toBe(3_601_000);
    expect(expiresAtOf(1_000, undefined)).toBeNull();
  });

  it('reads remember_me from the access token, false when unreadable', () => {
    expect(rememberMeOf(jwt({ remember_me: 'True' }))).toBe(true);
    expect(rememberMeOf(jwt({ remember_me: 'False' }))).toBe(false);
    expect(rememberMeOf(jwt({}))).toBe(false);
    expect(rememberMeOf('opaque')).toBe(false);
    expect(rememberMeOf('a.!!!.c')).toBe(false);
  });

  it('a refresh answer keeps what it does not repeat', () => {
    const first = sessionFromTokens({ access_token: 'a', refresh_token: 'r', id_token: 'i', expires_in: 60 }, 0, 'App');
    const next = sessionFromTokens({ access_token: 'b', expires_in: 60 }, 10_000, 'App', first);
    expect(next).toMatchObject({ accessToken: 'b', refreshToken: 'r', idToken: 'i', storedAt: 10_000, expiresAt: 70_000, clientId: 'App' });
  });

  it('knows expiry, another client and the error filters (Impersonation exempt by default)', () => {
    const session = sessionFromTokens({ access_token: 'a', expires_in: 60 }, 0, 'App');
    expect(isExpired({ ...session, observedAt: 59_999 })).toBe(false);
    expect(isExpired({ ...session, observedAt: 60_000 })).toBe(true);
    expect(isOtherClient(session, 'App')).toBe(false);
    expect(isOtherClient(session, 'Other')).toBe(true);
    expect(isOtherClient({ accessToken: 'a', idToken: null }, 'Other')).toBe(false);
    expect(matchesErrorFilter({ grantType: 'Impersonation', error: 'invalid_grant' }, defaultOAuthErrorFilters)).toBe(true);
    expect(matchesErrorFilter({ grantType: 'refresh_token', error: 'invalid_grant' }, defaultOAuthErrorFilters)).toBe(false);
    expect(matchesErrorFilter({ grantType: 'x', error: 'e' }, [{}])).toBe(false);
    expect(matchesErrorFilter({ grantType: 'x', error: 'e' }, [{ error: 'e' }])).toBe(true);
  });

  it('renews 30 s before expiry, at half the life when it is short, never without expiry', () => {
    expect(renewalDelay({ accessToken: 'a', idToken: null, expiresAt: 3_600_000, observedAt: 0 })).toBe(3_570_000);
    expect(renewalDelay({ accessToken: 'a', idToken: null, expiresAt: 40_000, observedAt: 0 })).toBe(20_000);
    expect(renewalDelay({ accessToken: 'a', idToken: null, expiresAt: 0, observedAt: 10 })).toBe(0);
    expect(renewalDelay({ accessToken: 'a', idToken: null })).toBeNull();
  });

  it('link login needs handler=linkLogin and linkUserId or token', () => {
    expect(linkLoginRequestOf('https://a.example/?handler=linkLogin&linkUserId=u')).toEqual({
      linkUserId: 'u',
      linkTenantId: null,
      token: null,
    });
    expect(linkLoginRequestOf('https://a.example/?handler=other&linkUserId=u')).toBeNull();
  });
});

describe('token store', () => {
  it("keeps the session under ABP's keys and reads it back with the time it was read", () => {
    const storage = memoryStorage();
    const store = createTokenStore(storage, () => 5_000);
    const session = sessionFromTokens(
      { access_token: jwt({ remember_me: 'True' }), refresh_token: 'r', id_token: 'i', expires_in: 10 },
      1_000,
      'App',
    );
    store.save(session);
    expect(
      Object.fromEntries(
        ['access_token', 'refresh_token', 'access_token_stored_at', 'expires_at', 'id_token', 'abpOAuthClientId'].map((k) => [
          k,
          storage.getItem(k),
        ]),
      ),
    ).toEqual({
      access_token: session.accessToken,
      refresh_token: 'r',
      access_token_stored_at: '1000',
      expires_at: '11000',
      id_token: 'i',
      abpOAuthClientId: 'App',
    });
    expect(store.load()).toEqual({ ...session, observedAt: 5_000 });
    expect(store.accessToken()).toBe(session.accessToken);
  });

  it('forgets a missing refresh token and clears everything', () => {
    const storage = memoryStorage();
    const store = createTokenStore(storage, () => 0);
    store.save(sessionFromTokens({ access_token: 'a', refresh_token: 'r', expires_in: 10 }, 0, 'App'));
    store.save(sessionFromTokens({ access_token: 'b', expires_in: 10 }, 0, 'App'));
    expect(storage.getItem('refresh_token')).toBeNull();
    storage.setItem('unrelated', 'x');
    store.clear();
    expect(store.load()).toBeNull();
    expect(storage.length).toBe(1);
  });
});
