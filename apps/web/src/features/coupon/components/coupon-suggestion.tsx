import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CouponInfo } from '@simshop/contracts';
import { formatMoney, toast, toastError } from '../../../shared';
import { couponOffersQuery, useReceiveCoupon } from '../api/coupon.api';

/** A percent coupon's `percent` is out of this. */
const PERCENT = 100;

/** What a coupon would take off goods worth `amount`, or null when it does not apply to them. */
function saving(c: CouponInfo, amount: number, goodsIds: number[]): number | null {
  if (!c.canReceive || amount < c.minAmount) return null;
  // type-scoped coupons are left to the coupon sheet: the checkout does not know the lines' goods types
  if (c.scope === 'type') return null;
  if (c.scope === 'goods' && !goodsIds.some((id) => c.goodsIds.includes(id))) return null;
  if (c.kind === 'amount') return Math.min(c.amount ?? 0, amount);
  const off = Math.floor((amount * (c.percent ?? 0)) / PERCENT);
  return c.maxDiscount === null ? off : Math.min(off, c.maxDiscount);
}

/** The offer the buyer could still receive that saves most on these goods (e.g. the new-user coupon). */
export function bestOffer(offers: CouponInfo[], amount: number, goodsIds: number[]) {
  let best: { coupon: CouponInfo; saves: number } | null = null;
  for (const c of offers) {
    const saves = saving(c, amount, goodsIds);
    if (saves !== null && saves > 0 && (!best || saves > best.saves)) best = { coupon: c, saves };
  }
  return best;
}

/**
 * Checkout's hint (issue 12): a coupon on offer that the buyer has not received yet and that applies to this
 * order, with a one-tap "Get it"; once received, `onReceived` gets the new user coupon's id to price it in.
 */
export function CouponSuggestion({
  goodsAmount,
  goodsIds,
  onReceived,
}: {
  goodsAmount: number;
  goodsIds: number[];
  onReceived: (userCouponId: number) => void;
}) {
  const { t, i18n } = useTranslation('cart');
  const offers = useQuery(couponOffersQuery(i18n.language));
  const receive = useReceiveCoupon();
  const [busy, setBusy] = useState(false);
  const best = offers.data ? bestOffer(offers.data, goodsAmount, goodsIds) : null;
  if (!best) return null;
  const take = async () => {
    setBusy(true);
    try {
      const got = await receive(best.coupon.id);
      toast(t('coupon.receivedToast'), 'success');
      if (got) onReceived(got.id);
    } catch (e) {
      toastError(e, t('common:serviceAbnormal'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="coupon-suggest" role="group" aria-label={t('coupon.suggestLabel')}>
      <p className="coupon-suggest-text">
        <strong>{best.coupon.title}</strong>{' '}
        {t('coupon.suggestSaves', {
          amount: formatMoney(best.saves, best.coupon.currency, i18n.language),
        })}
      </p>
      <button
        type="button"
        className="coupon-button"
        disabled={busy}
        aria-label={`${t('coupon.receive')}: ${best.coupon.title}`}
        onClick={() => void take()}
      >
        {t('coupon.receive')}
      </button>
    </div>
  );
}
