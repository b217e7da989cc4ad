// Exchange rates and account rules through the real server on a real database (finance-domain.md
// "Reference data", "Account management"): rate history (never edited), the rate in force at an
// instant, a half-even conversion and the two FX legs of a cross-currency movement; account rules
// with four-eyes approval by the rule-approval machine (the author cannot approve, a final status
// takes no further decision), and their enforcement by the ledger: a transfer past an approved
// daily limit is a localized 403 naming the rule and the limit and changes nothing, one under it
// passes, a pending (unapproved) rule is not enforced.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crossCurrencyLegs } from '../../server/modules/finance-reference/exchange-rates.ts';
import { lookupValueId } from '../../server/modules/lookups/ids.ts';
import { authHeaders, passwordToken } from '../kit/auth.ts';
import { startTestServer, type TestServer } from '../kit/test-server.ts';

// biome-ignore lint/suspicious/noExplicitAny: the answers are read freely, each test asserts their shape
type Json = Record<string, any>;
let server: TestServer;
let admin: Record<string, string>;
let approver: Record<string, string>;
let manager: Record<string, string>;

async function call(as: Record<string, string>, method: string, path: string, body?: unknown, extra: Record<string, string> = {}) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { 'accept-language': 'en', ...as, ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...extra },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as Json };
}

const transfer = (debit: Json, credit: Json, amount: string, extra: Record<string, string> = {}) =>
  call(
    admin,
    'POST',
    '/api/app/ledger-transfer',
    { transfers: [{ debitAccountId: debit.id, creditAccountId: credit.id, amount, currencyCode: debit.currencyCode }] },
    { 'idempotency-key': crypto.randomUUID(), ...extra },
  );
const account = async (id: string) => (await call(admin, 'GET', `/api/app/ledger-account/${id}`)).body;
const later = (ms: number) => new Date(Date.now() + ms).toISOString();

beforeAll(async () => {
  server = await startTestServer();
  const signIn = async (userName: string) => authHeaders(await passwordToken(server, { userName, password: '1q2w3E*', tenant: 'acme' }));
  admin = await signIn('admin');
  const created = await call(admin, 'POST', '/api/identity/users', {
    userName: 'rule.approver',
    name: 'Rule',
    surname: 'Approver',
    email: 'rule.approver@example.test',
    password: '1q2w3E*',
    isActive: true,
    lockoutEnabled: true,
    roleNames: ['admin'],
  });
  expect(created.status).toBe(200);
  approver = await signIn('rule.approver');
  manager = await signIn('john.smith');
});
afterAll(async () => {
  await server?.stop();
});

