// Plain functions, no zod: the web app imports them without pulling the schemas into its pages.

/** Counts characters the way people do: each CJK character (or emoji) is one. */
export const charCount = (s: string) => Array.from(s).length;

const UBN_WEIGHTS = [1, 2, 1, 2, 1, 2, 4, 1] as const;
const digitSum = (n: number) => Math.floor(n / 10) + (n % 10);

/**
 * Taiwan unified business number (統一編號) checksum: each digit times its weight, the digits of every
 * product summed; valid when the total is divisible by 5, or, when the 7th digit is 7 (its product 28
 * may count as 1 or 0), when total + 1 is.
 */
export function isValidUbn(ubn: string): boolean {
  if (!/^\d{8}$/.test(ubn)) return false;
  const digits = Array.from(ubn, Number);
  // eight digits (checked above), eight weights
  const total = digits.reduce((sum, d, i) => sum + digitSum(d * (UBN_WEIGHTS[i] ?? 0)), 0);
  return total % 5 === 0 || (digits[6] === 7 && (total + 1) % 5 === 0);
}

/**
 * SIM card ICCID: 19 or 20 digits (starting 89, the telecom industry prefix) whose last digit is the Luhn
 * check digit of the others.
 */
export function isValidIccid(iccid: string): boolean {
  return /^89\d{17,18}$/.test(iccid) && passesLuhn(iccid);
}

/** Luhn over all digits (ITU-T E.118 / ISO 7812): the last digit is the check digit of the others. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * An ICCID a provider handed us (payment-protocols.md §0a): some issuers use 18 or 22 digits or a
 * non-Luhn last digit, so a provider's value is accepted when it is plausible (digits, 18 to 22 of them,
 * spaces and dashes ignored) and `warning` says what the caller should log. Null: not an ICCID at all.
 * What a buyer types is checked strictly with isValidIccid instead (mistypes are the common case).
 */
export function checkProviderIccid(
  raw: string,
): { iccid: string; warning: null | 'not_luhn' | 'unusual_length' | 'unusual_prefix' } | null {
  const iccid = raw.replace(/[\s-]/g, '');
  if (!/^\d{18,22}$/.test(iccid)) return null;
  if (isValidIccid(iccid)) return { iccid, warning: null };
  if (!iccid.startsWith('89')) return { iccid, warning: 'unusual_prefix' };
  if (iccid.length < 19 || iccid.length > 20) return { iccid, warning: 'unusual_length' };
  return { iccid, warning: 'not_luhn' };
}

/** A GSMA SGP.22 activation code, decoded. */
export type ActivationCode = {
  /** The SM-DP+ address (FQDN), as the LPA dials it. */
  smdpAddress: string;
  /** The Matching ID (AC_Token), byte-exact; may be empty. */
  matchingId: string;
  /** The SM-DP+ OID, when given and non-empty. */
  oid?: string;
  /** Field 5 is `1`: the buyer must type a confirmation code, delivered separately (never in the QR). */
  confirmationRequired: boolean;
};

const FQDN =
  /^(?=.{1,253}$)([A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)(\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;

/**
 * Parses an activation code (payment-protocols.md §0a, GSMA SGP.22 §4.1):
 * `[LPA:]1$<SM-DP+ FQDN>$<MatchingID>[$<OID>[$<"1" or empty>[$<CI key indicator>[$<delete notification>]]]]`.
 * Format version 1, a non-empty host, at least 3 and at most 7 fields; the Matching ID may be empty; the
 * 5th field is absent, empty or `1`. Null when the string is not a valid code.
 */
export function parseActivationCode(raw: string): ActivationCode | null {
  const body = raw.startsWith('LPA:') ? raw.slice(4) : raw;
  const fields = body.split('$');
  if (fields.length < 3 || fields.length > 7) return null;
  const [version, host, matchingId, oid, confirm] = fields;
  if (version !== '1' || host === undefined || matchingId === undefined) return null;
  if (!FQDN.test(host)) return null;
  if (/[\s$]/.test(matchingId)) return null;
  if (oid !== undefined && oid !== '' && !/^\d+(\.\d+)*$/.test(oid)) return null;
  if (confirm !== undefined && confirm !== '' && confirm !== '1') return null;
  return {
    smdpAddress: host,
    matchingId,
    ...(oid ? { oid } : {}),
    confirmationRequired: confirm === '1',
  };
}

/**
 * The activation code as a QR code carries it: `LPA:1$host$matchingId`, with `$oid` and `$1` only when
 * needed (an empty OID field is kept when a confirmation code is required: `LPA:1$host$id$$1`).
 */
export function formatActivationCode(code: ActivationCode, opts: { prefix?: boolean } = {}): string {
  const fields = ['1', code.smdpAddress, code.matchingId];
  if (code.oid || code.confirmationRequired) fields.push(code.oid ?? '');
  if (code.confirmationRequired) fields.push('1');
  return `${opts.prefix === false ? '' : 'LPA:'}${fields.join('$')}`;
}
