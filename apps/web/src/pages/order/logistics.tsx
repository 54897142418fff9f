import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Page } from '../../app/page';
import { LogisticsView, ORDER_KEY } from '../../features/order';
import { Empty } from '../../shared';

/** /pages/order/logistics?id= (pull-to-refresh): carrier, tracking number and events. */
export default function OrderLogisticsPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const qc = useQueryClient();
  const id = Number(params.get('id'));
  const valid = Number.isSafeInteger(id) && id > 0;
  return (
    <Page
      title={t('common:titles.logistics')}
      onRefresh={
        valid
          ? () => qc.refetchQueries({ queryKey: ORDER_KEY, type: 'active' }, { throwOnError: true })
          : undefined
      }
    >
      {valid ? <LogisticsView id={id} /> : <Empty>{t('order:detail.missing')}</Empty>}
    </Page>
  );
}
