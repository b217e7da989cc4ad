// /api/setting-management: emailing (SettingManagement.Emailing, .Emailing.Test) and time zone
// (SettingManagement.TimeZone), all behind the SettingManagement.Enable feature. Rules:
// - a tenant reads and writes its own level (T), the host the global one (G); reads fall back
//   through the levels below;
// - the SMTP password never leaves the server; an update without one keeps the stored value;
// - a time zone must be one of the listed zones (400 naming timezone otherwise).
import { Type } from 'typebox';
import type { FastifyInstance } from 'fastify';
import {
  EmailSettingsDto,
  NameValue,
  SendTestEmailInput,
  TimeZoneQuery,
  UpdateEmailSettingsDto,
} from '../../../contract/setting-management.ts';
import type { AppContext } from '../../context.ts';
import { invalidField } from '../../errors.ts';
import { getSettingValues, setSettingValues, tenantOrGlobal } from './store.ts';

const feature = 'SettingManagement.Enable';
const tags = ['SettingManagement'];
const NoContent = { 204: Type.Null() };

const mailing = {
  smtpHost: 'Abp.Mailing.Smtp.Host',
  smtpPort: 'Abp.Mailing.Smtp.Port',
  smtpUserName: 'Abp.Mailing.Smtp.UserName',
  smtpPassword: 'Abp.Mailing.Smtp.Password',
  smtpDomain: 'Abp.Mailing.Smtp.Domain',
  smtpEnableSsl: 'Abp.Mailing.Smtp.EnableSsl',
  smtpUseDefaultCredentials: 'Abp.Mailing.Smtp.UseDefaultCredentials',
  defaultFromAddress: 'Abp.Mailing.DefaultFromAddress',
  defaultFromDisplayName: 'Abp.Mailing.DefaultFromDisplayName',
} as const;

/** IANA zones the runtime knows, plus UTC (the default, which Intl lists only as Etc/UTC on some builds). */
export function timeZones(): Array<{ name: string; value: string }> {
  const zones = new Set(['UTC', ...Intl.supportedValuesOf('timeZone')]);
  return [...zones].map((zone) => ({ name: zone, value: zone }));
}

export async function settingManagementRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get(
    '/api/setting-management/emailing',
    { schema: { tags, response: { 200: EmailSettingsDto } }, config: { auth: { permission: 'SettingManagement.Emailing' }, feature } },
    async (request) => {
      const v = await getSettingValues(ctx, { tenantId: request.tenant?.id ?? null }, (d) => d.name.startsWith('Abp.Mailing.'));
      return {
        smtpHost: v[mailing.smtpHost] ?? null,
        smtpPort: Number(v[mailing.smtpPort] ?? 25) || 25,
        smtpUserName: v[mailing.smtpUserName] ?? null,
        smtpPassword: null,
        smtpDomain: v[mailing.smtpDomain] ?? null,
        smtpEnableSsl: v[mailing.smtpEnableSsl] === 'true',
        smtpUseDefaultCredentials: v[mailing.smtpUseDefaultCredentials] === 'true',
        defaultFromAddress: v[mailing.defaultFromAddress] ?? null,
        defaultFromDisplayName: v[mailing.defaultFromDisplayName] ?? null,
      };
    },
  );

  app.post(
    '/api/setting-management/emailing',
    {
      schema: { tags, body: UpdateEmailSettingsDto, response: NoContent },
      config: { auth: { permission: 'SettingManagement.Emailing' }, feature },
    },
    async (request, reply) => {
      const input = request.body as UpdateEmailSettingsDto;
      const values: Record<string, string | null> = {
        [mailing.smtpHost]: input.smtpHost ?? '',
        [mailing.smtpPort]: String(input.smtpPort),
        [mailing.smtpUserName]: input.smtpUserName ?? '',
        [mailing.smtpDomain]: input.smtpDomain ?? '',
        [mailing.smtpEnableSsl]: String(input.smtpEnableSsl),
        [mailing.smtpUseDefaultCredentials]: String(input.smtpUseDefaultCredentials),
        [mailing.defaultFromAddress]: input.defaultFromAddress,
        [mailing.defaultFromDisplayName]: input.defaultFromDisplayName,
      };
      if (input.smtpPassword) values[mailing.smtpPassword] = input.smtpPassword;
      await setSettingValues(ctx, values, tenantOrGlobal(request.tenant?.id ?? null));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/setting-management/emailing/send-test-email',
    {
      schema: { tags, body: SendTestEmailInput, response: NoContent },
      config: { auth: { permission: 'SettingManagement.Emailing.Test' }, feature, rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const input = request.body as SendTestEmailInput;
      await ctx.mailer.send({ to: input.targetEmailAddress, subject: input.subject, text: input.body ?? '' });
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/setting-management/timezone',
    { schema: { tags, response: { 200: Type.String() } }, config: { auth: { permission: 'SettingManagement.TimeZone' }, feature } },
    async (request, reply) => {
      const v = await getSettingValues(ctx, { tenantId: request.tenant?.id ?? null }, (d) => d.name === 'Abp.Timing.TimeZone');
      return reply.type('text/plain; charset=utf-8').send(v['Abp.Timing.TimeZone'] ?? 'UTC');
    },
  );

  app.get(
    '/api/setting-management/timezone/timezones',
    {
      schema: { tags, response: { 200: Type.Array(NameValue) } },
      config: { auth: { permission: 'SettingManagement.TimeZone' }, feature },
    },
    async () => timeZones(),
  );

  app.post(
    '/api/setting-management/timezone',
    {
      schema: { tags, querystring: TimeZoneQuery, body: Type.Optional(Type.Null()), response: NoContent },
      config: { auth: { permission: 'SettingManagement.TimeZone' }, feature },
    },
    async (request, reply) => {
      const { timezone } = request.query as TimeZoneQuery;
      if (!timeZones().some((zone) => zone.value === timezone)) {
        throw invalidField('timezone', 'AbpValidation::The field {0} is invalid.', 'timezone');
      }
      await setSettingValues(ctx, { 'Abp.Timing.TimeZone': timezone }, tenantOrGlobal(request.tenant?.id ?? null));
      return reply.code(204).send(null);
    },
  );
}
