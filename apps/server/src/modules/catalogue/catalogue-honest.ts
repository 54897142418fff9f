import type { Db } from '../../platform/db';
import { fail } from '../../platform/errors';
import { findGoods, findSpecs, type SpecRow } from './catalogue.repository';
import { specName } from './catalogue.service';

/** An unlimited plan: a daily allowance with no data cap. */
const isUnlimited = (s: Pick<SpecRow, 'allowance' | 'data_mb'>) =>
  s.allowance === 'daily' && s.data_mb === null;

/**
 * Honest plans (issue 27): a goods on sale shows no unlimited spec without its daily high-speed data, the speed
 * after it and its hotspot rule. Called inside the transaction of every write that can publish one (a goods
 * added or changed, put on sale, a spec added or changed), so a refused write leaves nothing behind.
 */
export async function assertHonestPlans(db: Db, goodsIds: number[]) {
  for (const id of goodsIds) {
    const goods = await findGoods(db, id);
    if (!goods || Number(goods.on_sale) !== 1) continue;
    for (const s of await findSpecs(db, [id]))
      if (
        isUnlimited(s) &&
        (s.high_speed_mb_per_day === null || s.throttle_kbps === null || s.hotspot === null)
      )
        fail('PLAN_UNLIMITED_TERMS', { spec: specName(s, 'en') });
  }
}
