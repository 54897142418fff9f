import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Page } from '../../app/page';
import { orderDetailQuery } from '../../features/order';
import { SimpayViewbackView } from '../../features/payment';
import { SIMCARD_LIST_PATH, simCardDetailPath } from '../../features/simcard';
import { Empty } from '../../shared';

/**
 * /pages/simpay/viewback?orderId=(&cancelled=1): the payment result after the provider's page (or the pay
 * step). An order with no shipped goods is an eSIM or a top-up: its result links to the card (a top-up's
 * own card, else My SIM cards, where the new eSIM appears).
 */
export default function SimpayViewbackPage() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('orderId'));
  const valid = Number.isSafeInteger(id) && id > 0;
  const order = useQuery({ ...orderDetailQuery(i18n.language, id), enabled: valid });
  const o = order.data;
  const esimLink =
    !o || o.address ? null : o.cardNumber ? simCardDetailPath(o.cardNumber) : SIMCARD_LIST_PATH;
  return (
    <Page title={t('common:titles.simpayViewback')}>
      {valid ? (
        <SimpayViewbackView orderId={id} cancelled={params.get('cancelled') === '1'} esimLink={esimLink} />
      ) : (
        <Empty>{t('order:detail.missing')}</Empty>
      )}
    </Page>
  );
}
