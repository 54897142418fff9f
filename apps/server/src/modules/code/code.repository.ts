import type { Db } from '../../platform/db';
import { insertSingleUse, spendOnce } from '../../platform/single-use';
import type { VerifyCodeTable } from '../../db/schema';

export type CodeChannel = VerifyCodeTable['channel'];

/** When this client last asked for a code to this target, whatever its purpose. */
export async function lastSentAt(
  db: Db,
  channel: CodeChannel,
  target: string,
  ip: string,
): Promise<number | null> {
  const row = await db
    .selectFrom('verify_code')
    .select('created_at')
    .where('channel', '=', channel)
    .where('target', '=', target)
    .where('ip', '=', ip)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.created_at ?? null;
}

/** Codes sent to a target since `since` (all clients, or one client when `ip` is given), and the oldest of them. */
export async function sentToTargetSince(
  db: Db,
  channel: CodeChannel,
  target: string,
  since: number,
  ip?: string,
) {
  let q = db
    .selectFrom('verify_code')
    .select((eb) => [eb.fn.countAll<number | string>().as('n'), eb.fn.min('created_at').as('oldest')])
    .where('channel', '=', channel)
    .where('target', '=', target)
    .where('created_at', '>', since);
  if (ip !== undefined) q = q.where('ip', '=', ip);
  const row = await q.executeTakeFirstOrThrow();
  return { count: Number(row.n), oldest: row.oldest === null ? null : Number(row.oldest) };
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

/**
 * A new code replaces the older unused codes this client asked for (same target and purpose); codes
 * other clients asked for stay valid, so a stranger's request cannot void the owner's code.
 */
export async function replaceOwnCodes(
  db: Db,
  v: { channel: CodeChannel; target: string; purpose: string; ip: string; at: number },
) {
  await db
    .updateTable('verify_code')
    .set({ used_at: v.at })
    .where('channel', '=', v.channel)
    .where('target', '=', v.target)
    .where('purpose', '=', v.purpose)
    .where('ip', '=', v.ip)
    .where('used_at', 'is', null)
    .execute();
}

/** Codes older than `before` count towards no limit any more; deleting them keeps no history of targets. */
export async function purgeCodesBefore(db: Db, before: number) {
  await db.deleteFrom('verify_code').where('created_at', '<', before).execute();
}

/** Demo outbox messages older than `before`. */
export async function purgeOutboxBefore(db: Db, before: number) {
  await db.deleteFrom('outbox').where('created_at', '<', before).execute();
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
  await insertSingleUse(
    db,
    'verify_code',
    {
      channel: row.channel,
      target: row.target,
      purpose: row.purpose,
      code_hash: row.codeHash,
      attempts: 0,
      ip: row.ip,
    },
    { at: row.createdAt, expiresAt: row.expiresAt },
  );
}

/** The newest codes sent to this target for this purpose (used or not), newest first. */
export async function recentCodes(db: Db, channel: CodeChannel, target: string, purpose: string) {
  return db
    .selectFrom('verify_code')
    .select(['id', 'code_hash', 'attempts', 'expires_at', 'used_at'])
    .where('channel', '=', channel)
    .where('target', '=', target)
    .where('purpose', '=', purpose)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(10)
    .execute();
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

/**
 * Spends the code unless it expired or its wrong tries reached `maxAttempts`; true for exactly one caller even
 * when several race with the right code.
 */
export async function markCodeUsed(db: Db, id: number, at: number, maxAttempts: number) {
  const spent = await spendOnce(db, 'verify_code', { id }, at, {
    returning: ['id'],
    below: { attempts: maxAttempts },
  });
  return spent !== undefined;
}

export async function listOutbox(db: Db, recipients: string[] | null, limit: number) {
  let q = db.selectFrom('outbox').selectAll().orderBy('id', 'desc').limit(limit);
  if (recipients) q = q.where('recipient', 'in', recipients);
  return q.execute();
}
