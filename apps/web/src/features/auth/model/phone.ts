/**
 * Client-side check of a mobile number, before any call (the server validates again, with the full
 * numbering plan). The person picks a country code (Taiwan by default) and types the national number,
 * or types a whole international number starting with + or 00.
 */
export type CountryCode = {
  /** Dialling code without the plus. */
  dial: string;
  /** ISO region, for the option's name. */
  region: string;
  /** Mobile national significant numbers (trunk prefix removed). */
  mobile: RegExp;
};

export const COUNTRY_CODES: readonly [CountryCode, ...CountryCode[]] = [
  { dial: '886', region: 'TW', mobile: /^9\d{8}$/ },
  { dial: '86', region: 'CN', mobile: /^1[3-9]\d{9}$/ },
  { dial: '852', region: 'HK', mobile: /^[4-9]\d{7}$/ },
  { dial: '853', region: 'MO', mobile: /^6\d{7}$/ },
  { dial: '65', region: 'SG', mobile: /^[89]\d{7}$/ },
  { dial: '60', region: 'MY', mobile: /^1\d{8,9}$/ },
  { dial: '66', region: 'TH', mobile: /^[689]\d{8}$/ },
  { dial: '81', region: 'JP', mobile: /^[789]0\d{8}$/ },
  { dial: '82', region: 'KR', mobile: /^1\d{8,9}$/ },
  { dial: '1', region: 'US', mobile: /^[2-9]\d{2}[2-9]\d{6}$/ },
  { dial: '44', region: 'GB', mobile: /^7\d{9}$/ },
  { dial: '61', region: 'AU', mobile: /^4\d{8}$/ },
  { dial: '33', region: 'FR', mobile: /^[67]\d{8}$/ },
  { dial: '34', region: 'ES', mobile: /^[67]\d{8}$/ },
  { dial: '49', region: 'DE', mobile: /^1[5-7]\d{8,9}$/ },
];

export const DEFAULT_DIAL_CODE = '886';

/** What the person typed: the chosen country code and the number field. */
export type PhoneValue = { dial: string; number: string };

export type PhoneCheck =
  | { ok: true; e164: string }
  | { ok: false; error: 'required' | 'invalid' | 'countryCodeRequired' | 'notForCountry' };

const PHONE_CHARS = /^[\d\s+\-().]+$/;

const nsn = (digits: string) => digits.replace(/^0/, '');
const fitsCountry = (c: CountryCode, digits: string) => c.mobile.test(nsn(digits));

/** Checks a mobile number and returns it in E.164 (`+886912345678`). */
export function checkPhone({ dial, number }: PhoneValue): PhoneCheck {
  const raw = number.trim();
  if (!raw) return { ok: false, error: 'required' };
  if (!PHONE_CHARS.test(raw)) return { ok: false, error: 'invalid' };
  const compact = raw.replace(/[\s\-().]/g, '');

  if (/^(\+|00)/.test(compact)) {
    const digits = compact.replace(/^(\+|00)/, '');
    // E.164: at most 15 digits; the shortest mobile numbers with their country code have 8.
    if (!/^\d{8,15}$/.test(digits)) return { ok: false, error: 'invalid' };
    const known = COUNTRY_CODES.filter((c) => digits.startsWith(c.dial));
    if (known.length > 0 && !known.some((c) => c.mobile.test(digits.slice(c.dial.length))))
      return { ok: false, error: 'invalid' };
    return { ok: true, e164: `+${digits}` };
  }

  if (!/^\d{4,15}$/.test(compact)) return { ok: false, error: 'invalid' };
  const country = COUNTRY_CODES.find((c) => c.dial === dial) ?? COUNTRY_CODES[0];
  if (fitsCountry(country, compact)) return { ok: true, e164: `+${country.dial}${nsn(compact)}` };
  // The person chose another country's code on purpose: say the number does not fit it (issue 12), rather than
  // asking for the country code they just gave.
  if (country.dial !== DEFAULT_DIAL_CODE) return { ok: false, error: 'notForCountry' };
  // A mobile number of another country typed without its code: say what is missing.
  if (COUNTRY_CODES.some((c) => c !== country && fitsCountry(c, compact)))
    return { ok: false, error: 'countryCodeRequired' };
  return { ok: false, error: 'invalid' };
}
