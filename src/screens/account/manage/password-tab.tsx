// Password tab: current, new and confirmation; the policy's length is checked here, the rest of the
// policy by the server, whose messages show on the fields they name (a wrong current password
// marks the current password's field).
import { emptyPassword, type passwordFormLogic } from './my-account-actors.ts';
import { passwordProblems } from './my-account-rules.ts';
import type { MyAccountTranslate } from './my-account-texts.ts';
import { TabForm, TabTextField } from './tab-parts.tsx';
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
  const problemOf = (name: 'currentPassword' | 'newPassword' | 'confirmPassword') => {
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
    <TabTextField
      name={name}
      label={label}
      type="password"
      autoComplete={autoComplete}
      isRequired
      value={view.values[name]}
      onChange={change}
      failure={view.failure}
      problem={problemOf(name)}
      // The hint once: a problem shown on the field takes its place.
      description={problemOf(name) || view.failure?.fields[name] ? undefined : description}
    />
  );
  return (
    <TabForm t={t} actor={actor} view={view}>
      {field('currentPassword', t('password.current'), 'current-password')}
      {field('newPassword', t('password.new'), 'new-password', t('password.minLength', minLength))}
      {field('confirmPassword', t('password.confirm'), 'new-password')}
    </TabForm>
  );
}
