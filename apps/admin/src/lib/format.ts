import { formatPrice } from '@simshop/contracts';
import { i18n } from './i18n';

/** Digits after the point of a currency (TWD 2 in ISO 4217, JPY 0), from Intl. */
export function minorDigits(currency: string): number {
  try {
    return (
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ??
      2
    );
  } catch {
    return 2;
  }
}

/** An amount in minor units as money in the console's language, written as the shop writes it (contracts'
 *  formatPrice): 12300 TWD -> "NT$123". */
export function money(minor: number | null | undefined, currency = 'TWD'): string {
  if (minor === null || minor === undefined) return '-';
  return formatPrice(minor, currency, i18n.language);
}

/** A currency by its name in the console's language (TWD -> "新台幣", "New Taiwan Dollar"), from Intl. */
export function currencyName(currency: string): string {
  try {
    return new Intl.DisplayNames(i18n.language, { type: 'currency' }).of(currency) ?? currency;
  } catch {
    return currency;
  }
}

/** Major units typed by an operator -> minor units for the server. */
export const toMinor = (major: number, currency = 'TWD') => Math.round(major * 10 ** minorDigits(currency));
export const toMajor = (minor: number, currency = 'TWD') => minor / 10 ** minorDigits(currency);

/** The console's one way to write an instant: date and time in the operator's language and time zone (Intl),
 *  never an ISO text or an en-US date; '-' when there is none. */
export function dateTime(iso: string | number | null | undefined): string {
  if (iso === null || iso === undefined || iso === '') return '-';
  const d = new Date(iso);
  return Number.isNaN(d.getTime())
    ? String(iso)
    : new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' }).format(d);
}

/** A calendar day (`YYYY-MM-DD`, a day of the shop's reports) as month and day in the operator's language:
 *  "11/15" in Chinese, "15/11" in French. */
export function monthDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(d.getTime())
    ? day
    : new Intl.DateTimeFormat(i18n.language, { month: 'numeric', day: 'numeric', timeZone: 'UTC' }).format(d);
}
