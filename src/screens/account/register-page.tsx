// /account/register (spec 2.4, 7.9): user name, e-mail and password under the policy's length (the
// server checks the whole policy and self-registration); the new account then confirms its e-mail
// from the message the server sends, and logs in.
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { Link } from 'wouter';
import { register } from '../../api/account.ts';
import { shallowEqual } from '../../app/shell-view.ts';
import { useSystem } from '../../app/system-context.ts';
import { useAreaTexts } from '../../app/use-area-texts.ts';
import { Button, stackClass } from '../../ui/index.ts';
import { emailError, type FormValues, merge, newPasswordErrors, requiredErrors } from './account-rules.ts';
import { accountTexts } from './account-texts.ts';
import { selectAccountView } from './account-view.ts';
import { CaptchaPlaceholder, Field, ServerError, Status } from './form-parts.tsx';
import { useFormSubmit } from './use-form-submit.ts';

// Busy: the form is aria-busy and its submit disabled (react-aria's isPending spinner announces through
// a live region that outlives the button, leaving an unnamed image behind when the page moves on).
export default function RegisterPage() {
  const system = useSystem();
  const t = useAreaTexts(accountTexts);
  const view = useSelector(system.auth, selectAccountView, shallowEqual);
  const [values, setValues] = useState<FormValues>({ userName: '', emailAddress: '', password: '' });
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
  if (form.view.isDone)
    return (
      <div className={stackClass}>
        <Status>{t('registered')}</Status>
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
        const email = emailError(t, String(values.emailAddress));
        const required = requiredErrors(t, values, { userName: t('userName'), emailAddress: t('emailAddress'), password: t('password') });
        const errors = merge(required, email ? { emailAddress: email } : {}, newPasswordErrors(t, values, view.passwordMinLength));
        form.actor.send({ type: 'form.submit', values, errors });
      }}
    >
      <ServerError t={t} message={form.view.serverError} />
      <Field
        name="userName"
        label={t('userName')}
        autoComplete="username"
        autoFocus
        value={String(values.userName)}
        onChange={change}
        error={errors.userName}
      />
      <Field
        name="emailAddress"
        label={t('emailAddress')}
        type="email"
        autoComplete="email"
        value={String(values.emailAddress)}
        onChange={change}
        error={errors.emailAddress}
      />
      <Field
        name="password"
        label={t('password')}
        type="password"
        autoComplete="new-password"
        value={String(values.password)}
        onChange={change}
        error={errors.password}
      />
      <CaptchaPlaceholder t={t} isRequired={view.captchaOn.registration} />
      <Button type="submit" isDisabled={form.view.isBusy}>
        {t('register')}
      </Button>
      <p>
        {t('alreadyRegistered')} <Link href="/account/login">{t('login')}</Link>
      </p>
    </form>
  );
}
