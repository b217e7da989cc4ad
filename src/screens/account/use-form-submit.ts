// Binds one account form to the generic form-submit machine: the submit actor calls the page's
// function with the submitted values, and the page hears each accepted answer once.
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { fromPromise } from 'xstate';
import { formSubmitMachine, selectFormSubmit } from '../../../machines/generic/form-submit.machine.ts';
import { inspectOptions } from '../../app/inspection.ts';
import { shallowEqual } from '../../app/shell-view.ts';

export type SubmitValues = Readonly<Record<string, unknown>>;

export function useFormSubmit<T>(submit: (values: SubmitValues) => Promise<T>, onSubmitted: (output: T) => void) {
  const latest = useRef({ submit, onSubmitted });
  latest.current = { submit, onSubmitted };
  const logic = useMemo(
    () =>
      formSubmitMachine.provide({ actors: { submit: fromPromise<unknown, SubmitValues>(({ input }) => latest.current.submit(input)) } }),
    [],
  );
  const actor = useActorRef(logic, inspectOptions());
  const view = useSelector(actor, selectFormSubmit, shallowEqual);
  useEffect(() => {
    const subscription = actor.on('form.submitted', (event) => latest.current.onSubmitted(event.output as T));
    return () => subscription.unsubscribe();
  }, [actor]);
  return { actor, view };
}
