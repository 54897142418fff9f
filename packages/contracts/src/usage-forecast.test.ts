import { describe, expect, it } from 'vitest';
import { forecastUsage, usagePace, type UsageSample } from './usage-forecast';

const MB = 1024 * 1024;
const T0 = Date.parse('2026-11-19T00:00:00Z'); // a Thursday
const at = (hours: number) => new Date(T0 + hours * 3_600_000).toISOString();
const series = (...pairs: [number, number][]): UsageSample[] =>
  pairs.map(([h, mb]) => ({ at: at(h), usedMb: mb }));

describe('forecastUsage', () => {
  it('steady use: 50 MB an hour, 1.2 GB (1228.8 MB) left at 10:00 lasts 24.576 h, to 10:34:33.6 the next day', () => {
    const history = series([0, 0], [2, 100], [4, 200], [6, 300], [8, 400], [10, 500]);
    const f = forecastUsage({
      history,
      dataLeftBytes: 1.2 * 1024 * MB,
      usageAsOf: at(10),
      validUntil: at(24 * 7),
      now: new Date(T0 + 11 * 3_600_000),
    });
    expect(f.kind).toBe('runs_out');
    if (f.kind !== 'runs_out') return;
    expect(f.mbPerHour).toBe(50);
    expect(f.leftMb).toBeCloseTo(1228.8, 6);
    expect(f.runsOutAt.toISOString()).toBe('2026-11-20T10:34:33.600Z');
  });

  it('bursty use is averaged over the window, not taken from the newest burst', () => {
    // quiet for 20 h, a 600 MB burst in one hour, quiet again: 600 MB over 24 h = 25 MB/h
    const history = series([0, 0], [20, 0], [21, 600], [24, 600]);
    expect(usagePace(history)).toBe(25);
    const f = forecastUsage({
      history,
      dataLeftBytes: 400 * MB,
      usageAsOf: null, // the newest point, hour 24
      validUntil: at(24 * 30),
      now: new Date(T0 + 24 * 3_600_000),
    });
    expect(f).toEqual({
      kind: 'runs_out',
      leftMb: 400,
      mbPerHour: 25,
      runsOutAt: new Date(T0 + 40 * 3_600_000),
    });
  });

  it('only the last 72 hours count: an old heavy week does not hide a quiet recent one', () => {
    const history = series([0, 0], [24, 5000], [100, 5000], [172, 5072]);
    expect(usagePace(history)).toBe(1); // 72 MB over the 72 h from hour 100
  });

  it('no usage: the data outlasts the plan', () => {
    const history = series([0, 0], [12, 0], [24, 0]);
    const f = forecastUsage({
      history,
      dataLeftBytes: 5 * 1024 * MB,
      usageAsOf: at(24),
      validUntil: at(24 * 7),
      now: new Date(T0 + 24 * 3_600_000),
    });
    expect(f).toEqual({ kind: 'outlasts', leftMb: 5120, mbPerHour: 0 });
  });

  it('a pace that would empty the card only after validity ends: outlasts', () => {
    const history = series([0, 0], [10, 10]); // 1 MB/h, 1000 MB left: 1000 h, validity 48 h
    const f = forecastUsage({
      history,
      dataLeftBytes: 1000 * MB,
      usageAsOf: at(10),
      validUntil: at(48),
      now: new Date(T0 + 10 * 3_600_000),
    });
    expect(f.kind).toBe('outlasts');
  });

  it('already exhausted, expired, unlimited, and too little history', () => {
    const base = { history: series([0, 0], [1, 10]), usageAsOf: null, now: new Date(T0 + 3_600_000) };
    expect(forecastUsage({ ...base, dataLeftBytes: 0, validUntil: at(48) })).toEqual({ kind: 'exhausted' });
    expect(forecastUsage({ ...base, dataLeftBytes: -5, validUntil: null })).toEqual({ kind: 'exhausted' });
    expect(forecastUsage({ ...base, dataLeftBytes: 10 * MB, validUntil: at(0.5) })).toEqual({
      kind: 'expired',
    });
    expect(forecastUsage({ ...base, dataLeftBytes: null, validUntil: at(48) })).toEqual({
      kind: 'unlimited',
    });
    expect(
      forecastUsage({ ...base, history: series([1, 10]), dataLeftBytes: 10 * MB, validUntil: null }),
    ).toEqual({
      kind: 'unknown',
      leftMb: 10,
    });
    expect(forecastUsage({ ...base, history: [], dataLeftBytes: 10 * MB, validUntil: null }).kind).toBe(
      'unknown',
    );
  });

  it('history out of order, or with a counter reset, still gives a sane pace', () => {
    expect(usagePace(series([4, 40], [0, 0], [2, 20]))).toBe(10);
    expect(usagePace(series([0, 500], [10, 20]))).toBe(0);
  });
});
