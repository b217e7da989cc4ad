// Shared by the identity and security suites: sign in as a seeded account and call the API as it.
// Tokens come from the real password grant (tests/kit/auth.ts); the seeded password is the same for
// every demo account.
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { adminPassword } from '../../server/db/seed/identity.ts';
import { tenants, users } from '../../server/db/schema/index.ts';
import { passwordToken } from '../kit/auth.ts';
import { startTestServer, type TestServer } from '../kit/test-server.ts';

export interface Caller {
  token: string;
  call<T = Record<string, unknown>>(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Reply<T>>;
}

export interface Reply<T> {
  status: number;
  headers: Headers;
  body: T;
}

export interface ErrorBody {
  error: {
    code: string | null;
    message: string;
    details: string | null;
    validationErrors: Array<{ message: string; members: string[] }> | null;
  };
}

export async function request<T>(
  server: TestServer,
  token: string | null,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Reply<T>> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      'accept-language': 'en',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: (text ? JSON.parse(text) : null) as T };
}

export async function signIn(server: TestServer, userName: string, tenant?: string, password = adminPassword): Promise<Caller> {
  const { access_token: token } = await passwordToken(server, { userName, password, tenant });
  return { token, call: (method, path, body, headers) => request(server, token, method, path, body, headers) };
}

export interface IdentitySuite {
  /** Set once the suite has started. */
  server: TestServer;
  /** The host's admin. */
  admin: Caller;
  /** The acme tenant's admin. */
  acmeAdmin: Caller;
  acmeId: string;
}

/** The suite of an identity API test: a real server on a real database, the host's and acme's admins signed in. */
export function identitySuite(): IdentitySuite {
  const suite = {} as IdentitySuite;
  beforeAll(async () => {
    suite.server = await startTestServer();
    suite.admin = await signIn(suite.server, 'admin');
    suite.acmeAdmin = await signIn(suite.server, 'admin', 'acme');
    suite.acmeId = await tenantIdOf(suite.server, 'acme');
  });
  afterAll(async () => {
    await suite.server?.stop();
  });
  return suite;
}

export async function tenantIdOf(server: TestServer, name: string): Promise<string> {
  const [row] = await server.ctx.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.normalizedName, name.toUpperCase()));
  return row!.id;
}

export async function userIdOf(server: TestServer, userName: string, tenantId: string | null = null): Promise<string> {
  const [row] = await server.ctx.db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        tenantId ? eq(users.tenantId, tenantId) : isNull(users.tenantId),
        eq(users.normalizedUserName, userName.toUpperCase()),
        eq(users.isDeleted, false),
      ),
    );
  return row!.id;
}

/** Asserts an ABP error envelope with the given status and returns its body. */
export function expectError(reply: Reply<unknown>, status: number): ErrorBody['error'] {
  expect(reply.status, JSON.stringify(reply.body)).toBe(status);
  expect(reply.headers.get('_abperrorformat')).toBe('true');
  return (reply.body as ErrorBody).error;
}

export const strongPassword = 'Str0ng!Pass';
