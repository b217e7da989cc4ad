// Whether the page paints or goes straight to the identity server (issue 18), decided before React
// loads. Rules:
// - A guarded route opened without a session, in the code flow, sends `auth.signIn` from here with
//   the requested address, exactly as App would on its first render, and loads no React: the browser
//   leaves for the login page. Any other page (an open route, a session being restored, the password
//   flow whose login page is an SPA route) loads React at once.
// - The decision waits only for the stored session to be read (loadUser, local storage): every state
//   after it but signedOut means a session, so the dashboard's chunks do not wait for the network.
// - When the redirect does not happen (it failed or timed out: signedOut with its error), the page
//   renders, and App shows the error with its Sign in button instead of starting a second redirect
//   for the same address (`signInStartedBeforeRender`).
import type { ActorRefFrom } from 'xstate';
import type { AuthMachine } from '../../machines/session/auth.machine.ts';
import { anonymousAccess } from './access.ts';
import { guardRoute } from './routes.ts';

/** The address whose sign-in redirect start-up sent (App's first render would have sent it). */
let startedFor: string | null = null;

/** Whether start-up already sent the sign-in for `requested`; any other address forgets it. */
export function signInStartedBeforeRender(requested: string | null): boolean {
  if (requested !== null && requested === startedFor) return true;
  startedFor = null;
  return false;
}

/** Calls `paint` once the page is to paint (at once unless a sign-in redirect may come first). */
export function startPage(auth: ActorRefFrom<AuthMachine>, location: Location, paint: () => void): void {
  if (guardRoute(location.pathname, anonymousAccess).kind !== 'signIn') {
    paint();
    return;
  }
  const requested = `${location.pathname}${location.search}`;
  let painted = false;
  const subscription = auth.subscribe((snapshot) => decide(snapshot));
  function decide(snapshot: ReturnType<typeof auth.getSnapshot>) {
    if (painted || snapshot.matches('checking') || snapshot.matches('loadingUser') || snapshot.matches('redirectingToLogin')) return;
    if (snapshot.matches('signedOut') && snapshot.context.flow === 'code' && startedFor === null) {
      startedFor = requested;
      auth.send({ type: 'auth.signIn', returnUrl: requested });
      return;
    }
    painted = true;
    subscription.unsubscribe();
    paint();
  }
  decide(auth.getSnapshot());
}
