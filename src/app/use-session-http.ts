// The signed-in session's HTTP client for screens (the one client: no screen builds its own). Rules:
// - Built on the app's client (src/api/http.ts); the access token and the culture are read from the
//   auth actor per request, so a renewed token or a new language applies to the next call.
// - Every call drives the loader bar, like the shell's own requests (system.ts).
// - One client per running system (a WeakMap, not module state), so tests with their own system
//   get their own client. The token carries the tenant of a tenant user; the host sends none.
// - Screens with extra rules wrap it with `.create(...)` (e.g. the account screens' 401 rule).
import { useMemo } from 'react';
import { createHttp, type Http } from '../api/http.ts';
import { selectCulture } from './shell-view.ts';
import type { ShellSystem } from './system.ts';
import { useSystem } from './system-context.ts';

const clients = new WeakMap<ShellSystem, Http>();

export function sessionHttp(system: ShellSystem): Http {
  let http = clients.get(system);
  if (!http) {
    const { auth, pageLoader } = system;
    http = createHttp(
      {
        accessToken: () => auth.getSnapshot().context.session?.accessToken ?? null,
        culture: () => selectCulture(auth.getSnapshot()),
        tenant: () => null,
      },
      '/',
      { requestStarted: () => pageLoader.send({ type: 'loader.start' }), requestEnded: () => pageLoader.send({ type: 'loader.stop' }) },
    );
    clients.set(system, http);
  }
  return http;
}

export function useSessionHttp(): Http {
  const system = useSystem();
  return useMemo(() => sessionHttp(system), [system]);
}
