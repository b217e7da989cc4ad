// The SPA's HTTP client against a real local HTTP server: the headers the ABP contract needs are on
// every request, read at request time, and absent when they have no value.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getApplicationConfiguration } from '../../src/api/application-configuration.ts';
import { createHttp } from '../../src/api/http.ts';

let server: http.Server;
let baseUrl = '';
const seen: Array<{ url: string; headers: http.IncomingHttpHeaders }> = [];

beforeAll(async () => {
  server = http.createServer((request, response) => {
    seen.push({ url: request.url ?? '', headers: request.headers });
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ currentUser: { isAuthenticated: false } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('http client', () => {
  it('sends bearer token, culture, tenant and X-Requested-With, read per request', async () => {
    let token: string | null = null;
    let tenant: string | null = null;
    const client = createHttp({ accessToken: () => token, culture: () => 'ar', tenant: () => tenant }, baseUrl);

    await getApplicationConfiguration(client);
    const anonymous = seen.at(-1)!;
    expect(anonymous.url).toBe('/api/abp/application-configuration?includeLocalizationResources=false');
    expect(anonymous.headers['accept-language']).toBe('ar');
    expect(anonymous.headers['x-requested-with']).toBe('XMLHttpRequest');
    expect(anonymous.headers.authorization).toBeUndefined();
    expect(anonymous.headers.__tenant).toBeUndefined();

    token = 'at-1';
    tenant = 'acme';
    await client('/api/anything');
    const signedIn = seen.at(-1)!;
    expect(signedIn.headers.authorization).toBe('Bearer at-1');
    expect(signedIn.headers.__tenant).toBe('acme');
  });
});
