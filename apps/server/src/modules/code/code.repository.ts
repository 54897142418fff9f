import type { Db } from '../../platform/db';
import type { VerifyCodeTable } from '../../db/schema';

export type CodeChannel = VerifyCodeTable['channel'];

/** When the newest code for this target was sent, whatever its purpose. */
export async function lastSentAt(db: Db, channel: CodeChannel, target: string): Promise<number | null> {
  const row = await db
    .selectFrom('verify_code')
    .select('created_at')
    .where('channel', '=', channel)
    .where('target', '=', target)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.created_at ?? null;
}

export async function countSentToTargetSince(db: Db, channel: CodeChannel, target: string, since: number) {
  const row = await db
    .selectFrom('verify_code')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('channel', '=', channel)
    .where('target', '=', target)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countSentFromIpSince(db: Db, ip: string, since: number) {
  const row = await db
    .selectFrom('verify_code')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('ip', '=', ip)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertCode(
  db: Db,
  row: {
    channel: CodeChannel;
    target: string;
    purpose: string;
    codeHash: string;
    expiresAt: number;
    ip: string;
    createdAt: number;
  },
) {
  await db
    .insertInto('verify_code')
    .values({
      channel: row.channel,
      target: row.target,
      purpose: row.purpose,
      code_hash: row.codeHash,
      attempts: 0,
      expires_at: row.expiresAt,
      used_at: null,
      ip: row.ip,
      created_at: row.createdAt,
    })
    .execute();
}

/** The newest code sent to this target for this purpose (used or not: a newer code replaces older ones). */
export async function newestCode(db: Db, channel: CodeChannel, target: string, purpose: string) {
  return db
    .selectFrom('verify_code')
    .select(['id', 'code_hash', 'attempts', 'expires_at', 'used_at'])
    .where('channel', '=', channel)
    .where('target', '=', target)
    .where('purpose', '=', purpose)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Counts one wrong try while the code is still live; returns the new count, or undefined when it no longer was. */
export async function addWrongAttempt(db: Db, id: number, maxAttempts: number) {
  const row = await db
    .updateTable('verify_code')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('attempts', '<', maxAttempts)
    .returning('attempts')
    .executeTakeFirst();
  return row?.attempts;
}

/** Spends the code; true for exactly one caller even when several race with the right code. */
export async function markCodeUsed(db: Db, id: number, at: number, maxAttempts: number) {
  const res = await db
    .updateTable('verify_code')
    .set({ used_at: at })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('attempts', '<', maxAttempts)
    .where('expires_at', '>', at)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function listOutbox(db: Db, recipients: string[] | null, limit: number) {
  let q = db.selectFrom('outbox').selectAll().orderBy('id', 'desc').limit(limit);
  if (recipients) q = q.where('recipient', 'in', recipients);
  return q.execute();
}
