import { sql, type Selectable } from 'kysely';
import type { Db } from '../../platform/db';
import type { GoodsCommentTable } from '../../db/schema';

// Reviews: their queries, moderation and the goods' rating totals.

export type CommentRow = Selectable<GoodsCommentTable>;

export type CommentFilter = {
  goodsId?: number;
  orderId?: number;
  userId?: number;
  rating?: number;
  hasPictures?: boolean;
  /** Shoppers see status 1 only; operators may ask for either. */
  status?: number;
};

function commentWhere(db: Db, f: CommentFilter) {
  let q = db.selectFrom('goods_comment').leftJoin('goods_spec', 'goods_spec.id', 'goods_comment.spec_id');
  if (f.goodsId !== undefined) q = q.where('goods_comment.goods_id', '=', f.goodsId);
  if (f.orderId !== undefined) q = q.where('goods_comment.order_id', '=', f.orderId);
  if (f.userId !== undefined) q = q.where('goods_comment.user_id', '=', f.userId);
  if (f.rating !== undefined) q = q.where('goods_comment.rating', '=', f.rating);
  if (f.hasPictures !== undefined) q = q.where('goods_comment.has_pictures', '=', f.hasPictures ? 1 : 0);
  if (f.status !== undefined) q = q.where('goods_comment.status', '=', f.status);
  return q;
}

export async function queryComments(db: Db, f: CommentFilter, paging: { limit: number; offset: number }) {
  const base = commentWhere(db, f);
  const [row] = await base.select((eb) => eb.fn.countAll<number>().as('total')).execute();
  const total = Number(row?.total ?? 0);
  const rows =
    total === 0
      ? []
      : await base
          .selectAll('goods_comment')
          .select([
            'goods_spec.texts as spec_texts',
            'goods_spec.data_mb',
            'goods_spec.allowance',
            'goods_spec.validity_days',
            // a verified purchase: the review's order is the reviewer's, was paid, and holds this goods
            (eb) =>
              eb
                .exists(
                  eb
                    .selectFrom('shop_order')
                    .innerJoin('order_line', 'order_line.order_id', 'shop_order.id')
                    .select('shop_order.id')
                    .whereRef('shop_order.id', '=', 'goods_comment.order_id')
                    .whereRef('shop_order.user_id', '=', 'goods_comment.user_id')
                    .whereRef('order_line.goods_id', '=', 'goods_comment.goods_id')
                    .where('shop_order.paid_at', 'is not', null),
                )
                .as('verified'),
          ])
          .orderBy('goods_comment.created_at', 'desc')
          .orderBy('goods_comment.id', 'desc')
          .limit(paging.limit)
          .offset(paging.offset)
          .execute();
  return { total, rows };
}
export type CommentWithSpecRow = Awaited<ReturnType<typeof queryComments>>['rows'][number];

/** Visible reviews of a goods counted per rating, with how many carry pictures. */
export const commentStats = (db: Db, goodsId: number) =>
  db
    .selectFrom('goods_comment')
    .select([
      'rating',
      (eb) => eb.fn.countAll<number>().as('n'),
      sql<number>`cast(coalesce(sum(has_pictures), 0) as bigint)`.as('with_pictures'),
    ])
    .where('goods_id', '=', goodsId)
    .where('status', '=', 1)
    .groupBy('rating')
    .execute();

export type NewComment = {
  goodsId: number;
  specId: number | null;
  orderId: number | null;
  userId: number | null;
  nickname: string;
  avatarUrl: string | null;
  anonymous: 0 | 1;
  rating: number;
  content: string;
  pictures: string[];
  createdAt?: number;
};

/**
 * Stores a review and adds it to the goods' average and count in the same transaction: call it with `trx`
 * (the orders issue's submit call does, after checking the order is the buyer's and reviewable). Returns the id.
 * After the commit call `invalidateGoods(ctx, goodsId)`.
 */
export async function insertGoodsComment(trx: Db, c: NewComment): Promise<number> {
  const { id } = await trx
    .insertInto('goods_comment')
    .values({
      goods_id: c.goodsId,
      spec_id: c.specId,
      order_id: c.orderId,
      user_id: c.userId,
      nickname: c.nickname,
      avatar_url: c.avatarUrl,
      anonymous: c.anonymous,
      rating: c.rating,
      content: c.content,
      pictures: JSON.stringify(c.pictures),
      has_pictures: c.pictures.length > 0 ? 1 : 0,
      status: 1,
      created_at: c.createdAt ?? Date.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .updateTable('goods')
    .set((eb) => ({
      comment_count: eb('comment_count', '+', 1),
      rating_sum: eb('rating_sum', '+', c.rating),
    }))
    .where('id', '=', c.goodsId)
    .execute();
  return id;
}

/**
 * Shows (1) or hides (0) a review and moves it in or out of the goods' aggregates, in one transaction with
 * a guarded update: a review already in that state changes nothing. Returns the goods touched.
 */
export async function setCommentStatus(trx: Db, id: number, status: 0 | 1): Promise<number | null> {
  const row = await trx
    .updateTable('goods_comment')
    .set({ status })
    .where('id', '=', id)
    .where('status', '=', status === 1 ? 0 : 1)
    .returning(['goods_id', 'rating'])
    .executeTakeFirst();
  if (!row) return null;
  const sign = status === 1 ? 1 : -1;
  await trx
    .updateTable('goods')
    .set((eb) => ({
      comment_count: eb('comment_count', '+', sign),
      rating_sum: eb('rating_sum', '+', sign * row.rating),
    }))
    .where('id', '=', row.goods_id)
    .execute();
  return Number(row.goods_id);
}

/**
 * Takes a deleted account's identity off its reviews: the nickname and avatar copies, and the pictures (its
 * uploads are deleted with it); the review shows as anonymous. Returns the goods whose reviews changed.
 */
export async function anonymiseUserComments(trx: Db, userId: number, nickname: string) {
  const rows = await trx
    .updateTable('goods_comment')
    .set({ nickname, avatar_url: null, anonymous: 1, pictures: '[]', has_pictures: 0 })
    .where('user_id', '=', userId)
    .returning('goods_id')
    .execute();
  return [...new Set(rows.map((r) => Number(r.goods_id)))];
}