describe('exchange rates', () => {
  it('keeps the history and answers the rate in force at an instant (the latest effective at or before it)', async () => {
    const first = await call(admin, 'POST', '/api/app/exchange-rate', {
      baseCurrencyCode: 'USD',
      quoteCurrencyCode: 'LL',
      rate: '89500.000000000001',
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ rate: '89500.000000000001', isInForce: true });
    const next = await call(admin, 'POST', '/api/app/exchange-rate', {
      baseCurrencyCode: 'USD',
      quoteCurrencyCode: 'LL',
      rate: '90000',
      effectiveFrom: later(3_600_000),
    });
    expect(next.body).toMatchObject({ rate: '90000', isInForce: false });
    const now = await call(admin, 'GET', '/api/app/exchange-rate/in-force?baseCurrencyCode=USD&quoteCurrencyCode=LL');
    expect(now.body).toMatchObject({ id: first.body.id, rate: '89500.000000000001' });
    const inTwoHours = await call(
      admin,
      'GET',
      `/api/app/exchange-rate/in-force?baseCurrencyCode=USD&quoteCurrencyCode=LL&at=${later(7_200_000)}`,
    );
    expect(inTwoHours.body).toMatchObject({ id: next.body.id, rate: '90000' });
    const before = await call(
      admin,
      'GET',
      `/api/app/exchange-rate/in-force?baseCurrencyCode=USD&quoteCurrencyCode=LL&at=2020-01-01T00:00:00Z`,
    );
    expect(before.status).toBe(404);
    expect(before.body.error.message).toBe('No rate from USD to LL is in force at 2020-01-01T00:00:00.000Z.');
    const list = await call(admin, 'GET', '/api/app/exchange-rate?baseCurrencyCode=USD&quoteCurrencyCode=LL');
    expect(list.body.totalCount).toBe(2);
    expect(list.body.items.map((item: Json) => [item.rate, item.isInForce])).toEqual([
      ['90000', false],
      ['89500.000000000001', true],
    ]);
  });

  it('never edits or deletes history and refuses bad rates with a localized 400, changing nothing', async () => {
    const list = (await call(admin, 'GET', '/api/app/exchange-rate')).body;
    const id = list.items[0].id;
    expect((await call(admin, 'PUT', `/api/app/exchange-rate/${id}`, { rate: '1' })).status).toBe(404);
    expect((await call(admin, 'DELETE', `/api/app/exchange-rate/${id}`)).status).toBe(404);
    const same = await call(admin, 'POST', '/api/app/exchange-rate', { baseCurrencyCode: 'USD', quoteCurrencyCode: 'USD', rate: '1' });
    expect(same.status).toBe(400);
    expect(same.body.error.validationErrors[0]).toMatchObject({ members: ['quoteCurrencyCode'] });
    const zero = await call(admin, 'POST', '/api/app/exchange-rate', { baseCurrencyCode: 'USD', quoteCurrencyCode: 'LL', rate: '0.000' });
    expect(zero.body.error.validationErrors[0].message).toBe('The rate must be greater than 0 (it is 0.000).');
    const tooPrecise = await call(admin, 'POST', '/api/app/exchange-rate', {
      baseCurrencyCode: 'USD',
      quoteCurrencyCode: 'LL',
      rate: '1.0000000000001',
    });
    expect(tooPrecise.status).toBe(400);
    const past = await call(admin, 'POST', '/api/app/exchange-rate', {
      baseCurrencyCode: 'USD',
      quoteCurrencyCode: 'LL',
      rate: '1',
      effectiveFrom: '2020-01-01T00:00:00Z',
    });
    expect(past.body.error.validationErrors[0]).toMatchObject({ members: ['effectiveFrom'] });
    const unknown = await call(admin, 'POST', '/api/app/exchange-rate', { baseCurrencyCode: 'EUR', quoteCurrencyCode: 'LL', rate: '1' });
    expect(unknown.body.error.validationErrors[0]).toMatchObject({ message: 'There is no currency EUR.', members: ['baseCurrencyCode'] });
    expect((await call(admin, 'GET', '/api/app/exchange-rate')).body.totalCount).toBe(list.totalCount);
  });

  it('converts once, half to even, to the quote currency decimals', async () => {
    await call(admin, 'POST', '/api/app/exchange-rate', { baseCurrencyCode: 'LL', quoteCurrencyCode: 'USD', rate: '0.000011173184' });
    // 1,000,000 LL * 0.000011173184 = 11.173184 USD -> 11.17; 447,500 LL -> 4.99999984 -> 5.00
    const convert = (amount: string) =>
      call(admin, 'GET', `/api/app/exchange-rate/convert?baseCurrencyCode=LL&quoteCurrencyCode=USD&amount=${amount}`);
    expect((await convert('1000000')).body).toMatchObject({ amount: '1000000', convertedAmount: '11.17', rate: '0.000011173184' });
    expect((await convert('447500')).body.convertedAmount).toBe('5.00');
    // 0.125 exactly half between 0.12 and 0.13: half-even gives 0.12
    await call(admin, 'POST', '/api/app/currency', {
      code: 'HALF',
      name: 'Half',
      decimals: 0,
      currencyTypeId: lookupValueId('CurrencyType', 'VIRTUAL'),
    });
    await call(admin, 'POST', '/api/app/exchange-rate', { baseCurrencyCode: 'HALF', quoteCurrencyCode: 'USD', rate: '0.0125' });
    const half = await call(admin, 'GET', '/api/app/exchange-rate/convert?baseCurrencyCode=HALF&quoteCurrencyCode=USD&amount=10');
    expect(half.body.convertedAmount).toBe('0.12');
  });

  it('plans a cross-currency movement as two legs through the FX liquidity accounts, posted as one group', async () => {
    const acme = (await server.ctx.tenants.findByName('acme'))!.id;
    const accounts = (await call(admin, 'GET', '/api/app/ledger-account?maxResultCount=100')).body.items as Json[];
    const of = (code: string, currency: string) => accounts.find((a) => a.code === code && a.currencyCode === currency)!;
    const { legs, conversion } = await crossCurrencyLegs(server.ctx.db, acme, {
      debitAccountId: of('CASH', 'USD').id,
      creditAccountId: of('CASH', 'LL').id,
      amount: '2.5',
    });
    expect(conversion).toMatchObject({ amount: '2.50', convertedAmount: '223750', rate: '89500.000000000001' });
    expect(legs).toEqual([
      { debitAccountId: of('CASH', 'USD').id, creditAccountId: of('FX_LIQUIDITY', 'USD').id, amount: '2.50', currencyCode: 'USD' },
      { debitAccountId: of('FX_LIQUIDITY', 'LL').id, creditAccountId: of('CASH', 'LL').id, amount: '223750', currencyCode: 'LL' },
    ]);
    const posted = await call(admin, 'POST', '/api/app/ledger-transfer', { transfers: legs }, { 'idempotency-key': crypto.randomUUID() });
    expect(posted.status).toBe(200);
    expect(new Set(posted.body.items.map((item: Json) => item.linkedGroupId)).size).toBe(1);
    expect((await call(admin, 'GET', '/api/app/ledger/verify')).body.isValid).toBe(true);
  });

  it('moves money across currencies through the endpoint: two legs at the rate in force, one group, idempotent, guarded', async () => {
    const financialAccounts = lookupValueId('AccountType', 'FinancialAccounts');
    const accounts = (await call(admin, 'GET', '/api/app/ledger-account?maxResultCount=100')).body.items as Json[];
    const of = (code: string, currency: string) => accounts.find((a) => a.code === code && a.currencyCode === currency)!;
    const usdWallet = (
      await call(admin, 'POST', '/api/app/ledger-account', {
        code: 'FX-W-USD',
        name: 'FX test wallet',
        currencyCode: 'USD',
        accountTypeId: financialAccounts,
        debitsMustNotExceedCredits: true,
      })
    ).body;
    const move = (body: Json, key = crypto.randomUUID(), as = admin) =>
      call(as, 'POST', '/api/app/ledger-transfer/cross-currency', body, { 'idempotency-key': key });
    const source = of('CASH', 'LL');
    const fxLl = await account(of('FX_LIQUIDITY', 'LL').id);
    const fxUsd = await account(of('FX_LIQUIDITY', 'USD').id);
    // 1,000,000 LL at 0.000011173184 USD per LL (in force since the conversion test) = 11.173184 -> 11.17 USD.
    const body = { debitAccountId: source.id, creditAccountId: usdWallet.id, amount: '1000000', code: 'FX-1' };
    const key = crypto.randomUUID();
    const first = await move(body, key);
    expect(first.status).toBe(200);
    expect(first.body.conversion).toMatchObject({
      baseCurrencyCode: 'LL',
      quoteCurrencyCode: 'USD',
      amount: '1000000',
      convertedAmount: '11.17',
      rate: '0.000011173184',
    });
    expect(first.body.items.map((t: Json) => [t.debitAccountId, t.creditAccountId, t.amount, t.currencyCode, t.code])).toEqual([
      [source.id, fxLl.id, '1000000', 'LL', 'FX-1'],
      [fxUsd.id, usdWallet.id, '11.17', 'USD', 'FX-1'],
    ]);
    expect(new Set(first.body.items.map((t: Json) => t.linkedGroupId))).toEqual(new Set([first.body.linkedGroupId]));
    expect((await account(usdWallet.id)).availableBalance).toBe('11.17');
    expect((await account(fxLl.id)).creditsPosted).toBe(String(BigInt(fxLl.creditsPosted) + 1_000_000n));

    // A new rate in force: the key's replay answers the first rate and moves nothing; a new key uses the new rate.
    expect(
      (await call(admin, 'POST', '/api/app/exchange-rate', { baseCurrencyCode: 'LL', quoteCurrencyCode: 'USD', rate: '0.00001' })).status,
    ).toBe(200);
    const replay = await move(body, key);
    expect(replay).toEqual(first);
    expect((await account(usdWallet.id)).availableBalance).toBe('11.17');
    expect((await move({ ...body, amount: '2000000' }, key)).status).toBe(409);
    const second = await move({ ...body, code: 'FX-2' });
    expect(second.body.conversion).toMatchObject({ rate: '0.00001', convertedAmount: '10.00' });
    expect((await account(usdWallet.id)).availableBalance).toBe('21.17');

    // Every leg passes the guards; a refused leg leaves the other unwritten too (one group).
    const before = [await account(usdWallet.id), await account(of('FX_LIQUIDITY', 'USD').id), await account(of('CASH', 'LL').id)];
    // 21.17 USD is all the wallet holds: 25.00 is past its balance flag (the source leg is refused).
    const overdraft = await move({ debitAccountId: usdWallet.id, creditAccountId: source.id, amount: '25.00' });
    expect(overdraft.status).toBe(403);
    expect(overdraft.body.error.code).toBe('Finance.Ledger:ExceedsCredits');
    // The target closed: the second leg is refused, so the first (the wallet paying 5.00) is not written.
    const closedLl = (
      await call(admin, 'POST', '/api/app/ledger-account', {
        code: 'FX-CLOSED-LL',
        name: 'Closed LL account',
        currencyCode: 'LL',
        accountTypeId: financialAccounts,
      })
    ).body;
    expect((await call(admin, 'PUT', `/api/app/ledger-account/${closedLl.id}`, { name: 'Closed LL account', isClosed: true })).status).toBe(
      200,
    );
    const closed = await move({ debitAccountId: usdWallet.id, creditAccountId: closedLl.id, amount: '5.00' });
    expect(closed.status).toBe(403);
    expect(closed.body.error.code).toBe('Finance.Ledger:AccountClosed');
    // A service nobody was granted: the service-permission guard refuses the source leg.
    const service = (await call(admin, 'GET', '/api/app/service/all')).body.items.find((n: Json) => n.code === 'MONEY_TRANSFER');
    expect(service).toBeDefined();
    const grants = (await call(admin, 'GET', `/api/app/service-permission?serviceId=${service.id}&maxResultCount=100`)).body
      .items as Json[];
    for (const grant of grants) await call(admin, 'DELETE', `/api/app/service-permission/${grant.id}`);
    const ungranted = await move({ debitAccountId: usdWallet.id, creditAccountId: source.id, amount: '1.00', serviceId: service.id });
    expect(ungranted.status).toBe(403);
    expect(ungranted.body.error.code).toBe('Finance.Kernel:ServiceNotAllowed');
    expect([await account(usdWallet.id), await account(of('FX_LIQUIDITY', 'USD').id), await account(of('CASH', 'LL').id)]).toEqual(before);

    // One currency on both sides is a plain transfer (400, localized); the key is required; the right permission too.
    const same = await move({ debitAccountId: of('CASH', 'USD').id, creditAccountId: usdWallet.id, amount: '1.00' });
    expect(same.status).toBe(400);
    expect(same.body.error.validationErrors).toEqual([
      {
        message: 'Both accounts hold USD: a movement between them is a plain transfer, not a currency exchange.',
        members: ['creditAccountId'],
      },
    ]);
    const noKey = await call(admin, 'POST', '/api/app/ledger-transfer/cross-currency', body);
    expect(noKey.status).toBe(400);
    expect((await move(body, crypto.randomUUID(), manager)).status).toBe(403);
    expect((await call(admin, 'GET', '/api/app/ledger/verify')).body.isValid).toBe(true);
  });

  it("exports the currencies as the list shows them (CSV, the filter, headers in the caller's language)", async () => {
    const response = await fetch(`${server.url}/api/app/currency/export?format=csv&filter=us`, {
      headers: { ...admin, 'accept-language': 'fr' },
    });
    expect(response.status).toBe(200);
    const lines = (await response.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe('Code,Nom,Symbole,Décimales,Type de devise,Active,Créée le (UTC),Identifiant');
    expect(lines.slice(1).map((line) => line.split(',').slice(0, 6).join(','))).toEqual(['USD,US dollar,$,2,FIAT,true']);
    const all = await fetch(`${server.url}/api/app/currency/export?format=csv&sorting=code`, { headers: admin });
    const codes = (await all.text())
      .trim()
      .split(/\r?\n/)
      .slice(1)
      .map((line) => line.split(',')[0]);
    expect(codes).toEqual([...codes].sort());
    expect(codes).toEqual(expect.arrayContaining(['HALF', 'LL', 'USD']));
    expect((await fetch(`${server.url}/api/app/currency/export`, { headers: manager })).status).toBe(403);
  });

  it('is read with Finance.ExchangeRate only', async () => {
    expect((await call(manager, 'GET', '/api/app/exchange-rate')).status).toBe(403);
    expect(
      (await call(manager, 'POST', '/api/app/exchange-rate', { baseCurrencyCode: 'USD', quoteCurrencyCode: 'LL', rate: '1' })).status,
    ).toBe(403);
  });
});

describe('account rules', () => {
  let wallet: Json;
  let cash: Json;
  let rule: Json;
  const financialAccounts = lookupValueId('AccountType', 'FinancialAccounts');

  beforeAll(async () => {
    const accounts = (await call(admin, 'GET', '/api/app/ledger-account?maxResultCount=100')).body.items as Json[];
    cash = accounts.find((a) => a.code === 'CASH' && a.currencyCode === 'USD')!;
    wallet = (
      await call(admin, 'POST', '/api/app/ledger-account', {
        code: 'W-RULE',
        name: 'Wallet',
        currencyCode: 'USD',
        accountTypeId: financialAccounts,
      })
    ).body;
  });

  it('creates a pending rule; the author can neither approve nor reject it (403), and it is not enforced', async () => {
    const created = await call(admin, 'POST', '/api/app/account-rule', {
      name: 'Wallet daily cap',
      accountTypeId: financialAccounts,
      currencyCode: 'USD',
      dailyCreditLimit: '100.00',
      maxSingleAmount: '80',
    });
    expect(created.status).toBe(200);
    rule = created.body;
    expect(rule).toMatchObject({
      status: 'Pending',
      dailyCreditLimit: '100.00',
      maxSingleAmount: '80.00',
      dailyDebitLimit: null,
      overdraftAllowed: true,
    });
    const own = await call(admin, 'POST', `/api/app/account-rule/${rule.id}/approve`, {});
    expect(own.status).toBe(403);
    expect(own.body.error).toMatchObject({
      code: 'Finance.AccountRule:AuthorCannotDecide',
      message: 'Account rule Wallet daily cap was written by you: another user approves or rejects it.',
    });
    expect((await call(admin, 'POST', `/api/app/account-rule/${rule.id}/reject`, {})).status).toBe(403);
    // Pending: a transfer of 90 (past both limits) passes.
    expect((await transfer(cash, wallet, '90.00')).status).toBe(200);
  });

  it('refuses bad limits with a 400 naming the field', async () => {
    const precise = await call(admin, 'POST', '/api/app/account-rule', {
      name: 'x',
      accountTypeId: financialAccounts,
      currencyCode: 'LL',
      dailyDebitLimit: '1.5',
    });
    expect(precise.status).toBe(400);
    expect(precise.body.error.validationErrors[0]).toMatchObject({ members: ['dailyDebitLimit'] });
    const badType = await call(admin, 'POST', '/api/app/account-rule', {
      name: 'x',
      accountTypeId: lookupValueId('CurrencyType', 'FIAT'),
      currencyCode: 'USD',
    });
    expect(badType.body.error.validationErrors[0]).toMatchObject({ members: ['accountTypeId'] });
    const minMax = await call(admin, 'POST', '/api/app/account-rule', {
      name: 'x',
      accountTypeId: financialAccounts,
      currencyCode: 'USD',
      minBalance: '10',
      maxBalance: '5',
    });
    expect(minMax.body.error.validationErrors[0]).toMatchObject({ members: ['minBalance'] });
  });

  it('approved by another user, it refuses a transfer past the daily limit with its message and changes nothing; under it passes', async () => {
    const approved = await call(approver, 'POST', `/api/app/account-rule/${rule.id}/approve`, { concurrencyStamp: rule.concurrencyStamp });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: 'Approved', approverId: expect.any(String) });
    const before = await account(wallet.id);
    // 90 already credited today: 10 more is exactly the limit.
    const past = await transfer(cash, wallet, '10.01');
    expect(past.status).toBe(403);
    expect(past.body.error).toMatchObject({
      code: 'Finance.AccountRule:DailyCreditLimit',
      message:
        'Account rule Wallet daily cap: the daily credit limit of account W-RULE is 100.00 USD; with this transfer its credits today would be 100.01 USD.',
    });
    const french = await transfer(cash, wallet, '10.01', { 'accept-language': 'fr' });
    expect(french.body.error.message).toContain('la limite de crédit quotidienne du compte W-RULE est de 100.00 USD');
    expect(await account(wallet.id)).toEqual(before);
    const single = await transfer(cash, wallet, '80.01');
    expect(single.body.error).toMatchObject({ code: 'Finance.AccountRule:MaxSingleAmount' });
    const under = await transfer(cash, wallet, '10.00');
    expect(under.status).toBe(200);
    expect((await account(wallet.id)).creditsPosted).toBe('100.00');
    // Two legs of one group count together.
    const other = (
      await call(admin, 'POST', '/api/app/ledger-account', {
        code: 'W-RULE-2',
        name: 'Wallet 2',
        currencyCode: 'USD',
        accountTypeId: financialAccounts,
      })
    ).body;
    const group = await call(
      admin,
      'POST',
      '/api/app/ledger-transfer',
      {
        transfers: [
          { debitAccountId: cash.id, creditAccountId: other.id, amount: '60.00', currencyCode: 'USD' },
          { debitAccountId: cash.id, creditAccountId: other.id, amount: '60.00', currencyCode: 'USD' },
        ],
      },
      { 'idempotency-key': crypto.randomUUID() },
    );
    expect(group.body.error.code).toBe('Finance.AccountRule:DailyCreditLimit');
    expect((await account(other.id)).creditsPosted).toBe('0.00');
  });

  it('holds the daily limit under concurrent transfers: of ten parallel 20.00 credits, exactly five pass', async () => {
    const parallel = (
      await call(admin, 'POST', '/api/app/ledger-account', {
        code: 'W-PAR',
        name: 'Wallet',
        currencyCode: 'USD',
        accountTypeId: financialAccounts,
      })
    ).body;
    const answers = await Promise.all(Array.from({ length: 10 }, () => transfer(cash, parallel, '20.00')));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(5);
    expect(answers.filter((answer) => answer.status === 403).map((answer) => answer.body.error.code)).toEqual(
      Array(5).fill('Finance.AccountRule:DailyCreditLimit'),
    );
    expect((await account(parallel.id)).creditsPosted).toBe('100.00');
  });

  it('takes no decision or edit once final (409 from the machine); the manager has no access', async () => {
    const again = await call(approver, 'POST', `/api/app/account-rule/${rule.id}/reject`, {});
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('Finance.AccountRule:TransitionNotAllowed');
    const edit = await call(admin, 'PUT', `/api/app/account-rule/${rule.id}`, {
      name: 'Wallet daily cap',
      accountTypeId: financialAccounts,
      currencyCode: 'USD',
      dailyCreditLimit: '1000.00',
    });
    expect(edit.status).toBe(409);
    expect((await call(admin, 'GET', `/api/app/account-rule/${rule.id}`)).body.dailyCreditLimit).toBe('100.00');
    expect((await call(manager, 'GET', '/api/app/account-rule')).status).toBe(403);
  });

  it('exports the rules and the rates as the lists show them (CSV, limits in the currency, rates exact)', async () => {
    const csv = async (path: string) => {
      const response = await fetch(`${server.url}${path}`, { headers: { 'accept-language': 'en', ...admin } });
      expect(response.status).toBe(200);
      return (await response.text())
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r?\n/);
    };
    const rules = await csv('/api/app/account-rule/export?format=csv&status=Approved');
    expect(rules[0]).toContain('Name,Account type,Currency,Minimum balance');
    expect(rules.find((line) => line.startsWith('Wallet daily cap'))).toContain('FinancialAccounts,USD,,,80.00,,100.00,,,true,Approved');
    const rates = await csv('/api/app/exchange-rate/export?format=csv&baseCurrencyCode=USD&quoteCurrencyCode=LL');
    expect(rates).toHaveLength(3);
    expect(rates.slice(1).map((line) => line.split(',').slice(0, 3).join(','))).toEqual(['USD,LL,90000', 'USD,LL,89500.000000000001']);
    expect((await fetch(`${server.url}/api/app/account-rule/export`, { headers: manager })).status).toBe(403);
  });

  it('a rejected rule is never enforced; a deleted approved rule stops being enforced', async () => {
    const floor = (
      await call(admin, 'POST', '/api/app/account-rule', {
        name: 'Keep 500',
        accountTypeId: financialAccounts,
        currencyCode: 'USD',
        minBalance: '500',
      })
    ).body;
    const rejected = await call(approver, 'POST', `/api/app/account-rule/${floor.id}/reject`, {});
    expect(rejected.body.status).toBe('Rejected');
    const sales = (await call(admin, 'GET', '/api/app/ledger-account?filter=SALES&currencyCode=USD')).body.items[0];
    // W-RULE holds 100.00: 75 out leaves 25, under the rejected rule's 500.
    expect((await transfer(wallet, sales, '75.00')).status).toBe(200);
    const overdraft = (
      await call(admin, 'POST', '/api/app/account-rule', {
        name: 'No overdraft',
        accountTypeId: financialAccounts,
        currencyCode: 'USD',
        overdraftAllowed: false,
      })
    ).body;
    await call(approver, 'POST', `/api/app/account-rule/${overdraft.id}/approve`, {});
    const refused = await transfer(wallet, sales, '30.00');
    expect(refused.body.error).toMatchObject({
      code: 'Finance.AccountRule:Overdraft',
      message:
        'Account rule No overdraft: account W-RULE may not be overdrawn (below 0.00 USD); this transfer would make its balance -5.00 USD.',
    });
    expect((await call(admin, 'DELETE', `/api/app/account-rule/${overdraft.id}`)).status).toBe(204);
    expect((await transfer(wallet, sales, '30.00')).status).toBe(200);
  });
});
