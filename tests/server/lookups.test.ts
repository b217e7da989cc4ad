// The lookup catalogue through the real server (spec 3 "Product entities and lookups", spec 9
// "Lookup values"): the types in the spec's order with the spec's values, the same fixed GUIDs on a
// second installation made from scratch, the same catalogue for the host and a tenant, names
// matched case-insensitively or by GUID, 404 for an unknown type, 401 without a token, and a second
// seed (a restart) adding nothing. The expectations are copied from the spec, not from the code.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { lookupValues } from '../../server/db/schema/index.ts';
import { seed } from '../../server/db/seed/index.ts';
import { uuidV5 } from '../../server/modules/shared/uuid-v5.ts';
import { authHeaders, passwordToken } from '../kit/auth.ts';
import { startTestServer, type TestServer, testSecretsKey } from '../kit/test-server.ts';

// Spec 3, "Lookup types", verbatim.
const specTypes =
  'ServiceNodeType, RecipientType, KYCSTATUS, Cash, TopUpWallet, MoneyTransfer, PhoneType, EmailType, SocialMediaType, InstantMessagingType, WebsiteType, ContactMethod, BMS, Contact, CounterType, FinancialUnicodes, MenuType, PersonUnicodes, System, BloodGroup, Ethnicity, Gender, JobTitle, LanguageLevel, MaritalStatus, NationalIDType, Religion, ResidencyStatus, Cheque, CreditCard, BuildingPropertyType, Currency, LoginMethod, PaymentMethod, SubsciptionPlan, SubscriptionAccountType, UserType, AccountType, BusinessType, ChequeCreditCardType, CloseInvoiceReason, CurrencyType, FileType, FinancialSystem, InstallmentType, InvoiceType, OrderStatus, PaymentStatus, PaymentType, PriceLevel, ProductType, ReturnInvoiceReasonEnum, TaxTarget, TransactionType, VoidInvoiceReason, VoucherType, AddressType, ApartmentType, ContactIDType, Country, Nationality, AttachmentsType, ContactType, Language, PersonType, TableSource, SystemLanguage, SourceFunds, DeliveryMethod, RequestMoney, PurposeTransaction, LevelType, RewardType, FinancialRule'.split(
    ', ',
  );

// Spec 9, "Lookup values", a line per type.
const specValues: Record<string, string[]> = {
  RecipientType: ['Individual', 'Corporate'],
  PhoneType: ['MobilePhone', 'HomePhone', 'WorkPhone', 'Fax', 'EmergencyContact'],
  BloodGroup: ['A+', 'B+', 'A-', 'B-', 'O+', 'O-', 'AB+', 'AB-'],
  MaritalStatus: ['married', 'widowed', 'divorced', 'Single'],
  Currency: ['LL', 'USD'],
  CurrencyType: ['VIRTUAL', 'FIAT', 'BC2', 'BONUS'],
  AccountType: ['Assets', 'Equity', 'Expenditure', 'Expenses', 'FinancialAccounts', 'Incomes', 'Inventory', 'ReceivablesPayables'],
  TransactionType: ['AP', 'AR', 'FA', 'JV'],
  VoucherType: ['FV', 'DV', 'CV', 'CIV', 'RWV', 'COV', 'PV', 'RV', 'RFV', 'TRV', 'JV'],
  InvoiceType: ['SEI', 'PI', 'PRI', 'SA', 'SD', 'SI', 'SO', 'SRI'],
  SourceFunds: ['Investments', 'Loans', 'EmploymentIncome', 'Business Income', 'Sale'],
  SystemLanguage: ['ar_lb', 'en_us', 'fr', 'HY'],
  LevelType: ['Daily', 'Monthly'],
  RewardType: ['Discount', 'Reward', 'Fees'],
  OrderStatus: ['Completed', 'Hold', 'InProgress'],
};

