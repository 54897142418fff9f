import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Page } from '../../app/page';
import { SubmitView } from '../../features/order';
import { groupIccid, simCardListQuery } from '../../features/simcard';

/**
 * /pages/order/submit: the checked cart lines, or `?specId=&quantity=` bought now; `&iccid=` when a SIM card's
 * top-up button led here (the card number of needFillCard goods), and the buyer's cards to choose from.
 */
export default function OrderSubmitPage() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const specId = Number(params.get('specId'));
  const quantity = Number(params.get('quantity')) || 1;
  const buyNow = Number.isSafeInteger(specId) && specId > 0 ? { specId, quantity } : undefined;
  const cards = useQuery({ ...simCardListQuery(i18n.language), retry: false });
  const choices = (cards.data?.items ?? [])
    .filter((c) => c.canTopUp)
    // the buyer's own name for the card first ("Mum's phone"), else its plan: cards of one plan differ
    .map((c) => ({
      iccid: c.iccid,
      label: `${c.label || c.planName} · ${groupIccid(c.iccid).slice(-9)}`,
    }));
  return (
    <Page title={t('common:titles.orderSubmit')}>
      <SubmitView buyNow={buyNow} iccid={params.get('iccid')} cardChoices={choices} />
    </Page>
  );
}
