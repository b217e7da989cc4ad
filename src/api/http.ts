// The one HTTP client of the SPA (ofetch). Rules: every request carries the caller's bearer token
// when signed in, the UI culture as Accept-Language, the chosen tenant as `__tenant` (only when
// one is chosen: the host has none) and X-Requested-With so the server answers 401 rather than a
// login redirect. The values are read per request, so a sign-in or a tenant switch needs no new client.
import { type $Fetch, ofetch } from 'ofetch';

export interface HttpContext {
  /** The current access token, or null when signed out. */
  accessToken(): string | null;
  /** The UI culture name, e.g. "en" or "ar". */
  culture(): string;
  /** The chosen tenant id or name, or null for the host. */
  tenant(): string | null;
}

export type Http = $Fetch;

export function requestHeaders(context: HttpContext): Record<string, string> {
  const headers: Record<string, string> = {
    'Accept-Language': context.culture(),
    'X-Requested-With': 'XMLHttpRequest',
  };
  const token = context.accessToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const tenant = context.tenant();
  if (tenant) headers.__tenant = tenant;
  return headers;
}

export function createHttp(context: HttpContext, baseURL = '/'): Http {
  return ofetch.create({
    baseURL,
    onRequest({ options }) {
      const headers = new Headers(options.headers);
      for (const [name, value] of Object.entries(requestHeaders(context))) headers.set(name, value);
      options.headers = headers;
    },
  });
}
