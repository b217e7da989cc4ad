// Seeds N audit logs with realistic variety, for the scale work (bench/audit-logs.ts) and for trying
// the screens on a large table:
//   npm run seed:audit-logs -- --count 1000000 [--tenant acme] [--days 90] [--batch 25000]
// The database is DATABASE_URL (PostgreSQL) or the PGlite data directory (DATA_DIR, default .data).
// Rules:
// - rows are generated inside the database (INSERT … SELECT FROM generate_series, one statement per
//   batch with data-modifying CTEs for actions, entity changes and property changes), so nothing
//   row-shaped crosses the wire: 1M logs take minutes, not hours (no COPY client is installed);
// - user names come from the tenant's existing users (anonymous requests have none), spread over
//   `days` days before now; 2xx mostly, some 3xx, 4xx and 5xx with exceptions; log-normal durations;
//   1–3 actions per log; entity changes with 1–4 property changes on ~10% of the logs, on a pool of
//   entity ids so that an entity has a history;
// - every run appends; the script never deletes anything.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../server/db/client.ts';
import { tenants, users } from '../server/db/schema/index.ts';

export interface SeedAuditLogsOptions {
  count: number;
  tenantId?: string | null;
  tenantName?: string | null;
  /** Users to attribute logs to; defaults to the tenant's users. */
  people?: Array<{ id: string | null; userName: string }>;
  days?: number;
  batchSize?: number;
  onProgress?: (inserted: number) => void;
}

const urls = [
  '/api/identity/users',
  '/api/identity/users/{id}',
  '/api/identity/roles',
  '/api/identity/roles/all',
  '/api/audit-logging/audit-logs',
  '/api/audit-logging/audit-logs/{id}',
  '/api/abp/application-configuration',
  '/api/abp/application-localization',
  '/api/account/my-profile',
  '/api/account/sessions',
  '/api/setting-management/emailing',
  '/api/permission-management/permissions',
  '/api/feature-management/features',
  '/api/saas/tenants',
  '/api/saas/tenants/{id}',
  '/api/wallet/wallets/{id}',
  '/api/wallet/transactions',
  '/api/financial/invoices',
  '/api/financial/invoices/{id}',
  '/api/kyc/requests',
  '/connect/token',
  '/connect/userinfo',
  '/health/ready',
];

const browsers = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.2 Safari/605.1.15',
  'Mozilla/5.0 (X11; Linux x86_64; rv:145.0) Gecko/20100101 Firefox/145.0',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36 Edg/142.0',
  'PostmanRuntime/7.43.0',
  'okhttp/4.12.0',
];

const applications = ['Finance.HttpApi.Host', 'Finance.AuthServer', 'Finance.Web', 'Finance.BackgroundJobs'];

const services = [
  ['Volo.Abp.Identity.IdentityUserAppService', 'GetListAsync'],
  ['Volo.Abp.Identity.IdentityUserAppService', 'UpdateAsync'],
  ['Volo.Abp.Identity.IdentityRoleAppService', 'GetAllListAsync'],
  ['Volo.Abp.AuditLogging.AuditLogsAppService', 'GetListAsync'],
  ['Volo.Abp.Account.ProfileAppService', 'GetAsync'],
  ['Finance.Wallets.WalletAppService', 'TransferAsync'],
  ['Finance.Invoices.InvoiceAppService', 'CreateAsync'],
  ['Volo.Saas.Host.TenantAppService', 'GetListAsync'],
];

const entityTypes = [
  'Volo.Abp.Identity.IdentityUser',
  'Volo.Abp.Identity.IdentityRole',
  'Volo.Saas.Tenant',
  'Finance.Wallets.Wallet',
  'Finance.Invoices.Invoice',
  'Volo.Abp.SettingManagement.Setting',
];

const properties = ['Name', 'Surname', 'Email', 'PhoneNumber', 'IsActive', 'Balance', 'Status', 'DisplayName', 'Value'];

