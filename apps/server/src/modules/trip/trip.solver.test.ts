import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { effectiveDays, solveTrip, topUpCountries, type TripCandidate, type TripNeeds } from './trip.solver';

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
let nextId = 1;
const plan = (
  kind: TripCandidate['kind'],
  codes: string[],
  validityDays: number,
  price: number,
  dataMb: number | null = 1024,
  allowance: TripCandidate['allowance'] = 'total',
): TripCandidate => ({ id: nextId++, kind, codes, validityDays, dataMb, allowance, price });

// the demo catalogue's shapes (1 GB/7 d, 5 GB/15 d, 20 GB/30 d, unlimited daily 7 d), in TWD
const shapes = (kind: TripCandidate['kind'], code: string, [a, b, c, d]: number[]) => [
  plan(kind, [code], 7, a!, 1024),
  plan(kind, [code], 15, b!, 5120),
  plan(kind, [code], 30, c!, 20480),
  ...(d === undefined ? [] : [plan(kind, [code], 7, d, null, 'daily')]),
];
const EUROPE = ['FR', 'DE', 'IT', 'ES'];
const catalogue = [
  ...shapes('esim', 'JP', [129, 299, 699, 499]),
  ...shapes('esim', 'FR', [169, 399, 899, 599]),
  ...shapes('esim', 'DE', [169, 399, 899, 599]),
  ...shapes('esim', 'IT', [169, 399, 899, 599]),
  ...shapes('esim', 'EU', [199, 499, 1099, 699]),
  ...shapes('esim', 'GLOBAL', [299, 799, 1699, 999]),
  ...shapes('topup', 'JP', [99, 249, 599]),
  ...shapes('topup', 'GLOBAL', [199, 499, 1299]),
];
const coverage: Record<string, string[]> = {
  JP: ['JP'],
  FR: ['FR'],
  DE: ['DE'],
  IT: ['IT'],
  EU: EUROPE,
  GLOBAL: ['JP', ...EUROPE],
};
const needs = (days: Record<string, number[]>, mbPerDay: number | null = null): TripNeeds => ({
  days,
  coverage,
  mbPerDay,
});
const summary = (a: ReturnType<typeof solveTrip>) =>
  a && {
    total: a.total,
    items: a.items.map((i) => `${i.candidate.kind}:${i.candidate.codes.join('+')}:${i.from}-${i.to}`),
  };

describe('plan by trip: fixed trips with known cheapest answers', () => {
  it('two weeks in Japan: a 7-day eSIM and a 7-day top-up beat a second eSIM or a 15-day plan', () => {
    const a = solveTrip(needs({ JP: range(0, 13) }), catalogue);
    expect(summary(a)).toEqual({ total: 228, items: ['esim:JP:0-6', 'topup:JP:7-13'] });
    expect(a!.items[1]!.baseItem).toBe(0);
  });

  it('France, Germany, Italy in ten days: a Europe plan and one country plan beat three country plans', () => {
    const a = solveTrip(needs({ FR: range(0, 3), DE: range(4, 6), IT: range(7, 9) }), catalogue);
    expect(a!.total).toBe(368);
    expect(a!.items).toHaveLength(2);
    // every day of every country is covered
    for (const [c, days] of Object.entries({ FR: range(0, 3), DE: range(4, 6), IT: range(7, 9) }))
      for (const d of days)
        expect(a!.items.some((i) => i.countries.includes(c) && i.from <= d && d <= i.to)).toBe(true);
  });

  it('one eSIM to install: a regional plan with its top-up when the cheapest needs several', () => {
    const a = solveTrip(needs({ FR: range(0, 3), JP: range(4, 12) }), catalogue, { maxEsims: 1 });
    expect(summary(a)).toEqual({ total: 498, items: ['esim:GLOBAL:0-6', 'topup:GLOBAL:7-12'] });
    expect(solveTrip(needs({ FR: range(0, 3), JP: range(4, 12) }), catalogue)!.total).toBe(169 + 228);
  });

  it('counts the daily use: 500 MB a day makes 1 GB last two days', () => {
    expect(effectiveDays(plan('esim', ['JP'], 7, 1, 1024), 500)).toBe(2);
    expect(effectiveDays(plan('esim', ['JP'], 7, 1, null, 'daily'), 5000)).toBe(7);
    expect(effectiveDays(plan('esim', ['JP'], 7, 1, 300, 'daily'), 500)).toBe(0);
    const a = solveTrip(needs({ JP: range(0, 6) }, 500), catalogue);
    // 1 GB plans and top-ups last two days each: the 5 GB plan (ten days of 500 MB) is cheaper than 129 + 249
    expect(summary(a)).toEqual({ total: 299, items: ['esim:JP:0-6'] });
  });

  it('has no answer when a country has no plan, and an empty one for no days', () => {
    expect(solveTrip(needs({ JP: [0], BR: [1] }), catalogue)).toBeNull();
    expect(solveTrip(needs({}), catalogue)).toEqual({ total: 0, items: [] });
  });

  it('only unlimited plans when asked', () => {
    const a = solveTrip(needs({ JP: range(0, 9) }), catalogue, {
      only: (c) => c.dataMb === null,
    });
    expect(summary(a)).toEqual({ total: 998, items: ['esim:JP:0-6', 'esim:JP:7-9'] });
  });

  it('a top-up lands only on an eSIM sharing its destination', () => {
    const [jpTopUp] = shapes('topup', 'JP', [1, 2, 3]);
    expect(topUpCountries(jpTopUp!, plan('esim', ['EU'], 7, 1), coverage)).toEqual([]);
    expect(topUpCountries(jpTopUp!, plan('esim', ['JP'], 7, 1), coverage)).toEqual(['JP']);
  });
});

