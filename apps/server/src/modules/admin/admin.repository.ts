import type { Db } from '../../platform/db';

export const findAdminByUsername = (db: Db, username: string) =>
  db.selectFrom('admin_user').selectAll().where('username', '=', username).executeTakeFirst();

export const findAdmin = (db: Db, id: number) =>
  db.selectFrom('admin_user').selectAll().where('id', '=', id).executeTakeFirst();

/** A user who still exists (active or disabled; logged-off accounts are gone for operators too). */
export const findLiveUserByPublicId = (db: Db, publicId: string) =>
  db
    .selectFrom('user')
    .select(['id', 'public_id', 'nickname', 'status'])
    .where('public_id', '=', publicId)
    .where('status', 'in', [0, 1])
    .executeTakeFirst();

export const findRealNameWithUser = (db: Db, userId: number) =>
  db
    .selectFrom('real_name')
    .innerJoin('user', 'user.id', 'real_name.user_id')
    .selectAll('real_name')
    .select(['user.public_id', 'user.nickname'])
    .where('real_name.user_id', '=', userId)
    .executeTakeFirst();

export async function pageRealNames(db: Db, filter: { status?: string; page: number; size: number }) {
  let base = db.selectFrom('real_name').innerJoin('user', 'user.id', 'real_name.user_id');
  if (filter.status) base = base.where('real_name.status', '=', filter.status);
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const list = await base
    .selectAll('real_name')
    .select(['user.public_id', 'user.nickname'])
    .orderBy('real_name.submitted_at', 'asc')
    .orderBy('real_name.user_id', 'asc')
    .limit(filter.size)
    .offset((filter.page - 1) * filter.size)
    .execute();
  return { total: Number(total), list };
}

/** Decides a pending submission; false when it is no longer pending (someone else decided, or resubmitted). */
export async function decideRealName(
  db: Db,
  userId: number,
  expectedSubmittedAt: number,
  decision: { status: 'verified' | 'rejected'; reason: string | null; at: number },
) {
  const res = await db
    .updateTable('real_name')
    .set({ status: decision.status, reason: decision.reason, reviewed_at: decision.at })
    .where('user_id', '=', userId)
    .where('status', '=', 'pending')
    .where('submitted_at', '=', expectedSubmittedAt)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function setUserStatus(db: Db, userId: number, status: 0 | 1, at: number) {
  const res = await db
    .updateTable('user')
    .set({ status, updated_at: at })
    .where('id', '=', userId)
    .where('status', 'in', [0, 1])
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Counts a login attempt if fewer than `free` failures are pending; false when a captcha is due. */
export async function takeFreeAdminAttempt(db: Db, id: number, free: number) {
  const res = await db
    .updateTable('admin_user')
    .set((eb) => ({ password_failures: eb('password_failures', '+', 1) }))
    .where('id', '=', id)
    .where('password_failures', '<', free)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function addAdminFailure(db: Db, id: number) {
  await db
    .updateTable('admin_user')
    .set((eb) => ({ password_failures: eb('password_failures', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

export async function resetAdminFailures(db: Db, id: number) {
  await db
    .updateTable('admin_user')
    .set({ password_failures: 0, locked_until: null })
    .where('id', '=', id)
    .execute();
}

export async function setAdminPassword(db: Db, id: number, passwordHash: string) {
  const res = await db
    .updateTable('admin_user')
    .set({ password_hash: passwordHash, password_failures: 0, locked_until: null })
    .where('id', '=', id)
    .where('status', '=', 1)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** The failures of one operator from one address and when the last one was. */
export async function findAdminAddressFailures(db: Db, key: string) {
  const row = await db
    .selectFrom('login_failure')
    .select(['failures', 'updated_at'])
    .where('key', '=', key)
    .executeTakeFirst();
  return row ? { failures: Number(row.failures), at: Number(row.updated_at) } : null;
}

export async function clearAdminAddressFailures(db: Db, key: string) {
  await db.deleteFrom('login_failure').where('key', '=', key).execute();
}