const exceptions = [
  'Volo.Abp.Validation.AbpValidationException: ModelState is not valid! See ValidationErrors for details.',
  'Volo.Abp.Authorization.AbpAuthorizationException: Exception of type Volo.Abp.Authorization.AbpAuthorizationException was thrown.',
  'Volo.Abp.Domain.Entities.EntityNotFoundException: There is no such an entity. Entity type: Finance.Wallets.Wallet',
  'Volo.Abp.BusinessException: Finance:InsufficientBalance',
  'System.TimeoutException: The operation has timed out.\n   at Npgsql.NpgsqlConnector.Connect()',
  'System.InvalidOperationException: Sequence contains no elements\n   at System.Linq.ThrowHelper.ThrowNoElementsException()',
];

/** A text[] of bound parameters (drizzle would otherwise expand a JS array into a row list). */
const textArray = (values: readonly string[]) =>
  sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;

/** One random element of a text[] expression. */
const pick = (array: ReturnType<typeof textArray>, length: number) => sql`(${array})[1 + floor(random() * ${length})::int]`;

export async function seedAuditLogs(db: Db, options: SeedAuditLogsOptions): Promise<number> {
  const tenantId = options.tenantId ?? null;
  const days = options.days ?? 90;
  const batchSize = options.batchSize ?? 25_000;
  const found =
    options.people ??
    (await db
      .select({ id: users.id, userName: users.userName })
      .from(users)
      .where(and(tenantId ? eq(users.tenantId, tenantId) : sql`${users.tenantId} is null`, eq(users.isDeleted, false))));
  const people = found.length ? found : [{ id: null, userName: 'admin' }];
  const userIds = people.map((p) => p.id ?? '');
  const userNames = people.map((p) => p.userName);
  const serviceNames = services.map(([s]) => s as string);
  const methodNames = services.map(([, m]) => m as string);

  let inserted = 0;
  while (inserted < options.count) {
    const n = Math.min(batchSize, options.count - inserted);
    // g.r* are the row's random draws, taken once so that related columns agree (status and
    // exception, method and URL).
    await db.execute(sql`
      with draws as (
        select random() as r_status, random() as r_method, random() as r_user, random() as r_url,
               random() as r_entity, greatest(random(), 1e-12) as u1, random() as u2
        from generate_series(1, ${n})
      ),
      shaped as (
        select d.*,
          case
            when r_status < 0.86 and r_method >= 0.70 then (array[200, 200, 201, 204])[1 + floor(random() * 4)::int]
            when r_status < 0.86 then 200
            when r_status < 0.87 then 302
            when r_status < 0.96 then (array[400, 401, 403, 404, 404, 409])[1 + floor(random() * 6)::int]
            else (array[500, 500, 502, 503])[1 + floor(random() * 4)::int]
          end as status,
          case
            when r_method < 0.70 then 'GET'
            when r_method < 0.85 then 'POST'
            when r_method < 0.93 then 'PUT'
            when r_method < 0.98 then 'DELETE'
            else (array['HEAD', 'OPTIONS', 'TRACE', 'CONNECT'])[1 + floor(random() * 4)::int]
          end as method,
          -- log-normal: median ~ 40 ms, long tail into seconds
          greatest(1, least(600000, round(exp(3.7 + 1.1 * sqrt(-2 * ln(u1)) * cos(2 * pi() * u2)))))::int as duration,
          now() - random() * ${`${days} days`}::interval as at
        from draws d
      ),
      logs as (
        insert into audit_logs (id, tenant_id, tenant_name, application_name, user_id, user_name, execution_time,
          execution_duration, client_ip_address, client_name, client_id, correlation_id, browser_info, http_method,
          url, exceptions, comments, http_status_code, extra_properties)
        select gen_random_uuid(), ${tenantId}::uuid, ${options.tenantName ?? null}, ${pick(textArray(applications), applications.length)},
          case when r_user < 0.12 then null else nullif((${textArray(userIds)})[1 + floor(r_user * 1e6)::int % ${people.length}], '')::uuid end,
          case when r_user < 0.12 then null else (${textArray(userNames)})[1 + floor(r_user * 1e6)::int % ${people.length}] end,
          at, duration,
          case when random() < 0.7 then '10.' || floor(random() * 4) || '.' || floor(random() * 256) || '.' || floor(random() * 256)
               when random() < 0.8 then floor(random() * 223 + 1) || '.' || floor(random() * 256) || '.' || floor(random() * 256) || '.' || floor(random() * 256)
               else '2001:db8::' || to_hex(floor(random() * 65535)::int) end,
          case when random() < 0.5 then 'web-' || floor(random() * 8) else null end,
          case when random() < 0.6 then 'Finance_App' when random() < 0.5 then 'Finance_Swagger' else null end,
          md5(random()::text),
          ${pick(textArray(browsers), browsers.length)},
          method,
          replace(${pick(textArray(urls), urls.length)}, '{id}', gen_random_uuid()::text),
          case when status >= 500 or (status >= 400 and random() < 0.8) then ${pick(textArray(exceptions), exceptions.length)} else null end,
          case when random() < 0.02 then 'Seeded' else null end,
          status,
          case when random() < 0.05 then jsonb_build_object('seed', true) else '{}'::jsonb end
        from shaped
        returning id, tenant_id, execution_time, execution_duration
      ),
      actions as (
        insert into audit_log_actions (id, audit_log_id, tenant_id, service_name, method_name, parameters, execution_time, execution_duration)
        select gen_random_uuid(), l.id, l.tenant_id, (${textArray(serviceNames)})[k], (${textArray(methodNames)})[k],
          '{"input":{"skipCount":0,"maxResultCount":10,"password":"***"}}', l.execution_time, greatest(0, l.execution_duration - 1)
        from logs l
        cross join lateral generate_series(1, 1 + floor(random() * 3 + 0 * l.execution_duration)::int) a
        cross join lateral (select 1 + floor(random() * ${services.length})::int + a * 0 as k) pickk
      ),
      changes as (
        insert into entity_changes (id, audit_log_id, tenant_id, change_time, change_type, entity_tenant_id, entity_id, entity_type_full_name)
        select gen_random_uuid(), l.id, l.tenant_id, l.execution_time,
          (array[0, 1, 1, 1, 2])[1 + floor(random() * 5)::int], l.tenant_id,
          md5('entity' || floor(random() * 20000))::uuid::text,
          ${pick(textArray(entityTypes), entityTypes.length)}
        from logs l
        where random() < 0.1
        returning id, tenant_id, change_type
      )
      insert into entity_property_changes (id, entity_change_id, tenant_id, property_name, property_type_full_name, original_value, new_value)
      select gen_random_uuid(), c.id, c.tenant_id, (${textArray(properties)})[1 + ((floor(random() * 1000)::int + p) % ${properties.length})],
        'System.String',
        case when c.change_type = 0 then null else 'old-' || floor(random() * 1000) end,
        case when c.change_type = 2 then null else 'new-' || floor(random() * 1000) end
      from changes c
      cross join lateral generate_series(1, 1 + floor(random() * 4 + 0 * c.change_type)::int) p
    `);
    inserted += n;
    options.onProgress?.(inserted);
  }
  return inserted;
}

