// Password tab: current, new and confirmation; the policy's length is checked here, the rest of the
// policy by the server, whose messages show on the fields they name.
import { Button, formActionsClass, stackClass, TextField } from '../../../ui/index.ts';
import { emptyPassword, type passwordFormLogic } from './my-account-actors.ts';
import { passwordProblems } from './my-account-rules.ts';
import type { MyAccountTranslate } from './my-account-texts.ts';
import { FailureMessage } from './tab-parts.tsx';
import { useAccountForm } from './use-account-form.ts';

export function PasswordTab({
  t,
  logic,
  minLength,
}: {
  t: MyAccountTranslate;
  logic: ReturnType<typeof passwordFormLogic>;
  minLength: number;
}) {
  const { actor, view } = useAccountForm(logic, { values: emptyPassword, isValid: false }, t('saved'));
  const problems = passwordProblems(view.values, minLength);
  const change = (name: string, value: string) => {
    const values = { ...view.values, [name]: value };
    actor.send({ type: 'form.change', values: { [name]: value }, isValid: Object.keys(passwordProblems(values, minLength)).length === 0 });
  };
  const errorOf = (name: 'currentPassword' | 'newPassword' | 'confirmPassword') => {
    const server = view.failure?.fields[name];
    if (server) return server;
    const problem = view.submitted ? problems[name] : undefined;
    if (!problem) return undefined;
    return problem === 'minLength' ? t('password.minLength', minLength) : problem === 'mismatch' ? t('password.mismatch') : t('required');
  };
  const field = (
    name: 'currentPassword' | 'newPassword' | 'confirmPassword',
    label: string,
    autoComplete: string,
    description?: string,
  ) => (
    <TextField
      label={label}
      type="password"
      autoComplete={autoComplete}
      isRequired
      value={String(view.values[name] ?? '')}
      onChange={(value) => change(name, value)}
      isInvalid={errorOf(name) !== undefined}
      errorMessage={errorOf(name)}
      description={description}
    />
  );
  return (
    <form
      className={stackClass}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'form.submit' });
      }}
    >
      <FailureMessage failure={view.failure} fallback={t('failed')} />
      {field('currentPassword', t('password.current'), 'current-password')}
      {field('newPassword', t('password.new'), 'new-password', t('password.minLength', minLength))}
      {field('confirmPassword', t('password.confirm'), 'new-password')}
      <div className={formActionsClass}>
        <Button type="submit" isPending={view.isSaving}>
          {t('save')}
        </Button>
      </div>
    </form>
  );
}
