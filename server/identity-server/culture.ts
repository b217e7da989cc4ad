// What the Fastify pipeline resolved for a request (culture, correlation id) handed to code that
// runs inside oidc-provider, which only sees the raw Node request. mount.ts attaches it.
import type { IncomingMessage } from 'node:http';
import type { KoaContextWithOIDC } from 'oidc-provider';
import type { LocalizableText } from '../errors.ts';
import { defaultCulture, localizeWith, type TextOverrides } from '../localization/index.ts';

export interface RequestInfo {
  culture?: string;
  correlationId?: string;
  /** The request's owner's (host or tenant) edits of its culture, as the request pipeline loaded them. */
  textOverrides?: TextOverrides | null;
}

export const requestInfo = (req: IncomingMessage): RequestInfo => req as IncomingMessage & RequestInfo;

export const cultureOfKoa = (koa: KoaContextWithOIDC): string => requestInfo(koa.req).culture ?? defaultCulture;

/** A text of a page or error oidc-provider answers with, in the request's culture with the owner's edits (ADR 0018). */
export const localizeKoa = (koa: KoaContextWithOIDC, text: LocalizableText | string, ...params: Array<string | number>): string =>
  localizeWith(requestInfo(koa.req).textOverrides, cultureOfKoa(koa), text, ...params);
