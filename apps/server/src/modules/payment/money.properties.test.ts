import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AMOUNT_MAX } from '@simshop/contracts';
import { pointsQuote } from '../points';

/**
 * Money arithmetic properties (fast-check): points spent on an order never take off more than is due or
 * than the cap allows, never take more points than the buyer holds, and round in the shop's favour only by
 * less than one point's worth; everything stays in whole minor units.
 */
// charged to the minor unit (step 1, e.g. CNY); the whole-step rule for TWD is in points.properties.test.ts
const ctxWith = (perUnit: number, maxPercent: number) => ({
  perUnit,
  maxPercent,
  step: 1,
  minorPerMajor: 100,
});

describe('points pricing properties', () => {
  it('discount within due, cap and balance; whole units; rounding loses less than one point', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1000 }),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: AMOUNT_MAX }),
        fc.integer({ min: 0, max: AMOUNT_MAX }),
        fc.integer({ min: 0, max: 100_000_000 }),
        (perUnit, maxPercent, total, dueRaw, points) => {
          const due = Math.min(dueRaw, total);
          const q = pointsQuote(ctxWith(perUnit, maxPercent), due, total, points);
          expect(Number.isInteger(q.discount) && Number.isInteger(q.usablePoints)).toBe(true);
          expect(q.usablePoints).toBeGreaterThanOrEqual(0);
          expect(q.usablePoints).toBeLessThanOrEqual(points);
          expect(q.discount).toBeGreaterThanOrEqual(0);
          expect(q.discount).toBeLessThanOrEqual(due);
          expect(q.discount).toBeLessThanOrEqual(Math.floor((total * maxPercent) / 100));
          // the points taken are worth at least the discount given (never money for nothing)
          expect(q.usablePoints * 100).toBeGreaterThanOrEqual(q.discount * perUnit);
          // and at most one point's worth more
          expect(q.usablePoints * 100 - q.discount * perUnit).toBeLessThan(100 + perUnit);
        },
      ),
      { numRuns: 5000 },
    );
  });

  it('more points never lower the discount (monotone in the balance)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1000 }),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (perUnit, maxPercent, total, points, more) => {
          const ctx = ctxWith(perUnit, maxPercent);
          const a = pointsQuote(ctx, total, total, points).discount;
          const b = pointsQuote(ctx, total, total, points + more).discount;
          expect(b).toBeGreaterThanOrEqual(a);
        },
      ),
      { numRuns: 3000 },
    );
  });
});
