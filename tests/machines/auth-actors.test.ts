// The auth machine with its real storage and timer actors (src/app/auth-actors.ts): the stored
// session is read under ABP's keys, the renewal timer fires 30 s before expiry and the renewed
// session is written back; the network actors are fakes (the e2e specs run the real ones).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { UserManager } from 'oidc-client-ts';
import type { AuthSession } from '../../machines/session/auth.machine.ts';
import { configuration } from '../../machines/session/auth.model.ts';
import { sessionFromTokens } from '../../machines/session/tokens.ts';
import { memoryStorage } from '../kit/memory-storage.ts';
import { createAuthLogic, createTokenStore } from '../../src/app/auth-actors.ts';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(1_800_000_000_000);
});
afterEach(() => vi.useRealTimers());

describe('auth machine with its real storage and timer actors', () => {
  it('renews the stored session 30 s before it expires and stores the renewed one', async () => {
    const storage = memoryStorage();
    const store = createTokenStore(storage);
    store.save(sessionFromTokens({ access_token: 'first', refresh_token: 'r1', expires_in: 90 }, Date.now(), 'Finance_App'));
    const refreshed: AuthSession[] = [];
    const logic = createAuthLogic({
      loadUserManager: async () => ({}) as UserManager,
      store,
      issuer: 'https://app.example/',
      clientId: 'Finance_App',
      scope: 'openid offline_access',
      flow: 'password',
      navigate: { reload: () => {}, assign: () => {} },
    }).provide({
      actors: {
        loadConfiguration: fromPromise(async () => configuration('admin')),
        refreshToken: fromPromise<AuthSession, { session: AuthSession }>(async ({ input }) => {
          refreshed.push(input.session);
          return sessionFromTokens(
            { access_token: 'second', refresh_token: 'r2', expires_in: 3600 },
            Date.now(),
            'Finance_App',
            input.session,
          );
        }),
      },
    });
    const actor = createActor(logic, { input: { location: 'https://app.example/', culture: 'en', flow: 'password' } });
    actor.on('tokens.store', (event) => store.save(event.session));
    actor.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toEqual({ signedIn: 'ready' });
    await vi.advanceTimersByTimeAsync(59_000);
    expect(refreshed).toEqual([]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(refreshed.map((session) => session.refreshToken)).toEqual(['r1']);
    expect(actor.getSnapshot().value).toEqual({ signedIn: 'ready' });
    expect(storage.getItem('access_token')).toBe('second');
    expect(storage.getItem('refresh_token')).toBe('r2');
    expect(Number(storage.getItem('expires_at'))).toBe(Date.now() + 3_600_000);
    actor.stop();
  });
});
