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

/** Major units typed by an operator -> minor units for the server. */
export const toMinor = (major: number, currency = 'TWD') => Math.round(major * 10 ** minorDigits(currency));
export const toMajor = (minor: number, currency = 'TWD') => minor / 10 ** minorDigits(currency);

export function dateTime(iso: string | number | null | undefined): string {
  if (iso === null || iso === undefined || iso === '') return '-';
  const d = new Date(iso);
  return Number.isNaN(d.getTime())
    ? String(iso)
    : new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' }).format(d);
}
