import { newPublicId } from '../../platform/crypto';
import type { Db } from '../../platform/db';
import { findLive, insertSingleUse, spendOnce } from '../../platform/single-use';

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
  await insertSingleUse(
    db,
    'wechat_state',
    { state_hash: row.stateHash, nonce_hash: row.nonceHash, redirect: row.redirect },
    { at: row.at, expiresAt: row.expiresAt, purgeExpired: true },
  );
}

/** A live, unspent state whose nonce matches; its redirect, or undefined. */
export const findLiveWechatState = (db: Db, stateHash: string, nonceHash: string, at: number) =>
  findLive(db, 'wechat_state', { state_hash: stateHash, nonce_hash: nonceHash }, at, ['redirect']);

/**
 * Spends a live state whose nonce matches; returns its redirect, or undefined. The guarded update makes
 * it single use even when callbacks race.
 */
export const spendWechatState = (db: Db, stateHash: string, nonceHash: string, at: number) =>
  spendOnce(db, 'wechat_state', { state_hash: stateHash, nonce_hash: nonceHash }, at, {
    returning: ['redirect'],
  });
