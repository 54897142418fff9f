import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, openDb, type DbHandle } from './db';

let dbh: DbHandle;
beforeAll(async () => {
  dbh = openDb({ sqliteFile: ':memory:' });
  await migrate(dbh);
  await dbh.db
    .insertInto('sale_type')
    .values(
      [1, 2, 3, 4, 5].map((i) => ({
        code: `t${i}`,
        texts: '{}',
        goods_type: 1,
        can_mix_order: 0,
        order_num: i,
        created_at: 0,
        updated_at: 0,
      })),
    )
    .execute();
});
afterAll(async () => dbh?.close());

describe('SQLite statements', () => {
  const page = (limit: unknown, offset: unknown) =>
    dbh.db
      .selectFrom('sale_type')
      .select('code')
      .orderBy('order_num')
      .limit(limit as number)
      .offset(offset as number);

  it("writes a query's own LIMIT and OFFSET into its text, so its statement is planned once", async () => {
    const q = page(2, 1).compile();
    expect(q.sql).toMatch(/limit 2 offset 1$/);
    expect(q.parameters).toEqual([]);
    expect((await page(2, 1).execute()).map((r) => r.code)).toEqual(['t2', 't3']);
    expect((await page(2, 3).execute()).map((r) => r.code)).toEqual(['t4', 't5']);
  });

  it('binds anything that is not a plain integer, as before', () => {
    const q = page('2', 1.5).compile();
    expect(q.sql).toMatch(/limit \? offset \?$/);
    expect(q.parameters).toEqual(['2', 1.5]);
  });

  it('keeps a page cache of 6 MiB, not the 16 MiB better-sqlite3 builds in', async () => {
    const { rows } = await sql<{ cache_size: number }>`pragma cache_size`.execute(dbh.db);
    expect(rows[0]?.cache_size).toBe(-6 * 1024);
  });
});
