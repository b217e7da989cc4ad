// Kernel services, service permissions, inventory categories and products through the real server
// on a real database (finance-domain.md "Kernel", "Inventory"): the seeded operations per tenant,
// the service tree's rules (what a node may hold, no move into its own subtree, delete only when
// unused), grants with limits in a currency, the posting guard refusing a service the caller may
// not use or past a limit (localized 403), the category tree, products with prices per level and
// currency as decimal strings, the SKU unique per tenant, a referenced product only deactivated,
// and a user without Finance.Inventory refused.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceCodes } from '../../contract/kernel.ts';
import { ledgerAccounts, roles, users } from '../../server/db/schema/index.ts';
import { AppError } from '../../server/errors.ts';
import { servicePermissionGuard } from '../../server/modules/kernel/guard.ts';
import type { PostingLeg } from '../../server/modules/ledger/guards.ts';
import { formatMoney, parseMoney } from '../../server/modules/ledger/money.ts';
import { lookupValueId } from '../../server/modules/lookups/ids.ts';
import { authHeaders, passwordToken } from '../kit/auth.ts';
import { startTestServer, type TestServer } from '../kit/test-server.ts';

// biome-ignore lint/suspicious/noExplicitAny: the answers are read freely, each test asserts their shape
type Json = Record<string, any>;
let server: TestServer;
let headers: Record<string, string>;
let acmeId: string;

async function call(method: string, path: string, body?: unknown, as: Record<string, string> = headers) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { ...as, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as Json };
}

const nodeType = (code: string) => lookupValueId('ServiceNodeType', code);

beforeAll(async () => {
  server = await startTestServer();
  acmeId = (await server.ctx.tenants.findByName('acme'))!.id;
  headers = authHeaders(await passwordToken(server, { userName: 'admin', password: '1q2w3E*', tenant: 'acme' }));
});
afterAll(async () => {
  await server?.stop();
});

