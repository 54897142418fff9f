import { getCountries, isValidPhoneNumber, parsePhoneNumberWithError } from 'libphonenumber-js/max';
import type { CountryCode, NumberType } from 'libphonenumber-js/max';
import { fail } from './errors';

/** Types that can receive an SMS; `FIXED_LINE_OR_MOBILE` is how NANP and a few others report mobiles. */
const SMS_CAPABLE: ReadonlySet<NumberType> = new Set(['MOBILE', 'FIXED_LINE_OR_MOBILE']);
/** Digits, `+`, and the separators people type; letters would be read as vanity numbers (1-800-FLOWERS). */
const PHONE_CHARS = /^[\d\s+\-().]+$/;

function parseMobile(input: string, region?: CountryCode): string | null {
  try {
    const p = parsePhoneNumberWithError(input, region);
    return p.isValid() && SMS_CAPABLE.has(p.getType() as NumberType) ? p.number : null;
  } catch {
    return null;
  }
}

/** Whether national digits that fail in the default region are a valid number of some other country. */
function isNationalNumberElsewhere(digits: string, defaultRegion: string): boolean {
  if (parseMobile(`+${digits}`)) return true;
  return getCountries().some((c) => c !== defaultRegion && isValidPhoneNumber(digits, c));
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
    return parseMobile(`+${compact.replace(/^(\+|00)/, '')}`) ?? fail('PHONE_INVALID');
  }
  const region = defaultRegion.toUpperCase() as CountryCode;
  const national = parseMobile(compact, region);
  if (national) return national;
  return isNationalNumberElsewhere(compact, region)
    ? fail('PHONE_COUNTRY_CODE_REQUIRED')
    : fail('PHONE_INVALID');
}
