// The one HTTP client of the SPA (ofetch). Rules: every request carries the caller's bearer token
// when signed in, the UI culture as Accept-Language, the chosen tenant as `__tenant` (only when
// one is chosen: the host has none) and X-Requested-With so the server answers 401 rather than a
// login redirect. The values are read per request, so a sign-in or a tenant switch needs no new client.
// An optional observer hears each call start and end exactly once (success, HTTP error, network
// error, abort; retries inside one call count as one): the composition root turns it into the
// loading bar's `loader.start` / `loader.stop`, so this module knows no machines.
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

/** Told when a request made through the client starts and when it ends, however it ends. */
export interface RequestObserver {
  requestStarted(): void;
  requestEnded(): void;
}

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

export function createHttp(context: HttpContext, baseURL = '/', observer?: RequestObserver): Http {
  const client = ofetch.create({
    baseURL,
    onRequest({ options }) {
      const headers = new Headers(options.headers);
      for (const [name, value] of Object.entries(requestHeaders(context))) headers.set(name, value);
      options.headers = headers;
    },
  });
  return observer ? observed(client, observer) : client;
}

/** The same client, with every call (and `.raw` call) reported once to the observer. */
function observed(client: $Fetch, observer: RequestObserver): Http {
  const track = async <T>(call: () => Promise<T>): Promise<T> => {
    observer.requestStarted();
    try {
      return await call();
    } finally {
      observer.requestEnded();
    }
  };
  const wrapped = ((request, options) => track(() => client(request, options))) as $Fetch;
  wrapped.raw = (request, options) => track(() => client.raw(request, options));
  wrapped.native = (...args) => track(() => client.native(...args));
  wrapped.create = (defaults, globalOptions) => observed(client.create(defaults, globalOptions), observer);
  return wrapped;
}
