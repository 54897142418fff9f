import { ulid } from 'ulid';
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
      public_id: ulid(),
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
