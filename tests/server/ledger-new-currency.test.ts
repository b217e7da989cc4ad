// A currency created after installation (issue 11, ADR 0020): it gets the tenant's system accounts
// (FX_LIQUIDITY among them) in the transaction that creates it, once, so a cross-currency movement
// in it goes through; a currency created inactive gets them when it is made active; another tenant
// gets none; an unused currency is still deleted (its untouched system accounts with it), one whose
// FX account has moved money is in use; the ledger's invariant check stays whole throughout.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currencies } from '../../server/db/schema/index.ts';
import { seedLedger, systemAccounts } from '../../server/modules/ledger/seed.ts';
import { lookupValueId } from '../../server/modules/lookups/ids.ts';
import { authHeaders, passwordToken } from '../kit/auth.ts';
import { startTestServer, type TestServer } from '../kit/test-server.ts';

// biome-ignore lint/suspicious/noExplicitAny: the answers are read freely, each test asserts their shape
type Json = Record<string, any>;
let server: TestServer;
let acme: Record<string, string>;
let host: Record<string, string>;
const fiat = lookupValueId('CurrencyType', 'FIAT');

async function call(as: Record<string, string>, method: string, path: string, body?: unknown, extra: Record<string, string> = {}) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { 'accept-language': 'en', ...as, ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...extra },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as Json };
}

const accountsIn = async (as: Record<string, string>, currencyCode: string) =>
  (await call(as, 'GET', `/api/app/ledger-account?currencyCode=${currencyCode}&maxResultCount=100`)).body.items as Json[];
const systemCodes = (accounts: Json[]) =>
  accounts
    .filter((a) => a.isSystem)
    .map((a) => a.code)
    .sort();
const allSystemCodes = systemAccounts.map((a) => a.code as string).sort();
const verify = async () => (await call(acme, 'GET', '/api/app/ledger/verify')).body;

beforeAll(async () => {
  server = await startTestServer();
  acme = authHeaders(await passwordToken(server, { userName: 'admin', password: '1q2w3E*', tenant: 'acme' }));
  host = authHeaders(await passwordToken(server, { userName: 'admin', password: '1q2w3E*' }));
});
afterAll(async () => {
  await server?.stop();
});

