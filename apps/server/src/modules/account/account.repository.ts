import type { Db } from '../../platform/db';
import type { UserTable } from '../../db/schema';

const signInColumns = [
  'id',
  'status',
  'password_hash',
  'password_failures',
  'kind',
  'register_step',
] as const;

export async function findUserByPhone(db: Db, phone: string) {
  return db.selectFrom('user').select(signInColumns).where('phone', '=', phone).executeTakeFirst();
}

export async function findUserById(db: Db, id: number) {
  return db.selectFrom('user').select(signInColumns).where('id', '=', id).executeTakeFirst();
}

/**
 * The account a password login names: by user name first, then phone, then e-mail (e-mail is not unique,
 * so only an address that belongs to exactly one account signs in).
 */
export async function findUserByAccount(
  db: Db,
  account: { name: string; phone: string | null; email: string },
) {
  const byName = await db
    .selectFrom('user')
    .select(signInColumns)
    .where('username', '=', account.name)
    .executeTakeFirst();
  if (byName) return byName;
  if (account.phone) {
    const byPhone = await findUserByPhone(db, account.phone);
    if (byPhone) return byPhone;
  }
  const byEmail = await db
    .selectFrom('user')
    .select(signInColumns)
    .where('email', '=', account.email)
    .limit(2)
    .execute();
  return byEmail.length === 1 ? byEmail[0] : undefined;
}

export type NewUser = Pick<
  UserTable,
  'public_id' | 'phone' | 'password_hash' | 'nickname' | 'kind' | 'register_step' | 'agreement_at'
>;

/** Inserts a user unless the phone is already taken; returns the new id, or undefined on a taken phone. */
export async function insertUserUnlessPhoneTaken(db: Db, u: NewUser, at: number) {
  const row = await db
    .insertInto('user')
    .values({
      ...u,
      username: null,
      email: null,
      avatar_url: null,
      status: 1,
      wechat_openid: null,
      order_receiving: 0,
      message_notify: 1,
      language: null,
      password_failures: 0,
      created_at: at,
      updated_at: at,
      deleted_at: null,
    })
    .onConflict((oc) => oc.column('phone').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export async function recordAgreementIfMissing(db: Db, userId: number, at: number) {
  await db
    .updateTable('user')
    .set({ agreement_at: at, updated_at: at })
    .where('id', '=', userId)
    .where('agreement_at', 'is', null)
    .execute();
}

export async function addPasswordFailure(db: Db, userId: number) {
  await db
    .updateTable('user')
    .set((eb) => ({ password_failures: eb('password_failures', '+', 1) }))
    .where('id', '=', userId)
    .execute();
}

/**
 * Counts a password attempt on the account if it is within the attempts allowed without a captcha;
 * false when none is left. One conditional update: of parallel attempts, only `free` get through.
 */
export async function takeFreePasswordAttempt(db: Db, userId: number, free: number) {
  const res = await db
    .updateTable('user')
    .set((eb) => ({ password_failures: eb('password_failures', '+', 1) }))
    .where('id', '=', userId)
    .where('password_failures', '<', free)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/**
 * The same for an identifier that matches no account (counted for a day): an insert, or a conditional
 * update of a count still below `free` (or older than `since`, which starts again).
 */
export async function takeFreeUnknownAttempt(db: Db, key: string, at: number, since: number, free: number) {
  const row = await db
    .insertInto('login_failure')
    .values({ key, failures: 1, updated_at: at })
    .onConflict((oc) =>
      oc
        .column('key')
        .doUpdateSet((eb) => ({
          failures: eb
            .case()
            .when('login_failure.updated_at', '<', since)
            .then(1)
            .else(eb('login_failure.failures', '+', 1))
            .end(),
          updated_at: at,
        }))
        .where((eb) =>
          eb.or([eb('login_failure.failures', '<', free), eb('login_failure.updated_at', '<', since)]),
        ),
    )
    .returning('failures')
    .executeTakeFirst();
  return row !== undefined;
}

export async function resetPasswordFailures(db: Db, userId: number) {
  await db
    .updateTable('user')
    .set({ password_failures: 0 })
    .where('id', '=', userId)
    .where('password_failures', '>', 0)
    .execute();
}

/** Moves a personal account from step 1 to 2; false when it is not a personal account at step 1. */
export async function completePersonalStep2(
  db: Db,
  userId: number,
  v: { nickname: string; email: string | null },
  at: number,
) {
  const res = await db
    .updateTable('user')
    .set({ nickname: v.nickname, ...(v.email ? { email: v.email } : {}), register_step: 2, updated_at: at })
    .where('id', '=', userId)
    .where('kind', '=', 'personal')
    .where('register_step', '=', 1)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Records the company and moves the account from step 1 to 2 in one transaction; false when not at step 1. */
export async function completeCompanyStep2(
  db: Db,
  userId: number,
  v: { companyName: string; ubn: string; contactName: string; email: string },
  at: number,
) {
  return db.transaction().execute(async (trx) => {
    const res = await trx
      .updateTable('user')
      .set({ email: v.email, register_step: 2, updated_at: at })
      .where('id', '=', userId)
      .where('kind', '=', 'company')
      .where('register_step', '=', 1)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) return false;
    await trx
      .insertInto('company_profile')
      .values({
        user_id: userId,
        company_name: v.companyName,
        ubn: v.ubn,
        contact_name: v.contactName,
        email: v.email,
        verified_at: at,
      })
      .execute();
    return true;
  });
}
