import type { adminVersionAddRequest, adminVersionUpdateRequest } from '@simshop/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { fail } from '../../platform/errors';

type Row = {
  id: number;
  version: string;
  code: number;
  description: string;
  url: string | null;
  force_update: number;
  published_at: number;
};
const toVersion = (r: Row) => ({
  id: Number(r.id),
  version: r.version,
  code: Number(r.code),
  description: r.description,
  url: r.url,
  force: Number(r.force_update) === 1,
  publishedAt: new Date(Number(r.published_at)).toISOString(),
});

const codeTaken = async (ctx: AppContext, code: number, exceptId = 0) =>
  (await ctx.db
    .selectFrom('app_version')
    .select('id')
    .where('code', '=', code)
    .where('id', '!=', exceptId)
    .executeTakeFirst()) !== undefined;

/** Published and scheduled versions, highest version code first. */
export async function versionPage(ctx: AppContext, q: { page: number; size: number }) {
  const { total } = await ctx.db
    .selectFrom('app_version')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const rows = await ctx.db
    .selectFrom('app_version')
    .selectAll()
    .orderBy('code', 'desc')
    .limit(q.size)
    .offset((q.page - 1) * q.size)
    .execute();
  return { list: rows.map(toVersion), pagination: { page: q.page, size: q.size, total: Number(total) } };
}

/** A new version; its code must be unused (the app compares codes). Published now unless a time is given. */
export async function addVersion(ctx: AppContext, input: z.infer<typeof adminVersionAddRequest>) {
  if (await codeTaken(ctx, input.code)) fail('CONFLICT');
  const row = await ctx.db
    .insertInto('app_version')
    .values({
      version: input.version,
      code: input.code,
      description: input.description,
      url: input.url ?? null,
      force_update: input.force ? 1 : 0,
      published_at: input.publishedAt ?? Date.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: Number(row.id) };
}

export async function updateVersion(ctx: AppContext, input: z.infer<typeof adminVersionUpdateRequest>) {
  if (input.code !== undefined && (await codeTaken(ctx, input.code, input.id))) fail('CONFLICT');
  const set = {
    ...(input.version !== undefined && { version: input.version }),
    ...(input.code !== undefined && { code: input.code }),
    ...(input.description !== undefined && { description: input.description }),
    ...(input.url !== undefined && { url: input.url ?? null }),
    ...(input.force !== undefined && { force_update: input.force ? 1 : 0 }),
    ...(input.publishedAt !== undefined && { published_at: input.publishedAt }),
  };
  const exists = await ctx.db
    .selectFrom('app_version')
    .select('id')
    .where('id', '=', input.id)
    .executeTakeFirst();
  if (!exists) fail('NOT_FOUND');
  if (Object.keys(set).length > 0)
    await ctx.db.updateTable('app_version').set(set).where('id', '=', input.id).execute();
  return { id: input.id };
}

export async function deleteVersions(ctx: AppContext, ids: number[]) {
  const res = await ctx.db.deleteFrom('app_version').where('id', 'in', ids).executeTakeFirst();
  return { count: Number(res.numDeletedRows) };
}
