// Plain functions, no zod: the SIM card pages import them without pulling the schemas in.

/** One measurement: cumulative data used (MB) at an instant (ISO-8601), as in SimCardDetail.usageHistory. */
export type UsageSample = { at: string; usedMb: number };

export type UsageForecastInput = {
  /** Oldest first (the order is not trusted: it is sorted again). */
  history: UsageSample[];
  /** Data left now, bytes; null: unlimited. */
  dataLeftBytes: number | null;
  /** When the measurement of `dataLeftBytes` was taken; null: the newest history point. */
  usageAsOf: string | null;
  /** End of validity; null: not started or open-ended. */
  validUntil: string | null;
  /** The clock, for "already expired". */
  now: Date;
};

export type UsageForecast =
  /** No cap: nothing to forecast. */
  | { kind: 'unlimited' }
  /** Nothing left. */
  | { kind: 'exhausted' }
  /** Validity has ended. */
  | { kind: 'expired' }
  /** Fewer than two measurements over time: no pace yet. */
  | { kind: 'unknown'; leftMb: number }
  /** At the current pace the data lasts beyond the end of validity (or, with no end known, nothing is used). */
  | { kind: 'outlasts'; leftMb: number; mbPerHour: number }
  /** At the current pace the data runs out at `runsOutAt`, before the plan ends. */
  | { kind: 'runs_out'; leftMb: number; mbPerHour: number; runsOutAt: Date };

/** The pace is measured over at most this much of the newest history, so a changed habit shows quickly. */
export const FORECAST_WINDOW_HOURS = 72;
const HOUR_MS = 3_600_000;
const MB = 1024 * 1024;

/**
 * The pace of use over the newest history window (up to FORECAST_WINDOW_HOURS back from the newest point):
 * data used between the window's first and last measurement divided by the time between them, in MB per
 * hour. Averaging over the window, not the newest step, keeps one burst from dominating. Null with fewer
 * than two measurements at different instants.
 */
export function usagePace(history: UsageSample[]): number | null {
  const points = history
    .map((p) => ({ t: Date.parse(p.at), mb: p.usedMb }))
    .filter((p) => Number.isFinite(p.t) && Number.isFinite(p.mb))
    .sort((a, b) => a.t - b.t);
  const last = points.at(-1);
  if (!last) return null;
  const first = points.find((p) => p.t >= last.t - FORECAST_WINDOW_HOURS * HOUR_MS) ?? last;
  const hours = (last.t - first.t) / HOUR_MS;
  if (hours <= 0) return null;
  // cumulative use never goes down; a partner reset (e.g. a top-up restarting its counter) counts as none
  return Math.max(0, last.mb - first.mb) / hours;
}

/**
 * When the data runs out at the current pace: "at this pace, 1.2 GB lasts until Thu 14:00", or "outlasts your
 * plan". Pure: the caller passes the clock.
 */
export function forecastUsage(input: UsageForecastInput): UsageForecast {
  const { dataLeftBytes, validUntil, now } = input;
  const end = validUntil ? Date.parse(validUntil) : null;
  if (end !== null && Number.isFinite(end) && end <= now.getTime()) return { kind: 'expired' };
  if (dataLeftBytes === null) return { kind: 'unlimited' };
  if (dataLeftBytes <= 0) return { kind: 'exhausted' };
  const leftMb = dataLeftBytes / MB;
  const mbPerHour = usagePace(input.history);
  if (mbPerHour === null) return { kind: 'unknown', leftMb };
  if (mbPerHour === 0) return { kind: 'outlasts', leftMb, mbPerHour };
  const newest = Math.max(...input.history.map((p) => Date.parse(p.at)).filter(Number.isFinite));
  const asOf = input.usageAsOf ? Date.parse(input.usageAsOf) : newest;
  const runsOutAt = new Date((Number.isFinite(asOf) ? asOf : newest) + (leftMb / mbPerHour) * HOUR_MS);
  if (end !== null && Number.isFinite(end) && runsOutAt.getTime() >= end) {
    return { kind: 'outlasts', leftMb, mbPerHour };
  }
  return { kind: 'runs_out', leftMb, mbPerHour, runsOutAt };
}
