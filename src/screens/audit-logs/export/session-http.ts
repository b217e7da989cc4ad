// The HTTP client of the signed-in session for screens outside the shell's own machines: the
// current access token and culture are read from the auth actor per request, and every call drives
// the loader bar, like the shell's client (system.ts). One client per running system.
// (A candidate for src/app/system.ts to expose once more screens need it.)
import { useMemo } from 'react';
import { createHttp, type Http } from '../../../api/http.ts';
import type { ShellSystem } from '../../../app/system.ts';
import { useSystem } from '../../../app/system-context.ts';

const clients = new WeakMap<ShellSystem, Http>();

export function sessionHttp(system: ShellSystem): Http {
  let http = clients.get(system);
  if (!http) {
    const { auth, pageLoader } = system;
    http = createHttp(
      {
        accessToken: () => auth.getSnapshot().context.session?.accessToken ?? null,
        culture: () =>
          auth.getSnapshot().context.configuration?.localization.currentCulture.cultureName ?? auth.getSnapshot().context.culture,
        // The token carries the tenant of a tenant user; the host has none.
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
