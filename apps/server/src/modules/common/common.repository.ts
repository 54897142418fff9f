import type { Db } from '../../platform/db';

/** The stored value of a parameter, or undefined. */
export async function findParamData(db: Db, key: string): Promise<string | undefined> {
  const row = await db.selectFrom('param').select('data').where('key', '=', key).executeTakeFirst();
  return row?.data;
}
