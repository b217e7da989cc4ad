// An account form on the generic form-submit machine (useFormSubmit, src/app/use-form-submit.ts):
// useFormFields keeps the typed values and binds each field to its value and to the machine's error
// for it.
import { useState } from 'react';
import type { FormSubmit } from '../../app/use-form-submit.ts';
import type { FormValues } from './account-rules.ts';

export { type FormSubmit, type SubmitValues, useFormSubmit } from '../../app/use-form-submit.ts';

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
