import type { Insertable } from 'kysely';
import type { EsimDeviceTable } from '../../db/schema';
import type { Db } from '../../platform/db';

/** Every enabled eSIM device model, in the shop's order. */
export const listEsimDevices = (db: Db) =>
  db
    .selectFrom('esim_device')
    .select(['brand', 'model'])
    .where('status', '=', 1)
    .orderBy('order_num')
    .orderBy('id')
    .execute();

export const countEsimDevices = async (db: Db) =>
  Number(
    (
      await db
        .selectFrom('esim_device')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirst()
    )?.n ?? 0,
  );

export const insertEsimDevices = async (db: Db, rows: Insertable<EsimDeviceTable>[]) => {
  if (rows.length > 0) await db.insertInto('esim_device').values(rows).execute();
};
