// Binds one account form to the generic form-submit machine: the submit actor calls the page's
// function with the submitted values, and the page hears each accepted answer once. useFormFields
// keeps the typed values and binds each field to its value and to the machine's error for it.
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { formSubmitMachine, selectFormSubmit } from '../../../machines/generic/form-submit.machine.ts';
import { inspectOptions } from '../../app/inspection.ts';
import { shallowEqual } from '../../app/shell-view.ts';
import type { FormValues } from './account-rules.ts';

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

/** The form's values; typing clears the server's message (`form.edit`); `bind` gives a Field its props. */
export function useFormFields<V extends FormValues>(form: Pick<FormSubmit, 'actor' | 'view'>, initial: V) {
  const [values, setValues] = useState<V>(initial);
  const change = (name: string, value: string | boolean) => {
    setValues((current) => ({ ...current, [name]: value }));
    form.actor.send({ type: 'form.edit' });
  };
  const bind = (name: keyof V & string) => ({
    name,
    value: String(values[name] ?? ''),
    onChange: change,
    error: form.view.fieldErrors[name],
  });
  return { values, change, bind };
}
