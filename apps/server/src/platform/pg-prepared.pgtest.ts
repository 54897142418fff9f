import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { openDb } from './db';

// PostgreSQL only (run when DATABASE_URL is set): Kysely's queries prepared once per pooled connection.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => t?.close());

const prepared = (db: TestApp['ctx']['db']) =>
  sql<{ name: string; statement: string }>`select name, statement from pg_prepared_statements`.execute(db);

describe('PostgreSQL prepared statements', () => {
  it("prepares a query's text once on its connection and reuses it; BEGIN and COMMIT go unnamed", async () => {
    await t.ctx.db.transaction().execute(async (trx) => {
      for (const id of [1, 2, 3])
        await trx.selectFrom('sale_type').select('code').where('id', '=', id).execute();
      const { rows } = await prepared(trx);
      const mine = rows.filter((r) => r.statement.includes('from "sale_type" where "id" = $1'));
      expect(mine).toHaveLength(1);
      expect(mine[0]!.name).toMatch(/^k\d+$/);
      expect(rows.some((r) => /^\s*(begin|commit)/i.test(r.statement))).toBe(false);
    });
  });

  it('prepares nothing when turned off (DATABASE_PREPARED_STATEMENTS=0, behind a pooler)', async () => {
    const plain = openDb({ databaseUrl: process.env.DATABASE_URL, preparedStatements: false });
    try {
      await plain.db.transaction().execute(async (trx) => {
        for (let i = 0; i < 3; i++) await sql`select 7 as seven where ${i} >= 0`.execute(trx);
        const { rows } = await prepared(trx);
        expect(rows.filter((r) => r.statement.includes('select 7 as seven'))).toEqual([]);
      });
    } finally {
      await plain.close();
    }
  });

  it('prepares anew a `select *` whose table gained a column, and answers with it', async () => {
    const db = t.ctx.db;
    await sql`create table prep_shape (id integer primary key)`.execute(db);
    await sql`insert into prep_shape values (1)`.execute(db);
    const read = () =>
      db
        .selectFrom('prep_shape' as never)
        .selectAll()
        .execute() as Promise<Record<string, unknown>[]>;
    // every pooled connection this test may meet prepares the statement against the old shape
    await Promise.all(Array.from({ length: 5 }, read));
    await sql`alter table prep_shape add column note text default 'x'`.execute(db);
    for (let i = 0; i < 5; i++) expect(await read()).toEqual([{ id: 1, note: 'x' }]);
  });
});
