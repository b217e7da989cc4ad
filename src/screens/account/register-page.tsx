// /account/register (spec 2.4, 7.9): user name, e-mail and password under the policy's length (the
// server checks the whole policy and self-registration); the new account then confirms its e-mail
// from the message the server sends, and logs in.
import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { register } from '../../api/account.ts';
import { shallowEqual } from '../../app/shell-view.ts';
import { useSystem } from '../../app/system-context.ts';
import { useAreaTexts } from '../../app/use-area-texts.ts';
import { emailError, merge, newPasswordErrors, requiredErrors } from './account-rules.ts';
import { accountTexts } from './account-texts.ts';
import { selectAccountView } from './account-view.ts';
import { AccountForm, CaptchaPlaceholder, Field, Outcome, SubmitButton } from './form-parts.tsx';
import { useFormFields, useFormSubmit } from './use-form-submit.ts';

export default function RegisterPage() {
  const system = useSystem();
  const t = useAreaTexts(accountTexts);
  const view = useSelector(system.auth, selectAccountView, shallowEqual);
  const form = useFormSubmit(
    (submitted) =>
      register(system.http, {
        userName: String(submitted.userName).trim(),
        emailAddress: String(submitted.emailAddress).trim(),
        password: String(submitted.password),
        appName: system.clientId,
      }),
    () => {},
  );
  const { values, bind } = useFormFields(form, { userName: '', emailAddress: '', password: '' });
  if (form.view.isDone) return <Outcome status={t('registered')} href="/account/login" link={t('login')} />;
  return (
    <AccountForm
      t={t}
      form={form}
      onSubmit={() => {
        const email = emailError(t, String(values.emailAddress));
        const required = requiredErrors(t, values, { userName: t('userName'), emailAddress: t('emailAddress'), password: t('password') });
        const errors = merge(required, email ? { emailAddress: email } : {}, newPasswordErrors(t, values, view.passwordMinLength));
        form.actor.send({ type: 'form.submit', values, errors });
      }}
    >
      <Field label={t('userName')} autoComplete="username" autoFocus {...bind('userName')} />
      <Field label={t('emailAddress')} type="email" autoComplete="email" {...bind('emailAddress')} />
      <Field label={t('password')} type="password" autoComplete="new-password" {...bind('password')} />
      <CaptchaPlaceholder t={t} isRequired={view.captchaOn.registration} />
      <SubmitButton form={form}>{t('register')}</SubmitButton>
      <p>
        {t('alreadyRegistered')} <Link href="/account/login">{t('login')}</Link>
      </p>
    </AccountForm>
  );
}
