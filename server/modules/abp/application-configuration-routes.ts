// GET /api/abp/application-configuration and GET /api/abp/application-localization (ABP contract 1).
// Rules:
// - both are anonymous and answer for the caller, tenant and culture the request pipeline resolved;
// - localization.values is filled only when includeLocalizationResources is true (its default);
// - only granted policies, client-visible settings and client-visible features are sent;
// - an unsupported cultureName is a 400 naming cultureName.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  ApplicationConfigurationDto,
  ApplicationConfigurationQuery,
  ApplicationLocalizationDto,
  ApplicationLocalizationQuery,
  type CurrentUserDto,
} from '../../../contract/abp.ts';
import type { AppContext } from '../../context.ts';
import { invalidField } from '../../errors.ts';
import { withCompiledMessages } from '../../localization/compiled.ts';
import { resourceTexts } from '../../localization/index.ts';
import { allFeatures } from '../feature-management/definitions.ts';
import { featureStore } from '../feature-management/checker.ts';
import { keptEncoding, localizationAnswer, matchesIfNoneMatch } from '../language-management/localization-answer.ts';
import { languageInfos, matchLanguage, tenantLanguages, withOverrides } from '../language-management/overrides.ts';
import { getVisibleSettingValues } from '../setting-management/store.ts';
import { currentCultureOf } from './cultures.ts';

export const defaultResourceName = 'Finance';

/** Resources whose texts fall back to others (ABP's baseResources), for clients that chain look-ups. */
const baseResources: Record<string, string[]> = {
  Finance: ['AbpUi', 'AbpValidation'],
  AbpIdentity: ['AbpValidation'],
  AbpUiMultiTenancy: ['AbpMultiTenancy'],
};

const windowsToIana: Record<string, string> = { UTC: 'Etc/UTC' };

function currentUserOf(request: FastifyRequest): CurrentUserDto {
  const user = request.currentUser;
  if (!user) {
    return {
      isAuthenticated: false,
      id: null,
      tenantId: null,
      impersonatorUserId: null,
      impersonatorTenantId: null,
      impersonatorUserName: null,
      impersonatorTenantName: null,
      userName: null,
      name: null,
      surName: null,
      email: null,
      emailVerified: false,
      phoneNumber: null,
      phoneNumberVerified: false,
      roles: [],
    };
  }
  return {
    isAuthenticated: true,
    id: user.id,
    tenantId: user.tenantId,
    impersonatorUserId: user.impersonatorUserId,
    impersonatorTenantId: user.impersonatorTenantId,
    impersonatorUserName: user.impersonatorUserName,
    impersonatorTenantName: user.impersonatorTenantName,
    userName: user.userName,
    name: user.name,
    surName: user.surName,
    email: user.email,
    emailVerified: user.emailVerified,
    phoneNumber: user.phoneNumber,
    phoneNumberVerified: user.phoneNumberVerified,
    roles: user.roles,
  };
}

