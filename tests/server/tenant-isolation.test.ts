// Tenant isolation, swept over every API route of the real app in both directions (host admin vs
// acme's admin, each holding every permission of its side):
// - no answer to the intruder contains an id of the other side's users or roles;
// - every route with a path parameter, called with the other side's ids (and, for writes, with the
//   very body its owner would send), answers 4xx — never 2xx;
// - afterwards the other side's users, roles, permission grants, organization units (with their
//   members and roles) and user and role claims are exactly as before; claim types are host-wide
//   (every tenant reads them, only the host edits them), so the host's side also holds them and
//   their ids are not secrets; organization-unit ids are victims like user and role ids; the other
//   side's sign-in sessions survive every call, 'sign out all other sessions' included; ledger
//   accounts, transfers (a posted and a pending one) and currencies are the /api/app routes' victims,
//   with kernel service nodes and their permissions, inventory categories and products (and prices),
//   exchange rates and account rules (a cross-currency movement naming the other side's accounts
//   moves nothing); text template contents are checked per side at the end.
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  claimTypes,
  identitySessions,
  organizationUnitRoles,
  organizationUnits,
  permissionGrants,
  roleClaims,
  roles,
  userClaims,
  userOrganizationUnits,
  users,
  currencies,
  ledgerAccounts,
  ledgerTransfers,
  exchangeRates,
  accountRules,
  categories,
  productPrices,
  products,
  serviceNodes,
  servicePermissions,
  textTemplateContents,
} from '../../server/db/schema/index.ts';
import { lookupValueId } from '../../server/modules/lookups/ids.ts';
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
  // Ledger rows on each side: a posted and a pending transfer between two of its system accounts.
  for (const side of ['host', 'acme'] as const) {
    const list = await fetch(`${server.url}/api/app/ledger-account?currencyCode=USD&maxResultCount=100`, { headers: headersOf[side] });
    const accounts = ((await list.json()) as { items: Array<{ id: string; code: string }> }).items;
    const [cash, sales] = ['CASH', 'SALES_INCOME'].map((code) => accounts.find((a) => a.code === code)!.id);
    for (const pending of [false, true]) {
      const made = await fetch(`${server.url}/api/app/ledger-transfer`, {
        method: 'POST',
        headers: { ...headersOf[side], 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
        body: JSON.stringify({
          transfers: [{ debitAccountId: cash, creditAccountId: sales, amount: '12.34', currencyCode: 'USD', pending }],
        }),
      });
      expect(made.status).toBe(200);
    }
    // A category with a product priced in USD (the seeded service nodes and grants are there already).
    const post = (path: string, body: unknown) =>
      fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { ...headersOf[side], 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).then((response) => response.json() as Promise<{ id: string }>);
    const category = await post('/api/app/category', { name: `Isolation ${side}` });
    const product = await post('/api/app/product', {
      sku: `ISO-${side}`,
      name: 'Isolation product',
      categoryId: category.id,
      productTypeId: lookupValueId('ProductType', 'API'),
      prices: [{ priceLevelId: lookupValueId('PriceLevel', 'Retail'), currencyCode: 'USD', amount: '9.99' }],
    });
    expect(product.id).toBeTruthy();
    const rate = await post('/api/app/exchange-rate', { baseCurrencyCode: 'USD', quoteCurrencyCode: 'LL', rate: '89500' });
    const rule = await post('/api/app/account-rule', {
      name: `Isolation ${side}`,
      accountTypeId: lookupValueId('AccountType', 'FinancialAccounts'),
      currencyCode: 'USD',
      dailyDebitLimit: '100',
    });
    expect(rate.id && rule.id).toBeTruthy();
  }
});
afterAll(async () => {
  await server?.stop();
});

const methodsOf = (route: RouteOptions) =>
  (Array.isArray(route.method) ? route.method : [route.method]).map(String).filter((m) => m !== 'HEAD' && m !== 'OPTIONS');

