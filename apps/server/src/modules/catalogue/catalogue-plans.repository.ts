import type { Db } from '../../platform/db';

/**
 * Every plan on sale with a validity (eSIMs and top-ups: virtual goods), one row per spec in stock, with its
 * goods' destinations and texts: what the trip planner (issue 27) chooses from. `all`: also goods off sale
 * and specs out of stock (the operators' price ladder check, before plans go live).
 */
export const findPlansOnSale = (db: Db, all = false) =>
  db
    .selectFrom('goods_spec as s')
    .innerJoin('goods as g', 'g.id', 's.goods_id')
    .select([
      's.id as spec_id',
      's.goods_id',
      's.texts as spec_texts',
      's.data_mb',
      's.allowance',
      's.validity_days',
      's.price',
      'g.texts as goods_texts',
      'g.destinations',
      'g.need_fill_card',
      'g.on_sale',
    ])
    .$if(!all, (q) => q.where('g.on_sale', '=', 1).where('s.stock', '>', 0))
    .where('g.deleted_at', 'is', null)
    .where('g.goods_type', '=', 1)
    .where('s.status', '=', 1)
    .where('s.deleted_at', 'is', null)
    .where('s.validity_days', 'is not', null)
    .where('s.validity_days', '>', 0)
    .orderBy('s.id')
    .execute();
