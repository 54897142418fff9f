import { describe, expect, it } from 'vitest';
import type { PartnerOrder } from '../../providers/plan-partner/plan-partner';
import { baseReference, partReferences, partSizes, retriedReference, wholeOrder } from './simcard-parts';

const part = (reference: string, state: PartnerOrder['state'], sims: string[]): PartnerOrder => ({
  orderNo: `P-${reference}`,
  reference,
  kind: 'new',
  state,
  commodityCode: 'JP-5GB-7D',
  quantity: sims.length || 10,
  sims: sims.map((iccid) => ({
    iccid,
    iccidWarning: null,
    activationCode: 'LPA:1$x$y',
    smdpAddress: 'x',
    matchingId: 'y',
    confirmationCode: null,
  })),
  iccid: null,
  failureReason: state === 'failed' ? 'out of profiles' : null,
  createdAt: 1,
  completedAt: state === 'completed' ? 2 : null,
});

describe('a line ordered from the partner in parts of ten', () => {
  it('splits 60 into six parts and 23 into 10, 10, 3, each with its own key', () => {
    expect(partSizes(60)).toEqual([10, 10, 10, 10, 10, 10]);
    expect(partSizes(23)).toEqual([10, 10, 3]);
    expect(partSizes(1)).toEqual([1]);
    expect(partReferences('line-7', 23)).toEqual(['line-7', 'line-7.p1', 'line-7.p2']);
    expect(baseReference('line-7-r2.p2')).toBe('line-7-r2');
    expect(baseReference('line-7')).toBe('line-7');
  });

  it('retries a part under a fresh reference that still names its line', () => {
    expect(retriedReference('line-7.p1', 4)).toBe('line-7.p1.r4');
    expect(retriedReference('line-7.p1.r4', 9)).toBe('line-7.p1.r9');
    expect(retriedReference('line-7', 4)).toBe('line-7.r4');
    expect(baseReference('line-7.p1.r4')).toBe('line-7');
    expect(baseReference('line-7.r4')).toBe('line-7');
    expect(baseReference('line-7-r2.p2.r5')).toBe('line-7-r2');
    // within the partner's idempotency key ([A-Za-z0-9_.:-], at most 64)
    expect(retriedReference('line-9007199254740991.p99', 99)).toMatch(/^[A-Za-z0-9_.:-]{1,64}$/);
  });

  it('is completed only when every part is, failed when one fails, pending otherwise', () => {
    const a = part('line-7', 'completed', ['1', '2']);
    const b = part('line-7.p1', 'completed', ['3']);
    expect(wholeOrder('line-7', 3, [a, b])).toMatchObject({
      state: 'completed',
      quantity: 3,
      reference: 'line-7',
    });
    expect(wholeOrder('line-7', 3, [a, b]).sims.map((s) => s.iccid)).toEqual(['1', '2', '3']);
    expect(wholeOrder('line-7', 3, [a, null])).toMatchObject({ state: 'pending', sims: [] });
    expect(wholeOrder('line-7', 3, [a, part('line-7.p1', 'pending', [])]).state).toBe('pending');
    expect(wholeOrder('line-7', 3, [a, part('line-7.p1', 'failed', [])])).toMatchObject({
      state: 'failed',
      failureReason: 'out of profiles',
    });
  });
});
