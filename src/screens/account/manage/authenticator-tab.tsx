// Authenticator app tab (spec 2.4, 7.9): the QR code of the otpauth URI and the key for manual
// entry, the verification code, the recovery codes shown once with a copy button, and the reset
// (after 'Are you sure?'). Render-only over the myAccountAuthenticator machine.
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { selectMyAccountAuthenticator } from '../../../../machines/account/my-account-authenticator.machine.ts';
import { requestConfirmation } from '../../../app/effects.ts';
import { inspectOptions } from '../../../app/inspection.ts';
import { useSystem } from '../../../app/system-context.ts';
import { Button, clusterClass, ErrorState, formActionsClass, LoadingState, showToast, stackClass, TextField } from '../../../ui/index.ts';
import type { authenticatorLogic } from './my-account-actors.ts';
import type { MyAccountTranslate } from './my-account-texts.ts';
import { QrCode } from './qr-code.tsx';
import { FailureMessage } from './tab-parts.tsx';

export function AuthenticatorTab({ t, logic }: { t: MyAccountTranslate; logic: ReturnType<typeof authenticatorLogic> }) {
  const { confirmAction } = useSystem();
  const actor = useActorRef(logic, inspectOptions());
  const view = useSelector(actor, selectMyAccountAuthenticator);
  useEffect(() => {
    const subscription = actor.on('authenticator.changed', (event) =>
      showToast({
        kind: event.enabled ? 'success' : 'info',
        title: t(event.enabled ? 'authenticator.enabledToast' : 'authenticator.resetToast'),
      }),
    );
    return () => subscription.unsubscribe();
  }, [actor, t]);

  if (view.step === 'checking' || view.step === 'loadingInfo' || view.step === 'resetting') return <LoadingState label={t('loading')} />;
  if (view.step === 'failed')
    return (
      <ErrorState
        title={t('loadFailed')}
        message={view.failure?.message ?? undefined}
        retryLabel={t('retry')}
        onRetry={() => actor.send({ type: 'retry' })}
      />
    );
  if (view.step === 'recoveryCodes')
    return (
      <section className={stackClass} aria-labelledby="recovery-codes-heading">
        <h3 id="recovery-codes-heading">{t('authenticator.codesTitle')}</h3>
        <p>{t('authenticator.codesIntro')}</p>
        <ul aria-label={t('authenticator.codesTitle')} className="recovery-codes">
          {view.recoveryCodes.map((code) => (
            <li key={code}>
              <code>{code}</code>
            </li>
          ))}
        </ul>
        <div className={clusterClass}>
          <Button
            variant="secondary"
            onPress={() => {
              void navigator.clipboard
                ?.writeText(view.recoveryCodes.join('\n'))
                .then(() => showToast({ kind: 'info', title: t('authenticator.copied') }))
                .catch(() => {});
            }}
          >
            {t('authenticator.copy')}
          </Button>
          <Button onPress={() => actor.send({ type: 'codes.done' })}>{t('authenticator.done')}</Button>
        </div>
      </section>
    );
  if (view.step === 'enabled')
    return (
      <div className={stackClass}>
        <FailureMessage failure={view.failure} fallback={t('failed')} />
        <p>{t('authenticator.enabled')}</p>
        <div className={formActionsClass}>
          <Button
            variant="danger"
            onPress={async () => {
              if (await requestConfirmation(confirmAction, t('authenticator.resetConfirm'))) actor.send({ type: 'authenticator.reset' });
            }}
          >
            {t('authenticator.reset')}
          </Button>
        </div>
      </div>
    );
  // setup and verifying
  return (
    <form
      className={stackClass}
      aria-busy={view.step === 'verifying' || undefined}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'code.submit' });
      }}
    >
      <p>{t('authenticator.intro')}</p>
      {view.info && <QrCode value={view.info.uri} label={t('authenticator.qr')} />}
      {view.info && <TextField label={t('authenticator.key')} value={view.info.key} isReadOnly />}
      <TextField
        label={t('authenticator.code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        isRequired
        value={view.code}
        onChange={(code) => actor.send({ type: 'code.change', code })}
        isInvalid={view.failure !== null}
        errorMessage={view.failure ? (view.failure.message ?? t('failed')) : undefined}
      />
      <div className={formActionsClass}>
        {/* Not isPending: the form leaves the page when the code is accepted, and react-aria's
            pending announcement would point at a button that no longer exists. */}
        <Button type="submit" isDisabled={!view.canVerify}>
          {t('authenticator.verify')}
        </Button>
      </div>
    </form>
  );
}
