// Honest plans (issue 27): price ladders that make no sense, found before they go live. Pure.

/** A spec as the ladder check reads it. */
export type LadderSpec = {
  specId: number;
  name: string;
  /** Data: total over the validity, or per day; null with 'daily': unlimited. */
  dataMb: number | null;
  allowance: 'total' | 'daily' | null;
  validityDays: number;
  price: number;
};

export type LadderIssue = {
  /** The dearer spec, which gives no more than `better`. */
  dearer: LadderSpec;
  better: LadderSpec;
  /** What `better` gives more of: days, data, or both. */
  more: 'days' | 'data' | 'both';
};

const unlimited = (s: LadderSpec) => s.allowance === 'daily' && s.dataMb === null;

/**
 * How `a`'s data compares with `b`'s (1 more, 0 same, -1 less), or null when they cannot be compared: a daily
 * allowance and a total are different things (1 GB a day for 5 days is not 5 GB to use any day), except that an
 * unlimited plan gives at least as much as any.
 */
function dataCompare(a: LadderSpec, b: LadderSpec): -1 | 0 | 1 | null {
  if (unlimited(a) || unlimited(b)) return unlimited(a) === unlimited(b) ? 0 : unlimited(a) ? 1 : -1;
  if (a.allowance !== b.allowance || a.dataMb === null || b.dataMb === null) return null;
  return a.dataMb === b.dataMb ? 0 : a.dataMb > b.dataMb ? 1 : -1;
}

/**
 * Pairs of one goods' specs where one costs more than another that gives at least as many days and at least as
 * much data, and more of one ("5-day unlimited costs more than 7-day unlimited", "8 GB / 8 days costs more
 * than 10 GB / 8 days"). Each dearer spec is reported against the cheapest such better one.
 */
export function ladderIssues(specs: LadderSpec[]): LadderIssue[] {
  const out: LadderIssue[] = [];
  for (const dearer of specs) {
    let found: LadderIssue | null = null;
    for (const better of specs) {
      if (better === dearer || better.price >= dearer.price) continue;
      const data = dataCompare(better, dearer);
      const days = Math.sign(better.validityDays - dearer.validityDays);
      if (data === null || data < 0 || days < 0 || (data === 0 && days === 0)) continue;
      if (!found || better.price < found.better.price)
        found = { dearer, better, more: data > 0 && days > 0 ? 'both' : data > 0 ? 'data' : 'days' };
    }
    if (found) out.push(found);
  }
  return out;
}
