import type { CaptchaKind } from '@simshop/contracts';
import type { Db } from '../../platform/db';

export async function insertCaptcha(
  db: Db,
  row: { id: string; kind: CaptchaKind; answer: number; expiresAt: number; createdAt: number },
) {
  await db
    .insertInto('captcha')
    .values({
      id: row.id,
      kind: row.kind,
      answer: row.answer,
      expires_at: row.expiresAt,
      used_at: null,
      created_at: row.createdAt,
    })
    .execute();
}

/**
 * Marks a live, unused captcha as used and returns what it expects; undefined when there is none.
 * The `used_at is null` guard makes this the single point where a captcha is spent: of two
 * concurrent calls, only one gets the row back.
 */
export async function spendCaptcha(db: Db, id: string, at: number) {
  return db
    .updateTable('captcha')
    .set({ used_at: at })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .returning(['kind', 'answer'])
    .executeTakeFirst();
}

export async function deleteExpiredCaptchas(db: Db, at: number) {
  await db.deleteFrom('captcha').where('expires_at', '<=', at).execute();
}
