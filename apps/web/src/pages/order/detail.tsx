import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Page } from '../../app/page';
import { ORDER_KEY, OrderDetailView } from '../../features/order';
import { ChatLink } from '../../features/cs';
import { Empty } from '../../shared';

/** /pages/order/detail?id= (the standard navbar like every other page, pull-to-refresh): one order. */
export default function OrderDetailPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const id = Number(params.get('id'));
  const payNow = params.get('paynow') === '1';
  // `paynow=1` (from checkout) is read once by the order's view; a reload or a return here must not pay again
  useEffect(() => {
    if (!payNow) return;
    const next = new URLSearchParams(params);
    next.delete('paynow');
    setParams(next, { replace: true });
  }, [payNow, params, setParams]);
  const valid = Number.isSafeInteger(id) && id > 0;
  const qc = useQueryClient();
  const title = t('common:titles.orderDetail');
  return (
    <Page
      title={title}
      right={valid ? <ChatLink context={{ orderId: id }} /> : undefined}
      onRefresh={
        valid
          ? () => qc.refetchQueries({ queryKey: ORDER_KEY, type: 'active' }, { throwOnError: true })
          : undefined
      }
    >
      {valid ? (
        <OrderDetailView key={id} id={id} payNow={payNow} />
      ) : (
        <Empty>{t('order:detail.missing')}</Empty>
      )}
    </Page>
  );
}
