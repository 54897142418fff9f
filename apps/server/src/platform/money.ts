import type { Locale } from '@simshop/contracts';

/** An amount in minor units as the caller reads money, e.g. "NT$10,000,000.00" (for messages). */
export function formatMoney(locale: Locale, currency: string, minor: number) {
  const f = new Intl.NumberFormat(locale, { style: 'currency', currency });
  const digits = f.resolvedOptions().maximumFractionDigits ?? 2;
  return f.format(minor / 10 ** digits);
}