function argument(args: string[], name: string): string | undefined {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : undefined;
}

if (import.meta.main) {
  const { openDatabase } = await import('../server/db/client.ts');
  const { loadConfig } = await import('../server/config.ts');
  const args = process.argv.slice(2);
  const count = Number(argument(args, 'count') ?? 1000);
  const tenantName = argument(args, 'tenant');
  if (!Number.isInteger(count) || count < 1) throw new Error('--count must be a positive integer');
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  try {
    let tenant: { id: string; name: string } | undefined;
    if (tenantName) {
      [tenant] = await database.db
        .select({ id: tenants.id, name: tenants.name })
        .from(tenants)
        .where(eq(tenants.normalizedName, tenantName.toUpperCase()));
      if (!tenant) throw new Error(`No tenant named '${tenantName}' (start the server once to seed the demo tenant).`);
    }
    const started = performance.now();
    await seedAuditLogs(database.db, {
      count,
      tenantId: tenant?.id ?? null,
      tenantName: tenant?.name ?? null,
      days: Number(argument(args, 'days') ?? 90),
      batchSize: Number(argument(args, 'batch') ?? 25_000),
      onProgress: (done) => {
        const seconds = (performance.now() - started) / 1000;
        process.stdout.write(`\r${done.toLocaleString('en')} / ${count.toLocaleString('en')} audit logs, ${seconds.toFixed(1)} s`);
      },
    });
    process.stdout.write('\n');
  } finally {
    await database.close();
  }
}
