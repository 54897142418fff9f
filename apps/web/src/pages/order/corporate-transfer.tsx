import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Page } from '../../app/page';
import { TransferView } from '../../features/payment';
import { Empty } from '../../shared';

/** /pages/order/corporate-transfer?orderId=: pay an order by bank transfer (company accounts). */
export default function CorporateTransferPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('orderId') ?? params.get('id'));
  const valid = Number.isSafeInteger(id) && id > 0;
  return (
    <Page title={t('common:titles.corporateTransfer')}>
      {valid ? <TransferView orderId={id} /> : <Empty>{t('order:detail.missing')}</Empty>}
    </Page>
  );
}
