// Binds a screen's submission to the generic form-submit machine: the submit actor calls the screen's
// function with the submitted values, and the screen hears each accepted answer once (the account
// forms, the machine documentation door).
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { fromPromise } from 'xstate';
import { formSubmitMachine, selectFormSubmit } from '../../machines/generic/form-submit.machine.ts';
import { inspectOptions } from './inspection.ts';
import { shallowEqual } from './shell-view.ts';

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

export type FormSubmit = ReturnType<typeof useFormSubmit>;
