// /account/email-confirmation?userId&confirmationToken[&__tenant] (spec 2.4, 7.9): confirms the
// address once on arrival and says how it went; then the user can log in.
import { useEffect } from 'react';
import { Link, useSearch } from 'wouter';
import { confirmEmail } from '../../api/account.ts';
import { useSystem } from '../../app/system-context.ts';
import { useAreaTexts } from '../../app/use-area-texts.ts';
import { stackClass } from '../../ui/index.ts';
import { accountTexts } from './account-texts.ts';
import { Status } from './form-parts.tsx';
import { httpForTenant, linkQueryOf } from './link-query.ts';
import { useFormSubmit } from './use-form-submit.ts';

export default function EmailConfirmationPage() {
  const system = useSystem();
  const t = useAreaTexts(accountTexts);
  const link = linkQueryOf(useSearch(), 'confirmationToken');
  const confirm = useFormSubmit(
    async () => {
      if (!link) throw new Error('no link');
      await confirmEmail(httpForTenant(system.http, link.tenant), { userId: link.userId, token: link.token });
    },
    () => {},
  );
  useEffect(() => {
    confirm.actor.send({ type: 'form.submit', values: {}, errors: {} });
  }, [confirm.actor]);
  return (
    <div className={stackClass}>
      {confirm.view.isDone ? (
        <Status>{t('emailConfirmed')}</Status>
      ) : confirm.view.serverError !== null ? (
        <p role="alert" className="account-error">
          {confirm.view.serverError || t('emailConfirmationFailed')}
        </p>
      ) : (
        <Status>{t('confirmingEmail')}</Status>
      )}
      <Link href="/account/login">{t('login')}</Link>
    </div>
  );
}
