// Migration 0031 (ADR 0029) on an installation that has audit logs: every property change row moves
// onto its entity change as a jsonb array ordered by property name, a change without any gets [],
// and the table of property changes is gone. Run on the embedded database, from migration 0030.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../server/db/client.ts';

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

/** A copy of the migrations folder that stops after migration `last` (its journal cut there). */
function migrationsUpTo(last: number): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'finance-migrations-'));
  folders.push(folder);
  fs.cpSync(migrationsFolder, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: Array<{ idx: number }> };
  journal.entries = journal.entries.filter((entry) => entry.idx <= last);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

describe('migration 0031: property changes onto their entity change', () => {
  it('moves every property change, ordered by name, and drops their table', async () => {
    const client = await PGlite.create({ extensions: { pg_trgm } });
    const db = drizzle(client);
    try {
      await migrate(db, { migrationsFolder: migrationsUpTo(30) });
      const log = crypto.randomUUID();
      const [withProperties, without] = [crypto.randomUUID(), crypto.randomUUID()];
      await client.exec(`
        insert into audit_logs (id, execution_time, execution_duration) values ('${log}', now(), 1);
        insert into entity_changes (id, audit_log_id, change_time, change_type, entity_id, entity_type_full_name) values
          ('${withProperties}', '${log}', now(), 1, 'e-1', 'Test.Entity'),
          ('${without}', '${log}', now(), 0, 'e-2', 'Test.Entity');
        insert into entity_property_changes (id, entity_change_id, property_name, property_type_full_name, original_value, new_value) values
          (gen_random_uuid(), '${withProperties}', 'Name', 'System.String', '"a"', '"b"'),
          (gen_random_uuid(), '${withProperties}', 'Code', 'System.String', null, 'tab\there "quoted"');
      `);
      await migrate(db, { migrationsFolder });
      const { rows } = await client.query<{ id: string; property_changes: unknown }>(
        'select id, property_changes from entity_changes order by entity_id',
      );
      expect(rows).toEqual([
        {
          id: withProperties,
          property_changes: [
            { propertyName: 'Code', propertyTypeFullName: 'System.String', originalValue: null, newValue: 'tab\there "quoted"' },
            { propertyName: 'Name', propertyTypeFullName: 'System.String', originalValue: '"a"', newValue: '"b"' },
          ],
        },
        { id: without, property_changes: [] },
      ]);
      const { rows: tables } = await client.query<{ n: number }>(
        `select count(*)::int as n from pg_class where relname = 'entity_property_changes'`,
      );
      expect(tables[0]!.n).toBe(0);
    } finally {
      await client.close();
    }
  });
});
