import type { PartnerOrder, PlanPartner } from '../../providers/plan-partner/plan-partner';

// The plan partner takes at most PARTNER_MAX_QUANTITY new SIMs in one order (its API answers
// invalid_quantity above), so an order line of more eSIMs (a company's batch of 60) is ordered from the
// partner in parts: `<reference>` for the first ten, `<reference>.p1`, `<reference>.p2`, ... for the next,
// each idempotent at the partner under its own key. The line is delivered when every part is completed,
// all its SIMs bound at once; a part that failed makes the whole line fail (stuck for operators).

export const PARTNER_MAX_QUANTITY = 10;

/** The sizes of the parts of a line of `quantity` SIMs. */
export function partSizes(quantity: number): number[] {
  const sizes: number[] = [];
  for (let left = quantity; left > 0; left -= PARTNER_MAX_QUANTITY)
    sizes.push(Math.min(left, PARTNER_MAX_QUANTITY));
  return sizes;
}

/** The partner reference of part `k` of a line whose reference is `base` (part 0 is the base itself). */
export const partReference = (base: string, k: number) => (k === 0 ? base : `${base}.p${k}`);

/** The line's reference a part's reference belongs to. */
export const baseReference = (reference: string) => reference.replace(/\.p\d+$/, '');

/** Every partner reference of a line. */
export const partReferences = (base: string, quantity: number) =>
  partSizes(quantity).map((_, k) => partReference(base, k));

/**
 * The parts seen as one order of the line: completed when all are (their SIMs in part order), failed or
 * cancelled when one is, else pending.
 */
export function wholeOrder(base: string, quantity: number, parts: (PartnerOrder | null)[]): PartnerOrder {
  const first = parts[0];
  const bad = parts.find((p) => p && (p.state === 'failed' || p.state === 'cancelled'));
  const done = parts.every((p) => p?.state === 'completed');
  return {
    orderNo: first?.orderNo ?? '',
    reference: base,
    kind: 'new',
    state: bad ? bad.state : done ? 'completed' : 'pending',
    commodityCode: first?.commodityCode ?? '',
    quantity,
    sims: done ? parts.flatMap((p) => p!.sims) : [],
    iccid: null,
    failureReason: bad?.failureReason ?? null,
    createdAt: first?.createdAt ?? Date.now(),
    completedAt: done ? Math.max(...parts.map((p) => p!.completedAt ?? 0)) : null,
  };
}

/** Reads every part of a line from the partner (network; outside any transaction). */
export async function fetchWholeOrder(partner: PlanPartner, base: string, quantity: number) {
  const parts = await Promise.all(partReferences(base, quantity).map((r) => partner.order(r)));
  return wholeOrder(base, quantity, parts);
}
