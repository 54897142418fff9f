import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CouponTerms } from '@simshop/contracts';
import { formatMoney } from '../../../shared';
import './coupon.css';

/** "NT$50 off" or "15% off", in the UI language. */
export function useCouponValue() {
  const { t, i18n } = useTranslation('cart');
  const money = (n: number, currency: string) => formatMoney(n, currency, i18n.language);
  return (c: CouponTerms) =>
    c.kind === 'amount'
      ? t('coupon.amountOff', { amount: money(c.amount ?? 0, c.currency) })
      : t('coupon.percentOff', { percent: c.percent ?? 0 });
}

/** A coupon's terms as a ticket: value, threshold, cap, scope, validity; `action` on the right. */
export function CouponCard({
  coupon,
  muted = false,
  badge,
  action,
}: {
  coupon: CouponTerms;
  muted?: boolean;
  badge?: ReactNode;
  action?: ReactNode;
}) {
  const { t, i18n } = useTranslation('cart');
  const value = useCouponValue();
  const money = (n: number) => formatMoney(n, coupon.currency, i18n.language);
  const date = (iso: string) => new Date(iso).toLocaleDateString(i18n.language);
  return (
    <article
      className={`coupon${muted ? ' coupon-muted' : ''}`}
      aria-label={`${coupon.title}, ${value(coupon)}`}
    >
      <div className="coupon-value">
        <strong>{value(coupon)}</strong>
        <span>
          {coupon.minAmount > 0
            ? t('coupon.minAmount', { amount: money(coupon.minAmount) })
            : t('coupon.noThreshold')}
        </span>
      </div>
      <div className="coupon-body">
        <h3 className="coupon-title">{coupon.title}</h3>
        <p>
          {t(`coupon.scope.${coupon.scope}`)}
          {coupon.kind === 'percent' && coupon.maxDiscount !== null
            ? ` · ${t('coupon.maxDiscount', { amount: money(coupon.maxDiscount) })}`
            : null}
        </p>
        <p>{t('coupon.validity', { from: date(coupon.startsAt), to: date(coupon.endsAt) })}</p>
        {badge ? <p className="coupon-badge">{badge}</p> : null}
      </div>
      {action ? <div className="coupon-action">{action}</div> : null}
    </article>
  );
}
