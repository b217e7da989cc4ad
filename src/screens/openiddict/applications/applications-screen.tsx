// OpenID applications (/openiddict/Applications; spec 2.2 OpenID, 6 OpenIddictPro.Application, ABP
// OpenIddict Pro's ApplicationDto): the kit's list, form, delete, permission modal and token-lifetime
// dialog. Rules:
// - the form has every field this server acts on, in tabs (general, flows, URIs, scopes); URIs are
//   one per line and kept exactly as written (`http://localhost:4200` gets no slash);
// - a confidential client's secret is typed or left empty (the server generates one); whichever the
//   server answers after a save, or after 'New client secret', is shown once in a dialog with Copy,
//   and never again (a read answers none);
// - the product's own client is marked and cannot be deleted (the server refuses it too).
import { useMemo, useState } from 'react';
import type { EntityValues } from '../../../../machines/generic/entity-form.machine.ts';
import {
  type ApplicationDto,
  createApplication,
  deleteApplication,
  getAllScopes,
  getApplication,
  getApplications,
  getTokenLifetime,
  renewClientSecret,
  setTokenLifetime,
  updateApplication,
} from '../../../api/openiddict.ts';
import type { Http } from '../../../api/http.ts';
import { useAreaTexts } from '../../../app/use-area-texts.ts';
import type { AreaTranslate } from '../../../i18n/define-texts.ts';
import { Badge, LtrText } from '../../../ui/index.ts';
import { type KitTextKey, kitTexts } from '../../../views/kit/kit-texts.ts';
import { abpListQuery, type FormFieldSpec, type ResourceSpec } from '../../../views/kit/resource-spec.ts';
import { ResourceScreen } from '../../../views/kit/resource-screen.tsx';
import { openIddictTexts } from '../openiddict-texts.ts';
import { applicationInput, applicationLabels, applicationValidator } from './application-rules.ts';
import { SecretDialog, type ShownSecret } from './secret-dialog.tsx';

type Key = Parameters<ReturnType<typeof openIddictTexts>>[0];

const flowFields = [
  'allowAuthorizationCodeFlow',
  'allowPasswordFlow',
  'allowClientCredentialsFlow',
  'allowRefreshTokenFlow',
  'allowEndSessionEndpoint',
  'forcePkce',
] as const;
const extensionGrants = ['LinkLogin', 'Impersonation'];

async function scopeChoices(http: Http, signal: AbortSignal) {
  const scopes = await getAllScopes(http, signal);
  return { __scopes: scopes.map((s) => ({ id: s.name, label: s.displayName ? `${s.name} (${s.displayName})` : s.name })) };
}

const lifetimeNames = ['accessTokenLifetime', 'authorizationCodeLifetime', 'identityTokenLifetime', 'refreshTokenLifetime'] as const;

