import type { PartnerOrder, PlanPartner } from '../../providers/plan-partner/plan-partner';
import type { Db } from '../../platform/db';
import { topUpTargetsOf, type SimDeliveryRow } from './simcard.repository';

// The plan partner takes at most PARTNER_MAX_QUANTITY new SIMs in one order (its API answers
// invalid_quantity above), so an order line of more eSIMs (a company's batch of 60) is ordered from the
// partner in parts: `<reference>` for the first ten, `<reference>.p1`, `<reference>.p2`, ... for the next,
// each idempotent at the partner under its own key. A bulk top-up (issue 28) is one partner top-up per card,
// its parts named the same way. The line is delivered when every part is completed, all its SIMs bound at
// once; a part that failed makes the whole line fail (stuck for operators). An operator's retry orders only
// the failed parts again, each under a fresh reference `<part>.r<n>` (kept in `sim_delivery.part_refs`):
// a part that completed is never ordered twice (no top-up applied twice, no eSIMs orphaned at the partner).

export const PARTNER_MAX_QUANTITY = 10;

/** The sizes of the parts of a line of `quantity` SIMs. */
export function partSizes(quantity: number): number[] {
  const sizes: number[] = [];
  for (let left = quantity; left > 0; left -= PARTNER_MAX_QUANTITY)
    sizes.push(Math.min(left, PARTNER_MAX_QUANTITY));
  return sizes;
}

/** The first partner reference of part `k` of a line whose reference is `base` (part 0 is the base itself). */
export const partReference = (base: string, k: number) => (k === 0 ? base : `${base}.p${k}`);

/** The reference a part is ordered under again after the partner failed it: `<part>.r<n>`. */
export const retriedReference = (reference: string, n: number) => `${reference.replace(/\.r\d+$/, '')}.r${n}`;

/** The line's reference a part's reference (first or retried) belongs to. */
export const baseReference = (reference: string) => reference.replace(/(\.p\d+)?(\.r\d+)?$/, '');

/** Every first partner reference of a line. */
export const partReferences = (base: string, quantity: number) =>
  partSizes(quantity).map((_, k) => partReference(base, k));

/** One part of a line as the partner is asked for it: new SIMs (`iccid` null) or a top-up of one card. */
export type LinePart = { reference: string; quantity: number; iccid: string | null };

/**
 * The parts of a delivery under their current references: an eSIM line's parts of at most ten, or a
 * top-up's cards (a bulk top-up's chosen cards, else the order's one card).
 */
export async function linePartsOf(db: Db, d: SimDeliveryRow): Promise<LinePart[]> {
  const stored = d.part_refs ? (JSON.parse(d.part_refs) as string[]) : [];
  const ref = (k: number) => stored[k] ?? partReference(d.reference, k);
  if (d.kind === 'esim')
    return partSizes(Number(d.quantity)).map((quantity, k) => ({ reference: ref(k), quantity, iccid: null }));
  const targets = await topUpTargetsOf(db, Number(d.order_id));
  const cards = targets.length > 0 ? targets : [d.iccid ?? ''];
  return cards.map((iccid, k) => ({ reference: ref(k), quantity: 1, iccid }));
}

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
    kind: first?.kind ?? 'new',
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

/** Reads every part of a line from the partner under its current reference (network; outside any transaction). */
export const fetchParts = (partner: PlanPartner, parts: LinePart[]) =>
  Promise.all(parts.map((p) => partner.order(p.reference)));
