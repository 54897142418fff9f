import { glossaryOf } from '@simshop/contracts';

const MB = 1024 * 1024;
const GB = 1024 * MB;

/** Data amount for people: "1.2 GB", "850 MB", French "1,2 Go" (binary units, as partners and phones count
 *  them; the unit from the shared glossary). */
export function formatData(bytes: number, lang: string): string {
  const abs = Math.abs(bytes);
  const units = glossaryOf(lang);
  const [value, unit] = abs >= GB ? [bytes / GB, units.gb] : [bytes / MB, units.mb];
  const digits = Math.abs(value) >= 100 || Number.isInteger(value) ? 0 : 1;
  const n = new Intl.NumberFormat(lang, { maximumFractionDigits: digits }).format(value);
  return `${n} ${unit}`;
}

/** An ICCID in groups of four digits, as printed on cards: "8988 6012 3456 7890 123". */
export const groupIccid = (iccid: string) => iccid.replace(/\D/g, '').replace(/(\d{4})(?=\d)/g, '$1 ');

/** Share of the allowance left, 0..1 (1 when unlimited or unknown). */
export function leftRatio(card: { dataTotalBytes: number | null; dataLeftBytes: number | null }): number {
  if (card.dataTotalBytes === null || card.dataLeftBytes === null || card.dataTotalBytes <= 0) return 1;
  return Math.min(1, Math.max(0, card.dataLeftBytes / card.dataTotalBytes));
}

/** Date and time in the reader's language: "Thu 14:00" for the forecast, a full date for validity. */
export function formatWhen(iso: string | Date, lang: string, style: 'weekday' | 'date' | 'dateTime'): string {
  const d = typeof iso === 'string' ? new Date(iso) : iso;
  const options: Intl.DateTimeFormatOptions =
    style === 'weekday'
      ? {
          weekday: 'short',
          month: 'numeric',
          day: 'numeric',
          hour: '2-digit',
          minute: '2-digit',
          hour12: false,
        }
      : style === 'date'
        ? { year: 'numeric', month: 'short', day: 'numeric' }
        : {
            year: 'numeric',
            month: 'short',
            day: 'numeric',
            hour: '2-digit',
            minute: '2-digit',
            hour12: false,
          };
  return new Intl.DateTimeFormat(lang, options).format(d);
}

/**
 * iOS 17.4 or later, where Apple's one-tap eSIM install link works (payment-protocols.md §6: show it only on
 * the target iPhone). iPadOS reports itself as a Mac, so only iPhone and iPod user agents count.
 */
export function supportsAppleOneTap(userAgent: string): boolean {
  const m = /(iPhone|iPod).*? OS (\d+)_(\d+)/.exec(userAgent);
  if (!m) return false;
  const major = Number(m[2]);
  const minor = Number(m[3]);
  return major > 17 || (major === 17 && minor >= 4);
}

/** Android phones: their install steps come first. */
export const isAndroid = (userAgent: string) => /Android/i.test(userAgent);

/** Country codes as names in the reader's language ("JP" -> "Japan", "日本"); unknown codes stay as they are. */
export function countryNames(codes: string[], lang: string): string {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([lang], { type: 'region' });
  } catch {
    names = null;
  }
  return codes
    .map((c) => {
      try {
        return names?.of(c) ?? c;
      } catch {
        return c;
      }
    })
    .join(' · ');
}

/**
 * An instant as a date and time in a named zone (the destination's) or, without one, the reader's own, with
 * the zone's short name so two times of one instant cannot be mixed up: "Jul 8, 2026, 14:00 GMT+9".
 */
export function formatInZone(iso: string | Date, lang: string, timeZone?: string): string {
  const d = typeof iso === 'string' ? new Date(iso) : iso;
  return new Intl.DateTimeFormat(lang, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
    timeZoneName: 'short',
    ...(timeZone ? { timeZone } : {}),
  }).format(d);
}
