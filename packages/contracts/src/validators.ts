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
  if (!/^89\d{17,18}$/.test(iccid)) return false;
  let sum = 0;
  for (let i = 0; i < iccid.length; i += 1) {
    let d = Number(iccid[iccid.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}
