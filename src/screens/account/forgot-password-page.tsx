// /account/forgot-password (spec 2.4, 7.9): the account's e-mail address; the server mails a reset
// link when the address belongs to an account and answers the same either way (no enumeration), so
// the page says the same either way.
import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { sendPasswordResetCode } from '../../api/account.ts';
import { shallowEqual } from '../../app/shell-view.ts';
import { useSystem } from '../../app/system-context.ts';
import { useAreaTexts } from '../../app/use-area-texts.ts';
import { emailError, merge, requiredErrors } from './account-rules.ts';
import { accountTexts } from './account-texts.ts';
import { selectAccountView } from './account-view.ts';
import { AccountForm, CaptchaPlaceholder, Field, Outcome, SubmitButton } from './form-parts.tsx';
import { useFormFields, useFormSubmit } from './use-form-submit.ts';

export default function ForgotPasswordPage() {
  const system = useSystem();
  const t = useAreaTexts(accountTexts);
  const view = useSelector(system.auth, selectAccountView, shallowEqual);
  const form = useFormSubmit(
    (submitted) => sendPasswordResetCode(system.http, { email: String(submitted.email).trim(), appName: system.clientId }),
    () => {},
  );
  const { values, bind } = useFormFields(form, { email: '' });
  if (form.view.isDone) return <Outcome status={t('resetLinkSent')} href="/account/login" link={t('backToLogin')} />;
  return (
    <AccountForm
      t={t}
      form={form}
      hint={t('forgotHint')}
      onSubmit={() => {
        const invalid = emailError(t, values.email);
        const errors = merge(requiredErrors(t, values, { email: t('emailAddress') }), invalid ? { email: invalid } : {});
        form.actor.send({ type: 'form.submit', values, errors });
      }}
    >
      <Field label={t('emailAddress')} type="email" autoComplete="email" autoFocus {...bind('email')} />
      <CaptchaPlaceholder t={t} isRequired={view.captchaOn.forgotPassword} />
      <SubmitButton form={form}>{t('submit')}</SubmitButton>
      <Link href="/account/login">{t('backToLogin')}</Link>
    </AccountForm>
  );
}
