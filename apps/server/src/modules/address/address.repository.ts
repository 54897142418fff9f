import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Db } from '../../platform/db';
import type { AddressTable } from '../../db/schema';

export type AddressRow = Selectable<AddressTable>;

const ownAddresses = (db: Db, userId: number) => db.selectFrom('address').where('user_id', '=', userId);

/** The user's addresses: the default first, then the newest. */
export const findAddresses = (db: Db, userId: number, paging?: { limit: number; offset: number }) =>
  ownAddresses(db, userId)
    .selectAll()
    .orderBy('is_default', 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .$if(!!paging, (q) => q.limit(paging!.limit).offset(paging!.offset))
    .execute();

export async function countAddresses(db: Db, userId: number): Promise<number> {
  const row = await ownAddresses(db, userId)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** One address of the user; undefined when it is someone else's or gone. */
export const findAddress = (db: Db, userId: number, id: number) =>
  ownAddresses(db, userId).selectAll().where('id', '=', id).executeTakeFirst();

// `sql.lit`: a literal lets SQLite plan with the partial index address_one_default once (platform/db)
export const findDefaultAddress = (db: Db, userId: number) =>
  ownAddresses(db, userId).selectAll().where('is_default', '=', sql.lit(1)).executeTakeFirst();

export const insertAddress = async (db: Db, row: Insertable<AddressTable>) =>
  (await db.insertInto('address').values(row).returning('id').executeTakeFirstOrThrow()).id;

export const updateAddress = (db: Db, userId: number, id: number, set: Updateable<AddressTable>) =>
  db.updateTable('address').set(set).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();

/** Takes the default flag off the user's default address (before another one gets it). */
export const clearDefaultAddress = (db: Db, userId: number, at: number) =>
  db
    .updateTable('address')
    .set({ is_default: 0, updated_at: at })
    .where('user_id', '=', userId)
    .where('is_default', '=', sql.lit(1))
    .execute();

/** Ids among `ids` that belong to the user. */
export const ownedAddressIds = async (db: Db, userId: number, ids: number[]) =>
  (await ownAddresses(db, userId).select('id').where('id', 'in', ids).execute()).map((r) => Number(r.id));

export const deleteAddresses = async (db: Db, userId: number, ids: number[]) =>
  Number(
    (await db.deleteFrom('address').where('user_id', '=', userId).where('id', 'in', ids).executeTakeFirst())
      .numDeletedRows,
  );

/** The user's newest address (the one promoted to default when the default goes). */
export const findNewestAddress = (db: Db, userId: number) =>
  ownAddresses(db, userId).selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').executeTakeFirst();

/** Deletes every address of the user (account deletion); returns how many. */
export const deleteAllAddresses = async (db: Db, userId: number) =>
  Number((await db.deleteFrom('address').where('user_id', '=', userId).executeTakeFirst()).numDeletedRows);
