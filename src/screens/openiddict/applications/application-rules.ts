// The OpenID application form's rules, apart from the screen (no styles): URIs typed one per line,
// the values as the API's input, and the client validation (the contract's CreateApplicationInput
// on the lists the API takes, plus absolute URIs).
import { CreateApplicationInput } from '../../../../contract/openiddict.ts';
import type { EntityValues } from '../../../../machines/generic/entity-form.machine.ts';
import type { AreaTranslate } from '../../../i18n/define-texts.ts';
import type { KitTextKey } from '../../../views/kit/kit-texts.ts';
import { schemaValidator } from '../../../views/kit/schema-validator.ts';
import type { openIddictTexts } from '../openiddict-texts.ts';

type Key = Parameters<ReturnType<typeof openIddictTexts>>[0];

/** One URI per line, blank lines dropped (a list already split passes through). */
export const linesOf = (value: unknown): string[] =>
  (Array.isArray(value) ? value.map(String) : typeof value === 'string' ? value.split(/\r?\n/) : [])
    .map((line) => line.trim())
    .filter(Boolean);

export const isAbsoluteUri = (text: string) => {
  const parsed = URL.parse(text);
  return parsed !== null && !parsed.hash;
};

export const optional = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

/** The API body of the form's values (the secret only when typed). */
export function applicationInput(values: EntityValues): CreateApplicationInput {
  const isPublic = values.clientType === 'public';
  return {
    clientId: String(values.clientId ?? '').trim(),
    displayName: String(values.displayName ?? '').trim(),
    clientType: isPublic ? 'public' : 'confidential',
    applicationType: values.applicationType === 'native' ? 'native' : 'web',
    consentType: (['implicit', 'explicit', 'external', 'systematic'] as const).find((c) => c === values.consentType) ?? 'implicit',
    clientSecret: isPublic ? null : optional(values.clientSecret),
    allowAuthorizationCodeFlow: values.allowAuthorizationCodeFlow === true,
    allowPasswordFlow: values.allowPasswordFlow === true,
    allowClientCredentialsFlow: !isPublic && values.allowClientCredentialsFlow === true,
    allowRefreshTokenFlow: values.allowRefreshTokenFlow === true,
    allowEndSessionEndpoint: values.allowEndSessionEndpoint === true,
    forcePkce: values.forcePkce === true,
    extensionGrantTypes: Array.isArray(values.extensionGrantTypes) ? values.extensionGrantTypes.map(String) : [],
    redirectUris: linesOf(values.redirectUris),
    postLogoutRedirectUris: linesOf(values.postLogoutRedirectUris),
    frontChannelLogoutUri: optional(values.frontChannelLogoutUri),
    scopes: Array.isArray(values.scopes) ? values.scopes.map(String) : [],
    clientUri: optional(values.clientUri),
    logoUri: optional(values.logoUri),
  };
}

/** The form's labels of the fields the validator names. */
export function applicationLabels(t: AreaTranslate<Key>): Record<string, string> {
  return {
    clientId: t('clientId'),
    displayName: t('displayName'),
    clientType: t('clientType'),
    clientSecret: t('clientSecret'),
    redirectUris: t('redirectUris'),
    postLogoutRedirectUris: t('postLogoutRedirectUris'),
    clientUri: t('clientUri'),
    logoUri: t('logoUri'),
    frontChannelLogoutUri: t('frontChannelLogoutUri'),
  };
}

/** URIs are typed one per line: checked as the lists the API takes, and absolute. */
export function applicationValidator(t: AreaTranslate<Key>, kit: AreaTranslate<KitTextKey>) {
  const labels = applicationLabels(t);
  const uriRule = (values: EntityValues): Record<string, string> => {
    const errors: Record<string, string> = {};
    for (const name of ['redirectUris', 'postLogoutRedirectUris'] as const)
      if (!linesOf(values[name]).every(isAbsoluteUri)) errors[name] = t('uriInvalid', labels[name]!);
    for (const name of ['clientUri', 'logoUri', 'frontChannelLogoutUri'] as const) {
      const value = optional(values[name]);
      if (value && !isAbsoluteUri(value)) errors[name] = kit('fieldInvalid', labels[name]!);
    }
    return errors;
  };
  const validateApplication = schemaValidator(
    CreateApplicationInput,
    labels,
    {
      required: (label) => kit('fieldRequired', label),
      tooLong: (label, limit) => kit('fieldTooLong', label, limit),
      invalid: (label) => kit('fieldInvalid', label),
    },
    uriRule,
  );
  return (values: EntityValues) =>
    validateApplication({
      ...values,
      redirectUris: linesOf(values.redirectUris),
      postLogoutRedirectUris: linesOf(values.postLogoutRedirectUris),
    });
}
