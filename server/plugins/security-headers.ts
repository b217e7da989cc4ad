// Security headers on every response: a strict CSP (no inline script, no framing, base-uri self),
// nosniff and a referrer policy. Form posts may only go to this server (the login page).
import type { FastifyHelmetOptions } from '@fastify/helmet';
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
