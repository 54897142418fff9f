import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Page } from '../../app/page';
import { SubmitView } from '../../features/order';

/** /pages/order/submit: the checked cart lines, or `?specId=&quantity=` bought now. */
export default function OrderSubmitPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const specId = Number(params.get('specId'));
  const quantity = Number(params.get('quantity')) || 1;
  const buyNow = Number.isSafeInteger(specId) && specId > 0 ? { specId, quantity } : undefined;
  return (
    <Page title={t('common:titles.orderSubmit')}>
      <SubmitView buyNow={buyNow} />
    </Page>
  );
}