// Fixed forever: a change here breaks every stored reference (docs/lookups.md).
const pinned = {
  currencyType: '6b45b87e-9ab9-5a30-bd3c-ecc63b29c4b8',
  usd: '520b2137-e533-5d1f-af93-e4750c546627',
};

type TypeItem = { id: string; name: string; valueCount: number };
type ValueItem = { id: string; lookupTypeId: string; code: string; name: string; displayName: string };

let server: TestServer;
let hostHeaders: Record<string, string>;
let tenantHeaders: Record<string, string>;

beforeAll(async () => {
  server = await startTestServer();
  hostHeaders = authHeaders(await passwordToken(server, { userName: 'admin', password: '1q2w3E*' }));
  tenantHeaders = authHeaders(await passwordToken(server, { userName: 'admin', password: '1q2w3E*', tenant: 'acme' }));
});
afterAll(() => server?.stop());

const get = async (url: string, headers: Record<string, string> = hostHeaders) => {
  const response = await fetch(`${server.url}${url}`, { headers });
  return { status: response.status, body: (await response.json()) as { items: never[]; error?: { message: string } } };
};

/** The whole catalogue as one installation answers it: every type with its values. */
async function wholeCatalogue(read: (url: string) => Promise<{ items: never[] }>) {
  const types = (await read('/api/app/lookup')).items as TypeItem[];
  const values: Record<string, ValueItem[]> = {};
  for (const type of types) values[type.name] = (await read(`/api/app/lookup/${type.name}`)).items as ValueItem[];
  return { types, values };
}

