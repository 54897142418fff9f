import { describe, expect, it } from 'vitest';
import { destinationTimeZone } from './simcard-zone';

describe('the destination time zone of a plan', () => {
  const at = new Date('2026-07-01T00:00:00Z');
  it("is the country's zone when it keeps one clock", () => {
    expect(destinationTimeZone(['JP'], at)).toBe('Asia/Tokyo');
    expect(destinationTimeZone(['th', 'VN'], at)).toBe('Asia/Bangkok');
    expect(destinationTimeZone(['FR'], at)).toBe('Europe/Paris');
  });
  it('is none for a country of several clocks, or no country', () => {
    expect(destinationTimeZone(['US'], at)).toBeNull();
    expect(destinationTimeZone(['AU'], at)).toBeNull();
    expect(destinationTimeZone([], at)).toBeNull();
    expect(destinationTimeZone(['ZZ'], at)).toBeNull();
  });
});
