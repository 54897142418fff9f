import { newPublicId } from '../../platform/crypto';
import type { Db } from '../../platform/db';

export const findUserByOpenid = (db: Db, openid: string) =>
  db.selectFrom('user').select(['id', 'status']).where('wechat_openid', '=', openid).executeTakeFirst();

/**
 * Creates a personal account linked to a WeChat openid; when a concurrent login created it first,
 * returns null and the caller reads that one.
 */
export async function insertWechatUser(
  db: Db,
  input: { openid: string; nickname: string; avatarUrl: string | null; at: number },
): Promise<number | null> {
  const row = await db
    .insertInto('user')
    .values({
      public_id: newPublicId(),
      phone: null,
      username: null,
      email: null,
      password_hash: null,
      nickname: input.nickname,
      avatar_url: input.avatarUrl,
      kind: 'personal',
      register_step: 2,
      status: 1,
      wechat_openid: input.openid,
      order_receiving: 0,
      message_notify: 1,
      language: null,
      password_failures: 0,
      // the login page offers WeChat only once its agreement box is ticked
      agreement_at: input.at,
      created_at: input.at,
      updated_at: input.at,
      deleted_at: null,
    })
    .onConflict((oc) => oc.column('wechat_openid').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Records a WeChat login in progress; clears the expired ones on the way. */
export async function insertWechatState(
  db: Db,
  row: { stateHash: string; nonceHash: string; redirect: string; expiresAt: number; at: number },
) {
  await db.deleteFrom('wechat_state').where('expires_at', '<=', row.at).execute();
  await db
    .insertInto('wechat_state')
    .values({
      state_hash: row.stateHash,
      nonce_hash: row.nonceHash,
      redirect: row.redirect,
      expires_at: row.expiresAt,
      used_at: null,
      created_at: row.at,
    })
    .execute();
}

/** A live, unspent state whose nonce matches; its redirect, or undefined. */
export async function findLiveWechatState(db: Db, stateHash: string, nonceHash: string, at: number) {
  return db
    .selectFrom('wechat_state')
    .select('redirect')
    .where('state_hash', '=', stateHash)
    .where('nonce_hash', '=', nonceHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .executeTakeFirst();
}

/**
 * Spends a live state whose nonce matches; returns its redirect, or undefined. The guarded update makes
 * it single use even when callbacks race.
 */
export async function spendWechatState(db: Db, stateHash: string, nonceHash: string, at: number) {
  return db
    .updateTable('wechat_state')
    .set({ used_at: at })
    .where('state_hash', '=', stateHash)
    .where('nonce_hash', '=', nonceHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .returning('redirect')
    .executeTakeFirst();
}
