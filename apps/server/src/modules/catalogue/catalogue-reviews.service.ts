import type { z } from 'zod';
import type { CommentSummary, GoodsComment, Locale, commentPageRequest } from '@simshop/contracts';
import type { AppContext } from '../../context';
import { fail, unauthorized } from '../../platform/errors';
import {
  anonymiseUserComments,
  commentStats,
  queryComments,
  type CommentWithSpecRow,
} from './catalogue-reviews.repository';
import type { Db } from '../../platform/db';
import { findGoods } from './catalogue.repository';
import { flag01, iso, parseList } from '../../platform/columns';
import { maskNickname } from './catalogue.text';

import { ratingOf, specName } from './catalogue.service';

// Reviews as shoppers read them: one goods' page of reviews and its rating summary.

function toComment(r: CommentWithSpecRow, locale: Locale): GoodsComment {
  const anonymous = flag01(r.anonymous);
  return {
    id: Number(r.id),
    goodsId: Number(r.goods_id),
    specId: r.spec_id === null ? null : Number(r.spec_id),
    specName:
      r.spec_id === null
        ? null
        : specName(
            {
              texts: r.spec_texts,
              data_mb: r.data_mb,
              allowance: r.allowance,
              validity_days: r.validity_days,
            },
            locale,
          ),
    rating: Number(r.rating),
    content: r.content,
    pictures: parseList(r.pictures),
    anonymous,
    nickname: anonymous ? maskNickname(r.nickname) : r.nickname,
    avatarUrl: anonymous ? null : r.avatar_url,
    createdAt: iso(r.created_at),
    verified: r.verified === true || Number(r.verified) === 1,
  };
}
export { toComment as shapeComment };

/**
 * Visible reviews, newest first. `orderId` shows only the caller's own reviews of that order, so it needs a
 * logged-in caller (401 otherwise).
 */
export async function commentPage(
  ctx: AppContext,
  req: z.infer<typeof commentPageRequest>,
  locale: Locale,
  userId: number | null,
) {
  if (req.orderId !== undefined && userId === null) unauthorized();
  // a buyer's own reviews of an order (just written) from the primary; the public list from the replica
  const { total, rows } = await queryComments(
    req.orderId !== undefined ? ctx.db : ctx.reads,
    {
      goodsId: req.goodsId,
      orderId: req.orderId,
      userId: req.orderId !== undefined ? userId! : undefined,
      rating: req.rating,
      hasPictures: req.hasPictures,
      status: 1,
    },
    { limit: req.size, offset: (req.page - 1) * req.size },
  );
  return {
    list: rows.map((r) => toComment(r, locale)),
    pagination: { page: req.page, size: req.size, total },
  };
}

/** Average, count, reviews with pictures and the count of each rating (5 down to 1) of a goods. */
export async function commentSummary(ctx: AppContext, goodsId: number): Promise<CommentSummary> {
  const goods = await findGoods(ctx.reads, goodsId);
  if (!goods) return fail('GOODS_NOT_FOUND');
  const stats = await commentStats(ctx.reads, goodsId);
  const per = new Map(stats.map((s) => [Number(s.rating), Number(s.n)]));
  const count = stats.reduce((n, s) => n + Number(s.n), 0);
  const sum = stats.reduce((n, s) => n + Number(s.rating) * Number(s.n), 0);
  return {
    goodsId,
    ...ratingOf(count, sum),
    withPictures: stats.reduce((n, s) => n + Number(s.with_pictures), 0),
    ratings: [5, 4, 3, 2, 1].map((rating) => ({ rating, count: per.get(rating) ?? 0 })),
  };
}

/**
 * Account deletion (user-info's logoff, inside its transaction): the reviews keep their rating and text but
 * lose the nickname, avatar and pictures of the deleted account. Returns the goods to refresh afterwards.
 */
export const forgetReviewer = (trx: Db, userId: number, nickname: string) =>
  anonymiseUserComments(trx, userId, nickname);
