import { useTranslation } from 'react-i18next';
import { Page } from '../../app/page';
import { RechargeView } from '../../features/payment';

/** /pages/wallet/recharge: top up the wallet through a payment channel. */
export default function WalletRechargePage() {
  const { t } = useTranslation();
  return (
    <Page title={t('common:titles.recharge')}>
      <RechargeView />
    </Page>
  );
}
