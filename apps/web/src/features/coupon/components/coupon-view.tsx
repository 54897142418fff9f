import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type CouponInfo, type UserCouponState } from '@simshop/contracts';
import { couponOffersQuery, myCouponsQuery, useReceiveCoupon } from '../api/coupon.api';
import { CouponCard } from './coupon-card';
import { Empty, LoadError, Loading, toast, toastError } from '../../../shared';

const TABS: UserCouponState[] = ['unused', 'used', 'expired'];

function Offers() {
  const { t, i18n } = useTranslation('cart');
  const offers = useQuery(couponOffersQuery(i18n.language));
  const receive = useReceiveCoupon();
  const [busy, setBusy] = useState<number | null>(null);
  const take = async (c: CouponInfo) => {
    setBusy(c.id);
    try {
      await receive(c.id);
      toast(t('coupon.receivedToast'), 'success');
    } catch (e) {
      toastError(e, t('common:serviceAbnormal'));
    } finally {
      setBusy(null);
    }
  };
  const label = (c: CouponInfo) =>
    c.canReceive
      ? t('coupon.receive')
      : c.remaining <= 0
        ? t('coupon.taken')
        : c.received > 0
          ? t('coupon.received')
          : t('coupon.limitReached');
  return (
    <section className="coupon-section" aria-labelledby="coupon-offers">
      <h2 id="coupon-offers" className="coupon-heading">
        {t('coupon.offers')}
      </h2>
      {offers.isPending ? (
        <Loading />
      ) : offers.error ? (
        <LoadError error={offers.error} onRetry={() => void offers.refetch()} />
      ) : offers.data.length === 0 ? (
        <p className="coupon-none">{t('coupon.noOffers')}</p>
      ) : (
        <ul className="coupon-list">
          {offers.data.map((c) => (
            <li key={c.id}>
              <CouponCard
                coupon={c}
                action={
                  <button
                    type="button"
                    className="coupon-button"
                    disabled={!c.canReceive || busy === c.id}
                    aria-label={`${label(c)}: ${c.title}`}
                    onClick={() => void take(c)}
                  >
                    {label(c)}
                  </button>
                }
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Mine({ state }: { state: UserCouponState }) {
  const { t, i18n } = useTranslation('cart');
  const mine = useQuery(myCouponsQuery(i18n.language, state));
  if (mine.isPending) return <Loading />;
  if (mine.error) return <LoadError error={mine.error} onRetry={() => void mine.refetch()} />;
  if (mine.data.length === 0) return <Empty>{t(`coupon.empty.${state}`)}</Empty>;
  return (
    <ul className="coupon-list">
      {mine.data.map((u) => (
        <li key={u.id}>
          <CouponCard
            coupon={u.coupon}
            muted={state !== 'unused'}
            badge={u.state === 'unused' && !u.usableNow ? t('coupon.notYet') : t(`coupon.state.${u.state}`)}
          />
        </li>
      ))}
    </ul>
  );
}

/** My coupons (unused, used, expired tabs) and the coupons on offer to receive. */
export function CouponView() {
  const { t } = useTranslation('cart');
  const [tab, setTab] = useState<UserCouponState>('unused');
  return (
    <div className="coupon-page">
      <div className="coupon-tabs" role="tablist" aria-label={t('coupon.tabsLabel')}>
        {TABS.map((s) => (
          <button
            key={s}
            type="button"
            role="tab"
            id={`coupon-tab-${s}`}
            aria-selected={tab === s}
            aria-controls="coupon-panel"
            className="coupon-tab"
            onClick={() => setTab(s)}
          >
            {t(`coupon.tabs.${s}`)}
          </button>
        ))}
      </div>
      <div id="coupon-panel" role="tabpanel" aria-labelledby={`coupon-tab-${tab}`} className="coupon-section">
        <Mine state={tab} />
      </div>
      {tab === 'unused' ? <Offers /> : null}
    </div>
  );
}