describe('kernel services', () => {
  it('seeds the operations under "Wallet operations" for the host and every tenant, granted to admin', async () => {
    for (const side of [headers, authHeaders(await passwordToken(server, { userName: 'admin', password: '1q2w3E*' }))]) {
      const { status, body } = await call('GET', '/api/app/service/all', undefined, side);
      expect(status).toBe(200);
      const root = body.items.find((n: Json) => n.code === serviceCodes.walletOperations);
      expect(root).toMatchObject({ parentId: null, nodeTypeId: nodeType('CategoryNode'), isSystem: true, name: 'Wallet operations' });
      const operations = body.items.filter((n: Json) => n.parentId === root.id);
      expect(operations.map((n: Json) => n.code).sort()).toEqual(
        ['CASH_OUT', 'INVOICE_PAYMENT', 'MONEY_TRANSFER', 'REFUND', 'REQUEST_MONEY', 'TOP_UP'].sort(),
      );
      for (const node of operations)
        expect(node).toMatchObject({ nodeTypeId: nodeType('ServiceNode'), isSystem: true, permissionCount: 1 });
      // Parents come before their children in the flat answer.
      expect(body.items.indexOf(root)).toBeLessThan(body.items.indexOf(operations[0]));
    }
    const grants = await call('GET', '/api/app/service-permission?granteeType=Role&maxResultCount=100');
    expect(grants.body.items.filter((g: Json) => g.granteeName === 'admin')).toHaveLength(6);
  });

  it("keeps the tree's rules: what a node may hold, no move into its own subtree, delete only when unused", async () => {
    const category = await call('POST', '/api/app/service', { code: 'PAYMENTS', name: 'Payments', nodeTypeId: nodeType('CategoryNode') });
    expect(category.status).toBe(200);
    const service = await call('POST', '/api/app/service', {
      code: 'BILL_PAY',
      name: 'Bill payment',
      nodeTypeId: nodeType('ServiceNode'),
      parentId: category.body.id,
    });
    expect(service.status).toBe(200);
    const product = await call('POST', '/api/app/service', {
      code: 'BILL_PAY_WATER',
      name: 'Water bill',
      nodeTypeId: nodeType('ProductNode'),
      parentId: service.body.id,
    });
    expect(product.status).toBe(200);
    // A ServiceNode holds only ProductNodes, a ProductNode nothing.
    const wrong = await call('POST', '/api/app/service', {
      code: 'X1',
      name: 'Nested',
      nodeTypeId: nodeType('ServiceNode'),
      parentId: service.body.id,
    });
    expect(wrong.status).toBe(403);
    expect(wrong.body.error).toMatchObject({ code: 'Finance.Kernel:ServiceParentType' });
    expect(wrong.body.error.message).toBe(
      'Nested cannot go under Bill payment: a service holds only product nodes and a product node holds nothing.',
    );
    const duplicate = await call('POST', '/api/app/service', { code: 'BILL_PAY', name: 'Again', nodeTypeId: nodeType('ServiceNode') });
    expect(duplicate.status).toBe(403);
    expect(duplicate.body.error.message).toBe('A service with the code BILL_PAY already exists.');
    const badType = await call('POST', '/api/app/service', { code: 'X2', name: 'X', nodeTypeId: lookupValueId('ProductType', 'API') });
    expect(badType.status).toBe(400);
    expect(badType.body.error.validationErrors[0].members).toEqual(['nodeTypeId']);
    const intoOwn = await call('PUT', `/api/app/service/${category.body.id}/move`, { parentId: product.body.id });
    expect(intoOwn.status).toBe(403);
    expect(intoOwn.body.error.code).toBe('Finance.Kernel:MoveIntoOwnSubtree');
    const hasChildren = await call('DELETE', `/api/app/service/${service.body.id}`);
    expect(hasChildren.status).toBe(403);
    expect(hasChildren.body.error.code).toBe('Finance.Kernel:ServiceHasChildren');
    const all = (await call('GET', '/api/app/service/all')).body.items as Json[];
    const topUp = all.find((n) => n.code === serviceCodes.topUp)!;
    const system = await call('DELETE', `/api/app/service/${topUp.id}`);
    expect(system.status).toBe(403);
    expect(system.body.error.code).toBe('Finance.Kernel:SystemService');
    // Move the service to the root and back; rename with the stamp; a stale stamp is 409.
    expect((await call('PUT', `/api/app/service/${service.body.id}/move`, { parentId: null })).body.parentId).toBeNull();
    const moved = await call('PUT', `/api/app/service/${service.body.id}/move`, { parentId: category.body.id });
    expect(moved.body.parentId).toBe(category.body.id);
    const renamed = await call('PUT', `/api/app/service/${service.body.id}`, {
      name: 'Bills',
      concurrencyStamp: moved.body.concurrencyStamp,
    });
    expect(renamed.body).toMatchObject({ name: 'Bills', code: 'BILL_PAY' });
    expect(
      (await call('PUT', `/api/app/service/${service.body.id}`, { name: 'Late', concurrencyStamp: moved.body.concurrencyStamp })).status,
    ).toBe(409);
    expect((await call('DELETE', `/api/app/service/${product.body.id}`)).status).toBe(204);
    expect((await call('GET', `/api/app/service/${product.body.id}`)).status).toBe(404);
  });

  it('grants a service to a role, a user or a party type, with limits in a currency', async () => {
    const service = await call('POST', '/api/app/service', { code: 'AIRTIME', name: 'Airtime', nodeTypeId: nodeType('ServiceNode') });
    const [manager] = await server.ctx.db
      .select({ id: roles.id })
      .from(roles)
      .where(and(eq(roles.tenantId, acmeId), eq(roles.normalizedName, 'MANAGER')));
    const grant = await call('POST', '/api/app/service-permission', {
      serviceId: service.body.id,
      granteeType: 'Role',
      granteeId: manager!.id,
      currencyCode: 'USD',
      maxAmount: '100.5',
      dailyLimit: '150',
    });
    expect(grant.status).toBe(200);
    expect(grant.body).toMatchObject({
      serviceCode: 'AIRTIME',
      granteeName: 'manager',
      currencyCode: 'USD',
      maxAmount: '100.50',
      dailyLimit: '150.00',
    });
    const twice = await call('POST', '/api/app/service-permission', {
      serviceId: service.body.id,
      granteeType: 'Role',
      granteeId: manager!.id,
    });
    expect(twice.status).toBe(403);
    expect(twice.body.error.message).toBe('manager may already use the service Airtime.');
    const noCurrency = await call('POST', '/api/app/service-permission', {
      serviceId: service.body.id,
      granteeType: 'PartyType',
      granteeId: lookupValueId('PersonType', 'Agent'),
      maxAmount: '5',
    });
    expect(noCurrency.status).toBe(400);
    expect(noCurrency.body.error.validationErrors[0]).toMatchObject({ members: ['currencyCode'], message: 'A limit needs a currency.' });
    const tooPrecise = await call('POST', '/api/app/service-permission', {
      serviceId: service.body.id,
      granteeType: 'PartyType',
      granteeId: lookupValueId('PersonType', 'Agent'),
      currencyCode: 'LL',
      maxAmount: '5.5',
    });
    expect(tooPrecise.status).toBe(400);
    expect(tooPrecise.body.error.validationErrors[0].members).toEqual(['maxAmount']);
    const party = await call('POST', '/api/app/service-permission', {
      serviceId: service.body.id,
      granteeType: 'PartyType',
      granteeId: lookupValueId('PersonType', 'Agent'),
    });
    expect(party.body).toMatchObject({ granteeName: 'Agent', currencyCode: null, maxAmount: null });
    const stranger = await call('POST', '/api/app/service-permission', {
      serviceId: service.body.id,
      granteeType: 'User',
      granteeId: crypto.randomUUID(),
    });
    expect(stranger.status).toBe(400);
    const category = (await call('GET', '/api/app/service/all')).body.items.find((n: Json) => n.code === serviceCodes.walletOperations);
    const onCategory = await call('POST', '/api/app/service-permission', {
      serviceId: category.id,
      granteeType: 'Role',
      granteeId: manager!.id,
    });
    expect(onCategory.body.error.code).toBe('Finance.Kernel:NotAService');
    const list = await call('GET', `/api/app/service-permission?serviceId=${service.body.id}`);
    expect(list.body.totalCount).toBe(2);
    const updated = await call('PUT', `/api/app/service-permission/${party.body.id}`, { currencyCode: 'LL', dailyLimit: '50000' });
    expect(updated.body).toMatchObject({ currencyCode: 'LL', dailyLimit: '50000', maxAmount: null });
    expect((await call('DELETE', `/api/app/service-permission/${party.body.id}`)).status).toBe(204);
  });

  it('refuses a posting naming a service the caller may not use, or past its limits', async () => {
    const db = server.ctx.db;
    const service = (await call('GET', '/api/app/service/all')).body.items.find((n: Json) => n.code === 'AIRTIME');
    const [john] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.tenantId, acmeId), eq(users.userName, 'john.smith')));
    const [admin] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.tenantId, acmeId), eq(users.userName, 'admin')));
    const accounts = await db
      .select()
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.tenantId, acmeId), eq(ledgerAccounts.currencyCode, 'USD')));
    const cash = accounts.find((a) => a.code === 'CASH')!;
    const sales = accounts.find((a) => a.code === 'SALES_INCOME')!;
    const leg = (amount: bigint, serviceId: string | null = service.id, kind: PostingLeg['kind'] = 'Posted'): PostingLeg => ({
      kind,
      debitAccount: cash,
      creditAccount: sales,
      amount,
      currencyCode: 'USD',
      transactionTypeId: lookupValueId('TransactionType', 'JV'),
      serviceId,
      reversalOfId: null,
    });
    const check = (userId: string, legs: PostingLeg[]) =>
      db
        .transaction((tx) => servicePermissionGuard(tx, { tenantId: acmeId, userId }, legs))
        .then(
          () => 'allowed',
          (error: unknown) => (error instanceof AppError ? error.code : String(error)),
        );
    // admin holds no grant on AIRTIME (only manager does): default deny.
    expect(await check(admin!.id, [leg(100n)])).toBe('Finance.Kernel:ServiceNotAllowed');
    // john.smith is a manager: 100.50 USD per transfer, 150.00 a day.
    expect(await check(john!.id, [leg(10050n)])).toBe('allowed');
    expect(await check(john!.id, [leg(10051n)])).toBe('Finance.Kernel:ServiceMaxAmount');
    expect(await check(john!.id, [leg(9000n), leg(9000n)])).toBe('Finance.Kernel:ServiceDailyLimit');
    // Legs naming no service, resolutions of a pending transfer and reversals are not checked.
    expect(await check(admin!.id, [leg(100n, null), leg(100n, service.id, 'VoidPending')])).toBe('allowed');
    expect(await check(admin!.id, [{ ...leg(100n), reversalOfId: crypto.randomUUID() }])).toBe('allowed');
    // Another tenant's service is unknown here; an inactive one is refused.
    const hostTopUp = (
      await call(
        'GET',
        '/api/app/service/all',
        undefined,
        authHeaders(await passwordToken(server, { userName: 'admin', password: '1q2w3E*' })),
      )
    ).body.items.find((n: Json) => n.code === serviceCodes.topUp);
    expect(await check(admin!.id, [leg(100n, hostTopUp.id)])).toBe('Finance.Kernel:ServiceUnknown');
    await call('PUT', `/api/app/service/${service.id}`, { name: 'Airtime', isActive: false });
    expect(await check(john!.id, [leg(100n)])).toBe('Finance.Kernel:ServiceInactive');
    // The seeded operations are usable by the tenant's admin.
    const topUp = (await call('GET', '/api/app/service/all')).body.items.find((n: Json) => n.code === serviceCodes.topUp);
    expect(await check(admin!.id, [leg(1_000_000n, topUp.id)])).toBe('allowed');
    expect(await check(john!.id, [leg(100n, topUp.id)])).toBe('Finance.Kernel:ServiceNotAllowed');
  });
});

