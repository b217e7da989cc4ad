// Binds one My account tab to its form machine: the actor, its view model, and the 'Saved
// successfully' toast when the machine says a save succeeded (spec 8).
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { MyAccountFormInput, MyAccountFormMachine } from '../../../../machines/account/my-account-form.machine.ts';
import { selectMyAccountForm } from '../../../../machines/account/my-account-form.machine.ts';
import { inspectOptions } from '../../../app/inspection.ts';
import { showToast } from '../../../ui/index.ts';

export function useAccountForm(logic: MyAccountFormMachine, input: MyAccountFormInput, savedText: string) {
  const actor = useActorRef(logic, { input, ...inspectOptions() });
  const view = useSelector(actor, selectMyAccountForm);
  useEffect(() => {
    const subscription = actor.on('form.saved', () => showToast({ kind: 'success', title: savedText }));
    return () => subscription.unsubscribe();
  }, [actor, savedText]);
  return { actor, view };
}
