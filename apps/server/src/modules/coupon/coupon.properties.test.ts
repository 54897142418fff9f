import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AMOUNT_MAX } from '@simshop/contracts';
import { computeCouponDiscount, type CouponLine, type CouponRule } from './coupon.service';

/** Property-based checks of coupon pricing (fast-check): for any coupon and any lines, money is never made. */
const money = fc.integer({ min: 0, max: AMOUNT_MAX });
const line: fc.Arbitrary<CouponLine> = fc.record({
  goodsId: fc.integer({ min: 1, max: 6 }),
  typeId: fc.integer({ min: 1, max: 4 }),
  amount: fc.integer({ min: 0, max: 50_000_000 }),
});
const rule: fc.Arbitrary<CouponRule> = fc.oneof(
  fc.record({
    kind: fc.constant('amount' as const),
    amount: money,
    percent: fc.constant(null),
    maxDiscount: fc.constant(null),
    minAmount: money,
    scope: fc.constantFrom('all' as const, 'goods' as const, 'type' as const),
    goodsIds: fc.uniqueArray(fc.integer({ min: 1, max: 6 }), { maxLength: 6 }),
    typeIds: fc.uniqueArray(fc.integer({ min: 1, max: 4 }), { maxLength: 4 }),
  }),
  fc.record({
    kind: fc.constant('percent' as const),
    amount: fc.constant(null),
    percent: fc.integer({ min: 1, max: 100 }),
    maxDiscount: fc.option(money, { nil: null }),
    minAmount: money,
    scope: fc.constantFrom('all' as const, 'goods' as const, 'type' as const),
    goodsIds: fc.uniqueArray(fc.integer({ min: 1, max: 6 }), { maxLength: 6 }),
    typeIds: fc.uniqueArray(fc.integer({ min: 1, max: 4 }), { maxLength: 4 }),
  }),
);
const lines = fc.array(line, { maxLength: 12 });
const RUNS = { numRuns: 2000 };

describe('coupon pricing properties', () => {
  it('the discount is a whole amount between 0 and the eligible total, which is at most the order total', () => {
    fc.assert(
      fc.property(rule, lines, (r, ls) => {
        const { eligibleAmount, discount } = computeCouponDiscount(r, ls, 1);
        const total = ls.reduce((s, l) => s + l.amount, 0);
        expect(Number.isInteger(discount)).toBe(true);
        expect(discount).toBeGreaterThanOrEqual(0);
        expect(discount).toBeLessThanOrEqual(eligibleAmount);
        expect(eligibleAmount).toBeLessThanOrEqual(total);
      }),
      RUNS,
    );
  });

  it('under the threshold nothing is taken; a percent coupon never exceeds its cap or its percentage', () => {
    fc.assert(
      fc.property(rule, lines, (r, ls) => {
        const { eligibleAmount, discount } = computeCouponDiscount(r, ls, 1);
        if (eligibleAmount < r.minAmount) expect(discount).toBe(0);
        if (r.kind === 'percent') {
          expect(discount).toBeLessThanOrEqual(Math.floor((eligibleAmount * (r.percent ?? 0)) / 100));
          if (r.maxDiscount !== null) expect(discount).toBeLessThanOrEqual(r.maxDiscount);
        } else if (eligibleAmount >= r.minAmount && eligibleAmount > 0)
          expect(discount).toBe(Math.min(r.amount ?? 0, eligibleAmount));
      }),
      RUNS,
    );
  });

  it('does not depend on the order of the lines, and an ineligible line changes nothing', () => {
    fc.assert(
      fc.property(rule, lines, fc.integer({ min: 0, max: 1_000_000 }), (r, ls, extra) => {
        const base = computeCouponDiscount(r, ls, 1);
        expect(computeCouponDiscount(r, [...ls].reverse(), 1)).toEqual(base);
        if (r.scope !== 'all') {
          const outside = { goodsId: 99, typeId: 99, amount: extra };
          expect(computeCouponDiscount(r, [...ls, outside], 1)).toEqual(base);
        }
      }),
      RUNS,
    );
  });

  it('a larger eligible total never lowers an amount-off or percent-off discount (monotone)', () => {
    fc.assert(
      fc.property(rule, lines, line, (r, ls, more) => {
        const all = { ...r, scope: 'all' as const };
        const before = computeCouponDiscount(all, ls, 1).discount;
        const after = computeCouponDiscount(all, [...ls, more], 1).discount;
        expect(after).toBeGreaterThanOrEqual(before);
      }),
      RUNS,
    );
  });
});
