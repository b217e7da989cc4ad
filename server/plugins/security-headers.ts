// Security headers on every response: a strict CSP (no inline script, no framing, base-uri self),
// nosniff and a referrer policy. Form posts may only go to this server (the login page).
// The headers are helmet's for these options (no per-request nonces), so they are the same on every
// response: they are computed once at start-up by running @fastify/helmet on one probe request, and
// each request then sets the stored values in a synchronous hook. @fastify/helmet itself would
// rebuild helmet's middleware from the options on every request (issue 16: about 2 % of the
// server's time under load) for the same result.
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

export function securityHeaders(config: Config): FastifyHelmetOptions {
  const self = "'self'";
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: [self],
        scriptSrc: [self],
        styleSrc: [self],
        imgSrc: [self, 'data:', 'https://www.gravatar.com'],
        fontSrc: [self, 'data:'],
        connectSrc: [self],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: [self],
        formAction: [self, ...config.corsOrigins],
      },
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: config.issuer.startsWith('https:'),
  };
}

/** The headers (name as helmet spells it, value) that @fastify/helmet sets on a response for these options. */
export async function securityHeaderValues(options: FastifyHelmetOptions): Promise<Array<[string, string]>> {
  const probe = Fastify({ logger: false });
  let headers: Array<[string, string]> = [];
  await probe.register(helmet, options);
  // Runs after helmet's hooks (registered before it): what helmet put on the raw response.
  probe.addHook('onRequest', (_request, reply, done) => {
    // getRawHeaderNames keeps helmet's spelling of the names (OutgoingMessage, Node 15.13+).
    const raw = reply.raw as typeof reply.raw & { getRawHeaderNames(): string[] };
    headers = raw.getRawHeaderNames().map((name) => [name, String(raw.getHeader(name))]);
    done();
  });
  probe.get('/', (_request, reply) => reply.send(''));
  await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  if (!headers.length) throw new Error('helmet set no security headers');
  return headers;
}

/** Sets the security headers on every response (on the raw response, where helmet puts them). */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const headers = await securityHeaderValues(securityHeaders(config));
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}
