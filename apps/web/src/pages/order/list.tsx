import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Page } from '../../app/page';
import { ORDER_KEY, OrderListView } from '../../features/order';

/** /pages/order/list[?tab=|?status=] (pull-to-refresh): orders by tab. */
export default function OrderListPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  return (
    <Page
      title={t('common:titles.orderList')}
      onRefresh={() => qc.refetchQueries({ queryKey: ORDER_KEY, type: 'active' }, { throwOnError: true })}
    >
      <OrderListView />
    </Page>
  );
}
