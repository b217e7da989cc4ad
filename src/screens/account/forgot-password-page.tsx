// /account/forgot-password (spec 2.4, 7.9): the account's e-mail address; the server mails a reset
// link when the address belongs to an account and answers the same either way (no enumeration), so
// the page says the same either way.
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { Link } from 'wouter';
import { sendPasswordResetCode } from '../../api/account.ts';
import { shallowEqual } from '../../app/shell-view.ts';
import { useSystem } from '../../app/system-context.ts';
import { useAreaTexts } from '../../app/use-area-texts.ts';
import { Button, stackClass } from '../../ui/index.ts';
import { emailError, merge, requiredErrors } from './account-rules.ts';
import { accountTexts } from './account-texts.ts';
import { selectAccountView } from './account-view.ts';
import { CaptchaPlaceholder, Field, ServerError, Status } from './form-parts.tsx';
import { useFormSubmit } from './use-form-submit.ts';

// Busy: the form is aria-busy and its submit disabled (react-aria's isPending spinner announces through
// a live region that outlives the button, leaving an unnamed image behind when the page moves on).
export default function ForgotPasswordPage() {
  const system = useSystem();
  const t = useAreaTexts(accountTexts);
  const view = useSelector(system.auth, selectAccountView, shallowEqual);
  const [email, setEmail] = useState('');
  const form = useFormSubmit(
    (submitted) => sendPasswordResetCode(system.http, { email: String(submitted.email).trim(), appName: system.clientId }),
    () => {},
  );
  if (form.view.isDone)
    return (
      <div className={stackClass}>
        <Status>{t('resetLinkSent')}</Status>
        <Link href="/account/login">{t('backToLogin')}</Link>
      </div>
    );
  return (
    <form
      className={stackClass}
      noValidate
      aria-busy={form.view.isBusy || undefined}
      onSubmit={(event) => {
        event.preventDefault();
        const invalid = emailError(t, email);
        const errors = merge(requiredErrors(t, { email }, { email: t('emailAddress') }), invalid ? { email: invalid } : {});
        form.actor.send({ type: 'form.submit', values: { email }, errors });
      }}
    >
      <p>{t('forgotHint')}</p>
      <ServerError t={t} message={form.view.serverError} />
      <Field
        name="email"
        label={t('emailAddress')}
        type="email"
        autoComplete="email"
        autoFocus
        value={email}
        onChange={(_, value) => {
          setEmail(value);
          form.actor.send({ type: 'form.edit' });
        }}
        error={form.view.fieldErrors.email}
      />
      <CaptchaPlaceholder t={t} isRequired={view.captchaOn.forgotPassword} />
      <Button type="submit" isDisabled={form.view.isBusy}>
        {t('submit')}
      </Button>
      <Link href="/account/login">{t('backToLogin')}</Link>
    </form>
  );
}
