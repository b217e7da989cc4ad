// Small render-only parts shared by the account forms: the server's message as an alert, a text
// field bound to a value and its error, the page's status line.
import type { ReactNode } from 'react';
import { TextField } from '../../ui/index.ts';
import type { AccountTranslate } from './account-texts.ts';

export function ServerError({ t, message }: { t: AccountTranslate; message: string | null }) {
  if (message === null) return null;
  return (
    <p role="alert" className="account-error">
      {message || t('failed')}
    </p>
  );
}

export function Status({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="account-status">
      {children}
    </p>
  );
}

export function Field(props: {
  name: string;
  label: string;
  value: string;
  onChange(name: string, value: string): void;
  error: string | undefined;
  type?: 'text' | 'password' | 'email';
  autoComplete?: string;
  isRequired?: boolean;
  autoFocus?: boolean;
  description?: string;
}) {
  return (
    <TextField
      name={props.name}
      label={props.label}
      type={props.type ?? 'text'}
      autoComplete={props.autoComplete}
      isRequired={props.isRequired ?? true}
      autoFocus={props.autoFocus}
      value={props.value}
      onChange={(value) => props.onChange(props.name, value)}
      isInvalid={props.error !== undefined}
      errorMessage={props.error}
      description={props.description}
    />
  );
}

/**
 * Where the reCAPTCHA widget goes when the form's captcha is configured. The widget itself (Google's
 * script) is not loaded: the strict CSP allows no third-party script; the server still verifies.
 */
export function CaptchaPlaceholder({ t, isRequired }: { t: AccountTranslate; isRequired: boolean }) {
  if (!isRequired) return null;
  return (
    <p role="note" className="account-captcha">
      {t('captchaRequired')}
    </p>
  );
}