describe('a transfer naming its service', () => {
  it('goes through the service-permission guard: refused with a localized 403 and nothing moved, allowed within the grant', async () => {
    const accounts = (await call('GET', '/api/app/ledger-account?currencyCode=USD&maxResultCount=100')).body.items as Json[];
    const cash = accounts.find((a) => a.code === 'CASH')!;
    const sales = accounts.find((a) => a.code === 'SALES_INCOME')!;
    const service = (
      await call('POST', '/api/app/service', { code: 'TRANSFER_TEST', name: 'Transfer test', nodeTypeId: nodeType('ServiceNode') })
    ).body;
    const transfer = (amount: string) =>
      call(
        'POST',
        '/api/app/ledger-transfer',
        { transfers: [{ debitAccountId: cash.id, creditAccountId: sales.id, amount, currencyCode: 'USD', serviceId: service.id }] },
        { ...headers, 'idempotency-key': crypto.randomUUID() },
      );
    const before = (await call('GET', `/api/app/ledger-account/${sales.id}`)).body;
    const refused = await transfer('10');
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({
      code: 'Finance.Kernel:ServiceNotAllowed',
      message: 'You may not use the service Transfer test.',
    });
    const [admin] = await server.ctx.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.tenantId, acmeId), eq(users.userName, 'admin')));
    const grant = await call('POST', '/api/app/service-permission', {
      serviceId: service.id,
      granteeType: 'User',
      granteeId: admin!.id,
      currencyCode: 'USD',
      maxAmount: '5',
    });
    expect(grant.status).toBe(200);
    const tooMuch = await transfer('10');
    expect(tooMuch.body.error.message).toBe('The service Transfer test allows you at most 5.00 USD per transfer: 10.00 USD is more.');
    expect((await call('GET', `/api/app/ledger-account/${sales.id}`)).body.creditsPosted).toBe(before.creditsPosted);
    const allowed = await transfer('5');
    expect(allowed.status).toBe(200);
    const after = (await call('GET', `/api/app/ledger-account/${sales.id}`)).body;
    expect(after.creditsPosted).toBe(formatMoney(parseMoney(before.creditsPosted, 2)! + 500n, 2));
    // A reversal moves the money back: not new use of the service, so not refused once the grant is
    // gone (it was checked as new money before the fix). New money is still refused.
    expect((await call('DELETE', `/api/app/service-permission/${grant.body.id}`)).status).toBe(204);
    expect((await transfer('1')).body.error?.code).toBe('Finance.Kernel:ServiceNotAllowed');
    const reversal = await call(
      'POST',
      `/api/app/ledger-transfer/${allowed.body.items[0].id}/reverse`,
      {},
      {
        ...headers,
        'idempotency-key': crypto.randomUUID(),
      },
    );
    expect(reversal.status).toBe(200);
    expect(reversal.body).toMatchObject({ reversalOfId: allowed.body.items[0].id, amount: '5.00' });
    expect((await call('GET', `/api/app/ledger-account/${sales.id}`)).body.debitsPosted).toBe(
      formatMoney(parseMoney(before.debitsPosted, 2)! + 500n, 2),
    );
    // Named by a transfer, the service is in use: it cannot be deleted (only deactivated).
    const deleted = await call('DELETE', `/api/app/service/${service.id}`);
    expect(deleted.status).toBe(403);
    expect(deleted.body.error.code).toBe('Finance.Kernel:ServiceInUse');
  });
});

