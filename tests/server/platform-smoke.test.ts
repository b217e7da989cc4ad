// The foundation's outer contract: the process serves health, answers unknown routes with the ABP
// envelope, refuses unknown tenants with Abp-Tenant-Resolve-Error, and sends the security headers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../kit/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

describe('server foundation', () => {
  it('is live and ready', async () => {
    const ready = await fetch(`${server.url}/health/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ok' });
  });

  it('answers an unknown API route with the ABP error envelope', async () => {
    const response = await fetch(`${server.url}/api/does-not-exist`, { headers: { 'Accept-Language': 'en' } });
    expect(response.status).toBe(404);
    expect(response.headers.get('_abperrorformat')).toBe('true');
    const body = (await response.json()) as { error: { message: string; details: unknown; validationErrors: unknown } };
    expect(body.error.message).toContain('There is no entity');
    expect(JSON.stringify(body)).not.toMatch(/at .*\.ts:\d+|select |stack/i);
  });

  it('refuses an unknown tenant with 404 and Abp-Tenant-Resolve-Error', async () => {
    const response = await fetch(`${server.url}/health/live`, { headers: { __tenant: 'no-such-tenant' } });
    expect(response.status).toBe(404);
    expect(response.headers.get('abp-tenant-resolve-error')).toContain('no-such-tenant');
    expect(response.headers.get('_abperrorformat')).toBe('true');
  });

  it('sends a strict CSP, nosniff and a referrer policy', async () => {
    const response = await fetch(`${server.url}/health/live`);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("base-uri 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBeTruthy();
  });
});
