import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Page } from '../../app/page';
import { SimpayCustomerView } from '../../features/payment';
import { Empty } from '../../shared';

/** /pages/simpay/customer?orderId=: the ATM or convenience-store code to pay with. */
export default function SimpayCustomerPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('orderId'));
  const valid = Number.isSafeInteger(id) && id > 0;
  return (
    <Page title={t('common:titles.simpayCustomer')}>
      {valid ? <SimpayCustomerView orderId={id} /> : <Empty>{t('order:detail.missing')}</Empty>}
    </Page>
  );
}
