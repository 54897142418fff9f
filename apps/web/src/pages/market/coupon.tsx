import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Page } from '../../app/page';
import { COUPON_KEY, CouponView } from '../../features/coupon';

/** /pages/market/coupon (pull-to-refresh): my coupons by state, and the coupons on offer. */
export default function CouponPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  return (
    <Page
      title={t('common:titles.coupon')}
      onRefresh={() => qc.refetchQueries({ queryKey: COUPON_KEY, type: 'active' }, { throwOnError: true })}
    >
      <CouponView />
    </Page>
  );
}
