import type { AdminRole } from '@simshop/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { call } from '../../test/harness';

let seq = 0;
/** Inserts an active operator with a role and issues an admin-realm token; for tests of admin/ calls. */
export async function createOperator(ctx: AppContext, role: AdminRole = 'owner') {
  seq += 1;
  const row = await ctx.db
    .insertInto('admin_user')
    .values({
      username: `catalogue-${role}-${seq}-${Date.now()}`,
      name: `Catalogue ${role}`,
      password_hash: 'not-used',
      role,
      status: 1,
      created_at: Date.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const tokens = await ctx.tokens.issue('admin', row.id);
  return { id: row.id, token: tokens.token };
}

/** The demo goods whose English title is exactly `title`. */
export async function demoGoodsId(app: FastifyInstance, title: string): Promise<number> {
  const res = await call(app, 'POST', 'app/goods/info/page', {
    body: { keyWord: title, size: 100 },
    language: 'en',
  });
  const hit = (res.data?.list ?? []).find((g: { title: string }) => g.title === title);
  if (!hit) throw new Error(`no demo goods titled ${title}`);
  return hit.id as number;
}
