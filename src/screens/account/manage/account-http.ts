// The session's HTTP client for the account screens, plus one rule: a 401 means the session may
// have ended under the page (revoked from another browser, signed out elsewhere), so the auth machine
// re-reads the configuration; a revoked session then reads as signed out and the guarded route sends
// the user to login (spec 5, error catalogue). Other errors stay with the caller.
import { useMemo } from 'react';
import type { Http } from '../../../api/http.ts';
import type { ShellSystem } from '../../../app/system.ts';
import { useSystem } from '../../../app/system-context.ts';
import { sessionHttp } from '../../../app/use-session-http.ts';

const clients = new WeakMap<ShellSystem, Http>();

export function accountHttp(system: ShellSystem): Http {
  let http = clients.get(system);
  if (!http) {
    http = sessionHttp(system).create({
      onResponseError({ response }) {
        if (response.status === 401) system.auth.send({ type: 'auth.reloadConfiguration' });
      },
    });
    clients.set(system, http);
  }
  return http;
}

export function useAccountHttp(): Http {
  const system = useSystem();
  return useMemo(() => accountHttp(system), [system]);
}
