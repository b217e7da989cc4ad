// Client validation from a contract schema (issue 9: "client validation from the contract schema"):
// TypeBox's Value.Errors over the form's values, the first error of each field turned into the
// kit's localized message. Rules: values the schema does not know are not checked (the form's own,
// such as a static flag or loaded choices, which the save leaves out); empty optional text counts as absent (a cleared field is not sent
// as ''); a field's own extra rule (e.g. "the regex must compile") runs only when the schema passed.
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import type { EntityFieldErrors, EntityValues } from '../../../machines/generic/entity-form.machine.ts';

export interface ValidatorTexts {
  required: (label: string) => string;
  tooLong: (label: string, limit: number) => string;
  invalid: (label: string) => string;
}

export function schemaValidator(
  schema: TSchema,
  labels: Record<string, string>,
  texts: ValidatorTexts,
  extra: (values: EntityValues) => EntityFieldErrors = () => ({}),
): (values: EntityValues) => EntityFieldErrors {
  return (values) => {
    const checked: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(values)) if (value !== '' && value !== undefined) checked[name] = value;
    const errors: Record<string, string> = {};
    for (const error of Value.Errors(schema, checked)) {
      const detail = error as {
        instancePath?: string;
        keyword?: string;
        schemaPath?: string;
        params?: { limit?: number; requiredProperties?: string[] };
      };
      // A value the schema does not know is the form's own (a flag it shows, a loaded choice): never sent, never an error.
      if (detail.keyword === 'additionalProperties' || detail.schemaPath === '#/additionalProperties') continue;
      const field =
        detail.keyword === 'required' ? (detail.params?.requiredProperties?.[0] ?? '') : ((detail.instancePath ?? '').split('/')[1] ?? '');
      if (!field || field in errors) continue;
      const label = labels[field] ?? field;
      const isBlank = values[field] === '' || values[field] === undefined || values[field] === null;
      errors[field] =
        detail.keyword === 'required' || (detail.keyword === 'minLength' && isBlank)
          ? texts.required(label)
          : detail.keyword === 'maxLength' || (detail.keyword === 'anyOf' && typeof values[field] === 'string')
            ? texts.tooLong(label, findLimit(schema, field))
            : texts.invalid(label);
    }
    return { ...extra(values), ...errors };
  };
}

function findLimit(schema: TSchema, field: string): number {
  const property = (schema as { properties?: Record<string, unknown> }).properties?.[field] as
    | { maxLength?: number; anyOf?: Array<{ maxLength?: number }> }
    | undefined;
  return property?.maxLength ?? property?.anyOf?.find((one) => one.maxLength !== undefined)?.maxLength ?? 0;
}
