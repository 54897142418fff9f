import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDb, type DbHandle } from './db';
import { GROUP_MAX_MEMBERS } from './sqlite-group-commit';

// The group commit of the one SQLite connection (platform/sqlite-group-commit.ts), watched from a second
// connection to the same file: what it sees is what a crash would have kept.

type T = { t: { id: number; note: string } };
let dir: string;
let dbh: DbHandle;
let db: Kysely<T>;
let observer: SQLite.Database;
const committed = () =>
  (observer.prepare('select id from t order by id').all() as { id: number }[]).map((r) => r.id);
const insert = (trx: Kysely<T>, id: number) => trx.insertInto('t').values({ id, note: '' }).execute();

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'simshop-group-'));
  dbh = openDb({ sqliteFile: path.join(dir, 'test.db') });
  db = dbh.db as unknown as Kysely<T>;
  await sql`create table t (id integer primary key, note text not null)`.execute(db);
  await sql`create table parent (id integer primary key)`.execute(db);
  await sql`create table child (pid integer references parent (id) deferrable initially deferred)`.execute(
    db,
  );
  observer = new SQLite(path.join(dir, 'test.db'), { readonly: true });
});
afterEach(async () => {
  observer.close();
  await dbh.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('SQLite group commit', () => {
  it('commits the transactions begun in one turn together, and answers none before the commit', async () => {
    const seenAtAnswer: number[][] = [];
    await Promise.all(
      [1, 2, 3, 4, 5].map((id) =>
        db
          .transaction()
          .execute((trx) => insert(trx, id))
          .then(() => seenAtAnswer.push(committed())),
      ),
    );
    // the first to be answered already sees all five: one commit, after the last of them
    expect(seenAtAnswer).toEqual(Array(5).fill([1, 2, 3, 4, 5]));
  });

  it('commits a lone transaction as soon as it ends', async () => {
    await db.transaction().execute((trx) => insert(trx, 1));
    expect(committed()).toEqual([1]);
  });

  it('rolls back a failing member alone: the others keep their work', async () => {
    const results = await Promise.allSettled([
      db.transaction().execute((trx) => insert(trx, 1)),
      db.transaction().execute(async (trx) => {
        await insert(trx, 2);
        throw new Error('out of stock');
      }),
      db.transaction().execute(async (trx) => {
        await insert(trx, 3);
        await insert(trx, 1); // a duplicate key: the statement fails, then the member
      }),
      db.transaction().execute((trx) => insert(trx, 4)),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason.message).toBe('out of stock');
    expect(committed()).toEqual([1, 4]);
  });

  it('fails every member when the shared commit fails, keeps none of them, and goes on', async () => {
    const results = await Promise.allSettled([
      db.transaction().execute((trx) => insert(trx, 1)),
      // a deferred foreign key is checked at the commit: this member's release succeeds, the commit fails
      db.transaction().execute((trx) => sql`insert into child (pid) values (99)`.execute(trx)),
      db.transaction().execute((trx) => insert(trx, 2)),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(String((results[0] as PromiseRejectedResult).reason)).toMatch(/FOREIGN KEY/);
    expect(committed()).toEqual([]);
    await db.transaction().execute((trx) => insert(trx, 3));
    expect(committed()).toEqual([3]);
  });

  it('answers a query run while a group is open only after the group commits', async () => {
    const order: string[] = [];
    const member = db
      .transaction()
      .execute((trx) => insert(trx, 1))
      .then(() => order.push('member'));
    const read = db
      .selectFrom('t')
      .select('id')
      .execute()
      .then((rows) => {
        order.push('read');
        // it ran inside the group, after the member, and the member's row is durable as it answers
        expect(rows.map((r) => r.id)).toEqual([1]);
        expect(committed()).toEqual([1]);
      });
    await Promise.all([member, read]);
    expect(order).toEqual(['member', 'read']);
  });

  it('commits at the release of a member that held the connection past the scheduled commit', async () => {
    const events: string[] = [];
    await Promise.all([
      db
        .transaction()
        .execute((trx) => insert(trx, 1))
        .then(() => events.push(`first answered, sees ${committed().join()}`)),
      db.transaction().execute(async (trx) => {
        await new Promise((resolve) => setTimeout(resolve, 20)); // a turn of the event loop goes by
        await insert(trx, 2);
        events.push('second done');
      }),
    ]);
    expect(events).toEqual(['second done', 'first answered, sees 1,2']);
  });

  it(`commits every ${GROUP_MAX_MEMBERS} members at most, and loses none`, async () => {
    const ids = Array.from({ length: GROUP_MAX_MEMBERS * 2 + 5 }, (_, i) => i + 1);
    let firstSaw: number | undefined;
    await Promise.all(
      ids.map((id) =>
        db
          .transaction()
          .execute((trx) => insert(trx, id))
          .then(() => (firstSaw ??= committed().length)),
      ),
    );
    expect(firstSaw).toBe(GROUP_MAX_MEMBERS);
    expect(committed()).toEqual(ids);
  });

  it('settles the group of another connection to the file in this process before a statement of its own', async () => {
    // two instances in one process (the scale-out tests): waiting for the lock would block the one thread
    // that can commit the other's group
    const other = openDb({ sqliteFile: path.join(dir, 'test.db') });
    try {
      const otherDb = other.db as unknown as Kysely<T>;
      await Promise.all([
        db.transaction().execute((trx) => insert(trx, 1)),
        otherDb.transaction().execute((trx) => insert(trx, 2)),
        db.transaction().execute((trx) => insert(trx, 3)),
        otherDb.insertInto('t').values({ id: 4, note: '' }).execute(),
      ]);
      expect(committed()).toEqual([1, 2, 3, 4]);
    } finally {
      await other.close();
    }
  });

  it("keeps a savepoint's journal in memory", async () => {
    const { rows } = await sql<{ temp_store: number }>`pragma temp_store`.execute(db);
    expect(rows[0]?.temp_store).toBe(2);
  });
});
