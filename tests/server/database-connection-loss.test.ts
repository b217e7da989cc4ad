// A connection to PostgreSQL lost while the server holds it (the database restarting, an
// administrator ending it) fails what runs on it, never the process (server/db/client.ts): pg reports
// the loss as an 'error' event, which throws when nobody listens, and a connection handed out by the
// pool for a transaction has no listener of the pool's. Here the loss comes between two statements
// of a transaction, when no statement is there to receive it. The end-to-end case, a database away
// for seconds under 48 clients, is in ledger-chaos.test.ts. PostgreSQL only (TEST_DATABASE_URL).
import os from 'node:os';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../server/db/client.ts';
import { databaseKind } from '../kit/test-server.ts';

describe.skipIf(databaseKind !== 'postgres')('a lost PostgreSQL connection', () => {
  let database: Database | undefined;
  afterAll(() => database?.close());

  it('fails the transaction it was in, and the pool goes on with a new connection', async () => {
    database = await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, dataDir: os.tmpdir() });
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      let reportPid: (pid: number) => void = () => {};
      const pidOf = new Promise<number>((resolve) => {
        reportPid = resolve;
      });
      let ended: () => void = () => {};
      const endedNow = new Promise<void>((resolve) => {
        ended = resolve;
      });
      const transaction = database.db.transaction(async (tx) => {
        const { rows } = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as { rows: Array<{ pid: number }> };
        reportPid(rows[0]!.pid);
        await endedNow;
        // The loss reaches the connection while no statement runs on it.
        await new Promise((resolve) => setTimeout(resolve, 300));
        await tx.execute(sql`select 1`);
      });
      const { rows } = await admin.query<{ ended: boolean }>('select pg_terminate_backend($1) as ended', [await pidOf]);
      expect(rows[0]!.ended).toBe(true);
      ended();
      await expect(transaction).rejects.toThrow();
      const { rows: after } = (await database.db.execute(sql`select 1 as one`)) as unknown as { rows: Array<{ one: number }> };
      expect(after).toEqual([{ one: 1 }]);
    } finally {
      await admin.end();
    }
  });
});
