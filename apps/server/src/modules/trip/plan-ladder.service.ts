import type { Locale, PlanLadderIssue } from '@simshop/contracts';
import type { AppContext } from '../../context';
import { plansOnSale, type PlanOnSale } from '../catalogue';
import { ladderIssues } from './plan-ladder';

/**
 * GET admin/goods/planLadder/list: every plan spec that costs more than another of its goods giving as many
 * days and as much data or more, on sale or not yet (so operators fix a ladder before it goes live).
 */
export async function planLadderList(ctx: AppContext, locale: Locale): Promise<PlanLadderIssue[]> {
  const byGoods = new Map<number, PlanOnSale[]>();
  for (const p of await plansOnSale(ctx, locale, true))
    byGoods.set(p.goodsId, [...(byGoods.get(p.goodsId) ?? []), p]);
  const out: PlanLadderIssue[] = [];
  for (const [goodsId, specs] of byGoods) {
    const view = (p: PlanOnSale) => ({ specId: p.specId, name: p.specName, price: p.price });
    for (const issue of ladderIssues(specs.map((p) => ({ ...p, name: p.specName })))) {
      const dearer = specs.find((p) => p.specId === issue.dearer.specId)!;
      const better = specs.find((p) => p.specId === issue.better.specId)!;
      out.push({
        goodsId,
        title: dearer.title,
        onSale: dearer.onSale,
        dearer: view(dearer),
        better: view(better),
        more: issue.more,
      });
    }
  }
  return out;
}