describe('a currency created after installation', () => {
  it('gets the system accounts once, in its tenant only, and moves money across currencies', async () => {
    expect(await accountsIn(acme, 'CHF')).toEqual([]);
    const chf = await call(acme, 'POST', '/api/app/currency', {
      code: 'CHF',
      name: 'Swiss franc',
      symbol: 'Fr.',
      decimals: 2,
      currencyTypeId: fiat,
    });
    expect(chf.status).toBe(200);
    const accounts = await accountsIn(acme, 'CHF');
    expect(systemCodes(accounts)).toEqual(allSystemCodes);
    expect(accounts.every((a) => a.currencyCode === 'CHF' && a.availableBalance === '0.00')).toBe(true);
    // The host has its own CHF or none: acme's currency made nothing there.
    expect(await accountsIn(host, 'CHF')).toEqual([]);
    // Saved again (same name, then another): the accounts are kept, none doubled.
    const saved = await call(acme, 'PUT', `/api/app/currency/${chf.body.id}`, {
      name: 'Franc suisse',
      decimals: 2,
      currencyTypeId: fiat,
      concurrencyStamp: chf.body.concurrencyStamp,
    });
    expect(saved.status).toBe(200);
    expect((await accountsIn(acme, 'CHF')).map((a) => a.id).sort()).toEqual(accounts.map((a) => a.id).sort());

    // A rate in force, then 100.00 CHF from CHF cash to a USD wallet: two legs through both FX accounts.
    expect(
      (await call(acme, 'POST', '/api/app/exchange-rate', { baseCurrencyCode: 'CHF', quoteCurrencyCode: 'USD', rate: '1.1325' })).status,
    ).toBe(200);
    const wallet = (
      await call(acme, 'POST', '/api/app/ledger-account', {
        code: 'CHF-TEST-WALLET',
        name: 'USD wallet',
        currencyCode: 'USD',
        accountTypeId: lookupValueId('AccountType', 'FinancialAccounts'),
      })
    ).body;
    const cashChf = accounts.find((a) => a.code === 'CASH')!;
    const fxChf = accounts.find((a) => a.code === 'FX_LIQUIDITY')!;
    const fxUsd = (await accountsIn(acme, 'USD')).find((a) => a.code === 'FX_LIQUIDITY')!;
    const moved = await call(
      acme,
      'POST',
      '/api/app/ledger-transfer/cross-currency',
      { debitAccountId: cashChf.id, creditAccountId: wallet.id, amount: '100.00', code: 'CHF-1' },
      { 'idempotency-key': crypto.randomUUID() },
    );
    expect(moved.status).toBe(200);
    expect(moved.body.conversion).toMatchObject({
      baseCurrencyCode: 'CHF',
      quoteCurrencyCode: 'USD',
      amount: '100.00',
      convertedAmount: '113.25',
    });
    expect(moved.body.items.map((t: Json) => [t.debitAccountId, t.creditAccountId, t.amount, t.currencyCode])).toEqual([
      [cashChf.id, fxChf.id, '100.00', 'CHF'],
      [fxUsd.id, wallet.id, '113.25', 'USD'],
    ]);
    expect((await call(acme, 'GET', `/api/app/ledger-account/${wallet.id}`)).body.availableBalance).toBe('113.25');
    expect(await verify()).toMatchObject({ isValid: true });

    // Its FX account has moved money: the currency is in use now.
    const refused = await call(acme, 'DELETE', `/api/app/currency/${chf.body.id}`);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('Finance.Ledger:CurrencyInUse');
  });

  it('created inactive it gets its accounts when made active; unused, it is deleted with them', async () => {
    const sek = await call(acme, 'POST', '/api/app/currency', {
      code: 'SEK',
      name: 'Swedish krona',
      decimals: 2,
      currencyTypeId: fiat,
      isActive: false,
    });
    expect(sek.status).toBe(200);
    expect(await accountsIn(acme, 'SEK')).toEqual([]);
    const active = await call(acme, 'PUT', `/api/app/currency/${sek.body.id}`, {
      name: 'Swedish krona',
      decimals: 2,
      currencyTypeId: fiat,
      isActive: true,
    });
    expect(active.status).toBe(200);
    expect(systemCodes(await accountsIn(acme, 'SEK'))).toEqual(allSystemCodes);
    // No transfer touched them: not "in use", decimals may change and the currency may go.
    expect(
      (await call(acme, 'PUT', `/api/app/currency/${sek.body.id}`, { name: 'Swedish krona', decimals: 0, currencyTypeId: fiat })).status,
    ).toBe(200);
    expect((await call(acme, 'DELETE', `/api/app/currency/${sek.body.id}`)).status).toBe(204);
    expect(await accountsIn(acme, 'SEK')).toEqual([]);
    // Made again: a fresh set, once.
    expect(
      (await call(acme, 'POST', '/api/app/currency', { code: 'SEK', name: 'Swedish krona', decimals: 2, currencyTypeId: fiat })).status,
    ).toBe(200);
    expect(systemCodes(await accountsIn(acme, 'SEK'))).toEqual(allSystemCodes);
    expect(await verify()).toMatchObject({ isValid: true });
  });

  it('one made before currencies got their accounts is given them at the next start, once', async () => {
    const acmeId = (await server.ctx.tenants.findByName('acme'))!.id;
    // As such a currency was written: the row alone.
    await server.ctx.db
      .insert(currencies)
      .values({ tenantId: acmeId, code: 'NOK', name: 'Norwegian krone', decimals: 2, currencyTypeId: fiat });
    expect(await accountsIn(acme, 'NOK')).toEqual([]);
    await seedLedger(server.ctx);
    const accounts = await accountsIn(acme, 'NOK');
    expect(systemCodes(accounts)).toEqual(allSystemCodes);
    await seedLedger(server.ctx);
    expect((await accountsIn(acme, 'NOK')).map((a) => a.id).sort()).toEqual(accounts.map((a) => a.id).sort());
    expect(await verify()).toMatchObject({ isValid: true });
  });
});
