import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Page } from '../../app/page';
import { RefundView, orderDetailPath } from '../../features/order';
import { Empty } from '../../shared';

/** /pages/order/refund?id=: ask for a refund of an order. */
export default function OrderRefundPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const id = Number(params.get('id'));
  const valid = Number.isSafeInteger(id) && id > 0;
  return (
    <Page title={t('common:titles.refund')}>
      {valid ? (
        <RefundView id={id} onDone={() => void navigate(orderDetailPath(id), { replace: true })} />
      ) : (
        <Empty>{t('order:detail.missing')}</Empty>
      )}
    </Page>
  );
}
