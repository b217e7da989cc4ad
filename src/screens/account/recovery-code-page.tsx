// /account/login-with-recovery-code (spec 2.4): the two-factor step with one of the recovery codes
// saved at authenticator setup (each works once); retries the pending challenge's password grant.
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { Link } from 'wouter';
import { shallowEqual } from '../../app/shell-view.ts';
import { useSystem } from '../../app/system-context.ts';
import { useAreaTexts } from '../../app/use-area-texts.ts';
import { Button, stackClass } from '../../ui/index.ts';
import { requiredErrors } from './account-rules.ts';
import { accountTexts } from './account-texts.ts';
import { selectAccountView } from './account-view.ts';
import { Field, ServerError, Status } from './form-parts.tsx';
import type { GrantOutcome } from './login-page.tsx';
import { retryWithSecondFactor } from './two-factor.ts';
import { useFormSubmit } from './use-form-submit.ts';

// Busy: the form is aria-busy and its submit disabled (react-aria's isPending spinner announces through
// a live region that outlives the button, leaving an unnamed image behind when the page moves on).
export default function RecoveryCodePage() {
  const system = useSystem();
  const t = useAreaTexts(accountTexts);
  const view = useSelector(system.auth, selectAccountView, shallowEqual);
  const challenge = view.twoFactor;
  const [recoveryCode, setRecoveryCode] = useState('');
  const form = useFormSubmit<GrantOutcome>(
    async (values) => {
      if (!challenge) throw new Error('no challenge');
      return retryWithSecondFactor(system, challenge, view.culture, { RecoveryCode: String(values.recoveryCode).trim() });
    },
    (outcome) => {
      if (outcome.kind === 'tokens')
        system.auth.send({
          type: 'auth.tokensReceived',
          tokens: outcome.tokens,
          receivedAt: outcome.receivedAt,
          returnUrl: challenge?.returnUrl,
        });
    },
  );
  if (!challenge)
    return (
      <div className={stackClass}>
        <Status>{t('loginFirst')}</Status>
        <Link href="/account/login">{t('login')}</Link>
      </div>
    );
  return (
    <form
      className={stackClass}
      noValidate
      aria-busy={form.view.isBusy || undefined}
      onSubmit={(event) => {
        event.preventDefault();
        const errors = requiredErrors(t, { recoveryCode }, { recoveryCode: t('recoveryCode') });
        form.actor.send({ type: 'form.submit', values: { recoveryCode }, errors });
      }}
    >
      <p>{t('recoveryCodeHint')}</p>
      <ServerError t={t} message={form.view.serverError} />
      <Field
        name="recoveryCode"
        label={t('recoveryCode')}
        autoComplete="off"
        autoFocus
        value={recoveryCode}
        onChange={(_, value) => {
          setRecoveryCode(value);
          form.actor.send({ type: 'form.edit' });
        }}
        error={form.view.fieldErrors.recoveryCode}
      />
      <Button type="submit" isDisabled={form.view.isBusy}>
        {t('login')}
      </Button>
    </form>
  );
}
