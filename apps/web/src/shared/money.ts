/** The shop's settlement currency when a response does not say (architecture: one per deployment, TWD by default). */
export const DEFAULT_CURRENCY = 'TWD';

const digitsCache = new Map<string, number>();

/** Minor-unit digits of an ISO 4217 currency (TWD 2, JPY 0), as Intl knows them. */
export function currencyDigits(currency: string): number {
  let d = digitsCache.get(currency);
  if (d === undefined) {
    try {
      d =
        new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
          .maximumFractionDigits ?? 2;
    } catch {
      d = 2;
    }
    digitsCache.set(currency, d);
  }
  return d;
}

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * Formats integer minor units of `currency` in the UI language, dropping a zero fraction
 * (29900 TWD -> "NT$299" in English, 29950 -> "NT$299.50").
 */
export function formatMoney(minor: number, currency: string, locale: string): string {
  const key = `${locale}|${currency}`;
  let f = formatters.get(key);
  if (!f) {
    const options = {
      style: 'currency',
      currency,
      trailingZeroDisplay: 'stripIfInteger',
    } as Intl.NumberFormatOptions;
    try {
      f = new Intl.NumberFormat(locale, options);
    } catch {
      f = new Intl.NumberFormat('en', options);
    }
    formatters.set(key, f);
  }
  return f.format(minor / 10 ** currencyDigits(currency));
}

/** Major units a person typed ("299.5") to minor units (29950); undefined when it is not a non-negative amount. */
export function toMinor(major: string, currency: string): number | undefined {
  const s = major.trim().replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(s)) return undefined;
  return Math.round(Number(s) * 10 ** currencyDigits(currency));
}

/** Minor units as the plain major amount for an input field (29950 -> "299.5"). */
export function toMajorInput(minor: number | undefined, currency: string): string {
  return minor === undefined ? '' : String(minor / 10 ** currencyDigits(currency));
}
