// Two factor tab (spec 7.10): the user's own switch, shown working only when the settings let users
// change it (behaviour Optional and UsersCanChange); turning it on needs a way to receive a code
// (can-enable-two-factor). Saving happens on the switch itself.
import { useEffect } from 'react';
import { Switch, stackClass } from '../../../ui/index.ts';
import type { twoFactorFormLogic } from './my-account-actors.ts';
import type { MyAccountTranslate } from './my-account-texts.ts';
import { FailureMessage, TabState } from './tab-parts.tsx';
import { useAccountForm } from './use-account-form.ts';

export function TwoFactorTab({
  t,
  logic,
  canChange,
  isSelected,
}: {
  t: MyAccountTranslate;
  logic: ReturnType<typeof twoFactorFormLogic>;
  canChange: boolean;
  isSelected: boolean;
}) {
  const { actor, view } = useAccountForm(logic, { load: true }, t('saved'));
  // Shown again: read the server's state anew (setting up the authenticator turns two-factor on).
  useEffect(() => {
    if (isSelected) actor.send({ type: 'form.reload' });
  }, [actor, isSelected]);
  // While saving, the user's choice; otherwise what the server holds (a refused change springs back).
  const enabled = (view.isSaving ? view.values.enabled : view.values.saved) === true;
  const canEnable = view.values.canEnable === true;
  const isDisabled = !canChange || view.isSaving || (!enabled && !canEnable);
  return (
    <TabState t={t} view={view} onRetry={() => actor.send({ type: 'retry' })}>
      <div className={stackClass}>
        <FailureMessage failure={view.failure} fallback={t('failed')} />
        <Switch
          isSelected={enabled}
          isDisabled={isDisabled}
          onChange={(selected) => {
            actor.send({ type: 'form.change', values: { enabled: selected }, isValid: true });
            actor.send({ type: 'form.submit' });
          }}
        >
          {t('twoFactor.label')}
        </Switch>
        <p>{t('twoFactor.description')}</p>
        {!canChange && <p>{t('twoFactor.managed')}</p>}
        {canChange && !enabled && !canEnable && <p>{t('twoFactor.cannotEnable')}</p>}
      </div>
    </TabState>
  );
}
