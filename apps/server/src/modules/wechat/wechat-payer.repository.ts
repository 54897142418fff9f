import type { Db } from '../../platform/db';
import { findLive, insertSingleUse, spendOnce } from '../../platform/single-use';

// Queries of WeChat Pay's payer identity (migration 0260): the kept openid and the authorisations under way.

export const findPayerOpenid = (db: Db, userId: number, appid: string) =>
  db
    .selectFrom('wechat_payer')
    .select('openid')
    .where('user_id', '=', userId)
    .where('appid', '=', appid)
    .executeTakeFirst();

/** The openid the account signed in with through WeChat, if any (same Official Account). */
export const findSignInOpenid = (db: Db, userId: number) =>
  db.selectFrom('user').select('wechat_openid').where('id', '=', userId).executeTakeFirst();

/** Keeps the openid for the account; a newer authorisation replaces it (the buyer's WeChat changed). */
export async function keepPayerOpenid(
  db: Db,
  row: { userId: number; appid: string; openid: string; at: number },
) {
  await db
    .insertInto('wechat_payer')
    .values({
      user_id: row.userId,
      appid: row.appid,
      openid: row.openid,
      created_at: row.at,
      updated_at: row.at,
    })
    .onConflict((oc) =>
      oc.columns(['user_id', 'appid']).doUpdateSet({ openid: row.openid, updated_at: row.at }),
    )
    .execute();
}

/** Records an authorisation under way; clears the expired ones on the way. */
export async function insertPayState(
  db: Db,
  row: { stateHash: string; userId: number; orderId: number; expiresAt: number; at: number },
) {
  await insertSingleUse(
    db,
    'wechat_pay_state',
    { state_hash: row.stateHash, user_id: row.userId, order_id: row.orderId },
    { at: row.at, expiresAt: row.expiresAt, purgeExpired: true },
  );
}

const payState = (stateHash: string, userId: number, orderId: number) => ({
  state_hash: stateHash,
  user_id: userId,
  order_id: orderId,
});

/** The live, unspent state of this account and order, or undefined. */
export const findLivePayState = (db: Db, stateHash: string, userId: number, orderId: number, at: number) =>
  findLive(db, 'wechat_pay_state', payState(stateHash, userId, orderId), at, ['state_hash']);

/** Spends the state once: of racing returns with it, one gets a row. */
export const spendPayState = (db: Db, stateHash: string, userId: number, orderId: number, at: number) =>
  spendOnce(db, 'wechat_pay_state', payState(stateHash, userId, orderId), at, { returning: ['state_hash'] });
