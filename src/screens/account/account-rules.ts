// Client-side checks of the account forms, as pure functions returning the field errors in the
// user's language (the server checks the full password policy; its messages show on the fields).
import type { FieldErrors } from '../../../machines/generic/form-submit.machine.ts';
import type { AccountTranslate } from './account-texts.ts';

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type FormValues = Record<string, string | boolean>;

/** Required text fields, each with its label for the message. */
export function requiredErrors(t: AccountTranslate, values: FormValues, fields: Record<string, string>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [name, label] of Object.entries(fields)) if (!String(values[name] ?? '').trim()) errors[name] = t('required', label);
  return errors;
}

export function emailError(t: AccountTranslate, value: string): string | null {
  return value.trim() && !emailPattern.test(value.trim()) ? t('invalidEmail') : null;
}

export function newPasswordErrors(t: AccountTranslate, values: FormValues, minLength: number): Record<string, string> {
  const errors: Record<string, string> = {};
  const password = String(values.password ?? '');
  if (password && password.length < minLength) errors.password = t('passwordTooShort', minLength);
  if ('confirmPassword' in values && values.confirmPassword !== password) errors.confirmPassword = t('passwordMismatch');
  return errors;
}

/** The first message per field wins (required before format before policy). */
export function merge(...sets: Array<Record<string, string>>): FieldErrors {
  const errors: Record<string, string> = {};
  for (const set of sets) for (const [name, message] of Object.entries(set)) errors[name] ??= message;
  return errors;
}
