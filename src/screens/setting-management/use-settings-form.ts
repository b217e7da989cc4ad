// Binds one settings tab to the generic settingsForm machine (the tab is the composition root of its
// form): the tab's load and save, the configuration refresh after a save (spec 4.8) and the toasts
// (spec 8 'Saved successfully'; a refused save shows the server's message).
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { type AnyActorRef, fromPromise } from 'xstate';
import {
  type FieldError,
  type FieldRules,
  type SettingValues,
  selectSettingsForm,
  settingsFormMachine,
} from '../../../machines/generic/settings-form.machine.ts';
import { inspectOptions } from '../../app/inspection.ts';
import { useSystem } from '../../app/system-context.ts';
import { useAreaTexts } from '../../app/use-area-texts.ts';
import { showToast } from '../../ui/index.ts';
import { settingsTexts } from './settings-texts.ts';

export interface SettingsFormSpec {
  rules: FieldRules;
  load(): Promise<SettingValues>;
  /** Saves and resolves with the values the server now holds (normalised as the tab saves them). */
  save(values: SettingValues): Promise<SettingValues | undefined>;
}

export function useSettingsForm(spec: SettingsFormSpec) {
  const { auth } = useSystem();
  const t = useAreaTexts(settingsTexts);
  // The spec is read once per mounted tab, like the machine's input.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  const logic = useMemo(
    () =>
      settingsFormMachine.provide({
        actors: {
          loadSettings: fromPromise(() => spec.load()),
          saveSettings: fromPromise(({ input }: { input: { values: SettingValues } }) => spec.save(input.values)),
          // The auth machine reloads the application state; older auth machines ignore the event.
          refreshConfiguration: fromPromise(async () => {
            (auth as unknown as AnyActorRef).send({ type: 'auth.reloadConfiguration' });
          }),
        },
      }),
    [],
  );
  const actor = useActorRef(logic, { input: { rules: spec.rules }, ...inspectOptions() });
  const view = useSelector(actor, selectSettingsForm);
  useEffect(() => {
    const subscriptions = [
      actor.on('settings.saved', () => showToast({ kind: 'success', title: t('saved') })),
      actor.on('settings.saveFailed', (event) =>
        showToast({ kind: 'error', title: t('saveFailed'), description: event.message ?? undefined }),
      ),
    ];
    return () => {
      for (const subscription of subscriptions) subscription.unsubscribe();
    };
  }, [actor, t]);
  const errorText = (field: string): string | undefined => {
    const error = view.fieldErrors[field] as FieldError | { rule: 'server'; message: string } | undefined;
    if (!error) return undefined;
    if (error.rule === 'server') return (error as { message: string }).message;
    if (error.rule === 'min' || error.rule === 'max') return t(error.rule, (error as FieldError).limit ?? 0);
    return t(error.rule);
  };
  return {
    view,
    errorText,
    change: (values: SettingValues) => actor.send({ type: 'form.change', values }),
    submit: () => actor.send({ type: 'form.submit' }),
    retry: () => actor.send({ type: 'form.retry' }),
  };
}
