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
import { Button, stackClass } from '../../ui/index.ts';
import { type FormValues, merge, newPasswordErrors, requiredErrors } from './account-rules.ts';
import { accountTexts } from './account-texts.ts';
import { selectAccountView } from './account-view.ts';
import { Field, ServerError, Status } from './form-parts.tsx';
import { httpForTenant, linkQueryOf } from './link-query.ts';
import { useFormSubmit } from './use-form-submit.ts';

// Busy: the form is aria-busy and its submit disabled (react-aria's isPending spinner announces through
// a live region that outlives the button, leaving an unnamed image behind when the page moves on).
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
  const [values, setValues] = useState<FormValues>({ password: '', confirmPassword: '' });
  const form = useFormSubmit(
    (submitted) => resetPassword(http, { userId: link?.userId ?? '', resetToken: link?.token ?? '', password: String(submitted.password) }),
    () => {},
  );
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
  if (form.view.isDone)
    return (
      <div className={stackClass}>
        <Status>{t('passwordReset')}</Status>
        <Link href="/account/login">{t('login')}</Link>
      </div>
    );
  const change = (name: string, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    form.actor.send({ type: 'form.edit' });
  };
  const errors = form.view.fieldErrors;
  return (
    <form
      className={stackClass}
      noValidate
      aria-busy={form.view.isBusy || undefined}
      onSubmit={(event) => {
        event.preventDefault();
        const required = requiredErrors(t, values, { password: t('newPassword'), confirmPassword: t('confirmPassword') });
        form.actor.send({ type: 'form.submit', values, errors: merge(required, newPasswordErrors(t, values, view.passwordMinLength)) });
      }}
    >
      <ServerError t={t} message={form.view.serverError} />
      <Field
        name="password"
        label={t('newPassword')}
        type="password"
        autoComplete="new-password"
        autoFocus
        value={String(values.password)}
        onChange={change}
        error={errors.password}
      />
      <Field
        name="confirmPassword"
        label={t('confirmPassword')}
        type="password"
        autoComplete="new-password"
        value={String(values.confirmPassword)}
        onChange={change}
        error={errors.confirmPassword}
      />
      <Button type="submit" isDisabled={form.view.isBusy}>
        {t('submit')}
      </Button>
    </form>
  );
}
