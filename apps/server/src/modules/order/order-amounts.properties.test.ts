import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chargeStep, minorPerMajor } from '@simshop/contracts';
import { computeCouponDiscount, type CouponLine, type CouponRule } from '../coupon';
import { pointsQuote } from '../points';
import { payableTotal } from './order-pricing.service';

/**
 * Only chargeable amounts (issue 25, defect 8): for any cart, coupon and points balance, what checkout
 * prices (coupon, then points on what is left, as the quote and usePoint do) leaves a total that is a whole
 * number of the currency's charge steps (TWD: whole dollars), never negative; each discount is whole steps,
 * rounded down, and never more than its rule gives.
 */
const RUNS = { numRuns: 3000 };
const step = chargeStep('TWD');
/** Catalogue prices in whole TWD dollars (as the console and the plan sync write them). */
const wholePrice = fc.integer({ min: 1, max: 200_000 }).map((d) => d * step);
const cart = fc.array(
  fc.record({
    goodsId: fc.integer({ min: 1, max: 6 }),
    typeId: fc.integer({ min: 1, max: 4 }),
    price: wholePrice,
    quantity: fc.integer({ min: 1, max: 20 }),
  }),
  { minLength: 1, maxLength: 8 },
);
const rule: fc.Arbitrary<CouponRule> = fc.record({
  kind: fc.constantFrom('amount' as const, 'percent' as const),
  amount: fc.option(fc.integer({ min: 0, max: 5_000_000 }), { nil: null }),
  percent: fc.option(fc.integer({ min: 1, max: 100 }), { nil: null }),
  maxDiscount: fc.option(fc.integer({ min: 0, max: 5_000_000 }), { nil: null }),
  minAmount: fc.integer({ min: 0, max: 5_000_000 }),
  scope: fc.constantFrom('all' as const, 'goods' as const, 'type' as const),
  goodsIds: fc.uniqueArray(fc.integer({ min: 1, max: 6 }), { maxLength: 6 }),
  typeIds: fc.uniqueArray(fc.integer({ min: 1, max: 4 }), { maxLength: 4 }),
});
const pointsCfg = fc.record({
  perUnit: fc.integer({ min: 1, max: 1000 }),
  maxPercent: fc.integer({ min: 0, max: 100 }),
  step: fc.constant(step),
  minorPerMajor: fc.constant(minorPerMajor('TWD')),
});

/** What checkout prices for these inputs: the quote's (and the created order's, then usePoint's) figures. */
function price(
  lines: { goodsId: number; typeId: number; price: number; quantity: number }[],
  shippingAmount: number,
  coupon: CouponRule | null,
  cfg: { perUnit: number; maxPercent: number; step: number; minorPerMajor: number },
  points: number,
) {
  const couponLines: CouponLine[] = lines.map((l) => ({
    goodsId: l.goodsId,
    typeId: l.typeId,
    amount: l.price * l.quantity,
  }));
  const goodsAmount = couponLines.reduce((s, l) => s + l.amount, 0);
  const couponDiscount = coupon ? computeCouponDiscount(coupon, couponLines, step).discount : 0;
  const base = { goodsAmount, shippingAmount, couponDiscount };
  const orderTotal = payableTotal('TWD', { ...base, pointsDiscount: 0 });
  const q = pointsQuote(cfg, orderTotal, orderTotal, points);
  return {
    goodsAmount,
    couponDiscount,
    orderTotal,
    points: q,
    total: payableTotal('TWD', { ...base, pointsDiscount: q.discount }),
  };
}

