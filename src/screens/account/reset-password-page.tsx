// /account/reset-password?userId&resetToken[&__tenant] (spec 2.4, 7.9): the link is checked first
// (verify-password-reset-token); a valid one shows the new password and its confirmation, checked
// against the policy's length here and the whole policy by the server.
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { resetPassword, verifyPasswordResetToken } from '../../api/account.ts';
import { shallowEqual } from '../../app/shell-view.ts';
import { useSystem } from '../../app/system-context.ts';
import { useAreaTexts } from '../../app/use-area-texts.ts';
import { stackClass } from '../../ui/index.ts';
import { merge, newPasswordErrors, requiredErrors } from './account-rules.ts';
import { accountTexts } from './account-texts.ts';
import { selectAccountView } from './account-view.ts';
import { AccountForm, Field, Outcome, Status, SubmitButton } from './form-parts.tsx';
import { httpForTenant, linkQueryOf } from './link-query.ts';
import { useFormFields, useFormSubmit } from './use-form-submit.ts';

export default function ResetPasswordPage() {
  const system = useSystem();
  const t = useAreaTexts(accountTexts);
  const view = useSelector(system.auth, selectAccountView, shallowEqual);
  const link = linkQueryOf(useSearch(), 'resetToken');
  const http = httpForTenant(system.http, link?.tenant ?? null);
  const [valid, setValid] = useState<boolean | null>(null);
  const verify = useFormSubmit(
    async () => (link ? verifyPasswordResetToken(http, { userId: link.userId, resetToken: link.token }) : false),
    (isValid) => setValid(isValid === true),
  );
  const form = useFormSubmit(
    (submitted) => resetPassword(http, { userId: link?.userId ?? '', resetToken: link?.token ?? '', password: String(submitted.password) }),
    () => {},
  );
  const { values, bind } = useFormFields(form, { password: '', confirmPassword: '' });
  useEffect(() => {
    verify.actor.send({ type: 'form.submit', values: {}, errors: {} });
  }, [verify.actor]);

  if (!link || valid === false || verify.view.serverError !== null)
    return (
      <div className={stackClass}>
        <p role="alert" className="account-error">
          {t('invalidResetLink')}
        </p>
        <Link href="/account/forgot-password">{t('forgotPassword')}</Link>
      </div>
    );
  if (valid === null) return <Status>{t('checkingLink')}</Status>;
  if (form.view.isDone) return <Outcome status={t('passwordReset')} href="/account/login" link={t('login')} />;
  return (
    <AccountForm
      t={t}
      form={form}
      onSubmit={() => {
        const required = requiredErrors(t, values, { password: t('newPassword'), confirmPassword: t('confirmPassword') });
        form.actor.send({ type: 'form.submit', values, errors: merge(required, newPasswordErrors(t, values, view.passwordMinLength)) });
      }}
    >
      <Field label={t('newPassword')} type="password" autoComplete="new-password" autoFocus {...bind('password')} />
      <Field label={t('confirmPassword')} type="password" autoComplete="new-password" {...bind('confirmPassword')} />
      <SubmitButton form={form}>{t('submit')}</SubmitButton>
    </AccountForm>
  );
}
