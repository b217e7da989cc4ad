// The HTTP client of the audit screens: the app's client (src/api/http.ts) reading the signed-in
// user's token and culture per request from the auth actor, and driving the page's loading bar.
import { useMemo } from 'react';
import { createHttp, type Http } from '../../api/http.ts';
import { selectCulture } from '../../app/shell-view.ts';
import { useSystem } from '../../app/system-context.ts';

export function useAuditHttp(): Http {
  const { auth, pageLoader } = useSystem();
  return useMemo(
    () =>
      createHttp(
        {
          accessToken: () => auth.getSnapshot().context.session?.accessToken ?? null,
          culture: () => selectCulture(auth.getSnapshot()),
          tenant: () => null,
        },
        '/',
        {
          requestStarted: () => pageLoader.send({ type: 'loader.start' }),
          requestEnded: () => pageLoader.send({ type: 'loader.stop' }),
        },
      ),
    [auth, pageLoader],
  );
}
