// Small pieces the My account tabs share: the tab's form (the server's message above the fields,
// Save below; Save submits to the tab's myAccountForm actor), a text field that shows the server's
// message for it before the tab's own check, and the loading and load-failure states of a tab.
import type { ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { FormFailure, MyAccountFormMachine } from '../../../../machines/account/my-account-form.machine.ts';
import { Button, ErrorState, formActionsClass, LoadingState, stackClass, TextField, type TextFieldProps } from '../../../ui/index.ts';
import type { MyAccountTranslate } from './my-account-texts.ts';

/** The server's message for a failed save, or the tab's own text when the server gave none. */
export function FailureMessage({ failure, fallback }: { failure: FormFailure | null; fallback: string }) {
  if (!failure) return null;
  return (
    <p role="alert" className="error">
      {failure.message ?? fallback}
    </p>
  );
}

export function TabState({
  t,
  view,
  onRetry,
  children,
}: {
  t: MyAccountTranslate;
  view: { isLoading: boolean; loadFailed: boolean; failure: FormFailure | null };
  onRetry: () => void;
  children: ReactNode;
}) {
  if (view.isLoading) return <LoadingState label={t('loading')} />;
  if (view.loadFailed)
    return <ErrorState title={t('loadFailed')} message={view.failure?.message ?? undefined} retryLabel={t('retry')} onRetry={onRetry} />;
  return <>{children}</>;
}

export function TabForm({
  t,
  actor,
  view,
  lead,
  children,
}: {
  t: MyAccountTranslate;
  actor: ActorRefFrom<MyAccountFormMachine>;
  view: { failure: FormFailure | null; isSaving: boolean };
  /** Shown above the server's message (e.g. the current picture). */
  lead?: ReactNode;
  children: ReactNode;
}) {
  return (
    <form
      className={stackClass}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'form.submit' });
      }}
    >
      {lead}
      <FailureMessage failure={view.failure} fallback={t('failed')} />
      {children}
      <div className={formActionsClass}>
        <Button type="submit" isPending={view.isSaving}>
          {t('save')}
        </Button>
      </div>
    </form>
  );
}

/** A text field of a tab: the server's message for `name` wins over the tab's own `problem`. */
export function TabTextField({
  name,
  failure,
  problem,
  value,
  onChange,
  ...props
}: Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'isInvalid' | 'errorMessage'> & {
  name: string;
  failure: FormFailure | null;
  problem: string | undefined;
  value: unknown;
  onChange: (name: string, value: string) => void;
}) {
  const error = failure?.fields[name] || problem;
  return (
    <TextField
      {...props}
      value={String(value ?? '')}
      onChange={(next) => onChange(name, next)}
      isInvalid={error !== undefined}
      errorMessage={error}
    />
  );
}
