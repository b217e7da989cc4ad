// The foundation's only page: who is signed in, and the buttons to sign in and out. Render-only:
// it reads the auth view model and sends auth events; the machine and its actors do the rest.
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { AuthMachine } from '../../machines/session/auth.machine.ts';
import { texts } from '../i18n/fallback-texts.ts';
import { authViewEqual, selectAuthView } from './auth-view.ts';

export function HomePage({ auth }: { auth: ActorRefFrom<AuthMachine> }) {
  const view = useSelector(auth, selectAuthView, authViewEqual);
  return (
    <main className="page" aria-busy={view.status === 'busy'}>
      <h1>{texts.productName}</h1>
      {/* Always in the DOM, so screen readers announce what changes in it. */}
      <p role="status" className="status">
        {view.busyText}
      </p>
      {view.errorText && (
        <p role="alert" className="error">
          {view.errorText}
        </p>
      )}
      {view.status === 'signedOut' && (
        <section aria-labelledby="signed-out-heading">
          <h2 id="signed-out-heading">{texts.signedOut}</h2>
          <button type="button" disabled={!view.canSignIn} onClick={() => auth.send({ type: 'auth.signIn' })}>
            {texts.signIn}
          </button>
        </section>
      )}
      {view.status === 'signedIn' && (
        <section aria-labelledby="signed-in-heading">
          <h2 id="signed-in-heading">{texts.signedInAs}</h2>
          <dl>
            <dt>{texts.userName}</dt>
            <dd>{view.userName}</dd>
            {view.email && (
              <>
                <dt>{texts.email}</dt>
                <dd>{view.email}</dd>
              </>
            )}
            <dt>{texts.tenant}</dt>
            <dd>{view.tenantName ?? texts.host}</dd>
          </dl>
          <button type="button" disabled={!view.canSignOut} onClick={() => auth.send({ type: 'auth.signOut' })}>
            {texts.signOut}
          </button>
        </section>
      )}
    </main>
  );
}
