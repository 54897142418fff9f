// The plan-by-trip solver (issue 27): the cheapest set of plans that covers every day in every country of a
// trip. Pure and deterministic: the same trip and candidates always give the same answer.
//
// Model. A trip is, per country, the set of days (0-based from its first day) the traveller is there. A
// bought plan is activated on a day and used on consecutive days: it covers its countries from that day for
// its validity, or for fewer days when its data runs out at the traveller's daily use. A top-up is a package
// on an eSIM already bought: it covers what it shares with that eSIM, and needs one bought on or before its
// own first day. A plan that cannot carry one day of the traveller's use is never proposed, not even as the
// card for a top-up.
//
// Search. The earliest uncovered (day, country) must be covered by some plan; starting that plan earlier than
// that day only wastes days (everything before is covered), so each step tries every candidate covering it,
// started on that day. What remains depends only on how far each country is covered and which eSIMs a top-up
// could land on, so answers are memoised on that: exact, and small for real trips.

/** A plan the solver may buy: an eSIM or a top-up spec. */
export type TripCandidate = {
  /** Stable id (the spec id): ties between equal answers are broken by it. */
  id: number;
  kind: 'esim' | 'topup';
  /** The destination codes of its goods (countries and regions). */
  codes: string[];
  validityDays: number;
  /** Data of the plan: total over its validity, or per day; null with 'daily': unlimited. */
  dataMb: number | null;
  allowance: 'total' | 'daily' | null;
  price: number;
};

export type TripNeeds = {
  /** Country -> the days (0-based) the traveller is there; each list sorted, no repeats. */
  days: Record<string, number[]>;
  /** Destination code -> the trip's countries it covers (the catalogue's coverage). */
  coverage: Record<string, string[]>;
  /** Data the traveller uses per day, in MB; null: not counted (only validity limits a plan). */
  mbPerDay: number | null;
};

export type TripItem = {
  candidate: TripCandidate;
  /** First and last day used (inclusive, 0-based, clipped to the trip). */
  from: number;
  to: number;
  /** Trip countries it covers. */
  countries: string[];
  /** For a top-up: the index, in the answer's items, of the eSIM it lands on. */
  baseItem: number | null;
};

export type TripAnswer = { total: number; items: TripItem[] };

export type SolveOptions = {
  /** At most this many eSIMs (their top-ups not counted): 1 is "one eSIM to install". */
  maxEsims?: number;
  /** Keep only candidates this accepts (e.g. unlimited plans). */
  only?: (c: TripCandidate) => boolean;
};

/** Days a plan lasts for someone using `mbPerDay` a day: its validity, or until its data runs out. */
export function effectiveDays(c: TripCandidate, mbPerDay: number | null): number {
  if (mbPerDay === null || mbPerDay <= 0 || c.dataMb === null) return c.validityDays;
  if (c.allowance === 'daily') return c.dataMb >= mbPerDay ? c.validityDays : 0;
  return Math.min(c.validityDays, Math.floor(c.dataMb / mbPerDay));
}

const union = (coverage: Record<string, string[]>, codes: string[]) =>
  [...new Set(codes.flatMap((code) => coverage[code] ?? []))].sort();

/** Trip countries a top-up covers when it lands on an eSIM: those of the codes both share. */
export const topUpCountries = (
  topUp: TripCandidate,
  esim: TripCandidate,
  coverage: Record<string, string[]>,
) =>
  union(
    coverage,
    topUp.codes.filter((c) => esim.codes.includes(c)),
  );

/** A trip country and its days (sorted, at least one). */
type Stay = { code: string; days: number[] };
/**
 * A candidate as the search uses it: its effective days, the trip countries it covers, its eSIM's group
 * (-1: not an eSIM a top-up can land on) and, for a top-up, what it covers on each group (empty: not there).
 */
type Prepared = { c: TripCandidate; eff: number; countries: string[]; group: number; landing: string[][] };
type Best = { total: number; count: number; steps: Step[] } | null;
type Step = { cand: Prepared; day: number; base: number | null };

/** The element at `i`: the search only asks for those it knows exist, so a miss is a bug and fails loudly. */
function at<T>(list: readonly T[], i: number): T {
  const item = list[i];
  if (item === undefined) throw new Error(`trip solver: no element ${i} in a list of ${list.length}`);
  return item;
}

/**
 * The cheapest set of candidates covering every needed day of every country (null when some country has no
 * covering candidate). Equal totals: fewer plans, then the lower ids first.
 */
