// Tenant isolation, swept over every API route of the real app in both directions (host admin vs
// acme's admin, each holding every permission of its side):
// - no answer to the intruder contains an id of the other side's users or roles;
// - every route with a path parameter, called with the other side's ids (and, for writes, with the
//   very body its owner would send), answers 4xx — never 2xx;
// - afterwards the other side's users, roles and permission grants are exactly as before.
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionGrants, roles, users } from '../../server/db/schema/index.ts';
import { authHeaders, createUser, passwordToken } from '../kit/auth.ts';
import { startTestServer, type TestServer } from '../kit/test-server.ts';

let server: TestServer;
let acmeId: string;
const headersOf: Record<'host' | 'acme', Record<string, string>> = { host: {}, acme: {} };

beforeAll(async () => {
  server = await startTestServer();
  acmeId = (await server.ctx.tenants.findByName('acme'))!.id;
  headersOf.host = authHeaders(await passwordToken(server, { userName: 'admin', password: '1q2w3E*' }));
  headersOf.acme = authHeaders(await passwordToken(server, { userName: 'admin', password: '1q2w3E*', tenant: 'acme' }));
  // A user that exists on one side only, for routes that take a user name or an e-mail.
  await createUser(server, { userName: 'only.host', password: '1q2w3E*', tenantId: null });
  await createUser(server, { userName: 'only.acme', password: '1q2w3E*', tenantId: acmeId });
});
afterAll(async () => {
  await server?.stop();
});

const methodsOf = (route: RouteOptions) =>
  (Array.isArray(route.method) ? route.method : [route.method]).map(String).filter((m) => m !== 'HEAD' && m !== 'OPTIONS');

async function snapshot(side: 'host' | 'acme') {
  const belongs = (tenantId: string | null) => (side === 'host' ? tenantId === null : tenantId === acmeId);
  const [u, r, g] = await Promise.all([
    server.ctx.db.select().from(users),
    server.ctx.db.select().from(roles),
    server.ctx.db.select().from(permissionGrants),
  ]);
  const sort = <T extends { id: string }>(rows: T[]) => rows.sort((a, b) => a.id.localeCompare(b.id));
  return {
    users: sort(u.filter((x) => belongs(x.tenantId))),
    roles: sort(r.filter((x) => belongs(x.tenantId))),
    grants: sort(g.filter((x) => belongs(x.tenantId))),
  };
}

describe.each([
  ['acme admin against the host', 'acme', 'host'],
  ['host admin against acme', 'host', 'acme'],
] as const)('%s', (_title, intruder, owner) => {
  it('reads nothing and changes nothing of the other side', async () => {
    const before = await snapshot(owner);
    const victimIds = [...before.users.map((u) => u.id), ...before.roles.map((r) => r.id)];
    expect(victimIds.length).toBeGreaterThan(5);
    const routes = server.routes.filter((r) => r.url.startsWith('/api/') && !r.config?.validatedBy);
    const leaks: string[] = [];
    const breaches: string[] = [];
    // Ids the intruder has sent itself: its own audit log rightly shows them in its requests' URLs.
    const sentByIntruder = new Set<string>();
    const notSent = () => victimIds.filter((id) => !sentByIntruder.has(id));
    let calls = 0;
    for (const route of routes) {
      for (const method of methodsOf(route)) {
        const params = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
        if (!params.length) {
          if (method !== 'GET') continue;
          const response = await fetch(`${server.url}${route.url}?maxResultCount=1000`, { headers: headersOf[intruder] });
          calls++;
          const text = await response.text();
          for (const id of notSent()) if (text.includes(id)) leaks.push(`${route.url} shows ${id}`);
          continue;
        }
        // Two victims per route: a user and a role, as every id-taking route takes one of those.
        for (const id of [before.users[0]!.id, before.roles[0]!.id]) {
          sentByIntruder.add(id);
          const onlyOwner = `only.${owner}`;
          const path = route.url.replace(/:(\w+)/g, (_m, name: string) =>
            /id$/i.test(name) ? id : /email/i.test(name) ? `${onlyOwner}@example.test` : onlyOwner,
          );
          // The owner's own view of the entity is the most plausible body an intruder could send.
          const ownerView = method === 'PUT' ? await fetch(`${server.url}${path}`, { headers: headersOf[owner] }) : undefined;
          const body = ownerView?.ok ? await ownerView.text() : method === 'PUT' || method === 'POST' ? '{}' : undefined;
          const response = await fetch(`${server.url}${path}`, {
            method,
            headers: { ...headersOf[intruder], ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
            body,
          });
          calls++;
          const text = await response.text();
          // Anonymous routes (tenant lookup) are public by design; they still must not leak ids.
          const isPublic = !!route.config?.auth && 'anonymous' in route.config.auth;
          if (response.status < 400 && !isPublic) breaches.push(`${method} ${path} answered ${response.status}`);
          // The 404 text names the id the intruder sent itself; any other victim id would be a leak.
          for (const victim of notSent()) if (text.includes(victim)) leaks.push(`${method} ${path} shows ${victim}`);
        }
      }
    }
    expect(calls).toBeGreaterThan(30);
    expect(leaks).toEqual([]);
    expect(breaches).toEqual([]);
    expect(await snapshot(owner)).toEqual(before);
  }, 120_000);
});