async function snapshot(side: 'host' | 'acme') {
  const belongs = (tenantId: string | null) => (side === 'host' ? tenantId === null : tenantId === acmeId);
  const [u, r, g, ou, members, unitRoles, uc, rc, ct, sessions, la, lt, cur, sn, sp, cat, prod, prices, rates, rules] = await Promise.all([
    server.ctx.db.select().from(users),
    server.ctx.db.select().from(roles),
    server.ctx.db.select().from(permissionGrants),
    server.ctx.db.select().from(organizationUnits),
    server.ctx.db.select().from(userOrganizationUnits),
    server.ctx.db.select().from(organizationUnitRoles),
    server.ctx.db.select().from(userClaims),
    server.ctx.db.select().from(roleClaims),
    server.ctx.db.select().from(claimTypes),
    server.ctx.db.select({ sessionId: identitySessions.sessionId, tenantId: identitySessions.tenantId }).from(identitySessions),
    server.ctx.db.select().from(ledgerAccounts),
    server.ctx.db.select().from(ledgerTransfers),
    server.ctx.db.select().from(currencies),
    server.ctx.db.select().from(serviceNodes),
    server.ctx.db.select().from(servicePermissions),
    server.ctx.db.select().from(categories),
    server.ctx.db.select().from(products),
    server.ctx.db.select().from(productPrices),
    server.ctx.db.select().from(exchangeRates),
    server.ctx.db.select().from(accountRules),
  ]);
  const sort = <T extends { id: string }>(rows: T[]) => rows.sort((a, b) => a.id.localeCompare(b.id));
  const sortLinks = <T extends { organizationUnitId: string }>(rows: T[], other: (row: T) => string) =>
    rows.sort((a, b) => `${a.organizationUnitId}${other(a)}`.localeCompare(`${b.organizationUnitId}${other(b)}`));
  return {
    users: sort(u.filter((x) => belongs(x.tenantId))),
    roles: sort(r.filter((x) => belongs(x.tenantId))),
    grants: sort(g.filter((x) => belongs(x.tenantId))),
    units: sort(ou.filter((x) => belongs(x.tenantId))),
    unitMembers: sortLinks(
      members.filter((x) => belongs(x.tenantId)),
      (x) => x.userId,
    ),
    unitRoles: sortLinks(
      unitRoles.filter((x) => belongs(x.tenantId)),
      (x) => x.roleId,
    ),
    userClaims: sort(uc.filter((x) => belongs(x.tenantId))),
    roleClaims: sort(rc.filter((x) => belongs(x.tenantId))),
    claimTypes: side === 'host' ? sort(ct) : [],
    sessions: sessions
      .filter((x) => belongs(x.tenantId))
      .map((x) => x.sessionId)
      .sort(),
    ledgerAccounts: sort(la.filter((x) => belongs(x.tenantId))),
    // Pending first: the post and void routes take a pending transfer, reverse a posted one.
    ledgerTransfers: lt.filter((x) => belongs(x.tenantId)).sort((a, b) => b.sequence - a.sequence),
    currencies: sort(cur.filter((x) => belongs(x.tenantId))),
    serviceNodes: sort(sn.filter((x) => belongs(x.tenantId))),
    servicePermissions: sort(sp.filter((x) => belongs(x.tenantId))),
    categories: sort(cat.filter((x) => belongs(x.tenantId))),
    products: sort(prod.filter((x) => belongs(x.tenantId))),
    productPrices: sort(prices.filter((x) => belongs(x.tenantId))),
    exchangeRates: sort(rates.filter((x) => belongs(x.tenantId))),
    accountRules: sort(rules.filter((x) => belongs(x.tenantId))),
  };
}

