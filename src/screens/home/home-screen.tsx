// Home (spec 2.1 '/'): for everyone. Signed out, an invitation to sign in; signed in, who the user
// is. Render-only: reads the auth view model and sends auth events. The auth machine's error is the
// application layout's (shown on every page of it, this one included).
import { useSelector } from '@xstate/react';
import { authViewEqual, selectAuthView } from '../../app/auth-view.ts';
import { useSystem } from '../../app/system-context.ts';
import { useTexts } from '../../app/use-texts.ts';

export default function HomeScreen() {
  const { auth } = useSystem();
  const t = useTexts();
  const view = useSelector(auth, selectAuthView, authViewEqual);
  return (
    <div className="page" aria-busy={view.status === 'busy'}>
      <h1>{t('app.name')}</h1>
      <p role="status" className="status">
        {view.busyText}
      </p>
      {view.status === 'signedOut' && (
        <section aria-labelledby="signed-out-heading">
          <h2 id="signed-out-heading">{t('home.title')}</h2>
          <p>{t('home.signedOut')}</p>
          <button type="button" disabled={!view.canSignIn} onClick={() => auth.send({ type: 'auth.signIn' })}>
            {t('home.signIn')}
          </button>
        </section>
      )}
      {view.status === 'signedIn' && (
        <section aria-labelledby="signed-in-heading">
          <h2 id="signed-in-heading">{t('home.title')}</h2>
          <p>{t('home.signedIn', view.userName)}</p>
          <dl>
            <dt>{t('home.userName')}</dt>
            <dd>{view.userName}</dd>
            {view.email && (
              <>
                <dt>{t('home.email')}</dt>
                <dd>{view.email}</dd>
              </>
            )}
            <dt>{t('home.tenant')}</dt>
            <dd>{view.tenantName ?? t('user.host')}</dd>
          </dl>
          <button type="button" disabled={!view.canSignOut} onClick={() => auth.send({ type: 'auth.signOut' })}>
            {t('user.logout')}
          </button>
        </section>
      )}
    </div>
  );
}
