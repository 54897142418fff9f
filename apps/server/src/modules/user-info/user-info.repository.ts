import type { Selectable, Updateable } from 'kysely';
import { reusableQuery, type Db, type Trx } from '../../platform/db';
import type { RealNameTable, UserTable } from '../../db/schema';

export type UserRow = Selectable<UserTable>;
export type RealNameRow = Selectable<RealNameTable>;

// hot reads, built and compiled once (platform/db reusableQuery)
const userById = reusableQuery((db, $) => db.selectFrom('user').selectAll().where('id', '=', $(0)));
const realNameOf = reusableQuery((db, $) =>
  db.selectFrom('real_name').selectAll().where('user_id', '=', $(0)),
);

export const findUser = async (db: Db, id: number) => (await userById(db, id))[0];

// the profile call's one read: the user with its company and real-name status (both keyed by user id), one
// round trip instead of a read and then two (a third of the profile's time on PostgreSQL, issue 14)
const profileById = reusableQuery((db, $) =>
  db
    .selectFrom('user')
    .leftJoin('company_profile as c', 'c.user_id', 'user.id')
    .leftJoin('real_name as r', 'r.user_id', 'user.id')
    .selectAll('user')
    .select([
      'c.company_name',
      'c.ubn',
      'c.contact_name',
      'c.email as company_email',
      'r.status as real_name_status',
    ])
    .where('user.id', '=', $(0)),
);

const kindById = reusableQuery((db, $) => db.selectFrom('user').select('kind').where('id', '=', $(0)));

/** A user's account kind (`personal` or `company`); null when there is no such user. */
export const findUserKind = async (db: Db, id: number) => (await kindById(db, id))[0]?.kind ?? null;

/** The user's row with its company's fields (null without one) and its real-name status (null without one). */
export const findProfile = async (db: Db, id: number) => (await profileById(db, id))[0];

export const findUserIdByPhone = async (db: Db, phone: string) =>
  (await db.selectFrom('user').select('id').where('phone', '=', phone).executeTakeFirst())?.id ?? null;

export const findRealName = async (db: Db, userId: number) => (await realNameOf(db, userId))[0];

/** Whether `fileKey` is a picture this user uploaded (not another user's, not an operator's, not a PDF). */
export async function isOwnImageUpload(db: Db, userId: number, fileKey: string) {
  const row = await db
    .selectFrom('upload')
    .select('id')
    .where('file_key', '=', fileKey)
    .where('owner_kind', '=', 'user')
    .where('owner_id', '=', userId)
    .where('mime', 'like', 'image/%')
    .executeTakeFirst();
  return row !== undefined;
}

/** Updates an active user's row; false when the account is no longer active. */
export async function updateActiveUser(db: Db, id: number, patch: Updateable<UserTable>) {
  const res = await db
    .updateTable('user')
    .set(patch)
    .where('id', '=', id)
    .where('status', '=', 1)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Counts a password check if fewer than `free` failures are pending; false when none is left. */
export async function takeFreePasswordCheck(db: Db, id: number, free: number) {
  const res = await db
    .updateTable('user')
    .set((eb) => ({ password_failures: eb('password_failures', '+', 1) }))
    .where('id', '=', id)
    .where('password_failures', '<', free)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/**
 * Anonymises the account in one transaction: the row stays (orders reference it and keep their own
 * snapshots of names and addresses) but nothing in it identifies the person any more.
 */
export async function anonymiseUser(trx: Trx, id: number, nickname: string, at: number) {
  const res = await trx
    .updateTable('user')
    .set({
      phone: null,
      username: null,
      email: null,
      wechat_openid: null,
      password_hash: null,
      nickname,
      avatar_url: null,
      language: null,
      status: 2,
      deleted_at: at,
      updated_at: at,
    })
    .where('id', '=', id)
    .where('status', '=', 1)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) return false;
  await trx.deleteFrom('real_name').where('user_id', '=', id).execute();
  // the company (name, UBN) is a business identity invoices may still need; its contact person is personal
  await trx
    .updateTable('company_profile')
    .set({ contact_name: '', email: '' })
    .where('user_id', '=', id)
    .execute();
  return true;
}

/** Inserts or replaces a submission unless it is already verified; false when it is verified. */
export async function upsertRealName(
  db: Db,
  row: Omit<RealNameRow, 'reason' | 'reviewed_at' | 'status'>,
): Promise<boolean> {
  const values = { ...row, status: 'pending', reason: null, reviewed_at: null };
  const inserted = await db
    .insertInto('real_name')
    .values(values)
    .onConflict((oc) => oc.column('user_id').doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return true;
  const res = await db
    .updateTable('real_name')
    .set(values)
    .where('user_id', '=', row.user_id)
    .where('status', '!=', 'verified')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