export async function applicationConfigurationRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get(
    '/api/abp/application-configuration',
    {
      schema: {
        tags: ['Abp'],
        querystring: ApplicationConfigurationQuery,
        response: { 200: ApplicationConfigurationDto },
      },
      config: { auth: { anonymous: true } },
    },
    async (request): Promise<ApplicationConfigurationDto> => {
      const { includeLocalizationResources = true } = request.query as { includeLocalizationResources?: boolean };
      const tenantId = request.tenant?.id ?? null;
      const userId = request.currentUser?.id ?? null;
      const [granted, settingValues, features, languages, values] = await Promise.all([
        // A client's own token lists what it holds as provider C (ABP's ClientPermissionValueProvider).
        request.currentUser
          ? ctx.permissions.grantedNames(request.currentUser, tenantId)
          : ctx.permissions.grantedNamesToClient(request.currentClient, tenantId),
        getVisibleSettingValues(ctx, { tenantId, userId }),
        featureStore(ctx).resolveAll(tenantId),
        // The language menus list the enabled languages of the host or tenant (language management).
        languageInfos(ctx, tenantId),
        includeLocalizationResources ? withOverrides(ctx, tenantId, request.culture, resourceTexts(request.culture)) : {},
      ]);
      const featureValues: Record<string, string> = {};
      for (const definition of allFeatures()) {
        if (definition.isVisibleToClients) featureValues[definition.name] = features.get(definition.name)?.value ?? definition.defaultValue;
      }
      const timeZone = settingValues['Abp.Timing.TimeZone'] || null;
      return {
        localization: {
          values,
          resources: {},
          languages: languages.map((l) => ({
            cultureName: l.cultureName,
            uiCultureName: l.uiCultureName,
            displayName: l.displayName,
            twoLetterISOLanguageName: l.twoLetterISOLanguageName,
            flagIcon: l.flagIcon,
          })),
          currentCulture: currentCultureOf(request.culture, languages.find((l) => l.cultureName === request.culture)?.displayName),
          defaultResourceName,
          languagesMap: {},
          languageFilesMap: {},
          useRouteBasedCulture: false,
        },
        auth: { grantedPolicies: Object.fromEntries(granted.map((name) => [name, true])) },
        setting: { values: settingValues },
        currentUser: currentUserOf(request),
        features: { values: featureValues },
        globalFeatures: { enabledFeatures: [] },
        multiTenancy: { isEnabled: true },
        currentTenant: request.tenant
          ? { id: request.tenant.id, name: request.tenant.name, isAvailable: true }
          : { id: null, name: null, isAvailable: false },
        timing: {
          timeZone: {
            iana: { timeZoneName: timeZone ? (windowsToIana[timeZone] ?? timeZone) : null },
            windows: { timeZoneId: timeZone },
          },
        },
        // Timestamps are stored and sent in UTC; 'Utc' also switches on the client's time-zone handling.
        clock: { kind: 'Utc' },
        objectExtensions: { modules: {}, enums: {} },
        extraProperties: {},
      };
    },
  );

  app.get(
    '/api/abp/application-localization',
    {
      schema: { tags: ['Abp'], querystring: ApplicationLocalizationQuery, response: { 200: ApplicationLocalizationDto } },
      config: { auth: { anonymous: true } },
      // The kept answer carries its own encodings (localization-answer.ts): none made per request.
      compress: false,
    },
    async (request, reply) => {
      const {
        cultureName,
        onlyDynamics = false,
        compiledMessages = false,
      } = request.query as { cultureName: string; onlyDynamics?: boolean; compiledMessages?: boolean };
      // Any language of the host or tenant (an administrator previews a disabled one's texts too).
      const tenantId = request.tenant?.id ?? null;
      const language = matchLanguage(await tenantLanguages(ctx, tenantId), cultureName);
      if (!language) throw invalidField('cultureName', 'AbpValidation::The field {0} is invalid.', 'cultureName');
      // Kept serialized with a strong ETag per owner, culture and resource set; the browser
      // revalidates (no-cache) and gets 304 while nothing changed (issue 19, localization-answer.ts).
      const answer = await localizationAnswer(ctx, tenantId, language.cultureName, { onlyDynamics, compiledMessages }, async () => {
        const shipped = resourceTexts(language.cultureName, onlyDynamics);
        const overridden = onlyDynamics ? shipped : await withOverrides(ctx, tenantId, language.cultureName, shipped);
        // The SPA ships without the ICU parser: it asks for the product's messages compiled (issue 19).
        const texts = compiledMessages ? withCompiledMessages(overridden) : overridden;
        return String(
          reply.serialize({
            resources: Object.fromEntries(
              Object.entries(texts).map(([name, values]) => [name, { texts: values, baseResources: baseResources[name] ?? [] }]),
            ),
            currentCulture: currentCultureOf(language.cultureName, language.displayName),
          }),
        );
      });
      const vary = reply.getHeader('vary');
      reply
        .header('cache-control', 'no-cache')
        .header('etag', answer.etag)
        .header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
      if (matchesIfNoneMatch(request.headers['if-none-match'], answer.etag)) return (reply as FastifyReply).code(304).send();
      const encoding = keptEncoding(request.headers['accept-encoding']);
      if (encoding !== 'identity') reply.header('content-encoding', encoding);
      return reply.type('application/json; charset=utf-8').send(answer[encoding]);
    },
  );
}
