// Claims of a user or a role checked against their claim types (spec 7.13; contract
// identity-claims.ts), the same rules the server applies: a claim needs a type that exists; its value
// must match the type's regex as a whole; its value type (0 String, 1 Int, 2 Boolean, 3 DateTime)
// must parse; a required type needs a non-empty value. Errors are keyed `<field>.<index>`.
import type { EntityFieldErrors, EntityValues } from '../../../machines/generic/entity-form.machine.ts';
import type { Http } from '../../api/http.ts';
import type { ClaimTypeOption, FormSpec } from './resource-spec.ts';

export interface ClaimTexts {
  unknownType: string;
  regexMismatch: (description: string | null) => string;
  wrongType: (typeName: string) => string;
  required: string;
}

const typeNames = ['String', 'Int', 'Boolean', 'DateTime'];

export function claimValueError(type: ClaimTypeOption | undefined, value: string, texts: ClaimTexts): string | null {
  if (!type) return texts.unknownType;
  if (value.trim() === '') return type.required ? texts.required : null;
  if (type.regex) {
    try {
      if (!new RegExp(`^(?:${type.regex})$`).test(value)) return texts.regexMismatch(type.regexDescription);
    } catch {
      // A regex the browser cannot compile is left to the server.
    }
  }
  const ok =
    type.valueType === 1
      ? /^[+-]?\d+$/.test(value.trim())
      : type.valueType === 2
        ? /^(true|false)$/i.test(value.trim())
        : type.valueType === 3
          ? !Number.isNaN(Date.parse(value))
          : true;
  return ok ? null : texts.wrongType(typeNames[type.valueType] ?? '');
}

export function validateClaims(field: string, typesKey: string, texts: ClaimTexts) {
  return (values: EntityValues): EntityFieldErrors => {
    const claims = Array.isArray(values[field]) ? (values[field] as Array<{ claimType: string; claimValue: string }>) : [];
    const types = Array.isArray(values[typesKey]) ? (values[typesKey] as ClaimTypeOption[]) : [];
    const errors: Record<string, string> = {};
    claims.forEach((claim, index) => {
      const error = claimValueError(
        types.find((type) => type.name === claim.claimType),
        claim.claimValue,
        texts,
      );
      if (error !== null) errors[`${field}.${index}`] = error;
    });
    return errors;
  };
}

/** The claims dialog of a user or a role on the kit's entity form: load claims and types, edit, check, replace the set. */
export function claimsForm<TItem>(options: {
  label: string;
  texts: ClaimTexts;
  loadClaims: (http: Http, id: string, signal: AbortSignal) => Promise<Array<{ claimType: string; claimValue?: string | null }>>;
  loadTypes: (http: Http, signal: AbortSignal) => Promise<ClaimTypeOption[]>;
  saveClaims: (http: Http, id: string, claims: Array<{ claimType: string; claimValue: string }>) => Promise<unknown>;
  permission?: string;
}): FormSpec<TItem> {
  return {
    entityName: options.label,
    fields: [{ name: 'claims', label: options.label, kind: 'claims', optionsFrom: '__claimTypes' }],
    initialValues: { claims: [] },
    validate: validateClaims('claims', '__claimTypes', options.texts),
    ...(options.permission ? { createPermission: options.permission, updatePermission: options.permission } : {}),
    load: async (http, id, signal) => {
      const [claims, types] = await Promise.all([options.loadClaims(http, id, signal), options.loadTypes(http, signal)]);
      return {
        values: {
          claims: claims.map((claim) => ({ claimType: claim.claimType, claimValue: claim.claimValue ?? '' })),
          __claimTypes: types.map(claimTypeOption),
        },
        concurrencyStamp: null,
      };
    },
    save: (http, { id, values }) => options.saveClaims(http, id ?? '', claimsOf(values.claims)),
  };
}

export function claimTypeOption(type: ClaimTypeOption): ClaimTypeOption {
  return {
    name: type.name,
    required: type.required,
    regex: type.regex,
    regexDescription: type.regexDescription,
    valueType: type.valueType,
  };
}

export function claimsOf(value: unknown): Array<{ claimType: string; claimValue: string }> {
  return (Array.isArray(value) ? (value as Array<{ claimType: string; claimValue: string }>) : [])
    .filter((claim) => claim.claimType !== '')
    .map((claim) => ({ claimType: claim.claimType, claimValue: claim.claimValue }));
}

/** The kit's claim messages from its translator. */
export function kitClaimTexts(
  kit: (key: 'claimUnknownType' | 'claimRegexMismatch' | 'claimWrongType' | 'claimRequired', ...args: Array<string | number>) => string,
): ClaimTexts {
  return {
    unknownType: kit('claimUnknownType'),
    regexMismatch: (description) => kit('claimRegexMismatch', description ?? '').trim(),
    wrongType: (name) => kit('claimWrongType', name),
    required: kit('claimRequired'),
  };
}