describe.each([
  ['acme admin against the host', 'acme', 'host'],
  ['host admin against acme', 'host', 'acme'],
] as const)('%s', (_title, intruder, owner) => {
  it('reads nothing and changes nothing of the other side', async () => {
    const before = await snapshot(owner);
    expect(before.units.length).toBeGreaterThan(3);
    expect(before.unitMembers.length).toBeGreaterThan(0);
    expect(before.ledgerTransfers.map((t) => t.kind)).toEqual(['Pending', 'Posted']);
    const victimIds = [
      ...before.users.map((u) => u.id),
      ...before.roles.map((r) => r.id),
      ...before.units.map((u) => u.id),
      ...before.ledgerAccounts.map((a) => a.id),
      ...before.ledgerTransfers.map((t) => t.id),
      ...before.currencies.map((c) => c.id),
      ...before.serviceNodes.map((n) => n.id),
      ...before.servicePermissions.map((p) => p.id),
      ...before.categories.map((c) => c.id),
      ...before.products.map((p) => p.id),
      ...before.exchangeRates.map((r) => r.id),
      ...before.accountRules.map((r) => r.id),
    ];
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
        // Three victims per route: a user, a role and an organization unit, as every id-taking route
        // takes one of those; the application's own routes (/api/app/...) take ledger rows instead.
        const victims = route.url.startsWith('/api/app/')
          ? [
              before.ledgerAccounts[0]!.id,
              ...before.ledgerTransfers.map((t) => t.id),
              before.currencies[0]!.id,
              before.serviceNodes[0]!.id,
              before.servicePermissions[0]!.id,
              before.categories[0]!.id,
              before.products[0]!.id,
              before.exchangeRates[0]!.id,
              before.accountRules[0]!.id,
            ]
          : [before.users[0]!.id, before.roles[0]!.id, before.units[0]!.id];
        for (const id of victims) {
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
            headers: {
              ...headersOf[intruder],
              ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
              // Money-moving routes need one; the sweep must reach their handlers.
              'idempotency-key': crypto.randomUUID(),
            },
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
    // DELETE /organization-units takes its id in the query string, out of the sweep's reach above.
    for (const unit of before.units.slice(0, 2)) {
      sentByIntruder.add(unit.id);
      const response = await fetch(`${server.url}/api/identity/organization-units?id=${unit.id}`, {
        method: 'DELETE',
        headers: headersOf[intruder],
      });
      calls++;
      if (response.status !== 404) breaches.push(`DELETE /api/identity/organization-units?id=${unit.id} answered ${response.status}`);
    }
    // 'Sign out all other sessions' (no path parameter, so out of the sweep above) ends only the
    // intruder's own other sessions: the owner's sessions are in the snapshot compared below.
    const revokeOthers = await fetch(`${server.url}/api/account/sessions/revoke-others`, { method: 'POST', headers: headersOf[intruder] });
    calls++;
    if (revokeOthers.status !== 200) breaches.push(`POST /api/account/sessions/revoke-others answered ${revokeOthers.status}`);
    // The cross-currency movement names its accounts in the body (no path parameter): the owner's
    // LL and USD accounts are unknown to the intruder, so nothing moves on either side.
    const ownerLl = before.ledgerAccounts.find((a) => a.currencyCode === 'LL')!;
    const ownerUsd = before.ledgerAccounts.find((a) => a.currencyCode === 'USD')!;
    for (const [debit, credit] of [
      [ownerLl.id, ownerUsd.id],
      [ownerUsd.id, ownerLl.id],
    ]) {
      sentByIntruder.add(debit!).add(credit!);
      const response = await fetch(`${server.url}/api/app/ledger-transfer/cross-currency`, {
        method: 'POST',
        headers: { ...headersOf[intruder], 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
        body: JSON.stringify({ debitAccountId: debit, creditAccountId: credit, amount: '1' }),
      });
      calls++;
      const text = await response.text();
      if (response.status !== 400) breaches.push(`POST /api/app/ledger-transfer/cross-currency answered ${response.status}`);
      for (const victim of notSent()) if (text.includes(victim)) leaks.push(`cross-currency shows ${victim}`);
    }
    expect(calls).toBeGreaterThan(30);
    expect(leaks).toEqual([]);
    expect(breaches).toEqual([]);
    expect(await snapshot(owner)).toEqual(before);
  }, 120_000);
});

// OpenID applications and scopes belong to the host's identity server: a tenant's admin (holding
// every permission of its side) is refused every one of their routes, and nothing changes.
describe('OpenID applications and scopes', () => {
  it('are host only', async () => {
    const list = async (path: string) =>
      (
        (await (await fetch(`${server.url}${path}?maxResultCount=1000`, { headers: headersOf.host })).json()) as {
          items: Array<{ id: string }>;
        }
      ).items;
    const [app] = await list('/api/openiddict/applications');
    const [scope] = await list('/api/openiddict/scopes');
    const before = [await list('/api/openiddict/applications'), await list('/api/openiddict/scopes')];
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/api/openiddict/applications'],
      ['GET', `/api/openiddict/applications/${app!.id}`],
      ['GET', `/api/openiddict/applications/${app!.id}/token-lifetime`],
      ['POST', '/api/openiddict/applications', { clientId: 'Tenant_App', displayName: 'T', clientType: 'public', allowPasswordFlow: true }],
      ['PUT', `/api/openiddict/applications/${app!.id}`, { clientId: 'X', displayName: 'X', clientType: 'public' }],
      ['PUT', `/api/openiddict/applications/${app!.id}/client-secret`, {}],
      ['DELETE', `/api/openiddict/applications?id=${app!.id}`],
      ['GET', '/api/openiddict/scopes'],
      ['GET', '/api/openiddict/scopes/all'],
      ['GET', `/api/openiddict/scopes/${scope!.id}`],
      ['POST', '/api/openiddict/scopes', { name: 'tenant_scope' }],
      ['DELETE', `/api/openiddict/scopes?id=${scope!.id}`],
    ];
    for (const [method, path, body] of calls) {
      const response = await fetch(`${server.url}${path}`, {
        method,
        headers: { ...headersOf.acme, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      expect(response.status, `${method} ${path}`).toBe(403);
    }
    expect([await list('/api/openiddict/applications'), await list('/api/openiddict/scopes')]).toEqual(before);
  });
});

// Languages and their texts are the host's and each tenant's own: every language route called by one
// side with the other side's language ids answers 404 and changes nothing; a text one side edits,
// imports or restores is served to that side only.
describe('languages and language texts', () => {
  it('are per host and per tenant', async () => {
    const call = async (side: 'host' | 'acme', method: string, path: string, body?: unknown) =>
      fetch(`${server.url}/api/language-management${path}`, {
        method,
        headers: { ...headersOf[side], ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
        body: body !== undefined ? JSON.stringify(body) : undefined,
      });
    const languagesOf = async (side: 'host' | 'acme') =>
      (
        (await (await call(side, 'GET', '/languages/all')).json()) as {
          items: Array<{ id: string; cultureName: string; isEnabled: boolean }>;
        }
      ).items;
    const saveText = async (side: 'host' | 'acme') =>
      (
        (await (await fetch(`${server.url}/api/abp/application-localization?cultureName=fr`, { headers: headersOf[side] })).json()) as {
          resources: Record<string, { texts: Record<string, string> }>;
        }
      ).resources.AbpUi?.texts.Save;
    for (const [intruder, owner] of [
      ['acme', 'host'],
      ['host', 'acme'],
    ] as const) {
      const before = await languagesOf(owner);
      const ownerText = await saveText(owner);
      const ids = new Set((await languagesOf(intruder)).map((l) => l.id));
      expect(before.some((l) => ids.has(l.id))).toBe(false);
      for (const language of before) {
        for (const [method, path, body] of [
          ['GET', `/languages/${language.id}`],
          ['PUT', `/languages/${language.id}`, { displayName: 'Taken', isEnabled: false }],
          ['PUT', `/languages/${language.id}/set-as-default`],
          ['DELETE', `/languages/${language.id}`],
        ] as const) {
          const response = await call(intruder, method, path, body);
          expect(response.status, `${intruder} ${method} ${path}`).toBe(404);
        }
      }
      const edited = await call(intruder, 'PUT', `/language-texts/AbpUi/fr/Save?value=${intruder}-only`);
      expect(edited.status).toBe(204);
      const imported = await call(intruder, 'POST', '/language-texts/import', {
        cultureName: 'fr',
        format: 'json',
        content: JSON.stringify({ culture: 'fr', texts: { AbpUi: { Cancel: `${intruder}-cancel` } } }),
      });
      expect(imported.status).toBe(200);
      expect(await saveText(intruder)).toBe(`${intruder}-only`);
      expect(await saveText(owner)).toBe(ownerText);
      expect(await languagesOf(owner)).toEqual(before);
      await call(intruder, 'PUT', '/language-texts/AbpUi/fr/Save/restore');
      await call(intruder, 'PUT', '/language-texts/AbpUi/fr/Cancel/restore');
    }
  });
});

// Text template contents are per host and per tenant: each side reads and edits only its own, and
// restoring to default drops only its own edit.
describe('text templates', () => {
  it('are per host and per tenant', async () => {
    const base = `${server.url}/api/text-template-management/template-contents`;
    const call = (side: 'host' | 'acme', method: string, path: string, body?: unknown) =>
      fetch(`${base}${path}`, {
        method,
        headers: { ...headersOf[side], ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
        body: body !== undefined ? JSON.stringify(body) : undefined,
      });
    const templateName = 'Abp.Account.PasswordResetLink';
    const contentOf = async (side: 'host' | 'acme', cultureName = '') =>
      ((await (await call(side, 'GET', `?templateName=${templateName}&cultureName=${cultureName}`)).json()) as { content: string }).content;
    const rowsOf = async (side: 'host' | 'acme') =>
      (await server.ctx.db.select().from(textTemplateContents))
        .filter((row) => (side === 'host' ? row.tenantId === null : row.tenantId === acmeId))
        .sort((a, b) => a.id.localeCompare(b.id));
    for (const [intruder, owner] of [
      ['acme', 'host'],
      ['host', 'acme'],
    ] as const) {
      for (const cultureName of [null, 'fr']) {
        expect((await call(owner, 'PUT', '', { templateName, cultureName, content: `<p>${owner}-${cultureName}</p>` })).status).toBe(200);
      }
      const before = await rowsOf(owner);
      expect(before).toHaveLength(2);
      expect(await contentOf(intruder)).not.toContain(owner);
      expect(await contentOf(intruder, 'fr')).not.toContain(owner);
      expect((await call(intruder, 'PUT', '', { templateName, cultureName: 'fr', content: `<p>${intruder}-fr</p>` })).status).toBe(200);
      expect((await call(intruder, 'PUT', '/restore-to-default', { templateName, cultureName: 'fr' })).status).toBe(204);
      expect((await call(intruder, 'PUT', '/restore-to-default', { templateName, cultureName: null })).status).toBe(204);
      expect(await rowsOf(intruder)).toEqual([]);
      expect(await rowsOf(owner)).toEqual(before);
      expect(await contentOf(owner, 'fr')).toBe(`<p>${owner}-fr</p>`);
      for (const cultureName of [null, 'fr']) await call(owner, 'PUT', '/restore-to-default', { templateName, cultureName });
      expect(await rowsOf(owner)).toEqual([]);
    }
  });
});