describe('lookup catalogue', () => {
  it("serves spec 3's types in order, each value of spec 9, and the unknown types empty", async () => {
    const { types, values } = await wholeCatalogue(async (url) => (await get(url)).body);
    expect(types.map((type) => type.name)).toEqual(specTypes);
    for (const [type, codes] of Object.entries(specValues))
      expect(
        values[type]?.map((value) => value.code),
        type,
      ).toEqual(codes);
    for (const type of ['Cash', 'TopUpWallet', 'MoneyTransfer', 'BMS', 'FileType', 'FinancialRule']) expect(values[type]).toEqual([]);
    // Countries are ISO alpha-2 codes (spec 9: "AF through UA" among them).
    const countries = values.Country!.map((value) => value.code);
    expect(countries).toEqual(expect.arrayContaining(['AF', 'LB', 'SY', 'AM', 'FR', 'US', 'UA']));
    expect(countries.every((code) => /^[A-Z]{2}$/.test(code))).toBe(true);
    expect(countries.length).toBeGreaterThanOrEqual(190);
    // Spec 3: a value has an id, a code and an empty name; it names its type; counts agree.
    for (const type of types) {
      expect(type.valueCount).toBe(values[type.name]!.length);
      for (const value of values[type.name]!) expect(value).toMatchObject({ lookupTypeId: type.id, name: '' });
    }
    const ids = [...types.map((type) => type.id), ...Object.values(values).flatMap((list) => list.map((value) => value.id))];
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("names every value in the request's culture (Accept-Language or ?culture), English as the fallback", async () => {
    const inCulture = async (culture: string) =>
      wholeCatalogue(async (url) => (await get(url, { ...hostHeaders, 'Accept-Language': culture })).body);
    const english = await inCulture('en');
    const byCulture: Record<string, Record<string, ValueItem[]>> = { en: english.values };
    for (const culture of ['ar', 'fr', 'hy']) byCulture[culture] = (await inCulture(culture)).values;
    // Every value of spec 9 has a name in every language; a name is never the resource key.
    for (const [culture, values] of Object.entries(byCulture))
      for (const [type, list] of Object.entries(values))
        for (const value of list) {
          expect(value.displayName, `${culture} ${type}/${value.code}`).not.toBe('');
          expect(value.displayName, `${culture} ${type}/${value.code}`).not.toContain(':');
        }
    // Written from the spec's words and each language, not read from the resource files.
    const name = (culture: string, type: string, code: string) =>
      byCulture[culture]![type]!.find((value) => value.code === code)?.displayName;
    expect(name('en', 'AccountType', 'FinancialAccounts')).toBe('Financial accounts');
    expect(name('ar', 'AccountType', 'Assets')).toBe('الأصول');
    expect(name('fr', 'CurrencyType', 'VIRTUAL')).toBe('Virtuelle');
    expect(name('hy', 'Gender', 'Female')).toBe('Իգական');
    expect(name('en', 'Country', 'LB')).toBe('Lebanon');
    expect(name('ar', 'Country', 'LB')).toBe('لبنان');
    expect(name('fr', 'Country', 'AM')).toBe('Arménie');
    expect(name('hy', 'Country', 'AM')).toBe('Հայաստան');
    expect(name('fr', 'PaymentMethod', 'Cash')).toBe('Espèces');
    // Outside English, a name with words is translated (brand names and codes may stay as they are;
    // so may a country's, as "Costa Rica" in French).
    for (const culture of ['ar', 'fr', 'hy']) {
      const copied = Object.entries(byCulture[culture]!)
        .filter(([type]) => type !== 'Country')
        .flatMap(([type, list]) =>
          list
            .filter((value) => value.displayName.includes(' ') && value.displayName === name('en', type, value.code))
            .map((v) => `${type}/${v.code}`),
        );
      expect(copied, culture).toEqual([]);
    }
    // The query string's culture wins; a tenant reads the same names; the stored name stays empty.
    const tenantFrench = await get('/api/app/lookup/PriceLevel?culture=fr', { ...tenantHeaders, 'Accept-Language': 'ar' });
    expect((tenantFrench.body.items as ValueItem[]).map((value) => [value.code, value.displayName, value.name])).toEqual([
      ['Retail', 'Détail', ''],
      ['Individual', 'Individuel', ''],
    ]);
  });

  // A whole installation (initdb, migrations, seed with its password hashing) inside the test: minutes on a busy machine.
  it('keeps the fixed GUIDs: the pinned ones, RFC 9562 version 5, and the same on a fresh installation', { timeout: 180_000 }, async () => {
    // The RFC's own example: version 5 of www.example.com in the DNS namespace.
    expect(uuidV5('www.example.com', '6ba7b810-9dad-11d1-80b4-00c04fd430c8')).toBe('2ed6657d-e927-568b-95e1-2665a8aea6a2');
    const ours = await wholeCatalogue(async (url) => (await get(url)).body);
    expect(ours.types.find((type) => type.name === 'Currency')?.id).toBe(pinned.currencyType);
    expect(ours.values.Currency?.find((value) => value.code === 'USD')?.id).toBe(pinned.usd);

    // A second installation from nothing (its own initdb, migrations and seed), on the embedded database.
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'finance-lookups-'));
    const config = loadConfig(
      { DATA_DIR: dataDir, LOG_LEVEL: 'silent', SERVE_SPA: 'false', PUBLIC_URL: 'http://127.0.0.1:1/' },
      { secretsKey: testSecretsKey },
    );
    const other = await buildApp({ config, logger: false });
    try {
      await seed(other.ctx);
      const token = await other.app.inject({
        method: 'POST',
        url: '/connect/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          grant_type: 'password',
          client_id: config.spaClientId,
          username: 'admin',
          password: '1q2w3E*',
          scope: 'openid Finance',
        }).toString(),
      });
      const headers = authHeaders(token.json<{ access_token: string }>().access_token);
      const theirs = await wholeCatalogue(async (url) => (await other.app.inject({ url, headers })).json());
      expect(theirs).toEqual(ours);
    } finally {
      await other.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('gives a tenant the same catalogue as the host', async () => {
    const host = await get('/api/app/lookup');
    const tenant = await get('/api/app/lookup', tenantHeaders);
    expect(tenant.status).toBe(200);
    expect(tenant.body.items).toEqual(host.body.items);
    expect((await get('/api/app/lookup/Gender', tenantHeaders)).body.items).toEqual((await get('/api/app/lookup/Gender')).body.items);
  });

  it('finds a type by any case or by GUID; an unknown one is 404 and a caller without a token 401', async () => {
    const byName = await get('/api/app/lookup/Currency');
    expect((await get('/api/app/lookup/currency')).body).toEqual(byName.body);
    expect((await get(`/api/app/lookup/${pinned.currencyType}`)).body).toEqual(byName.body);
    const unknown = await get('/api/app/lookup/NoSuchType');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error?.message).toBeTruthy();
    expect((await fetch(`${server.url}/api/app/lookup`)).status).toBe(401);
  });

  it('adds nothing on a second seed (a restart)', async () => {
    const before = (await server.ctx.db.select().from(lookupValues)).length;
    await seed(server.ctx);
    expect((await server.ctx.db.select().from(lookupValues)).length).toBe(before);
  });

  it('imports an authoritative id mapping: ids replaced, references followed, exchanges allowed, the seed keeps it', async () => {
    const put = (body: unknown, headers = hostHeaders) =>
      fetch(`${server.url}/api/app/lookup/id-mapping`, {
        method: 'PUT',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const gender = (await get('/api/app/lookup/Gender')).body.items as ValueItem[];
    const female = gender.find((value) => value.code === 'Female')!.id;
    const male = gender.find((value) => value.code === 'Male')!.id;
    const before = await wholeCatalogue(async (url) => (await get(url)).body);

    // Every problem at once, named by entry; nothing changes.
    const refused = await put({
      types: [{ name: 'NoSuchType', id: crypto.randomUUID() }],
      values: [
        { type: 'Currency', code: 'EUR', id: crypto.randomUUID() },
        { type: 'Currency', code: 'LL', id: pinned.usd },
        { type: 'Gender', code: 'Female', id: crypto.randomUUID() },
        { type: 'gender', code: 'Female', id: crypto.randomUUID() },
      ],
    });
    expect(refused.status).toBe(400);
    const members = (
      (await refused.json()) as { error: { validationErrors: Array<{ members: string[] }> } }
    ).error.validationErrors.flatMap((item) => item.members);
    expect(members.sort()).toEqual(['types[0].name', 'values[0].code', 'values[1].id', 'values[3]'].sort());
    expect(await wholeCatalogue(async (url) => (await get(url)).body)).toEqual(before);
    // Host only: a tenant's administrator may not.
    expect((await put({ types: [] }, tenantHeaders)).status).toBe(403);

    const currencyType = crypto.randomUUID();
    const usd = crypto.randomUUID();
    const accepted = await put({
      types: [{ name: 'currency', id: currencyType }],
      values: [
        { type: 'Currency', code: 'USD', id: usd },
        { type: 'Gender', code: 'Female', id: male },
        { type: 'Gender', code: 'Male', id: female },
      ],
    });
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toEqual({ types: 1, values: 3 });
    const currency = (await get('/api/app/lookup/Currency')).body.items as ValueItem[];
    expect(currency.map((value) => [value.code, value.lookupTypeId])).toEqual([
      ['LL', currencyType],
      ['USD', currencyType],
    ]);
    expect(currency.find((value) => value.code === 'USD')!.id).toBe(usd);
    expect((await get(`/api/app/lookup/${currencyType}`)).body.items).toEqual(currency);
    const exchanged = (await get('/api/app/lookup/Gender')).body.items as ValueItem[];
    expect(exchanged.map((value) => [value.code, value.id])).toEqual([
      ['Female', male],
      ['Male', female],
    ]);
    // A restart's seed finds the entries again by name and code: it adds nothing back.
    const rows = (await server.ctx.db.select().from(lookupValues)).length;
    await seed(server.ctx);
    expect((await server.ctx.db.select().from(lookupValues)).length).toBe(rows);
    expect((await get('/api/app/lookup')).body.items.length).toBe(specTypes.length);
  });
});
