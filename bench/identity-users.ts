// The identity user list at 100,000 users of one tenant, through HTTP (token check, tenant filter,
// permission check, auditing, the query and its count, serialization): p50/p95 of the first page
// (10 rows) for no filter, the free text, and each advanced filter of spec 3, alone.
//   node bench/identity-users.ts [--users 100000] [--samples 25]
// PostgreSQL: BENCH_USERS_DATABASE_URL (default postgres://postgres:postgres@127.0.0.1:5432/bench_users,
// created when missing). The database is kept between runs and topped up to --users in tenant 'acme'
// (one INSERT … SELECT over generate_series: names, e-mails and phones vary; a third hold the role
// 'accountant', a tenth are in an organization unit; flags and times spread), then ANALYZEd.
// Prints a Markdown table; figures only, never pass/fail.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { organizationUnits, roles, tenants, users } from '../server/db/schema/index.ts';
import { startBenchApp } from './bench-app.ts';

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

export async function runUsersListBenchmark(options: { users: number; samples: number }): Promise<string> {
  const databaseUrl = process.env.BENCH_USERS_DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/bench_users';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'finance-bench-users-'));
  const { built, listen } = await startBenchApp({ dataDir, databaseUrl });
  try {
    const db = built.ctx.db;
    const [tenant] = await db.select().from(tenants).where(eq(tenants.normalizedName, 'ACME'));
    if (!tenant) throw new Error('The demo tenant acme is missing');
    const [role] = await db
      .select()
      .from(roles)
      .where(and(eq(roles.tenantId, tenant.id), eq(roles.normalizedName, 'ACCOUNTANT')));
    const [unit] = await db.select().from(organizationUnits).where(eq(organizationUnits.tenantId, tenant.id)).limit(1);
    if (!role || !unit) throw new Error('The demo role accountant or an organization unit of acme is missing');

    const [{ present } = { present: 0 }] = await db
      .select({ present: sql<number>`count(*)::int` })
      .from(users)
      .where(eq(users.tenantId, tenant.id));
    let seedSeconds: number | null = null;
    if (present < options.users) {
      const started = performance.now();
      const from = present;
      const to = options.users - 1;
      // Plain SQL on purpose: a benchmark fixture, not the product's write path (no audit, no hashing).
      await db.execute(sql`
        insert into users (id, tenant_id, user_name, normalized_user_name, name, surname, email, normalized_email,
          email_confirmed, phone_number, is_active, lockout_end, is_external, creation_time, last_modification_time,
          security_stamp, concurrency_stamp)
        select gen_random_uuid(), ${tenant.id}, 'bench.user' || g, upper('bench.user' || g),
          (array['Anna','Ben','Carla','David','Eva','Farid','Grace','Hugo','Ines','Jonas'])[1 + g % 10],
          (array['Smith','Garcia','Müller','Rossi','Dubois','Novak','Haddad','Kim','Silva','Petrov'])[1 + (g / 10) % 10] || g % 997,
          'bench.user' || g || '@example.test', upper('bench.user' || g || '@example.test'),
          g % 3 <> 0, '+3747' || lpad((g % 10000000)::text, 7, '0'), g % 50 <> 0,
          case when g % 200 = 0 then now() + interval '1 day' end, g % 100 = 0,
          now() - (g % 1000) * interval '1 hour', case when g % 4 = 0 then now() - (g % 500) * interval '1 hour' end,
          gen_random_uuid()::text, replace(gen_random_uuid()::text, '-', '')
        from generate_series(${from}::int, ${to}::int) as g`);
      await db.execute(sql`
        insert into user_roles (user_id, role_id, tenant_id)
        select u.id, ${role.id}, u.tenant_id from users u
        where u.tenant_id = ${tenant.id} and u.user_name like 'bench.user%' and substr(u.user_name, 11)::int % 3 = 0
        on conflict do nothing`);
      await db.execute(sql`
        insert into user_organization_units (user_id, organization_unit_id, tenant_id)
        select u.id, ${unit.id}, u.tenant_id from users u
        where u.tenant_id = ${tenant.id} and u.user_name like 'bench.user%' and substr(u.user_name, 11)::int % 10 = 0
        on conflict do nothing`);
      await db.execute(sql`analyze users; analyze user_roles; analyze user_organization_units`);
      seedSeconds = (performance.now() - started) / 1000;
    }

    const { url, token } = await listen();
    const day = 86_400_000;
    const cases: Array<[string, Record<string, string>]> = [
      ['no filter (user name order)', {}],
      ['free text, common ("smith")', { filter: 'smith' }],
      ['free text, rare ("user77777")', { filter: 'user77777' }],
      ['roleId', { roleId: role.id }],
      ['organizationUnitId', { organizationUnitId: unit.id }],
      ['userName', { userName: 'user4242' }],
      ['phoneNumber', { phoneNumber: '0012345' }],
      ['emailAddress', { emailAddress: 'user999' }],
      ['name', { name: 'grace' }],
      ['surname', { surname: 'novak' }],
      ['isLockedOut', { isLockedOut: 'true' }],
      ['notActive', { notActive: 'true' }],
      ['emailConfirmed=false', { emailConfirmed: 'false' }],
      ['isExternal', { isExternal: 'true' }],
      ['creation range, 1 day', { minCreationTime: new Date(Date.now() - day).toISOString() }],
      ['modification range, 1 day', { minModifitionTime: new Date(Date.now() - day).toISOString() }],
      ['sorted by e-mail desc', { sorting: 'email desc' }],
      ['skipCount 50,000', { skipCount: '50000' }],
    ];
    const rows: string[][] = [];
    for (const [label, query] of cases) {
      const target = `${url}/api/identity/users?${new URLSearchParams({ maxResultCount: '10', ...query })}`;
      const durations: number[] = [];
      let totalCount = 0;
      for (let i = 0; i < options.samples + 2; i++) {
        const started = performance.now();
        const response = await fetch(target, { headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' } });
        const body = (await response.json()) as { totalCount: number };
        if (!response.ok) throw new Error(`${label}: ${response.status} ${JSON.stringify(body)}`);
        if (i >= 2) durations.push(performance.now() - started);
        totalCount = body.totalCount;
      }
      durations.sort((a, b) => a - b);
      rows.push([label, percentile(durations, 50).toFixed(1), percentile(durations, 95).toFixed(1), totalCount.toLocaleString('en')]);
    }
    const header = ['GET /api/identity/users, first page', 'p50 ms', 'p95 ms', 'totalCount'];
    const table = [header, header.map(() => '---'), ...rows].map((row) => `| ${row.join(' | ')} |`).join('\n');
    const seeded = seedSeconds === null ? '' : `, seeded in ${seedSeconds.toFixed(1)} s`;
    return `Users list at ${options.users.toLocaleString('en')} users of one tenant, PostgreSQL, HTTP, ${options.samples} samples${seeded}\n\n${table}\n`;
  } finally {
    await built.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  console.log(await runUsersListBenchmark({ users: Number(argument('users') ?? 100_000), samples: Number(argument('samples') ?? 25) }));
  process.exit(0);
}
