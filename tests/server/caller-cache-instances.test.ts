// Two server instances on one PostgreSQL database, each with its own pool and its own notification
// listener (as two processes behind a load balancer), the second hearing every notification 300 ms
// late. The second has the caller's session and user
// in memory (ADR 0028); what is done to them through the first is refused on the very next request
// to the second: a revoked session, a locked user. A change made behind the server's back (a
// statement on the database) reaches it through the triggers of migration 0028. While the second's
// listener is lost it trusts no cache, so even a change whose notification it never gets is refused.
// PGlite is single-process, so this suite runs only with TEST_DATABASE_URL.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cacheBusApplicationName } from '../../server/db/client.ts';
import { identitySessions, users } from '../../server/db/schema/index.ts';
import { authHeaders, createUser, passwordToken } from '../kit/auth.ts';
import { databaseKind, twoInstances } from '../kit/test-server.ts';

const postgres = databaseKind === 'postgres';
const password = '1q2w3E*';
// The second hears its notifications 300 ms late: only the changing request's fence stands between
// the change and the second's next request.
const pair = twoInstances({ notificationDelayMs: 300 });

const call = (url: string, token: string, init: RequestInit = {}) => fetch(url, { ...init, headers: authHeaders(token) });
/** A new user signed in (on the first instance), whose profile the second instance has answered twice (so cached). */
async function signedInOnSecond(userName: string) {
  const userId = await createUser(pair.first, { userName, password });
  const token = (await passwordToken(pair.first, { userName, password })).access_token;
  const profileOnSecond = () => call(`${pair.second.url}/api/account/my-profile`, token).then((r) => r.status);
  expect(await profileOnSecond()).toBe(200);
  expect(await profileOnSecond()).toBe(200);
  const sessionId = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).session_id as string;
  return { userId, sessionId, profileOnSecond };
}

describe.skipIf(!postgres)("the caller's session and user, kept in memory by each instance", () => {
  it('a session revoked through one instance is refused on the next request to the other', async () => {
    const { userId, sessionId, profileOnSecond } = await signedInOnSecond('cache.revoked');
    const sessions = (await (await call(`${pair.first.url}/api/identity/sessions?userId=${userId}`, pair.admin)).json()) as {
      items: Array<{ id: string; sessionId: string }>;
    };
    const target = sessions.items.find((s) => s.sessionId === sessionId)!;
    expect((await call(`${pair.first.url}/api/identity/sessions/${target.id}`, pair.admin, { method: 'DELETE' })).status).toBe(204);
    expect(await profileOnSecond()).toBe(401);
  });

  it('a user locked through one instance is refused on the next request to the other, and unlocked is served again', async () => {
    const { userId, profileOnSecond } = await signedInOnSecond('cache.locked');
    const until = new Date(Date.now() + 3_600_000).toISOString();
    const lock = await call(`${pair.first.url}/api/identity/users/${userId}/lock/${encodeURIComponent(until)}`, pair.admin, {
      method: 'PUT',
    });
    expect(lock.status).toBe(204);
    expect(await profileOnSecond()).toBe(401);
    expect((await call(`${pair.first.url}/api/identity/users/${userId}/unlock`, pair.admin, { method: 'PUT' })).status).toBe(204);
    expect(await profileOnSecond()).toBe(200);
  });

  it('a user disabled by a statement on the database, not through the server, is refused once the trigger has told the instances', async () => {
    const { userId, profileOnSecond } = await signedInOnSecond('cache.statement');
    await pair.first.ctx.db.update(users).set({ isActive: false }).where(eq(users.id, userId));
    // No request fenced this change, so the notification's arrival is awaited; it must arrive.
    await expect.poll(profileOnSecond, { timeout: 5_000 }).toBe(401);
  });

  it('trusts no cache while its listener is lost, and caches again once it listens', async () => {
    const { sessionId, profileOnSecond } = await signedInOnSecond('cache.deaf');
    // Every instance's listener connection is cut; the notification of the delete below is lost.
    await pair.first.ctx.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${cacheBusApplicationName} and datname = current_database()`,
    );
    await expect.poll(() => pair.second.ctx.cache.reliable).toBe(false);
    await pair.first.ctx.db.delete(identitySessions).where(eq(identitySessions.sessionId, sessionId));
    expect(await profileOnSecond()).toBe(401);
    await expect.poll(() => pair.second.ctx.cache.reliable, { timeout: 5_000 }).toBe(true);
    await expect.poll(() => pair.first.ctx.cache.reliable, { timeout: 5_000 }).toBe(true);
    // Listening again: a change through the first instance reaches the second on its next request.
    const again = await signedInOnSecond('cache.hearing');
    const lock = await call(
      `${pair.first.url}/api/identity/users/${again.userId}/lock/${encodeURIComponent(new Date(Date.now() + 3_600_000).toISOString())}`,
      pair.admin,
      { method: 'PUT' },
    );
    expect(lock.status).toBe(204);
    expect(await again.profileOnSecond()).toBe(401);
  });
});
