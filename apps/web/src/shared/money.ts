import { formatPrice } from '@simshop/contracts';
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

/**
 * Formats integer minor units of `currency` in the UI language: the shop's one price format, shared with the
 * console (contracts' formatPrice): 29900 TWD -> "NT$299" in every language.
 */
export const formatMoney = (minor: number, currency: string, locale: string): string =>
  formatPrice(minor, currency, locale);

/** A derived price (per GB, per day), written the same way with its cents: "NT$99.86". */
export const formatUnitPrice = (minor: number, currency: string, locale: string): string =>
  formatPrice(minor, currency, locale, { cents: true });

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
