// /account/send-security-code (spec 2.4, 7.9): the two-factor step of a password-flow sign-in. The
// user's providers are loaded for the pending challenge; Email (or Phone) sends a code first, the
// Authenticator app needs none; the code (and remember this browser) retries the grant, whose
// tokens sign in. Without a pending challenge (a reload, an expired step) the user logs in again.
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { getTwoFactorProviders, sendTwoFactorCode } from '../../api/account.ts';
import { shallowEqual } from '../../app/shell-view.ts';
import { useSystem } from '../../app/system-context.ts';
import { useAreaTexts } from '../../app/use-area-texts.ts';
import { Button, Checkbox, RadioGroup } from '../../ui/index.ts';
import { requiredErrors } from './account-rules.ts';
import { accountTexts } from './account-texts.ts';
import { selectAccountView } from './account-view.ts';
import { ChallengeGone } from './challenge-gone.tsx';
import { AccountForm, Field, Status, SubmitButton } from './form-parts.tsx';
import { httpForTenant } from './link-query.ts';
import type { GrantOutcome } from './login-page.tsx';
import { retryWithSecondFactor, signInWithSecondFactor } from './two-factor.ts';
import { useFormFields, useFormSubmit } from './use-form-submit.ts';

const knownProviders = new Set(['Email', 'Authenticator', 'Phone']);

export default function SendSecurityCodePage() {
  const system = useSystem();
  const t = useAreaTexts(accountTexts);
  const view = useSelector(system.auth, selectAccountView, shallowEqual);
  const challenge = view.twoFactor;
  const http = httpForTenant(system.http, challenge?.tenantId ?? null);
  const [providers, setProviders] = useState<string[]>([]);
  const [provider, setProvider] = useState('');
  const [rememberBrowser, setRememberBrowser] = useState(false);
  const load = useFormSubmit(
    async () => (challenge ? getTwoFactorProviders(http, { userId: challenge.userId, token: challenge.twoFactorToken }) : []),
    (list) => {
      setProviders(list);
      setProvider((current) => current || list[0] || '');
    },
  );
  const send = useFormSubmit(
    async (values) => {
      if (challenge)
        await sendTwoFactorCode(http, { userId: challenge.userId, token: challenge.twoFactorToken, provider: String(values.provider) });
    },
    () => {},
  );
  const verify = useFormSubmit<GrantOutcome>(
    async (values) => {
      if (!challenge) throw new Error('no challenge');
      const extra: Record<string, string> = { TwoFactorProvider: String(values.provider), TwoFactorCode: String(values.code).trim() };
      if (values.rememberBrowser === true) extra.RememberBrowser = 'true';
      return retryWithSecondFactor(system, challenge, view.culture, extra);
    },
    (outcome) => signInWithSecondFactor(system, challenge, outcome),
  );
  const { values, bind } = useFormFields(verify, { code: '' });
  useEffect(() => {
    load.actor.send({ type: 'form.submit', values: {}, errors: {} });
  }, [load.actor]);

  if (!challenge) return <ChallengeGone t={t} />;
  const needsSending = provider !== '' && provider !== 'Authenticator';
  const label = (name: string) => (knownProviders.has(name) ? t(`provider.${name}` as 'provider.Email') : name);
  return (
    <AccountForm
      t={t}
      form={verify}
      hint={t('twoFactorHint')}
      serverError={load.view.serverError ?? send.view.serverError ?? verify.view.serverError}
      onSubmit={() => {
        const submitted = { provider, code: values.code, rememberBrowser };
        verify.actor.send({ type: 'form.submit', values: submitted, errors: requiredErrors(t, values, { code: t('code') }) });
      }}
    >
      {providers.length > 0 && (
        <RadioGroup
          label={t('provider')}
          value={provider}
          onChange={(value) => {
            setProvider(value);
            send.actor.send({ type: 'form.reset' });
          }}
          options={providers.map((name) => ({ id: name, label: label(name) }))}
        />
      )}
      {needsSending && (
        <Button
          variant="secondary"
          isDisabled={send.view.isBusy}
          onPress={() => send.actor.send({ type: 'form.submit', values: { provider }, errors: {} })}
        >
          {t('sendCode')}
        </Button>
      )}
      {needsSending && send.view.isDone && <Status>{t('codeSent')}</Status>}
      {provider === 'Authenticator' && <p>{t('authenticatorHint')}</p>}
      <Field label={t('code')} autoComplete="one-time-code" {...bind('code')} />
      {view.isRememberBrowserEnabled && (
        <Checkbox isSelected={rememberBrowser} onChange={setRememberBrowser}>
          {t('rememberBrowser')}
        </Checkbox>
      )}
      <SubmitButton form={verify} isDisabled={!provider}>
        {t('verify')}
      </SubmitButton>
      <Link href="/account/login-with-recovery-code">{t('useRecoveryCode')}</Link>
    </AccountForm>
  );
}