describe('inventory', () => {
  let food: Json;
  let drinks: Json;
  const price = (level: string, currencyCode: string, amount: string) => ({
    priceLevelId: lookupValueId('PriceLevel', level),
    currencyCode,
    amount,
  });

  it('keeps a category tree: children, no move into its own subtree, delete only an empty leaf', async () => {
    food = (await call('POST', '/api/app/category', { name: 'Food' })).body;
    drinks = (await call('POST', '/api/app/category', { name: 'Drinks', parentId: food.id })).body;
    expect(drinks.parentId).toBe(food.id);
    const all = (await call('GET', '/api/app/category/all')).body.items as Json[];
    expect(all.map((c) => c.name)).toEqual(['Food', 'Drinks']);
    const intoOwn = await call('PUT', `/api/app/category/${food.id}/move`, { parentId: drinks.id });
    expect(intoOwn.status).toBe(403);
    expect(intoOwn.body.error.message).toBe('Food cannot move under itself or one of its own categories.');
    const withChildren = await call('DELETE', `/api/app/category/${food.id}`);
    expect(withChildren.body.error.code).toBe('Finance.Inventory:CategoryHasChildren');
    const unknownParent = await call('POST', '/api/app/category', { name: 'Orphan', parentId: crypto.randomUUID() });
    expect(unknownParent.status).toBe(400);
  });

  it('makes a product with prices per level and currency as decimal strings; the SKU is unique per tenant', async () => {
    const made = await call('POST', '/api/app/product', {
      sku: 'COLA-330',
      name: 'Cola 330 ml',
      categoryId: drinks.id,
      productTypeId: lookupValueId('ProductType', 'InventoryType'),
      taxTargetId: lookupValueId('TaxTarget', 'ValueAddedTax'),
      prices: [price('Retail', 'USD', '1.5'), price('Individual', 'LL', '135000')],
    });
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({ sku: 'COLA-330', categoryName: 'Drinks', isActive: true });
    expect(made.body.prices).toEqual(expect.arrayContaining([price('Retail', 'USD', '1.50'), price('Individual', 'LL', '135000')]));
    expect(made.body.prices).toHaveLength(2);
    const again = await call('POST', '/api/app/product', {
      ...made.body,
      id: undefined,
      prices: [],
      categoryName: undefined,
      description: undefined,
      concurrencyStamp: undefined,
      creationTime: undefined,
      creatorId: undefined,
      lastModificationTime: undefined,
      lastModifierId: undefined,
      isActive: undefined,
    });
    expect(again.status).toBe(403);
    expect(again.body.error.message).toBe('A product with the SKU COLA-330 already exists.');
    const base = { sku: 'X-1', name: 'X', categoryId: drinks.id, productTypeId: lookupValueId('ProductType', 'API') };
    const tooPrecise = await call('POST', '/api/app/product', { ...base, prices: [price('Retail', 'USD', '1.505')] });
    expect(tooPrecise.status).toBe(400);
    expect(tooPrecise.body.error.validationErrors[0].members).toEqual(['prices[0].amount']);
    const twice = await call('POST', '/api/app/product', { ...base, prices: [price('Retail', 'USD', '1'), price('Retail', 'USD', '2')] });
    expect(twice.body.error.validationErrors[0]).toMatchObject({
      members: ['prices[1]'],
      message: 'This price level already has a price in USD.',
    });
    const unknownCurrency = await call('POST', '/api/app/product', { ...base, prices: [price('Retail', 'EUR', '1')] });
    expect(unknownCurrency.body.error.validationErrors[0].members).toEqual(['prices[0].currencyCode']);
    const badType = await call('POST', '/api/app/product', { ...base, productTypeId: lookupValueId('PriceLevel', 'Retail') });
    expect(badType.body.error.validationErrors[0].members).toEqual(['productTypeId']);
    expect((await call('GET', '/api/app/product?filter=X-1')).body.totalCount).toBe(0);
    const listed = await call('GET', `/api/app/product?categoryId=${drinks.id}`);
    expect(listed.body.items.map((p: Json) => p.sku)).toEqual(['COLA-330']);
    const updated = await call('PUT', `/api/app/product/${made.body.id}`, {
      name: 'Cola 0.33 l',
      categoryId: drinks.id,
      productTypeId: made.body.productTypeId,
      prices: [price('Retail', 'USD', '2')],
      concurrencyStamp: made.body.concurrencyStamp,
    });
    expect(updated.body).toMatchObject({ name: 'Cola 0.33 l', prices: [price('Retail', 'USD', '2.00')] });
    // The export holds the list's rows, prices as decimal strings with the currency's decimals.
    const exported = await fetch(`${server.url}/api/app/product/export?format=csv&categoryId=${drinks.id}`, { headers });
    expect(exported.status).toBe(200);
    const csv = await exported.text();
    expect(csv).toContain('COLA-330');
    expect(csv).toContain('Retail 2.00 USD');
    expect(csv).toContain('InventoryType');
    expect(csv.split('\n')[0]).toContain('SKU');
    const hasProducts = await call('DELETE', `/api/app/category/${drinks.id}`);
    expect(hasProducts.body.error.message).toBe('The category Drinks holds 1 product(s): move them to another category first.');
  });

  it('deletes a product nothing references; a referenced one is only deactivated', async () => {
    const product = (await call('GET', '/api/app/product?filter=COLA')).body.items[0];
    const node = await call('POST', '/api/app/service', {
      code: 'COLA_NODE',
      name: 'Cola',
      nodeTypeId: nodeType('ProductNode'),
      productId: product.id,
    });
    expect(node.body.productId).toBe(product.id);
    const refused = await call('DELETE', `/api/app/product/${product.id}`);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe('The product COLA-330 is in use and cannot be deleted; deactivate it instead.');
    const off = await call('PUT', `/api/app/product/${product.id}`, {
      name: product.name,
      categoryId: product.categoryId,
      productTypeId: product.productTypeId,
      isActive: false,
    });
    expect(off.body).toMatchObject({ isActive: false, prices: product.prices });
    expect((await call('DELETE', `/api/app/service/${node.body.id}`)).status).toBe(204);
    expect((await call('DELETE', `/api/app/product/${product.id}`)).status).toBe(204);
    expect((await call('DELETE', `/api/app/category/${drinks.id}`)).status).toBe(204);
  });

  it("keeps a currency's decimals and the currency itself while a price uses it", async () => {
    const eur = await call('POST', '/api/app/currency', {
      code: 'EUR',
      name: 'Euro',
      decimals: 2,
      currencyTypeId: lookupValueId('CurrencyType', 'FIAT'),
    });
    expect(eur.status).toBe(200);
    const made = await call('POST', '/api/app/product', {
      sku: 'EUR-1',
      name: 'Priced in euros',
      categoryId: food.id,
      productTypeId: lookupValueId('ProductType', 'API'),
      prices: [price('Retail', 'EUR', '3.10')],
    });
    expect(made.body.prices).toEqual([price('Retail', 'EUR', '3.10')]);
    const decimals = await call('PUT', `/api/app/currency/${eur.body.id}`, {
      name: 'Euro',
      decimals: 3,
      currencyTypeId: eur.body.currencyTypeId,
    });
    expect(decimals.status).toBe(403);
    expect(decimals.body.error.code).toBe('Finance.Ledger:DecimalsInUse');
    expect((await call('DELETE', `/api/app/currency/${eur.body.id}`)).body.error.code).toBe('Finance.Ledger:CurrencyInUse');
    expect((await call('GET', `/api/app/product/${made.body.id}`)).body.prices).toEqual([price('Retail', 'EUR', '3.10')]);
    expect((await call('DELETE', `/api/app/product/${made.body.id}`)).status).toBe(204);
  });

  it('refuses a user without Finance.Inventory (and Kernel writes without Finance.Services)', async () => {
    // john.smith (acme, role manager) holds no Finance permission: demo roles start empty.
    const john = authHeaders(await passwordToken(server, { userName: 'john.smith', password: '1q2w3E*', tenant: 'acme' }));
    expect((await call('GET', '/api/app/product', undefined, john)).status).toBe(403);
    expect((await call('GET', '/api/app/category/all', undefined, john)).status).toBe(403);
    expect((await call('POST', '/api/app/category', { name: 'Sneaky' }, john)).status).toBe(403);
    expect((await call('GET', '/api/app/service/all', undefined, john)).status).toBe(200);
    expect((await call('POST', '/api/app/service', { code: 'SNEAKY', name: 'S', nodeTypeId: nodeType('ServiceNode') }, john)).status).toBe(
      403,
    );
    expect((await call('GET', '/api/app/service-permission', undefined, john)).status).toBe(403);
    expect((await call('GET', '/api/app/category/all')).body.items.map((c: Json) => c.name)).toEqual(['Food']);
  });
});
