import type { GoodsSpec } from '@simshop/contracts';

/** A plan's unit price: per GB for a plan with a data total, per day for a daily allowance. */
export type UnitPrice = { amount: number; per: 'gb' | 'day' };

const MB_PER_GB = 1024;

export function unitPrice(s: GoodsSpec): UnitPrice | null {
  if (s.allowance === 'total' && s.dataMb !== null && s.dataMb > 0)
    return { amount: Math.round((s.price * MB_PER_GB) / s.dataMb), per: 'gb' };
  if (s.allowance === 'daily' && s.validityDays !== null && s.validityDays > 0)
    return { amount: Math.round(s.price / s.validityDays), per: 'day' };
  return null;
}

/** True when every spec is a data plan (the goods page then shows them as cards). */
export const arePlans = (specs: GoodsSpec[]) => specs.length > 0 && specs.every((s) => s.allowance !== null);

/**
 * Plans in the order a traveller compares them: shortest validity first, then least data (a daily or
 * unlimited plan after the totals of the same length), then price; sold-out plans last.
 */
export function sortPlans(specs: GoodsSpec[]): GoodsSpec[] {
  const data = (s: GoodsSpec) =>
    s.dataMb === null
      ? Number.MAX_SAFE_INTEGER
      : s.allowance === 'daily'
        ? s.dataMb * (s.validityDays ?? 1)
        : s.dataMb;
  return [...specs].sort(
    (a, b) =>
      Number(a.soldOut) - Number(b.soldOut) ||
      (a.validityDays ?? 0) - (b.validityDays ?? 0) ||
      data(a) - data(b) ||
      a.price - b.price,
  );
}

/**
 * The best-value plan: of the plans on sale with a data total, the lowest price per GB (ties: more data);
 * null with fewer than two such plans, where "best" would say nothing.
 */
export function bestValue(specs: GoodsSpec[]): number | null {
  const candidates = specs
    .filter((s) => !s.soldOut)
    .map((s) => ({ s, u: unitPrice(s) }))
    .filter((x): x is { s: GoodsSpec; u: UnitPrice } => x.u?.per === 'gb');
  if (candidates.length < 2) return null;
  candidates.sort((a, b) => a.u.amount - b.u.amount || (b.s.dataMb ?? 0) - (a.s.dataMb ?? 0));
  return candidates[0]!.s.id;
}
