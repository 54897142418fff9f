import type {
  adminDictInfoAddRequest,
  adminDictInfoUpdateRequest,
  adminDictTypeAddRequest,
  adminDictTypeUpdateRequest,
} from '@simshop/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { fail } from '../../platform/errors';
import { findDictItems, findDictTypes } from './dict.repository';
import { invalidateDictCache } from './dict.service';

// Operators edit dictionaries (types and their entries); every change drops the cached app answers.

const namesOf = (i18n: string | null): Record<string, string> => {
  try {
    return i18n ? (JSON.parse(i18n) as Record<string, string>) : {};
  } catch {
    return {};
  }
};
const i18nOf = (names: Record<string, string> | undefined) =>
  names && Object.keys(names).length > 0 ? JSON.stringify(names) : null;

export async function adminDictTypes(ctx: AppContext) {
  return (await findDictTypes(ctx.db)).map((t) => ({
    id: Number(t.id),
    key: t.key,
    name: t.name,
    names: namesOf(t.name_i18n),
  }));
}

async function changed<T>(ctx: AppContext, run: () => Promise<T>): Promise<T> {
  const out = await run();
  invalidateDictCache(ctx.db);
  return out;
}

const keyTaken = async (ctx: AppContext, key: string, exceptId = 0) =>
  (await ctx.db
    .selectFrom('dict_type')
    .select('id')
    .where('key', '=', key)
    .where('id', '!=', exceptId)
    .executeTakeFirst()) !== undefined;

export async function addDictType(ctx: AppContext, input: z.infer<typeof adminDictTypeAddRequest>) {
  if (await keyTaken(ctx, input.key)) fail('CONFLICT');
  return changed(ctx, async () => {
    const row = await ctx.db
      .insertInto('dict_type')
      .values({ key: input.key, name: input.name, name_i18n: i18nOf(input.names) })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: Number(row.id) };
  });
}

export async function updateDictType(ctx: AppContext, input: z.infer<typeof adminDictTypeUpdateRequest>) {
  const row = await ctx.db.selectFrom('dict_type').select('id').where('id', '=', input.id).executeTakeFirst();
  if (!row) fail('NOT_FOUND');
  if (input.key !== undefined && (await keyTaken(ctx, input.key, input.id))) fail('CONFLICT');
  const set = {
    ...(input.key !== undefined && { key: input.key }),
    ...(input.name !== undefined && { name: input.name }),
    ...(input.names !== undefined && { name_i18n: i18nOf(input.names) }),
  };
  return changed(ctx, async () => {
    if (Object.keys(set).length > 0)
      await ctx.db.updateTable('dict_type').set(set).where('id', '=', input.id).execute();
    return { id: input.id };
  });
}

/** Removes empty types; a type that still has entries is refused (CONFLICT) and nothing is removed. */
export async function deleteDictTypes(ctx: AppContext, ids: number[]) {
  if ((await findDictItems(ctx.db, ids)).length > 0) fail('CONFLICT');
  return changed(ctx, async () => {
    const res = await ctx.db.deleteFrom('dict_type').where('id', 'in', ids).executeTakeFirst();
    return { count: Number(res.numDeletedRows) };
  });
}

export async function adminDictItems(ctx: AppContext, typeId: number) {
  return (await findDictItems(ctx.db, [typeId])).map((r) => ({
    id: Number(r.id),
    typeId: Number(r.type_id),
    name: r.name,
    names: namesOf(r.name_i18n),
    value: r.value,
    description: r.description,
    parentId: r.parent_id === null ? null : Number(r.parent_id),
    orderNum: Number(r.order_num),
  }));
}

async function assertParent(ctx: AppContext, typeId: number, parentId: number | null | undefined) {
  if (parentId === null || parentId === undefined) return;
  const parent = await ctx.db
    .selectFrom('dict_info')
    .select('id')
    .where('id', '=', parentId)
    .where('type_id', '=', typeId)
    .executeTakeFirst();
  if (!parent) fail('NOT_FOUND');
}

export async function addDictItem(ctx: AppContext, input: z.infer<typeof adminDictInfoAddRequest>) {
  const type = await ctx.db
    .selectFrom('dict_type')
    .select('id')
    .where('id', '=', input.typeId)
    .executeTakeFirst();
  if (!type) fail('NOT_FOUND');
  await assertParent(ctx, input.typeId, input.parentId);
  return changed(ctx, async () => {
    const row = await ctx.db
      .insertInto('dict_info')
      .values({
        type_id: input.typeId,
        name: input.name,
        name_i18n: i18nOf(input.names),
        value: input.value ?? null,
        description: input.description ?? null,
        parent_id: input.parentId ?? null,
        order_num: input.orderNum ?? 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: Number(row.id) };
  });
}

export async function updateDictItem(ctx: AppContext, input: z.infer<typeof adminDictInfoUpdateRequest>) {
  const row = await ctx.db
    .selectFrom('dict_info')
    .select(['id', 'type_id'])
    .where('id', '=', input.id)
    .executeTakeFirst();
  if (!row) return fail('NOT_FOUND');
  const typeId = input.typeId ?? Number(row.type_id);
  if (input.parentId === input.id) fail('CONFLICT');
  await assertParent(ctx, typeId, input.parentId);
  const set = {
    ...(input.typeId !== undefined && { type_id: input.typeId }),
    ...(input.name !== undefined && { name: input.name }),
    ...(input.names !== undefined && { name_i18n: i18nOf(input.names) }),
    ...(input.value !== undefined && { value: input.value ?? null }),
    ...(input.description !== undefined && { description: input.description ?? null }),
    ...(input.parentId !== undefined && { parent_id: input.parentId ?? null }),
    ...(input.orderNum !== undefined && { order_num: input.orderNum }),
  };
  return changed(ctx, async () => {
    if (Object.keys(set).length > 0)
      await ctx.db.updateTable('dict_info').set(set).where('id', '=', input.id).execute();
    return { id: input.id };
  });
}

export async function deleteDictItems(ctx: AppContext, ids: number[]) {
  return changed(ctx, async () => {
    const res = await ctx.db.deleteFrom('dict_info').where('id', 'in', ids).executeTakeFirst();
    return { count: Number(res.numDeletedRows) };
  });
}
