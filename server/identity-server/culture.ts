// What the Fastify pipeline resolved for a request (culture, correlation id) handed to code that
// runs inside oidc-provider, which only sees the raw Node request. mount.ts attaches it.
import type { IncomingMessage } from 'node:http';
import type { KoaContextWithOIDC } from 'oidc-provider';
import { defaultCulture } from '../localization/index.ts';

export interface RequestInfo {
  culture?: string;
  correlationId?: string;
}

export const requestInfo = (req: IncomingMessage): RequestInfo => req as IncomingMessage & RequestInfo;

export const cultureOfKoa = (koa: KoaContextWithOIDC): string => requestInfo(koa.req).culture ?? defaultCulture;
