import { getCountries, isValidPhoneNumber, parsePhoneNumberWithError } from 'libphonenumber-js/max';
import type { CountryCode, NumberType } from 'libphonenumber-js/max';
import { fail } from './errors';

/** Types that can receive an SMS; `FIXED_LINE_OR_MOBILE` is how NANP and a few others report mobiles. */
const SMS_CAPABLE: ReadonlySet<NumberType> = new Set(['MOBILE', 'FIXED_LINE_OR_MOBILE']);
/** Digits, `+`, and the separators people type; letters would be read as vanity numbers (1-800-FLOWERS). */
const PHONE_CHARS = /^[\d\s+\-().]+$/;

/** E.164 of a valid number that can take an SMS; 'landline' for a valid number that cannot; null otherwise. */
function parseMobile(input: string, region?: CountryCode): string | 'landline' | null {
  try {
    const p = parsePhoneNumberWithError(input, region);
    if (!p.isValid()) return null;
    return SMS_CAPABLE.has(p.getType() as NumberType) ? p.number : 'landline';
  } catch {
    return null;
  }
}

const isMobile = (parsed: string | null) => parsed !== null && parsed !== 'landline';

/** Whether digits that fail in the default region are a mobile number of some other country. */
function isMobileElsewhere(digits: string, defaultRegion: string): boolean {
  if (isMobile(parseMobile(`+${digits}`))) return true;
  // the cheap validity check first; the type check parses again, only for the few countries that pass
  return getCountries().some(
    (c) => c !== defaultRegion && isValidPhoneNumber(digits, c) && isMobile(parseMobile(digits, c)),
  );
}

/**
 * Normalises a mobile number as typed to E.164. National numbers are read in `defaultRegion`; `+` or `00`
 * starts an international number. Throws PHONE_COUNTRY_CODE_REQUIRED when the digits only make sense
 * with another country's code, PHONE_INVALID otherwise.
 */
export function normalizePhone(input: string, defaultRegion: string): string {
  const raw = input.trim();
  if (!PHONE_CHARS.test(raw)) return fail('PHONE_INVALID');
  const compact = raw.replace(/[\s\-().]/g, '');
  if (!/^(\+|00)?\d{4,17}$/.test(compact)) return fail('PHONE_INVALID');
  if (compact.startsWith('+') || compact.startsWith('00')) {
    const international = parseMobile(`+${compact.replace(/^(\+|00)/, '')}`);
    if (international === null || international === 'landline') return fail('PHONE_INVALID');
    return international;
  }
  const region = defaultRegion.toUpperCase() as CountryCode;
  const national = parseMobile(compact, region);
  if (national === 'landline') return fail('PHONE_INVALID');
  if (national) return national;
  return isMobileElsewhere(compact, region) ? fail('PHONE_COUNTRY_CODE_REQUIRED') : fail('PHONE_INVALID');
}
