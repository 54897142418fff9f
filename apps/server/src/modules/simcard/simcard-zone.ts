import { getCountry } from 'countries-and-timezones';

/** A zone's offset from UTC at `at`, in minutes (Intl's longOffset, "GMT+09:00"). */
function offsetMinutes(zone: string, at: Date): number | null {
  try {
    const name = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value;
    const m = /GMT(?:([+-])(\d{2}):(\d{2}))?/.exec(name ?? '');
    if (!m) return null;
    return m[1] ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
  } catch {
    return null;
  }
}

/**
 * The destination's time zone for a plan's first country (issue 27: the validity's end "at the
 * destination"): its IANA zone when the whole country keeps one clock at `at` (Japan, Thailand, France);
 * null for a country whose zones differ (the United States, Australia, Spain with the Canaries), where one
 * "destination time" would mislead: the card page then shows the buyer's time only.
 */
export function destinationTimeZone(countries: string[], at = new Date()): string | null {
  const first = countries[0];
  if (!first) return null;
  const zones = getCountry(first.toUpperCase())?.timezones ?? [];
  if (zones.length === 0) return null;
  const offsets = new Set(zones.map((z) => offsetMinutes(z, at)));
  return offsets.size === 1 && !offsets.has(null) ? zones[0]! : null;
}
