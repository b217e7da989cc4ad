// Amounts and rates are decimal text on the wire, never JSON numbers (finance-domain.md "Money";
// contract/ledger.ts DecimalText). Fastify coerces body types, so without the guard `"amount": 1.5`
// reached the ledger as "1.5". Each money route is sent its decimal fields as JSON numbers and
// answers ABP's validation envelope naming every such member, localized; nothing is written; the
// same request with text goes through; query strings are still coerced.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdsDecimalText } from '../../server/modules/ledger/decimal-text.ts';
import { authHeaders, passwordToken } from '../kit/auth.ts';
import { startTestServer, type TestServer } from '../kit/test-server.ts';

// Every route whose body carries an amount, a limit, a price or a rate, written from the contracts.
const moneyRoutes = [
  'POST /api/app/ledger-transfer',
  'POST /api/app/ledger-transfer/:id/post',
  'POST /api/app/ledger-transfer/cross-currency',
  'POST /api/app/exchange-rate',
  'POST /api/app/account-rule',
  'PUT /api/app/account-rule/:id',
  'POST /api/app/service-permission',
  'PUT /api/app/service-permission/:id',
  'POST /api/app/product',
  'PUT /api/app/product/:id',
];

type Schema = Record<string, unknown>;

/** A body holding only the decimal-text members, each a JSON number; and their member names. */
function numbersFor(schema: unknown, member = ''): { value: unknown; members: string[] } {
  const s = schema as Schema;
  if (!holdsDecimalText(s)) return { value: undefined, members: [] };
  for (const key of ['anyOf', 'oneOf', 'allOf'])
    if (Array.isArray(s[key])) return numbersFor((s[key] as unknown[]).find(holdsDecimalText), member);
  if (s.type === 'array') {
    const item = numbersFor(s.items, `${member}[0]`);
    return { value: [item.value], members: item.members };
  }
  if (s.type === 'object') {
    const value: Record<string, unknown> = {};
    const members: string[] = [];
    for (const [name, child] of Object.entries(s.properties as Record<string, unknown>)) {
      const inner = numbersFor(child, member ? `${member}.${name}` : name);
      if (inner.value === undefined) continue;
      value[name] = inner.value;
      members.push(...inner.members);
    }
    return { value, members };
  }
  return { value: 12.5, members: [member] };
}

let server: TestServer;
let headers: Record<string, string>;
beforeAll(async () => {
  server = await startTestServer();
  headers = authHeaders(await passwordToken(server, { userName: 'admin', password: '1q2w3E*', tenant: 'acme' }));
});
afterAll(() => server?.stop());

const send = async (method: string, url: string, body: unknown, extra: Record<string, string> = {}) => {
  const response = await fetch(`${server.url}${url}`, {
    method,
    headers: {
      ...headers,
      ...(body === undefined ? {} : { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() }),
      ...extra,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

describe('decimal text on the wire', () => {
  it('guards exactly the routes whose body holds decimal text', () => {
    const guarded = server.routes
      .filter((route) => holdsDecimalText((route.schema as { body?: unknown } | undefined)?.body))
      .flatMap((route) => [route.method].flat().map((method) => `${method} ${route.url}`));
    expect(guarded.sort()).toEqual([...moneyRoutes].sort());
  });

  for (const route of moneyRoutes) {
    it(`${route}: a JSON number in a money field is a localized 400 naming it`, async () => {
      const [method, pattern] = route.split(' ') as [string, string];
      const schema = server.routes.find((r) => r.url === pattern && [r.method].flat().includes(method as never))!.schema as {
        body: unknown;
      };
      const { value, members } = numbersFor(schema.body);
      expect(members.length).toBeGreaterThan(0);
      const url = pattern.replace(/:\w+/g, crypto.randomUUID());
      const answer = await send(method, url, value, { 'accept-language': 'fr' });
      expect(answer.status).toBe(400);
      const error = answer.body.error as { validationErrors: Array<{ message: string; members: string[] }> };
      expect(error.validationErrors.map((item) => item.members[0]).sort()).toEqual([...members].sort());
      for (const item of error.validationErrors)
        expect(item.message).toBe(
          `Le champ ${item.members[0]} doit être un nombre décimal écrit sous forme de texte (par exemple "12.50"), pas un nombre JSON.`,
        );
    });
  }

  it('writes nothing for a number, the same transfer as text goes through, and query strings are still coerced', async () => {
    // maxResultCount=100 is text in the URL, coerced to an integer as before.
    const accounts = (await send('GET', '/api/app/ledger-account?maxResultCount=100&currencyCode=USD', undefined)).body
      .items as unknown as Array<{ id: string; code: string; debitsPosted: string }>;
    expect(accounts.length).toBeGreaterThan(2);
    const cash = accounts.find((a) => a.code === 'CASH')!;
    const sales = accounts.find((a) => a.code === 'SALES_INCOME')!;
    const leg = (amount: unknown) => ({ debitAccountId: cash.id, creditAccountId: sales.id, amount, currencyCode: 'USD' });
    const refused = await send('POST', '/api/app/ledger-transfer', { transfers: [leg('1.00'), leg(0.1)] });
    expect(refused.status).toBe(400);
    expect((refused.body.error as { validationErrors: Array<{ members: string[] }> }).validationErrors).toEqual([
      {
        message: 'The field transfers[1].amount must be a decimal written as text (for example "12.50"), not a JSON number.',
        members: ['transfers[1].amount'],
      },
    ]);
    const after = (await send('GET', `/api/app/ledger-account/${cash.id}`, undefined)).body as unknown as { debitsPosted: string };
    expect(after.debitsPosted).toBe(cash.debitsPosted);
    const posted = await send('POST', '/api/app/ledger-transfer', { transfers: [leg('1.00'), leg('0.10')] });
    expect(posted.status).toBe(200);
    expect((posted.body.items as unknown as Array<{ amount: string }>).map((item) => item.amount)).toEqual(['1.00', '0.10']);
  });
});
