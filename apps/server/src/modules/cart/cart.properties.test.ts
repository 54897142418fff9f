import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { payWayCode, type CartLine, type PayWayCode } from '@simshop/contracts';
import { commonPayWays, mixBlocker, selectedLines } from '.';

/** Property-based checks of the cart rules (fast-check): which lines may share an order and how they pay. */
const saleType = fc.record({ id: fc.integer({ min: 1, max: 5 }), canMixOrder: fc.constantFrom(0, 1) });
const cartLine = fc.record({
  saleTypeInfo: saleType,
  supportPayWays: fc.subarray([...payWayCode.options]),
  checked: fc.boolean(),
  available: fc.boolean(),
});
type Line = {
  saleTypeInfo: { id: number; canMixOrder: number };
  supportPayWays: PayWayCode[];
  checked: boolean;
  available: boolean;
};
/** One sale type has one mixing rule: lines of the same id agree on it, as in the catalogue. */
const consistent = (ls: Line[]) => {
  const rule = new Map<number, number>();
  return ls.map((l) => {
    if (!rule.has(l.saleTypeInfo.id)) rule.set(l.saleTypeInfo.id, l.saleTypeInfo.canMixOrder);
    return { ...l, saleTypeInfo: { ...l.saleTypeInfo, canMixOrder: rule.get(l.saleTypeInfo.id) ?? 0 } };
  });
};
const asCart = (ls: Line[]) => ls as unknown as CartLine[];
const lines = fc.array(cartLine, { maxLength: 10 }).map(consistent);
const RUNS = { numRuns: 2000 };

describe('cart rule properties', () => {
  it('lines may share an order exactly when they are one sale type or every sale type allows mixing', () => {
    fc.assert(
      fc.property(lines, (ls) => {
        const types = new Set(ls.map((l) => l.saleTypeInfo.id));
        const everyMixes = ls.every((l) => l.saleTypeInfo.canMixOrder === 1);
        const blocker = mixBlocker(asCart(ls));
        expect(blocker === null).toBe(types.size <= 1 || everyMixes);
        if (blocker) expect(blocker.canMixOrder).not.toBe(1);
      }),
      RUNS,
    );
  });

  it('removing a line never makes a mixable cart unmixable', () => {
    fc.assert(
      fc.property(lines, fc.nat(), (ls, k) => {
        fc.pre(ls.length > 0);
        const fewer = ls.filter((_, i) => i !== k % ls.length);
        if (mixBlocker(asCart(ls)) === null) expect(mixBlocker(asCart(fewer))).toBeNull();
      }),
      RUNS,
    );
  });

  it('the common pay ways are exactly those every line supports, in the shop order', () => {
    fc.assert(
      fc.property(lines, (ls) => {
        const ways = commonPayWays(asCart(ls));
        if (ls.length === 0) {
          expect(ways).toEqual([]);
          return;
        }
        for (const w of payWayCode.options)
          expect(ways.includes(w)).toBe(ls.every((l) => l.supportPayWays.includes(w)));
        expect(ways).toEqual(payWayCode.options.filter((w) => ways.includes(w)));
      }),
      RUNS,
    );
  });

  it('the selection is the checked and available lines, nothing else, in cart order', () => {
    fc.assert(
      fc.property(lines, (ls) => {
        const picked = selectedLines(asCart(ls)) as unknown as Line[];
        expect(picked).toEqual(ls.filter((l) => l.checked && l.available));
      }),
      RUNS,
    );
  });
});
