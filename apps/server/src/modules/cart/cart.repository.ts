import { sql } from 'kysely';
import { reusableQuery, textBytes, type Db, type Engine } from '../../platform/db';

/**
 * Cart lines with what the catalogue says of their spec, goods and sale type now. The goods and sale type
 * texts come as bytes, parsed once per content (platform/columns cachedTexts): a goods' texts hold its
 * whole description in five languages.
 */
function linesQuery(db: Db, userId: number) {
  return db
    .selectFrom('cart_item as ci')
    .innerJoin('goods_spec as gs', 'gs.id', 'ci.spec_id')
    .innerJoin('goods as g', 'g.id', 'gs.goods_id')
    .innerJoin('sale_type as st', 'st.id', 'g.sale_type_id')
    .where('ci.user_id', '=', userId)
    .select([
      'ci.id',
      'ci.spec_id',
      'ci.quantity',
      'ci.checked',
      'ci.created_at',
      'gs.goods_id',
      'gs.texts as spec_texts',
      'gs.data_mb',
      'gs.allowance',
      'gs.validity_days',
      'gs.price',
      'gs.original_price',
      'gs.stock',
      'gs.picture',
      'gs.no_freight',
      'gs.status as spec_status',
      'gs.deleted_at as spec_deleted_at',
      textBytes(db, 'g.texts').as('goods_texts'),
      'g.pictures',
      'g.goods_type',
      'g.type_id',
      'g.sale_type_id',
      'g.freight',
      'g.pay_ways',
      'g.need_fill_card',
      'g.support_point_discount',
      'g.on_sale',
      'g.min_price',
      'g.deleted_at as goods_deleted_at',
      'st.code as sale_type_code',
      textBytes(db, 'st.texts').as('sale_type_texts'),
      'st.goods_type as sale_type_goods_type',
      'st.can_mix_order',
      'st.order_num as sale_type_order',
    ]);
}

// the whole cart and one line: read on every cart call, so compiled once (platform/db reusableQuery)
const allLines = reusableQuery((db, $) =>
  linesQuery(db, $(0)).orderBy('ci.created_at', 'desc').orderBy('ci.id', 'desc'),
);
const oneLine = reusableQuery((db, $) => linesQuery(db, $(0)).where('ci.id', '=', $(1)));

/** The user's cart, newest line first; `ids` narrows it to those lines. */
export const findCartLines = (db: Db, userId: number, ids?: number[]) =>
  ids === undefined
    ? allLines(db, userId)
    : linesQuery(db, userId)
        .where('ci.id', 'in', ids.length ? ids : [0])
        .orderBy('ci.created_at', 'desc')
        .orderBy('ci.id', 'desc')
        .execute();
export type CartLineRow = Awaited<ReturnType<typeof findCartLines>>[number];

export const findCartLine = async (db: Db, userId: number, id: number) => (await oneLine(db, userId, id))[0];

export async function countCart(db: Db, userId: number) {
  const row = await db
    .selectFrom('cart_item')
    .select([
      (eb) => eb.fn.countAll<number>().as('lines'),
      sql<number>`cast(coalesce(sum(quantity), 0) as bigint)`.as('quantity'),
    ])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return { count: Number(row?.lines ?? 0), quantity: Number(row?.quantity ?? 0) };
}

// the reads and the write of every cart add, compiled once (platform/db reusableQuery)
const lineQuantityOf = (forUpdate: boolean) =>
  reusableQuery((db, $) =>
    db
      .selectFrom('cart_item')
      .select('quantity')
      .where('user_id', '=', $(0))
      .where('spec_id', '=', $(1))
      .$if(forUpdate, (q) => q.forUpdate()),
  );
const lineQuantityRead = lineQuantityOf(false);
const lineQuantityLocked = lineQuantityOf(true);

/** The quantity of the user's line of a spec (0 when none); on PostgreSQL the line stays locked until the transaction ends. */
export async function lineQuantity(trx: Db, engine: Engine, userId: number, specId: number) {
  const [row] = await (engine === 'postgres' ? lineQuantityLocked : lineQuantityRead)(trx, userId, specId);
  return Number(row?.quantity ?? 0);
}

const upsertLine = reusableQuery((db, $) => {
  const stock = sql<number>`cast(${$(5)} as integer)`;
  const raised = sql<number>`cart_item.quantity + cast(${$(6)} as integer)`;
  return db
    .insertInto('cart_item')
    .values({
      user_id: $(0),
      spec_id: $(1),
      goods_id: $(2),
      quantity: $(3),
      checked: 1,
      created_at: $(4),
      updated_at: $(4),
    })
    .onConflict((oc) =>
      oc.columns(['user_id', 'spec_id']).doUpdateSet({
        quantity: sql<number>`case when ${raised} > ${stock} then ${stock} else ${raised} end`,
        checked: 1,
        updated_at: $(4),
      }),
    )
    .returning(['id', 'quantity']);
});

/**
 * Adds `quantity` of a spec to the user's cart in one statement: a new line, or the existing line raised,
 * never above `stock` (a concurrent double add hits the unique (user, spec) index and raises one line).
 */
export async function upsertCartLine(
  trx: Db,
  o: { userId: number; specId: number; goodsId: number; quantity: number; stock: number; at: number },
) {
  const [row] = await upsertLine(
    trx,
    o.userId,
    o.specId,
    o.goodsId,
    Math.min(o.quantity, o.stock),
    o.at,
    o.stock,
    o.quantity,
  );
  if (!row) throw new Error('a cart upsert returned no line');
  return row;
}

export const updateCartLine = (
  db: Db,
  userId: number,
  id: number,
  set: { quantity?: number; checked?: number; updated_at: number },
) =>
  db.updateTable('cart_item').set(set).where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();

export const setCartChecked = (
  db: Db,
  userId: number,
  ids: number[] | undefined,
  checked: number,
  at: number,
) =>
  db
    .updateTable('cart_item')
    .set({ checked, updated_at: at })
    .where('user_id', '=', userId)
    .$if(ids !== undefined, (q) => q.where('id', 'in', ids!))
    .executeTakeFirst();

/** Ids among `ids` that are the user's lines. */
export const ownedCartLineIds = async (db: Db, userId: number, ids: number[]) =>
  (
    await db
      .selectFrom('cart_item')
      .select('id')
      .where('user_id', '=', userId)
      .where('id', 'in', ids)
      .execute()
  ).map((r) => Number(r.id));

const deleted = (r: { numDeletedRows: bigint }) => Number(r.numDeletedRows);

export const deleteCartLines = async (db: Db, userId: number, ids: number[]) =>
  deleted(
    await db.deleteFrom('cart_item').where('user_id', '=', userId).where('id', 'in', ids).executeTakeFirst(),
  );

/** Removes the user's lines of these specs (what an order just bought); use inside the order transaction. */
export const deleteCartSpecs = async (db: Db, userId: number, specIds: number[]) =>
  specIds.length === 0
    ? 0
    : deleted(
        await db
          .deleteFrom('cart_item')
          .where('user_id', '=', userId)
          .where('spec_id', 'in', specIds)
          .executeTakeFirst(),
      );

export const clearCartLines = async (db: Db, userId: number) =>
  deleted(await db.deleteFrom('cart_item').where('user_id', '=', userId).executeTakeFirst());
