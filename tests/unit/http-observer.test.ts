// The HTTP client's request observer against a real local HTTP server: each call reports one start
// and one end, whether it succeeds, gets an HTTP error, fails on the network or is aborted.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttp, type RequestObserver } from '../../src/api/http.ts';

let server: http.Server;
let baseUrl = '';

beforeAll(async () => {
  server = http.createServer((request, response) => {
    if (request.url === '/slow') return void setTimeout(() => response.end('{}'), 2000);
    response.statusCode = request.url === '/fail' ? 500 : 200;
    response.setHeader('content-type', 'application/json');
    response.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function counting() {
  const counts = { started: 0, ended: 0 };
  const observer: RequestObserver = { requestStarted: () => counts.started++, requestEnded: () => counts.ended++ };
  return { counts, observer };
}

const context = { accessToken: () => null, culture: () => 'en', tenant: () => null };

describe('http client request observer', () => {
  it('reports one start and one end for a 200', async () => {
    const { counts, observer } = counting();
    const client = createHttp(context, baseUrl, observer);
    const pending = client('/ok');
    expect(counts).toEqual({ started: 1, ended: 0 });
    await pending;
    expect(counts).toEqual({ started: 1, ended: 1 });
  });

  it('reports one start and one end for a 500, retries included', async () => {
    const { counts, observer } = counting();
    const client = createHttp(context, baseUrl, observer);
    await expect(client('/fail')).rejects.toThrow();
    await expect(client.raw('/fail', { retry: 2, retryDelay: 0 })).rejects.toThrow();
    expect(counts).toEqual({ started: 2, ended: 2 });
  });

  it('reports one start and one end for a network failure', async () => {
    const { counts, observer } = counting();
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const client = createHttp(context, `http://127.0.0.1:${port}/`, observer);
    await expect(client('/ok', { retry: 1, retryDelay: 0 })).rejects.toThrow();
    expect(counts).toEqual({ started: 1, ended: 1 });
  });

  it('reports one start and one end for an aborted request', async () => {
    const { counts, observer } = counting();
    const client = createHttp(context, baseUrl, observer);
    const controller = new AbortController();
    const pending = client('/slow', { signal: controller.signal, retry: 0 });
    controller.abort();
    await expect(pending).rejects.toThrow();
    expect(counts).toEqual({ started: 1, ended: 1 });
  });

  it('reports nothing without an observer and keeps the client usable', async () => {
    const client = createHttp(context, baseUrl);
    await expect(client('/ok')).resolves.toEqual({});
  });
});
