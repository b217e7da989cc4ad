// Personal info tab (spec 7.10): user name and e-mail (editable only when the identity settings
// allow), name, surname, phone and, when the server supports it, the time zone.
import { useEffect } from 'react';
import { formGridClass, Select } from '../../../ui/index.ts';
import type { personalInfoFormLogic, ProfileValues } from './my-account-actors.ts';
import { profileProblems } from './my-account-rules.ts';
import type { MyAccountTranslate } from './my-account-texts.ts';
import { TabForm, TabState, TabTextField } from './tab-parts.tsx';
import { useAccountForm } from './use-account-form.ts';

type Field = 'userName' | 'email' | 'name' | 'surname' | 'phoneNumber';

export function PersonalInfoTab({
  t,
  logic,
  isUserNameEditable,
  isEmailEditable,
  isSelected,
}: {
  t: MyAccountTranslate;
  logic: ReturnType<typeof personalInfoFormLogic>;
  isUserNameEditable: boolean;
  isEmailEditable: boolean;
  isSelected: boolean;
}) {
  const { actor, view } = useAccountForm(logic, { load: true }, t('saved'));
  // Shown again: the profile is read anew unless edited (a password change renews its stamp).
  useEffect(() => {
    if (isSelected) actor.send({ type: 'form.reload' });
  }, [actor, isSelected]);
  const values = view.values as Partial<ProfileValues>;
  const problems = profileProblems(view.values);
  const change = (name: string, value: string) =>
    actor.send({
      type: 'form.change',
      values: { [name]: value },
      isValid: Object.keys(profileProblems({ ...view.values, [name]: value })).length === 0,
    });
  const problemOf = (name: Field) => {
    const problem = view.submitted && (name === 'userName' || name === 'email') ? problems[name] : undefined;
    return problem ? t(problem === 'emailInvalid' ? 'personal.emailInvalid' : 'required') : undefined;
  };
  const field = (
    name: Field,
    label: string,
    options: { type?: string; autoComplete?: string; isReadOnly?: boolean; description?: string; isRequired?: boolean } = {},
  ) => (
    <TabTextField
      name={name}
      label={label}
      type={options.type ?? 'text'}
      autoComplete={options.autoComplete}
      isReadOnly={options.isReadOnly}
      isRequired={options.isRequired}
      description={options.description}
      value={values[name]}
      onChange={change}
      failure={view.failure}
      problem={problemOf(name)}
    />
  );
  const timezones = values.timezones ?? [];
  return (
    <TabState t={t} view={view} onRetry={() => actor.send({ type: 'retry' })}>
      <TabForm t={t} actor={actor} view={view}>
        <div className={formGridClass}>
          {field('userName', t('personal.userName'), {
            autoComplete: 'username',
            isRequired: true,
            isReadOnly: !isUserNameEditable,
            description: isUserNameEditable ? undefined : t('personal.userNameLocked'),
          })}
          {field('email', t('personal.email'), {
            type: 'email',
            autoComplete: 'email',
            isRequired: true,
            isReadOnly: !isEmailEditable,
            description: isEmailEditable ? undefined : t('personal.emailLocked'),
          })}
          {field('name', t('personal.name'), { autoComplete: 'given-name' })}
          {field('surname', t('personal.surname'), { autoComplete: 'family-name' })}
          {field('phoneNumber', t('personal.phone'), { type: 'tel', autoComplete: 'tel' })}
          {values.profile?.supportsMultipleTimezone && timezones.length > 0 && (
            <Select
              label={t('personal.timezone')}
              options={timezones.map((zone) => ({ id: zone.value, label: zone.name }))}
              value={values.timezone ?? 'UTC'}
              onChange={(key) => {
                if (key != null) change('timezone', String(key));
              }}
            />
          )}
        </div>
      </TabForm>
    </TabState>
  );
}