export function solveTrip(
  needs: TripNeeds,
  candidates: TripCandidate[],
  opts: SolveOptions = {},
): TripAnswer | null {
  const stays: Stay[] = Object.entries(needs.days)
    .filter(([, days]) => days.length > 0)
    .map(([code, days]) => ({ code, days }))
    .sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
  if (stays.length === 0) return { total: 0, items: [] };
  const countries = stays.map((t) => t.code);
  const usable = candidates
    .filter((c) => !opts.only || opts.only(c))
    .map((c) => ({ c, eff: effectiveDays(c, needs.mbPerDay), countries: union(needs.coverage, c.codes) }))
    .filter((p) => p.eff > 0 && p.countries.some((k) => countries.includes(k)))
    .sort((a, b) => a.c.price - b.c.price || a.c.id - b.c.id);
  // eSIMs a top-up can land on, grouped by their codes (specs of one goods take the same top-ups): what a
  // state remembers is which of these groups were bought, never which spec
  const groups: string[] = [];
  const grouped = usable.map((p) => {
    const landable =
      p.c.kind === 'esim' &&
      usable.some((t) => t.c.kind === 'topup' && topUpCountries(t.c, p.c, needs.coverage).length > 0);
    if (!landable) return { ...p, group: -1 };
    const sig = [...p.c.codes].sort().join('+');
    const found = groups.indexOf(sig);
    return { ...p, group: found >= 0 ? found : groups.push(sig) - 1 };
  });
  const groupCodes = groups.map((g) => g.split('+'));
  const prepared: Prepared[] = grouped.map((p) => ({
    ...p,
    landing: groupCodes.map((codes) =>
      p.c.kind === 'topup'
        ? union(
            needs.coverage,
            p.c.codes.filter((c) => codes.includes(c)),
          )
        : [],
    ),
  }));
  const maxEsims = opts.maxEsims ?? Infinity;
  const memo = new Map<string, Best>();

  // next[k]: the index in stays[k].days of that country's first day not covered yet
  const solve = (next: number[], bases: number[], esimCount: number): Best => {
    let day = Infinity;
    let country: string | undefined;
    for (const [k, t] of stays.entries()) {
      const d = t.days[at(next, k)];
      if (d !== undefined && d < day) [day, country] = [d, t.code];
    }
    if (country === undefined) return { total: 0, count: 0, steps: [] };
    const key = `${next.join(',')}|${bases.join(',')}|${Number.isFinite(maxEsims) ? esimCount : ''}`;
    const known = memo.get(key);
    if (known !== undefined) return known;
    let best: Best = null;
    const tryStep = (p: Prepared, covered: string[], base: number | null, nextBases: number[], n: number) => {
      const last = day + p.eff - 1;
      const moved = stays.map((t, k) => {
        const from = at(next, k);
        if (!covered.includes(t.code)) return from;
        const j = t.days.findIndex((d, i) => i >= from && d > last);
        return j < 0 ? t.days.length : j;
      });
      const rest = solve(moved, nextBases, n);
      if (!rest) return;
      const total = p.c.price + rest.total;
      const count = rest.count + 1;
      if (!best || total < best.total || (total === best.total && count < best.count))
        best = { total, count, steps: [{ cand: p, day, base }, ...rest.steps] };
    };
    for (const p of prepared) {
      if (p.c.kind === 'esim') {
        if (!p.countries.includes(country) || esimCount >= maxEsims) continue;
        const g = p.group;
        const nextBases = g < 0 || bases.includes(g) ? bases : [...bases, g].sort((a, b) => a - b);
        tryStep(p, p.countries, null, nextBases, esimCount + 1);
      } else {
        // a top-up lands on an eSIM already bought; each group bought that it covers this country on is tried
        for (const g of bases) {
          const covered = at(p.landing, g);
          if (covered.includes(country)) tryStep(p, covered, g, bases, esimCount);
        }
      }
    }
    memo.set(key, best);
    return best;
  };

  const best = solve(
    stays.map(() => 0),
    [],
    0,
  );
  if (!best) return null;
  const tripEnd = Math.max(...stays.map((t) => at(t.days, t.days.length - 1)));
  const items: TripItem[] = [];
  const itemOfGroup = new Map<number, number>();
  for (const { cand: p, day, base } of best.steps) {
    const covered = base === null ? p.countries : at(p.landing, base);
    if (p.c.kind === 'esim' && p.group >= 0 && !itemOfGroup.has(p.group))
      itemOfGroup.set(p.group, items.length);
    items.push({
      candidate: p.c,
      from: day,
      to: Math.min(day + p.eff - 1, tripEnd),
      countries: covered.filter((k) => countries.includes(k)),
      baseItem: base === null ? null : (itemOfGroup.get(base) ?? null),
    });
  }
  return { total: best.total, items };
}
