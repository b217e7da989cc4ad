// /account/login (spec 2.4, 4.1). Code flow: the identity server's login page is the login, so this
// page starts the redirect with the returnUrl. Password flow: user name or e-mail, password and
// remember me post the password grant (with the chosen tenant); the answer goes to the auth machine
// (tokens, or the two-factor challenge). Remember me off asks for no refresh token (offline_access),
// so the session ends with its access token. Signed in already: straight to the returnUrl. Signed
// out with the auth machine's error (the session ended, a refused renewal sent the user here): both
// flows show it, above the form or with the code flow's Login.
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { safeReturnUrl, type TwoFactorChallenge } from '../../../machines/session/auth.machine.ts';
import type { TokenResponse } from '../../../machines/session/tokens.ts';
import { passwordGrant } from '../../api/account.ts';
import { selectAuthView } from '../../app/auth-view.ts';
import { shallowEqual } from '../../app/shell-view.ts';
import { useSystem } from '../../app/system-context.ts';
import { useAreaTexts } from '../../app/use-area-texts.ts';
import { Button, Checkbox, stackClass } from '../../ui/index.ts';
import { merge, requiredErrors } from './account-rules.ts';
import { accountTexts } from './account-texts.ts';
import { selectAccountView } from './account-view.ts';
import { AccountForm, CaptchaPlaceholder, Field, Status, SubmitButton } from './form-parts.tsx';
import { scopeFor } from './scope.ts';
import { useFormFields, useFormSubmit } from './use-form-submit.ts';

export type GrantOutcome =
  | { kind: 'tokens'; tokens: TokenResponse; receivedAt: number }
  | { kind: 'twoFactor'; challenge: TwoFactorChallenge };

export default function LoginPage() {
  const system = useSystem();
  const { auth, config } = system;
  const t = useAreaTexts(accountTexts);
  const view = useSelector(auth, selectAccountView, shallowEqual);
  const returnUrl = safeReturnUrl(new URLSearchParams(useSearch()).get('returnUrl'));
  const [, navigate] = useLocation();
  const form = useFormSubmit<GrantOutcome>(
    async (submitted) => {
      const rememberMe = submitted.rememberMe === true;
      const grant = {
        clientId: system.clientId,
        scope: scopeFor(system.scope, rememberMe),
        userName: String(submitted.userNameOrEmail),
        password: String(submitted.password),
        tenantId: view.tenantId,
        culture: view.culture,
      };
      try {
        return { kind: 'tokens', tokens: await passwordGrant(system.issuer, grant), receivedAt: Date.now() };
      } catch (error) {
        const failure = error as { error_description?: string; userId?: string; twoFactorToken?: string };
        if (failure.error_description !== 'RequiresTwoFactor' || !failure.userId || !failure.twoFactorToken) throw error;
        const { userName, password, tenantId } = grant;
        return {
          kind: 'twoFactor',
          challenge: {
            userId: failure.userId,
            twoFactorToken: failure.twoFactorToken,
            userName,
            password,
            rememberMe,
            tenantId,
            returnUrl,
          },
        };
      }
    },
    (outcome) =>
      auth.send(
        outcome.kind === 'tokens'
          ? { type: 'auth.tokensReceived', tokens: outcome.tokens, receivedAt: outcome.receivedAt, returnUrl }
          : { type: 'auth.twoFactorRequired', challenge: outcome.challenge },
      ),
  );
  const { values, change, bind } = useFormFields(form, { userNameOrEmail: '', password: '', rememberMe: false as boolean });
  const isCodeFlow = config.authFlow === 'code';
  const signInError = useSelector(auth, (snapshot) => selectAuthView(snapshot).errorText);
  // Once per visit: a failed redirect comes back signed out with its error, and must not loop.
  const redirected = useRef(false);
  useEffect(() => {
    if (!isCodeFlow || view.status !== 'signedOut' || redirected.current) return;
    redirected.current = true;
    auth.send({ type: 'auth.signIn', returnUrl: returnUrl ?? undefined });
  }, [auth, isCodeFlow, view.status, returnUrl]);
  useEffect(() => {
    if (view.status === 'signedIn') navigate(returnUrl ?? '/', { replace: true });
  }, [view.status, returnUrl, navigate]);

  if (isCodeFlow)
    return signInError && view.status === 'signedOut' ? (
      <div className={stackClass}>
        <p role="alert" className="account-error">
          {signInError}
        </p>
        <Button onPress={() => auth.send({ type: 'auth.signIn', returnUrl: returnUrl ?? undefined })}>{t('login')}</Button>
      </div>
    ) : (
      <Status>{t('openingSignIn')}</Status>
    );
  return (
    <>
      {/* The session's error (it ended, or could not be read): the password flow's way back in is this form. */}
      {signInError && view.status === 'signedOut' && (
        <p role="alert" className="account-error">
          {signInError}
        </p>
      )}
      <AccountForm
        t={t}
        form={form}
        onSubmit={() => {
          const required = requiredErrors(t, values, { userNameOrEmail: t('userNameOrEmail'), password: t('password') });
          form.actor.send({ type: 'form.submit', values, errors: merge(required) });
        }}
      >
        <Field label={t('userNameOrEmail')} autoComplete="username" autoFocus {...bind('userNameOrEmail')} />
        <Field label={t('password')} type="password" autoComplete="current-password" {...bind('password')} />
        <Checkbox isSelected={values.rememberMe === true} onChange={(selected) => change('rememberMe', selected)}>
          {t('rememberMe')}
        </Checkbox>
        <CaptchaPlaceholder t={t} isRequired={view.captchaOn.login} />
        <SubmitButton form={form}>{t('login')}</SubmitButton>
        <div className="account-links">
          <Link href="/account/forgot-password">{t('forgotPassword')}</Link>
          {view.isSelfRegistrationEnabled && (
            <span>
              {t('newUser')} <Link href="/account/register">{t('register')}</Link>
            </span>
          )}
        </div>
      </AccountForm>
    </>
  );
}
