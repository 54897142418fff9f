import { stringify } from 'csv-stringify/sync';
import { ADMIN_EXPORT_MAX, type Locale } from '@simshop/contracts';
import type { AppContext } from '../../context';
import { adminOrdersForExport, type AdminOrderFilter, type PaidWaysOf } from './order-reads.service';

const STATUS_NAMES = [
  'pending payment',
  'pending shipment',
  'pending receipt',
  'pending review',
  'completed',
  'refunding',
  'refunded',
  'closed',
];

/** Minor units as a plain decimal of the currency ("1250" TWD -> "12.50"), as spreadsheets read money. */
export function decimalAmount(currency: string, minor: number): string {
  const digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
    .maximumFractionDigits;
  const d = digits ?? 2;
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  if (d === 0) return `${sign}${abs}`;
  const unit = 10 ** d;
  return `${sign}${Math.floor(abs / unit)}.${String(abs % unit).padStart(d, '0')}`;
}

/** Text a buyer or operator typed, kept from being run as a spreadsheet formula (=, +, -, @, tab, CR first). */
export const text = (v: string) => (/^[=+\-@\t\r]/.test(v) ? `'${v}` : v);

export const EXPORT_COLUMNS = [
  'orderNo',
  'createdAt',
  'status',
  'statusName',
  'userId',
  'payWay',
  'currency',
  'goodsAmount',
  'shippingAmount',
  'couponDiscount',
  'pointsDiscount',
  'totalAmount',
  'items',
  'quantity',
  'paidAt',
  'shippedAt',
  'carrier',
  'trackingNo',
  'receiver',
  'phone',
  'address',
] as const;

/**
 * The orders of the operator's current filter as CSV: UTF-8 with a byte order mark (so Excel reads Chinese
 * titles right), one order a row, money as decimals of the currency, goods titles in the caller's language.
 */
export async function exportOrdersCsv(
  ctx: AppContext,
  f: AdminOrderFilter,
  locale: Locale,
  paidOf: PaidWaysOf,
): Promise<string> {
  const orders = await adminOrdersForExport(ctx, f, locale, ADMIN_EXPORT_MAX, paidOf);
  const rows = orders.map((o) => {
    const money = (minor: number) => decimalAmount(o.currency, minor);
    const a = o.address;
    return [
      o.orderNo,
      o.createdAt,
      o.status,
      STATUS_NAMES[o.status] ?? '',
      o.userId,
      o.payWay,
      o.currency,
      money(o.goodsAmount),
      money(o.shippingAmount),
      money(o.couponDiscount),
      money(o.pointsDiscount),
      money(o.totalAmount),
      text(o.lines.map((l) => `${l.title} / ${l.specName} x${l.quantity}`).join('; ')),
      o.quantity,
      o.paidAt ?? '',
      o.shippedAt ?? '',
      text(o.carrier ?? ''),
      text(o.trackingNo ?? ''),
      text(a?.contact ?? ''),
      text(a?.phone ?? ''),
      text(a?.fullAddress ?? ''),
    ];
  });
  return `\uFEFF${stringify([[...EXPORT_COLUMNS], ...rows], { record_delimiter: 'windows' })}`;
}