// ---------------------------------------------------------------- property: against brute force

const C = ['A', 'B'];
const smallCoverage: Record<string, string[]> = { A: ['A'], B: ['B'], R: ['A', 'B'] };
const DAYS = 5;
const MAX_SET = 4;

type Instance = { c: TripCandidate; start: number };

/** Trip countries an instance covers in a set, given the eSIM each top-up lands on. */
function validCover(set: Instance[], days: Record<string, number[]>, mbPerDay: number | null): boolean {
  const topUps = set.filter((s) => s.c.kind === 'topup');
  const esims = set.filter((s) => s.c.kind === 'esim');
  const choices = topUps.map((t) =>
    esims.filter((e) => e.start <= t.start && topUpCountries(t.c, e.c, smallCoverage).length > 0),
  );
  if (choices.some((ch) => ch.length === 0)) return false;
  const assign = (k: number, picked: Instance[]): boolean => {
    if (k === topUps.length) {
      const covered = (country: string, day: number) =>
        set.some((s) => {
          const eff = effectiveDays(s.c, mbPerDay);
          if (day < s.start || day >= s.start + eff) return false;
          if (s.c.kind === 'esim') return s.c.codes.some((code) => smallCoverage[code]!.includes(country));
          const base = picked[topUps.indexOf(s)]!;
          return topUpCountries(s.c, base.c, smallCoverage).includes(country);
        });
      return Object.entries(days).every(([country, ds]) => ds.every((d) => covered(country, d)));
    }
    return choices[k]!.some((b) => assign(k + 1, [...picked, b]));
  };
  return assign(0, []);
}

function bruteForce(days: Record<string, number[]>, cands: TripCandidate[], mbPerDay: number | null) {
  // a plan that cannot carry one day of use is never bought, not even as the card for a top-up
  const usable = cands.filter((c) => effectiveDays(c, mbPerDay) > 0);
  const instances: Instance[] = usable.flatMap((c) => range(0, DAYS - 1).map((start) => ({ c, start })));
  let best = Infinity;
  const walk = (from: number, set: Instance[], cost: number) => {
    if (cost >= best) return;
    if (validCover(set, days, mbPerDay)) best = cost;
    if (set.length === MAX_SET) return;
    for (let i = from; i < instances.length; i += 1)
      walk(i, [...set, instances[i]!], cost + instances[i]!.c.price);
  };
  walk(0, [], 0);
  return best;
}

const candidateArb = fc.record({
  kind: fc.constantFrom<'esim' | 'topup'>('esim', 'esim', 'topup'),
  codes: fc.constantFrom<string[]>(['A'], ['B'], ['R'], ['A', 'R']),
  validityDays: fc.integer({ min: 1, max: 4 }),
  dataMb: fc.option(fc.constantFrom(500, 1000, 2000), { nil: null }),
  allowance: fc.constantFrom<'total' | 'daily'>('total', 'daily'),
  price: fc.integer({ min: 1, max: 30 }),
});
const tripArb = fc.record({
  A: fc.uniqueArray(fc.integer({ min: 0, max: DAYS - 1 }), { maxLength: DAYS }),
  B: fc.uniqueArray(fc.integer({ min: 0, max: DAYS - 1 }), { maxLength: 3 }),
});

describe('plan by trip: property', () => {
  it('every proposal covers every day and country, and no cheaper covering set exists', () => {
    fc.assert(
      fc.property(
        tripArb,
        fc.array(candidateArb, { minLength: 1, maxLength: 4 }),
        fc.option(fc.constantFrom(500, 1000), { nil: null }),
        (trip, raw, mbPerDay) => {
          const days = Object.fromEntries(C.map((c) => [c, [...trip[c as 'A' | 'B']].sort((x, y) => x - y)]));
          const cands = raw.map((r, i) => ({ ...r, id: i + 1 }));
          const answer = solveTrip({ days, coverage: smallCoverage, mbPerDay }, cands);
          const brute = bruteForce(days, cands, mbPerDay);
          if (!answer) {
            expect(brute).toBe(Infinity);
            return;
          }
          const set = answer.items.map((i) => ({ c: i.candidate, start: i.from }));
          expect(validCover(set, days, mbPerDay)).toBe(true);
          expect(answer.total).toBe(set.reduce((s, i) => s + i.c.price, 0));
          expect(answer.total).toBeLessThanOrEqual(brute);
          if (answer.items.length <= MAX_SET) expect(answer.total).toBe(brute);
        },
      ),
      { numRuns: 150, seed: 27 },
    );
  });
});
