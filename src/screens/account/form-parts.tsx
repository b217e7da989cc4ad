// Small render-only parts shared by the account forms: the form itself (busy while it posts, the
// server's message as an alert above the fields), a text field bound to a value and its error, the
// submit button, the page's status line and an outcome with its next link.
// Busy: the form is aria-busy and its submit disabled (react-aria's isPending spinner announces through
// a live region that outlives the button, leaving an unnamed image behind when the page moves on).
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Button, stackClass, TextField } from '../../ui/index.ts';
import type { AccountTranslate } from './account-texts.ts';
import type { FormSubmit } from './use-form-submit.ts';

type FormState = Pick<FormSubmit, 'view'>;

export function AccountForm({
  t,
  form,
  onSubmit,
  hint,
  serverError = form.view.serverError,
  children,
}: {
  t: AccountTranslate;
  form: FormState;
  onSubmit: () => void;
  /** A line above the server's message. */
  hint?: string;
  /** The message to show when the page has more than one request (default: this form's). */
  serverError?: string | null;
  children: ReactNode;
}) {
  return (
    <form
      className={stackClass}
      noValidate
      aria-busy={form.view.isBusy || undefined}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {hint !== undefined && <p>{hint}</p>}
      <ServerError t={t} message={serverError} />
      {children}
    </form>
  );
}

export function SubmitButton({ form, isDisabled, children }: { form: FormState; isDisabled?: boolean; children: ReactNode }) {
  return (
    <Button type="submit" isDisabled={isDisabled || form.view.isBusy}>
      {children}
    </Button>
  );
}

/** A page's end state: what happened, and where to go next. */
export function Outcome({ status, href, link }: { status: string; href: string; link: string }) {
  return (
    <div className={stackClass}>
      <Status>{status}</Status>
      <Link href={href}>{link}</Link>
    </div>
  );
}

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
