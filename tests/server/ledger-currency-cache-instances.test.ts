// The ledger keeps each tenant's currencies in memory for its batches (ADR 0031); two server
// instances on one PostgreSQL database, the second hearing every notification 300 ms late. A
// currency created or changed through the first is what the second's very next transfer sees (the
// changing request's fence); a change made by a statement on the database reaches the second through
// the trigger of migration 0033. A transfer read with stale decimals would move ten times the money.
// PGlite is single-process, so this suite runs only with TEST_DATABASE_URL.
import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { currencies } from '../../server/db/schema/index.ts';
import { lookupValueId } from '../../server/modules/lookups/ids.ts';
import { databaseKind, twoInstances } from '../kit/test-server.ts';

// biome-ignore lint/suspicious/noExplicitAny: the answers are read freely, each test asserts their shape
type Json = Record<string, any>;
const pair = twoInstances({ notificationDelayMs: 300 });

async function call(url: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${pair.admin}`,
      'accept-language': 'en',
      'idempotency-key': crypto.randomUUID(),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as Json };
}

/** One transfer through the second instance, from the currency's CASH to its SALES_INCOME. */
async function transferOnSecond(code: string, amount: string) {
  const accounts = (await call(pair.first.url, 'GET', `/api/app/ledger-account?currencyCode=${code}&maxResultCount=100`)).body
    .items as Json[];
  const id = (account: string) => accounts.find((a) => a.code === account)?.id ?? crypto.randomUUID();
  return call(pair.second.url, 'POST', '/api/app/ledger-transfer', {
    transfers: [{ debitAccountId: id('CASH'), creditAccountId: id('SALES_INCOME'), amount, currencyCode: code }],
  });
}

const createCurrency = (code: string, decimals: number) =>
  call(pair.first.url, 'POST', '/api/app/currency', {
    code,
    name: `Test ${code}`,
    decimals,
    currencyTypeId: lookupValueId('CurrencyType', 'FIAT'),
  });

describe.skipIf(databaseKind !== 'postgres')("the tenant's currencies, kept in memory by each instance's ledger", () => {
  it('a currency created through one instance is known to the next transfer on the other', async () => {
    // The second's ledger reads (and keeps) the host's currencies: ZZA is not among them yet.
    const unknown = await transferOnSecond('ZZA', '1.00');
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body)).toContain('ZZA');
    expect((await createCurrency('ZZA', 2)).status).toBe(200);
    const moved = await transferOnSecond('ZZA', '1.00');
    expect(moved.status).toBe(200);
    expect(moved.body.items[0]).toMatchObject({ amount: '1.00', currencyCode: 'ZZA' });
  });

  it('decimals changed through one instance are the ones the next transfer on the other parses with', async () => {
    const made = await createCurrency('ZZB', 2);
    expect(made.status).toBe(200);
    // Kept by the second with two decimals: three are refused.
    expect((await transferOnSecond('ZZB', '1.234')).status).toBe(400);
    // Unused, it may change its decimals (through the first instance).
    const changed = await call(pair.first.url, 'PUT', `/api/app/currency/${made.body.id}`, {
      name: 'Test ZZB',
      decimals: 3,
      currencyTypeId: lookupValueId('CurrencyType', 'FIAT'),
      concurrencyStamp: made.body.concurrencyStamp,
    });
    expect(changed.status).toBe(200);
    const moved = await transferOnSecond('ZZB', '1.234');
    expect(moved.status).toBe(200);
    expect(moved.body.items[0]).toMatchObject({ amount: '1.234', currencyCode: 'ZZB' });
  });

  it('decimals changed by a statement on the database reach the other instance through the trigger', async () => {
    expect((await createCurrency('ZZC', 2)).status).toBe(200);
    expect((await transferOnSecond('ZZC', '1.5')).status).toBe(200);
    expect((await transferOnSecond('ZZC', '1.234')).status).toBe(400);
    // Not through the server, so no request fences it: the notification's arrival is awaited.
    await pair.first.ctx.db
      .update(currencies)
      .set({ decimals: 3 })
      .where(and(isNull(currencies.tenantId), eq(currencies.code, 'ZZC')));
    await expect.poll(async () => (await transferOnSecond('ZZC', '1.234')).status, { timeout: 5_000 }).toBe(200);
  });
});