export function applicationsSpec(
  t: AreaTranslate<Key>,
  kit: AreaTranslate<KitTextKey>,
  showSecret: (shown: ShownSecret) => void,
): ResourceSpec<ApplicationDto> {
  const labels = applicationLabels(t);
  const fields = (isCreate: boolean, values: EntityValues): FormFieldSpec[] => {
    const isPublic = values.clientType === 'public';
    return [
      { name: 'clientId', label: labels.clientId!, kind: 'text', isRequired: true, maxLength: 100, autoComplete: 'off' },
      { name: 'displayName', label: labels.displayName!, kind: 'text', isRequired: true, maxLength: 256 },
      {
        name: 'clientType',
        label: labels.clientType!,
        kind: 'select',
        isRequired: true,
        options: [
          { id: 'confidential', label: t('confidential') },
          { id: 'public', label: t('public') },
        ],
      },
      ...(isPublic
        ? []
        : [
            {
              name: 'clientSecret',
              label: labels.clientSecret!,
              kind: 'password' as const,
              maxLength: 256,
              autoComplete: 'new-password',
              description: isCreate || values.__hadSecret !== true ? t('clientSecretHint') : t('clientSecretKeep'),
            },
          ]),
      {
        name: 'applicationType',
        label: t('applicationType'),
        kind: 'select',
        options: [
          { id: 'web', label: t('web') },
          { id: 'native', label: t('native') },
        ],
      },
      {
        name: 'consentType',
        label: t('consentType'),
        kind: 'select',
        description: t('consentHint'),
        options: (['implicit', 'explicit', 'external', 'systematic'] as const).map((id) => ({ id, label: t(id) })),
      },
      { name: 'clientUri', label: labels.clientUri!, kind: 'text', maxLength: 2000 },
      { name: 'logoUri', label: labels.logoUri!, kind: 'text', maxLength: 2000 },
      ...flowFields
        .filter((name) => !(isPublic && name === 'allowClientCredentialsFlow'))
        .map(
          (name): FormFieldSpec => ({
            name,
            label: t(name),
            kind: 'checkbox',
            ...(name === 'forcePkce' ? { description: t('forcePkceHint') } : {}),
          }),
        ),
      {
        name: 'extensionGrantTypes',
        label: t('extensionGrantTypes'),
        kind: 'multiSelect',
        options: extensionGrants.map((id) => ({ id, label: id })),
      },
      { name: 'redirectUris', label: labels.redirectUris!, kind: 'multiline', description: t('urisHint') },
      { name: 'postLogoutRedirectUris', label: labels.postLogoutRedirectUris!, kind: 'multiline', description: t('urisHint') },
      { name: 'frontChannelLogoutUri', label: labels.frontChannelLogoutUri!, kind: 'text', maxLength: 2000 },
      { name: 'scopes', label: t('scopes'), kind: 'multiSelect', optionsFrom: '__scopes' },
    ];
  };
  const flowNames = (item: ApplicationDto) =>
    [
      item.allowAuthorizationCodeFlow && 'authorization_code',
      item.allowPasswordFlow && 'password',
      item.allowClientCredentialsFlow && 'client_credentials',
      item.allowRefreshTokenFlow && 'refresh_token',
      ...item.extensionGrantTypes,
    ]
      .filter(Boolean)
      .join(', ');
  const showAnswered = (saved: unknown) => {
    const app = saved as ApplicationDto | undefined;
    if (app?.clientSecret) showSecret({ clientId: app.clientId, secret: app.clientSecret });
    return saved;
  };
  return {
    title: t('applications'),
    tableLabel: t('applications'),
    getId: (item) => item.id,
    getLabel: (item) => item.clientId,
    defaultSorting: { id: 'clientId', direction: 'asc' },
    columns: [
      {
        id: 'clientId',
        header: t('clientId'),
        sortable: true,
        dir: 'ltr',
        cell: (item) => (
          <>
            <LtrText>{item.clientId}</LtrText> {item.isFirstParty && <Badge variant="info">{t('ownClient')}</Badge>}
          </>
        ),
      },
      { id: 'displayName', header: t('displayName'), sortable: true, cell: (item) => item.displayName ?? '' },
      {
        id: 'clientType',
        header: t('clientType'),
        sortable: true,
        cell: (item) => (item.clientType === 'public' ? t('public') : t('confidential')),
      },
      { id: 'flows', header: t('flows'), dir: 'ltr', cell: (item) => flowNames(item) },
    ],
    list: (http, query, signal) => getApplications(http, abpListQuery(query), signal),
    permissions: { providerName: 'C', providerKey: (item) => item.clientId, policy: 'OpenIddictPro.Application.ManagePermissions' },
    form: {
      entityName: t('application'),
      createPermission: 'OpenIddictPro.Application.Create',
      updatePermission: 'OpenIddictPro.Application.Update',
      initialValues: {},
      tabs: [
        {
          id: 'general',
          label: t('tabGeneral'),
          fields: ['clientId', 'displayName', 'clientType', 'clientSecret', 'applicationType', 'consentType', 'clientUri', 'logoUri'],
        },
        { id: 'flows', label: t('tabFlows'), fields: [...flowFields, 'extensionGrantTypes'] },
        { id: 'uris', label: t('tabUris'), fields: ['redirectUris', 'postLogoutRedirectUris', 'frontChannelLogoutUri'] },
        { id: 'scopes', label: t('tabScopes'), fields: ['scopes'] },
      ],
      fields,
      validate: applicationValidator(t, kit),
      loadNew: async (http, signal) => ({
        values: {
          clientId: '',
          displayName: '',
          clientType: 'confidential',
          clientSecret: '',
          applicationType: 'web',
          consentType: 'implicit',
          clientUri: '',
          logoUri: '',
          allowAuthorizationCodeFlow: true,
          allowPasswordFlow: false,
          allowClientCredentialsFlow: false,
          allowRefreshTokenFlow: true,
          allowEndSessionEndpoint: true,
          forcePkce: true,
          extensionGrantTypes: [],
          redirectUris: '',
          postLogoutRedirectUris: '',
          frontChannelLogoutUri: '',
          scopes: ['openid', 'profile', 'email', 'roles', 'offline_access'],
          ...(await scopeChoices(http, signal)),
        },
        concurrencyStamp: null,
      }),
      load: async (http, id, signal) => {
        const [item, choices] = await Promise.all([getApplication(http, id, signal), scopeChoices(http, signal)]);
        return {
          values: {
            clientId: item.clientId,
            displayName: item.displayName ?? '',
            clientType: item.clientType,
            clientSecret: '',
            __hadSecret: item.clientType === 'confidential',
            applicationType: item.applicationType ?? 'web',
            consentType: item.consentType,
            clientUri: item.clientUri ?? '',
            logoUri: item.logoUri ?? '',
            ...Object.fromEntries(flowFields.map((name) => [name, item[name]])),
            extensionGrantTypes: item.extensionGrantTypes,
            redirectUris: item.redirectUris.join('\n'),
            postLogoutRedirectUris: item.postLogoutRedirectUris.join('\n'),
            frontChannelLogoutUri: item.frontChannelLogoutUri ?? '',
            scopes: item.scopes,
            ...choices,
          },
          concurrencyStamp: item.concurrencyStamp,
        };
      },
      save: async (http, { id, values, concurrencyStamp }) => {
        const body = applicationInput(values);
        return showAnswered(
          id === null
            ? await createApplication(http, body)
            : await updateApplication(http, id, { ...body, concurrencyStamp: concurrencyStamp ?? undefined }),
        );
      },
    },
    rowActions: [
      {
        id: 'newSecret',
        label: t('newSecret'),
        icon: 'key',
        permission: 'OpenIddictPro.Application.Update',
        isAvailable: (item) => item.clientType === 'confidential',
        confirm: (item) => t('newSecretConfirm', item.clientId),
        run: async (http, item) => {
          const { clientSecret } = await renewClientSecret(http, item.id);
          showSecret({ clientId: item.clientId, secret: clientSecret });
        },
      },
      {
        id: 'tokenLifetime',
        label: t('tokenLifetime'),
        icon: 'history',
        permission: 'OpenIddictPro.Application.Update',
        dialogTitle: (item) => `${t('tokenLifetime')} – ${item.clientId}`,
        dialog: {
          entityName: t('tokenLifetime'),
          title: t('tokenLifetime'),
          description: t('lifetimeHint'),
          initialValues: {},
          fields: lifetimeNames.map((name) => ({ name, label: t(name), kind: 'number' as const })),
          validate: (values) => {
            const errors: Record<string, string> = {};
            for (const name of lifetimeNames) {
              const value = values[name];
              if (value !== null && value !== undefined && (typeof value !== 'number' || !Number.isInteger(value) || value < 1))
                errors[name] = kit('fieldInvalid', t(name));
            }
            return errors;
          },
          load: async (http, id, signal) => {
            const lifetimes = await getTokenLifetime(http, id, signal);
            return { values: Object.fromEntries(lifetimeNames.map((n) => [n, lifetimes[n]])), concurrencyStamp: null };
          },
          save: (http, { id, values }) =>
            setTokenLifetime(
              http,
              id ?? '',
              Object.fromEntries(lifetimeNames.map((n) => [n, typeof values[n] === 'number' ? values[n] : null])),
            ),
        },
      },
      {
        id: 'delete',
        label: kit('delete'),
        icon: 'x',
        isDanger: true,
        permission: 'OpenIddictPro.Application.Delete',
        isAvailable: (item) => !item.isFirstParty,
        confirm: (item) => t('deleteApplication', item.clientId),
        removesRow: true,
        successText: kit('successfullyDeleted'),
        run: (http, item) => deleteApplication(http, item.id),
      },
    ],
  };
}

export default function ApplicationsScreen() {
  const t = useAreaTexts(openIddictTexts);
  const kit = useAreaTexts(kitTexts);
  const [shown, setShown] = useState<ShownSecret | null>(null);
  const spec = useMemo(() => applicationsSpec(t, kit, setShown), [t, kit]);
  return (
    <>
      <ResourceScreen spec={spec} />
      <SecretDialog shown={shown} onClose={() => setShown(null)} t={t} />
    </>
  );
}
