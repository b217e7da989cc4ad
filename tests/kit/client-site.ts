// A relying party's own web site for the end-to-end specs: a plain HTTP server on its own origin
// (http://localhost:<port>; the test server is http://127.0.0.1:<port>, so the two are different
// origins and the client is outside the server's CORS origins). Every GET answers a small page whose
// heading is "client page" and is recorded, so a spec can see that the browser got there (a redirect
// with a code, a front-channel logout iframe) without intercepting requests: Playwright's page.route
// does not see the later hops of a redirect chain.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ClientSite {
  /** The site's origin, e.g. http://localhost:41234 (no trailing slash). */
  url: string;
  /** Every request the site answered (path and query), in order. */
  requests: URL[];
  close(): Promise<void>;
}

export async function startClientSite(): Promise<ClientSite> {
  const requests: URL[] = [];
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    requests.push(url);
    if (url.pathname === '/favicon.ico') {
      response.writeHead(404).end();
      return;
    }
    response
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
      .end('<!doctype html><html lang="en"><head><title>client</title></head><body><main><h1>client page</h1></main></body></html>');
  });
  // No host: both IPv4 and IPv6 where the machine has it, as Chromium may resolve localhost to either.
  await new Promise<void>((resolve) => server.listen(0, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
