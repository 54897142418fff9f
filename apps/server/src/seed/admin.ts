import type { Config } from '../config';
import type { Db } from '../platform/db';
import { hashPassword } from '../platform/password';

export const INITIAL_ADMIN_USERNAME = 'admin';

/**
 * Creates the first operator, `admin` (role super), with ADMIN_INITIAL_PASSWORD when no operator exists yet.
 * Safe to run on every start: it never touches an existing operator, so a changed password stays changed.
 */
export async function seedAdmin(db: Db, config: Config) {
  const any = await db.selectFrom('admin_user').select('id').limit(1).executeTakeFirst();
  if (any) return;
  await db
    .insertInto('admin_user')
    .values({
      username: INITIAL_ADMIN_USERNAME,
      name: 'Administrator',
      password_hash: await hashPassword(config.adminInitialPassword),
      role: 'super',
      status: 1,
      created_at: Date.now(),
    })
    .onConflict((oc) => oc.column('username').doNothing())
    .execute();
}
