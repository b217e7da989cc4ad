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
import { Button, Checkbox, RadioGroup, stackClass } from '../../ui/index.ts';
import { requiredErrors } from './account-rules.ts';
import { accountTexts } from './account-texts.ts';
import { selectAccountView } from './account-view.ts';
import { Field, ServerError, Status } from './form-parts.tsx';
import { httpForTenant } from './link-query.ts';
import type { GrantOutcome } from './login-page.tsx';
import { retryWithSecondFactor } from './two-factor.ts';
import { useFormSubmit } from './use-form-submit.ts';

const knownProviders = new Set(['Email', 'Authenticator', 'Phone']);

// Busy: the form is aria-busy and its submit disabled (react-aria's isPending spinner announces through
// a live region that outlives the button, leaving an unnamed image behind when the page moves on).
export default function SendSecurityCodePage() {
  const system = useSystem();
  const t = useAreaTexts(accountTexts);
  const view = useSelector(system.auth, selectAccountView, shallowEqual);
  const challenge = view.twoFactor;
  const http = httpForTenant(system.http, challenge?.tenantId ?? null);
  const [providers, setProviders] = useState<string[]>([]);
  const [provider, setProvider] = useState('');
  const [code, setCode] = useState('');
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
  useEffect(() => {
    load.actor.send({ type: 'form.submit', values: {}, errors: {} });
  }, [load.actor]);

  if (!challenge)
    return (
      <div className={stackClass}>
        <Status>{t('loginFirst')}</Status>
        <Link href="/account/login">{t('login')}</Link>
      </div>
    );
  const needsSending = provider !== '' && provider !== 'Authenticator';
  const label = (name: string) => (knownProviders.has(name) ? t(`provider.${name}` as 'provider.Email') : name);
  return (
    <form
      className={stackClass}
      noValidate
      aria-busy={verify.view.isBusy || undefined}
      onSubmit={(event) => {
        event.preventDefault();
        const values = { provider, code, rememberBrowser };
        verify.actor.send({ type: 'form.submit', values, errors: requiredErrors(t, { code }, { code: t('code') }) });
      }}
    >
      <p>{t('twoFactorHint')}</p>
      <ServerError t={t} message={load.view.serverError ?? send.view.serverError ?? verify.view.serverError} />
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
      <Field
        name="code"
        label={t('code')}
        autoComplete="one-time-code"
        value={code}
        onChange={(_, value) => {
          setCode(value);
          verify.actor.send({ type: 'form.edit' });
        }}
        error={verify.view.fieldErrors.code}
      />
      {view.isRememberBrowserEnabled && (
        <Checkbox isSelected={rememberBrowser} onChange={setRememberBrowser}>
          {t('rememberBrowser')}
        </Checkbox>
      )}
      <Button type="submit" isDisabled={!provider || verify.view.isBusy}>
        {t('verify')}
      </Button>
      <Link href="/account/login-with-recovery-code">{t('useRecoveryCode')}</Link>
    </form>
  );
}
