import type { Db } from '../../platform/db';

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
  await db.deleteFrom('wechat_pay_state').where('expires_at', '<=', row.at).execute();
  await db
    .insertInto('wechat_pay_state')
    .values({
      state_hash: row.stateHash,
      user_id: row.userId,
      order_id: row.orderId,
      expires_at: row.expiresAt,
      used_at: null,
      created_at: row.at,
    })
    .execute();
}

/** The live, unspent state of this account and order, or undefined. */
export const findLivePayState = (db: Db, stateHash: string, userId: number, orderId: number, at: number) =>
  db
    .selectFrom('wechat_pay_state')
    .select('state_hash')
    .where('state_hash', '=', stateHash)
    .where('user_id', '=', userId)
    .where('order_id', '=', orderId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .executeTakeFirst();

/** Spends the state once: of racing returns with it, one gets a row. */
export const spendPayState = (db: Db, stateHash: string, userId: number, orderId: number, at: number) =>
  db
    .updateTable('wechat_pay_state')
    .set({ used_at: at })
    .where('state_hash', '=', stateHash)
    .where('user_id', '=', userId)
    .where('order_id', '=', orderId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .returning('state_hash')
    .executeTakeFirst();
