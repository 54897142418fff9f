import crypto from 'node:crypto';
import { ulid } from 'ulid';
import type { AppContext } from '../context';

let seq = 0;
/** Inserts an active personal user straight into the database and logs them in; for tests that need "a user". */
export async function createUser(
  ctx: AppContext,
  over: Partial<{ phone: string; nickname: string; kind: 'personal' | 'company'; status: number }> = {},
) {
  seq += 1;
  const at = Date.now();
  const phone = over.phone ?? `+8869${String(10_000_000 + seq * 7919 + crypto.randomInt(1000)).slice(-8)}`;
  const row = await ctx.db
    .insertInto('user')
    .values({
      public_id: ulid(),
      phone,
      username: null,
      email: null,
      password_hash: null,
      nickname: over.nickname ?? `user${seq}`,
      avatar_url: null,
      kind: over.kind ?? 'personal',
      register_step: 2,
      status: over.status ?? 1,
      wechat_openid: null,
      order_receiving: 0,
      message_notify: 1,
      language: null,
      password_failures: 0,
      agreement_at: at,
      created_at: at,
      updated_at: at,
      deleted_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const tokens = await ctx.tokens.issue('app', row.id);
  return { id: row.id, phone, ...tokens };
}