describe('chargeable totals (TWD, charged in whole dollars)', () => {
  it('any cart x coupon x points: the total is whole steps, never negative, and adds up', () => {
    fc.assert(
      fc.property(
        cart,
        fc.constantFrom(0, 6_000, 15_000),
        fc.option(rule, { nil: null }),
        pointsCfg,
        fc.integer({ min: 0, max: 10_000_000 }),
        (lines, shipping, coupon, cfg, points) => {
          const p = price(lines, shipping, coupon, cfg, points);
          expect(p.total % step).toBe(0);
          expect(p.total).toBeGreaterThanOrEqual(0);
          expect(p.orderTotal % step).toBe(0);
          expect(p.couponDiscount % step).toBe(0);
          expect(p.points.discount % step).toBe(0);
          // prices in whole steps: the breakdown adds up exactly, nothing is lost to rounding
          expect(p.total).toBe(p.goodsAmount + shipping - p.couponDiscount - p.points.discount);
          // what is left to pay after the points (usePoint's `remaining`) is chargeable too
          expect((p.orderTotal - p.points.discount) % step).toBe(0);
          expect(p.points.usablePoints).toBeLessThanOrEqual(points);
          // points are spent only for whole steps: exactly their worth at the configured rate
          expect(p.points.usablePoints * cfg.minorPerMajor).toBeGreaterThanOrEqual(
            p.points.discount * cfg.perUnit,
          );
          expect(p.points.usablePoints * cfg.minorPerMajor - p.points.discount * cfg.perUnit).toBeLessThan(
            cfg.minorPerMajor,
          );
        },
      ),
      RUNS,
    );
  });

  it('a coupon never gives more than its rule and rounds down by less than one step', () => {
    fc.assert(
      fc.property(rule, cart, (r, lines) => {
        const couponLines = lines.map((l) => ({
          goodsId: l.goodsId,
          typeId: l.typeId,
          amount: l.price * l.quantity,
        }));
        const raw = computeCouponDiscount(r, couponLines, 1).discount;
        const whole = computeCouponDiscount(r, couponLines, step).discount;
        expect(whole % step).toBe(0);
        expect(whole).toBeLessThanOrEqual(raw);
        expect(raw - whole).toBeLessThan(step);
      }),
      RUNS,
    );
  });

  it('prices with cents (typed in the console) still give a chargeable total, never above the prices', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 100_000_000 }), { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 0, max: 20_000 }),
        fc.option(rule, { nil: null }),
        pointsCfg,
        fc.integer({ min: 0, max: 10_000_000 }),
        (prices, shipping, coupon, cfg, points) => {
          const lines = prices.map((p, i) => ({
            goodsId: (i % 6) + 1,
            typeId: (i % 4) + 1,
            price: p,
            quantity: 1,
          }));
          const p = price(lines, shipping, coupon, cfg, points);
          expect(p.total % step).toBe(0);
          expect(p.total).toBeGreaterThanOrEqual(0);
          expect(p.total).toBeLessThanOrEqual(
            p.goodsAmount + shipping - p.couponDiscount - p.points.discount,
          );
          expect((p.orderTotal - p.points.discount) % step).toBe(0);
        },
      ),
      RUNS,
    );
  });

  it('the NT$129 order: the 15%-off (85折) coupon and points leave whole dollars', () => {
    const lines = [{ goodsId: 1, typeId: 1, price: 12_900, quantity: 1 }];
    const pct: CouponRule = {
      kind: 'percent',
      amount: null,
      percent: 15,
      maxDiscount: null,
      minAmount: 0,
      scope: 'all',
      goodsIds: [],
      typeIds: [],
    };
    const cfg = { perUnit: 10, maxPercent: 50, step, minorPerMajor: 100 };
    // 19.35 off rounds down to 19: 110 to pay; of 1_000 points (100 dollars) the cap, 50 % of 110, takes 550
    expect(price(lines, 0, pct, cfg, 0)).toMatchObject({ couponDiscount: 1_900, total: 11_000 });
    expect(price(lines, 0, pct, cfg, 1_000)).toMatchObject({
      couponDiscount: 1_900,
      points: { usablePoints: 550, discount: 5_500 },
      total: 5_500,
    });
    // 10 % of 129 in points: 12.90 buys 12 dollars (120 points), not 12.90
    expect(price(lines, 0, null, { ...cfg, maxPercent: 10 }, 10_000)).toMatchObject({
      points: { usablePoints: 120, discount: 1_200 },
      total: 11_700,
    });
    // 33 points at 10 a dollar: 3 dollars off for 30 points; the 3 left over stay with the buyer
    expect(price(lines, 0, null, cfg, 33)).toMatchObject({
      points: { usablePoints: 30, discount: 300 },
      total: 12_600,
    });
  });
});
