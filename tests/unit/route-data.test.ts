// The returned-to screen's preloaded first request (src/app/route-data.ts): the list takes it only
// for exactly its own request (path, query, access token, culture), once, within maxAgeMs; anything
// else discards it and the list asks the server; a failed preload is asked again.
import { describe, expect, it, vi } from 'vitest';
import { maxAgeMs, preloadedOr, preloadRequest, sameCulture, takePreloaded } from '../../src/app/route-data.ts';
import type { ShellSystem } from '../../src/app/system.ts';

function fakeSystem(state: { token: string | null; culture: string }) {
  const auth = {
    getSnapshot: () => ({
      context: { session: state.token ? { accessToken: state.token } : null, culture: state.culture, configuration: null },
    }),
  };
  return { auth } as unknown as ShellSystem;
}

const request = { path: '/api/audit-logging/audit-logs', query: { httpMethod: 'GET', skipCount: 0, maxResultCount: 10 } };
const page = { items: [{ id: 'a' }], totalCount: 1 };

describe('a preloaded first request', () => {
  it('is taken by exactly the same request, once, whatever the order of its query', async () => {
    const system = fakeSystem({ token: 't1', culture: 'en' });
    const send = vi.fn(() => Promise.resolve(page));
    preloadRequest(system, request, send, 1_000);
    expect(send).toHaveBeenCalledExactlyOnceWith(request);
    const same = { path: request.path, query: { maxResultCount: 10, skipCount: 0, httpMethod: 'GET', sorting: undefined } };
    await expect(takePreloaded(system, same, 1_000 + maxAgeMs)).resolves.toBe(page);
    expect(takePreloaded(system, same, 1_000)).toBeNull();
  });

  it.each([
    ['another query', { ...request, query: { ...request.query, skipCount: 10 } }, {}],
    ['another path', { ...request, path: '/api/audit-logging/audit-logs/entity-changes' }, {}],
    ['a renewed token', request, { token: 't2' }],
    ['no token any more', request, { token: null }],
    ['another culture', request, { culture: 'fr' }],
    ['a culture more precise than the one sent', request, { culture: 'en-GB' }],
  ] as const)('is discarded for %s, and the list asks the server', async (_, asked, change) => {
    const state = { token: 't1' as string | null, culture: 'en' };
    const system = fakeSystem(state);
    preloadRequest(system, request, () => Promise.resolve(page), 1_000);
    Object.assign(state, change);
    const fetch = vi.fn(() => Promise.resolve({ items: [], totalCount: 0 }));
    await expect(preloadedOr(system, asked, fetch)).resolves.toEqual({ items: [], totalCount: 0 });
    expect(fetch).toHaveBeenCalledOnce();
    // Discarded, not kept for a later request.
    Object.assign(state, { token: 't1', culture: 'en' });
    expect(takePreloaded(system, request, 1_000)).toBeNull();
  });

  it('is discarded when the list starts later than maxAgeMs after it', () => {
    const system = fakeSystem({ token: 't1', culture: 'en' });
    preloadRequest(system, request, () => Promise.resolve(page), 1_000);
    expect(takePreloaded(system, request, 1_001 + maxAgeMs)).toBeNull();
  });

  it('that failed is asked again; one that succeeded is not', async () => {
    const system = fakeSystem({ token: 't1', culture: 'en' });
    preloadRequest(system, request, () => Promise.reject(new Error('offline')));
    const fetch = vi.fn(() => Promise.resolve(page));
    await expect(preloadedOr(system, request, fetch)).resolves.toBe(page);
    expect(fetch).toHaveBeenCalledOnce();
    preloadRequest(system, request, () => Promise.resolve(page));
    const unused = vi.fn(() => Promise.resolve(page));
    await expect(preloadedOr(system, request, unused)).resolves.toBe(page);
    expect(unused).not.toHaveBeenCalled();
  });

  it('is nothing for a system that preloaded nothing', async () => {
    const fetch = vi.fn(() => Promise.resolve(page));
    await expect(preloadedOr(fakeSystem({ token: 't1', culture: 'en' }), request, fetch)).resolves.toBe(page);
    expect(fetch).toHaveBeenCalledOnce();
  });

  it('reads the browser culture sent before the configuration as the one the configuration resolved it to', async () => {
    const state = { token: 't1' as string | null, culture: 'en-US' };
    const system = fakeSystem(state);
    preloadRequest(system, request, () => Promise.resolve(page), 1_000);
    state.culture = 'en';
    await expect(takePreloaded(system, request, 1_000)).resolves.toBe(page);
    expect(sameCulture('en-US', 'en')).toBe(true);
    expect(sameCulture('zh_Hans', 'zh')).toBe(true);
    expect(sameCulture('fr', 'FR')).toBe(true);
    expect(sameCulture('en', 'en-US')).toBe(false);
    expect(sameCulture('en-US', 'fr')).toBe(false);
    expect(sameCulture('english', 'en')).toBe(false);
  });
});
