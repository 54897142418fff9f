import type { CaptchaKind } from '@simshop/contracts';
import type { Db } from '../../platform/db';
import { insertSingleUse, purgeExpired, spendOnce } from '../../platform/single-use';

export async function insertCaptcha(
  db: Db,
  row: { id: string; kind: CaptchaKind; answer: number; expiresAt: number; createdAt: number },
) {
  await insertSingleUse(
    db,
    'captcha',
    { id: row.id, kind: row.kind, answer: row.answer },
    { at: row.createdAt, expiresAt: row.expiresAt },
  );
}

/**
 * Marks a live, unused captcha as used and returns what it expects; undefined when there is none.
 * The `used_at is null` guard makes this the single point where a captcha is spent: of two
 * concurrent calls, only one gets the row back.
 */
export const spendCaptcha = (db: Db, id: string, at: number) =>
  spendOnce(db, 'captcha', { id }, at, { returning: ['kind', 'answer'] });

export const deleteExpiredCaptchas = (db: Db, at: number) => purgeExpired(db, 'captcha', at);
