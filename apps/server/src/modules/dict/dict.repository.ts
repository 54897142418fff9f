import type { Db } from '../../platform/db';

export type DictTypeRow = { id: number; key: string; name: string; name_i18n: string | null };
export type DictItemRow = {
  id: number;
  type_id: number;
  name: string;
  name_i18n: string | null;
  value: string | null;
  description: string | null;
  parent_id: number | null;
  order_num: number;
};

/** Dictionary types, all or those with the given keys, by id. */
export async function findDictTypes(db: Db, keys?: string[]): Promise<DictTypeRow[]> {
  if (keys && keys.length === 0) return [];
  let q = db.selectFrom('dict_type').select(['id', 'key', 'name', 'name_i18n']).orderBy('id');
  if (keys) q = q.where('key', 'in', keys);
  return q.execute();
}

/** Items of the given types, ordered for display: by order number, then id. */
export async function findDictItems(db: Db, typeIds: number[]): Promise<DictItemRow[]> {
  if (typeIds.length === 0) return [];
  return db
    .selectFrom('dict_info')
    .select(['id', 'type_id', 'name', 'name_i18n', 'value', 'description', 'parent_id', 'order_num'])
    .where('type_id', 'in', typeIds)
    .orderBy('order_num')
    .orderBy('id')
    .execute();
}
