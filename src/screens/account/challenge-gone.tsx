// What the two-factor pages (spec 2.4) show once there is no pending challenge. The challenge is
// spent when its tokens are received, so: the sign-in it led to while that is under way; that
// sign-in's error when it failed (the application settings could not be loaded, …), with the way
// back to the login; otherwise (a reload, an expired step) that the step has to start again.
import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { authViewEqual, selectAuthView } from '../../app/auth-view.ts';
import { useSystem } from '../../app/system-context.ts';
import { stackClass } from '../../ui/index.ts';
import type { AccountTranslate } from './account-texts.ts';
import { Outcome, ServerError, Status } from './form-parts.tsx';

export function ChallengeGone({ t }: { t: AccountTranslate }) {
  const { auth } = useSystem();
  const view = useSelector(auth, selectAuthView, authViewEqual);
  if (view.status === 'busy') return <Status>{view.busyText}</Status>;
  if (view.status === 'signedOut' && view.errorText)
    return (
      <div className={stackClass}>
        <ServerError t={t} message={view.errorText} />
        <Link href="/account/login">{t('login')}</Link>
      </div>
    );
  return <Outcome status={t('loginFirst')} href="/account/login" link={t('login')} />;
}
