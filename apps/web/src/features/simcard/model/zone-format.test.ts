import { describe, expect, it } from 'vitest';
import { formatInZone } from './format';

// The validity's end as the card page shows it, tested with fixed zones (the test runner's own zone must not
// matter): one instant, the buyer's time and the destination's.
describe('formatInZone', () => {
  const end = '2026-07-08T05:00:00.000Z';
  it('shows one instant at the destination and in the buyer’s zone, each named', () => {
    expect(formatInZone(end, 'en', 'Asia/Tokyo')).toBe('Jul 8, 2026, 14:00 GMT+9');
    expect(formatInZone(end, 'en', 'Asia/Taipei')).toBe('Jul 8, 2026, 13:00 GMT+8');
    expect(formatInZone(end, 'en', 'America/Los_Angeles')).toBe('Jul 7, 2026, 22:00 PDT');
    expect(formatInZone(end, 'fr', 'Europe/Paris')).toBe('8 juil. 2026, 07:00 UTC+2');
  });
  it('follows summer time of the zone on the day', () => {
    expect(formatInZone('2026-01-08T05:00:00.000Z', 'en', 'America/Los_Angeles')).toBe(
      'Jan 7, 2026, 21:00 PST',
    );
  });
  it('writes the date in the reader’s language', () => {
    expect(formatInZone(end, 'zh-Hant', 'Asia/Tokyo')).toMatch(/^2026年7月8日 14:00 \[?GMT\+9\]?$/);
  });
});
