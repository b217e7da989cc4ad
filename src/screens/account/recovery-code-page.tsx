// /account/login-with-recovery-code (spec 2.4): the two-factor step with one of the recovery codes
// saved at authenticator setup (each works once); retries the pending challenge's password grant.
import { useSelector } from '@xstate/react';
import { shallowEqual } from '../../app/shell-view.ts';
import { useSystem } from '../../app/system-context.ts';
import { useAreaTexts } from '../../app/use-area-texts.ts';
import { requiredErrors } from './account-rules.ts';
import { accountTexts } from './account-texts.ts';
import { selectAccountView } from './account-view.ts';
import { ChallengeGone } from './challenge-gone.tsx';
import { AccountForm, Field, SubmitButton } from './form-parts.tsx';
import type { GrantOutcome } from './login-page.tsx';
import { retryWithSecondFactor, signInWithSecondFactor } from './two-factor.ts';
import { useFormFields, useFormSubmit } from './use-form-submit.ts';

export default function RecoveryCodePage() {
  const system = useSystem();
  const t = useAreaTexts(accountTexts);
  const view = useSelector(system.auth, selectAccountView, shallowEqual);
  const challenge = view.twoFactor;
  const form = useFormSubmit<GrantOutcome>(
    async (values) => {
      if (!challenge) throw new Error('no challenge');
      return retryWithSecondFactor(system, challenge, view.culture, { RecoveryCode: String(values.recoveryCode).trim() });
    },
    (outcome) => signInWithSecondFactor(system, challenge, outcome),
  );
  const { values, bind } = useFormFields(form, { recoveryCode: '' });
  if (!challenge) return <ChallengeGone t={t} />;
  return (
    <AccountForm
      t={t}
      form={form}
      hint={t('recoveryCodeHint')}
      onSubmit={() => {
        const errors = requiredErrors(t, values, { recoveryCode: t('recoveryCode') });
        form.actor.send({ type: 'form.submit', values, errors });
      }}
    >
      <Field label={t('recoveryCode')} autoComplete="off" autoFocus {...bind('recoveryCode')} />
      <SubmitButton form={form}>{t('login')}</SubmitButton>
    </AccountForm>
  );
}
