import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Page } from '../../app/page';
import { SimpayViewbackView } from '../../features/payment';
import { Empty } from '../../shared';

/** /pages/simpay/viewback?orderId=(&cancelled=1): the payment result after the provider's page. */
export default function SimpayViewbackPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('orderId'));
  const valid = Number.isSafeInteger(id) && id > 0;
  return (
    <Page title={t('common:titles.simpayViewback')}>
      {valid ? (
        <SimpayViewbackView orderId={id} cancelled={params.get('cancelled') === '1'} />
      ) : (
        <Empty>{t('order:detail.missing')}</Empty>
      )}
    </Page>
  );
}
